"""The referee of a whole game (rules.md §2, §3, §5, §7, §8): scenarios, one per rule and option."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from service.core.cards import parse_cards
from service.core.problems import InvalidInput
from service.core.verdicts import IllegalMove
from service.games.twenty_four import GAME
from service.games.twenty_four.moves import Move, legal_moves, solutions_on_table
from service.games.twenty_four.pack import pack_for
from service.games.twenty_four.standings import standings
from service.games.twenty_four.start import draw_for_dealer, new_game
from service.games.twenty_four.state import Rules, dealt_sizes, state_from_dict
from service.games.twenty_four.target import dynamic_target

from .tables import NAMES, game, with_table

apply_move, judge = GAME.apply, GAME.judge


def all_cards(state):
    cards = list(state.table) + list(state.set_aside)
    for seat in state.players:
        cards += list(seat.pile) + list(seat.won)
    return cards


# -- §1-§2: the pack, the draw for the dealer, the deal -------------------------------------------
@pytest.mark.parametrize(("face_cards", "size"), [(False, 40), (True, 52)])
def test_the_whole_pack_is_dealt_each_card_once(face_cards, size):
    state = game(face_cards=face_cards)
    assert Counter(all_cards(state)) == Counter(pack_for(face_cards).cards())
    assert len(all_cards(state)) == size
    assert all(card.rank <= (13 if face_cards else 10) for card in all_cards(state))


def test_four_players_get_ten_cards_each_and_each_pile_shows_one_card():
    state = game()
    assert [len(seat.pile) for seat in state.players] == [9, 9, 9, 9]  # 10 dealt, one showing


@pytest.mark.parametrize(
    ("players", "dealer", "dealt"),
    [
        (3, 0, [13, 13, 14]),  # the first card goes to the dealer's right (seat 2), the 40th too
        (3, 1, [14, 13, 13]),
        (6, 0, [6, 6, 7, 7, 7, 7]),  # 40 cards: seats 5, 4, 3, 2 get the extra ones
        (2, 0, [20, 20]),
    ],
)
def test_other_numbers_of_players_get_piles_that_differ_by_one_at_most(players, dealer, dealt):
    names = [f"P{index}" for index in range(players)]
    made = new_game(names, seed=3, dealer=dealer)
    assert next(event for event in made.events if event["type"] == "dealt")["piles"] == dealt
    assert sum(len(seat.pile) for seat in made.state.players) == 36


def test_the_round_shows_piles_in_seat_order_from_the_dealers_left_and_goes_on_from_the_last_pile():
    made = new_game(["A", "B", "C"], seed=3, dealer=0)
    turned = next(event for event in made.events if event["type"] == "turned_up")
    assert turned["piles"] == ["B", "C", "A", "B"]
    after = apply_move(made.state, Move("set_aside", reason="time_up")).state
    assert [len(seat.pile) for seat in after.players] == [11, 10, 11]  # then C, A, B, C: 13-2, 13-3, 14-3
    turned = next(event for event in apply_move(made.state, Move("set_aside", reason="time_up")).events if event["type"] == "turned_up")
    assert turned["piles"] == ["C", "A", "B", "C"]


def test_the_first_dealer_is_the_highest_draw_and_equal_highest_draw_again_among_themselves():
    seed = next(seed for seed in range(500) if len(draw_for_dealer(4, False, seed)[1]) > 1)
    dealer, draws = draw_for_dealer(4, False, seed)
    first_seats, first_cards = draws[0]
    best = max(card.rank for card in first_cards)
    tied = [seat for seat, card in zip(first_seats, first_cards, strict=True) if card.rank == best]
    assert len(tied) > 1 and draws[1][0] == tied
    last_seats, last_cards = draws[-1]
    assert dealer == last_seats[max(range(len(last_cards)), key=lambda index: last_cards[index].rank)]
    assert [card.rank for card in last_cards].count(max(card.rank for card in last_cards)) == 1


def test_the_same_seed_deals_the_same_game():
    assert new_game(list(NAMES), seed=99).to_dict() == new_game(list(NAMES), seed=99).to_dict()
    assert new_game(list(NAMES), seed=99).state != new_game(list(NAMES), seed=100).state


def test_without_a_seed_one_is_drawn_and_recorded():
    made = new_game(list(NAMES))
    assert new_game(list(NAMES), seed=made.state.seed, dealer=None).state == made.state


@pytest.mark.parametrize(
    ("names", "code"), [(["solo"], "player_count"), ([f"P{i}" for i in range(9)], "player_count"), (["A", "A"], "duplicate_name"), (["A", " "], "blank_name")]
)
def test_two_to_eight_named_players(names, code):
    with pytest.raises(InvalidInput) as refused:
        new_game(names, seed=1)
    assert code in [problem.code for problem in refused.value.problems]


# -- §3: claims, bars, setting aside --------------------------------------------------------
def test_a_correct_claim_wins_the_four_cards_and_the_next_four_show():
    state = with_table(game(), "2S 4H 10D 10C")
    moved = apply_move(state, Move("claim", "Bob", "(2 + 4 / 10) * 10"))
    bob = moved.state.players[1]
    assert sorted(map(str, bob.won)) == ["10C", "10D", "2S", "4H"]
    assert len(moved.state.table) == 4 and not set(moved.state.table) & set(state.table)
    assert [event["type"] for event in moved.events] == ["claimed", "won", "turned_up"]


def test_a_wrong_claim_bars_the_player_for_this_round_only():
    state = with_table(game(), "2S 4H 10D 10C")
    moved = apply_move(state, Move("claim", "Bob", "2 + 4 + 10 + 10"))
    assert moved.state.barred == ("Bob",) and moved.state.table == state.table
    assert moved.events[0]["correct"] is False and moved.events[0]["reasons"][0]["code"] == "not_target"
    verdict = judge(moved.state, Move("claim", "Bob", "(2 + 4 / 10) * 10"))
    assert not verdict.legal and [reason.code for reason in verdict.reasons] == ["player_barred"]
    assert all(alternative.move.player != "Bob" for alternative in verdict.alternatives)
    with pytest.raises(IllegalMove):
        apply_move(moved.state, Move("claim", "Bob", "(2 + 4 / 10) * 10"))
    won = apply_move(moved.state, Move("claim", "Ann", "(2 + 4 / 10) * 10")).state
    assert won.barred == ()  # the next round: Bob may claim again
    assert any(legal.move.player == "Bob" for legal in legal_moves(won))


def test_a_claim_that_does_not_read_is_a_typing_slip_refused_with_its_reason_and_bars_nobody():
    state = with_table(game(), "2S 4H 10D 10C")
    verdict = judge(state, Move("claim", "Cy", "(2 + 4 / 10 * 10"))
    assert not verdict.legal and [reason.code for reason in verdict.reasons] == ["unbalanced_parentheses"]
    with pytest.raises(IllegalMove):
        apply_move(state, Move("claim", "Cy", "(2 + 4 / 10 * 10"))
    assert apply_move(state, Move("claim", "Cy", "(2 + 4 / 10) * 10")).state.players[2].won  # Cy types it again and wins


def test_when_every_player_is_barred_the_cards_are_set_aside_and_the_referee_says_a_solution_existed():
    state = with_table(game(), "2S 4H 10D 10C")
    for name in NAMES:
        moved = apply_move(state, Move("claim", name, "2 * 4 + 10 + 10"))
        state = moved.state
    set_aside = next(event for event in moved.events if event["type"] == "set_aside")
    assert set_aside["solvable"] is True and set_aside["why"] == "every player is barred"
    assert sorted(map(str, state.set_aside)) == ["10C", "10D", "2S", "4H"] and state.barred == ()


def test_setting_aside_an_unsolvable_four_says_so():
    state = with_table(game(), "AS AH 5D 9C")
    moved = apply_move(state, Move("set_aside", reason="time_up"))
    event = moved.events[0]
    assert (event["type"], event["solvable"], event["solution"], event["solutions"]) == ("set_aside", False, None, 0)
    assert len(moved.state.set_aside) == 4


def test_setting_aside_a_solvable_four_shows_the_simplest_solution():
    state = with_table(game(), "3S 3H 8D 8C")
    event = apply_move(state, Move("set_aside", reason="agreed")).events[0]
    assert event["solvable"] is True and event["solution"] == "8 ÷ (3 − 8 ÷ 3)" and event["reason"] == "agreed"


def test_a_player_not_at_the_table_cannot_claim():
    verdict = judge(game(), Move("claim", "Zed", "1 + 2"))
    assert [reason.code for reason in verdict.reasons] == ["unknown_player"]
    filled = [replace(alternative.move, expression="1 + 2") if alternative.fill else alternative.move for alternative in verdict.alternatives]
    assert filled and all(GAME.judge(game(), move).legal for move in filled)


def test_a_claims_verdict_is_legal_and_carries_the_claims_check():
    state = with_table(game(), "2S 4H 10D 10C")
    verdict = judge(state, Move("claim", "Ann", "2 * 4 + 10 + 10")).to_dict()
    assert verdict["legal"] is True and verdict["claim"]["correct"] is False and verdict["claim"]["value"] == "28"


def test_the_legal_list_is_a_claim_per_player_not_barred_and_setting_aside():
    state = with_table(game(), "2S 4H 10D 10C")
    state = apply_move(state, Move("claim", "Di", "1")).state
    listed = [legal.to_dict() for legal in legal_moves(state)]
    assert [item.get("player") for item in listed] == ["Ann", "Bob", "Cy", None, None]
    assert "expression" not in listed[0] and "expression" in listed[0]["fill"]
    assert listed[-2:] == [{"action": "set_aside", "reason": "time_up"}, {"action": "set_aside", "reason": "agreed"}]
    assert GAME.legal_report(state).to_dict()["counts"] == {"claim": 3, "set_aside": 2, "draw": 0, "set_target": 0, "turn_up": 0}


# -- §5: the end of a hand, several hands ---------------------------------------------------
def play_out(state, claim_every=2):
    """Claim every ``claim_every``-th solvable round (rotating claimants), set the rest aside, until the game ends."""
    events = []
    turn = 0
    while not GAME.is_terminal(state):
        found = solutions_on_table(state)
        claimant = state.players[turn % len(state.players)].name
        move = Move("claim", claimant, found.solutions[0].text) if found.solvable and turn % claim_every == 0 else Move("set_aside", reason="time_up")
        transition = apply_move(state, move)
        state, turn = transition.state, turn + 1
        events += transition.events
    return state, events


def test_a_hand_ends_when_the_piles_are_used_up_and_scores_the_cards_won():
    state, events = play_out(game())
    over = next(event for event in events if event["type"] == "hand_over")
    assert over["points"] == {seat.name: len(seat.won) for seat in state.players}
    assert sum(over["points"].values()) + len(state.set_aside) == 40
    best = max(over["points"].values())
    assert over["winners"] == [name for name, points in over["points"].items() if points == best]
    assert state.phase == "over" and GAME.returns(state) == over["points"]


def test_several_hands_add_up_the_dealer_passes_and_the_highest_total_wins():
    state, events = play_out(game(hands=3))
    hands = [event for event in events if event["type"] == "hand_over"]
    assert len(hands) == 3 == len(state.results)
    totals = {name: sum(hand["points"][name] for hand in hands) for name in NAMES}
    final = next(event for event in events if event["type"] == "game_over")
    assert final["totals"] == totals == GAME.returns(state)
    assert final["winners"] == [name for name in NAMES if totals[name] == max(totals.values())]
    dealers = [event["dealer"] for event in events if event["type"] == "dealt"]
    assert dealers == ["Bob", "Cy"]  # hands 2 and 3 (hand 1 was dealt by Ann, seat 0)


def test_equal_most_share_the_win_and_a_rank():
    shared = standings(["A", "B", "C"], [(8, 8, 4)], 1)
    assert shared.winners == ("A", "B") and [row.rank for row in shared.rows] == [1, 1, 3] and shared.over
    running = standings(["A", "B", "C"], [(8, 8, 4)], 2, this_hand=(0, 4, 0))
    assert not running.over and running.winners == ("B",) and running.to_dict()["leaders"] == ["B"]


def test_no_move_once_the_game_is_over():
    state, _ = play_out(game())
    assert legal_moves(state) == []
    assert [reason.code for reason in judge(state, Move("set_aside", reason="time_up")).reasons] == ["game_over"]


# -- §7: the dynamic target -------------------------------------------------------------------
def test_the_dynamic_target_is_set_by_eight_cards_before_each_hand():
    made = new_game(list(NAMES), Rules(dynamic_target=True, hands=2), seed=5, dealer=0)
    event = next(event for event in made.events if event["type"] == "target_set")
    assert made.state.target == event["target"] == dynamic_target(made.state.target_cards).target
    assert [str(card) for card in made.state.target_cards] == event["cards"]
    assert len(all_cards(made.state)) == 40  # the eight went back into the pack
    state, events = play_out(made.state)
    targets = [event["target"] for event in events if event["type"] == "target_set"]
    assert [result.target for result in state.results] == [made.state.target, *targets]


def test_claims_are_judged_against_the_hands_target():
    state = game(dynamic_target=True)
    state = with_table(state, "2S 3H 5D 7C")
    state = replace(state, target=30, target_cards=tuple(parse_cards("AS AH 10S 10H 5S 5H 10C 10D")))
    verdict = judge(state, Move("claim", "Ann", "(2 + 3) * (7 - 5) * 3"))
    assert verdict.to_dict()["claim"]["correct"] is False  # 3 is reused
    assert judge(state, Move("claim", "Ann", "5 * (7 - 3 + 2)")).to_dict()["claim"]["correct"] is True


# -- §8: the state is checked whole ----------------------------------------------------------
def test_a_state_reads_back_to_itself():
    state = game(face_cards=True, dynamic_target=True, hands=2)
    assert state_from_dict(state.to_dict()) == state


@pytest.mark.parametrize(
    ("change", "codes"),
    [
        (lambda data: data["players"][0]["pile"].pop(), {"card_total", "pile_size"}),
        (lambda data: data["players"][0]["pile"].__setitem__(0, data["table"][0]), {"repeated_card"}),
        (lambda data: data["players"][0]["pile"].__setitem__(0, "KS"), {"not_in_pack"}),
        (lambda data: data.__setitem__("barred", ["Zed"]), {"unknown_player"}),
        (lambda data: data.__setitem__("barred", list(NAMES)), {"all_barred"}),
        (lambda data: data.__setitem__("target", 25), {"target_mismatch"}),
        (lambda data: data["players"][1]["won"].append(data["players"][1]["pile"].pop()), {"won_not_fours", "pile_size"}),
        (lambda data: data.__setitem__("dealer", 9), {"seat_out_of_range"}),
        (lambda data: data["table"].pop(), {"card_total", "table_size"}),
    ],
)
def test_every_problem_of_a_state_is_reported_with_its_pointer(change, codes):
    data = game().to_dict()
    change(data)
    with pytest.raises(InvalidInput) as refused:
        state_from_dict(data)
    found = {problem.code for problem in refused.value.problems}
    assert found & codes, found
    assert all(problem.pointer.startswith("/") or problem.pointer == "" for problem in refused.value.problems)


def test_a_view_shows_piles_as_counts_and_hides_the_seed():
    state = game()
    seen = GAME.view(state, "Ann").to_dict()
    assert seen["seed"] is None and [seat["pile"] for seat in seen["players"]] == [9, 9, 9, 9]
    assert seen["table"] == [str(card) for card in state.table]
    with pytest.raises(InvalidInput):
        GAME.view(state, "Zed")


# -- §7, §8.1: a finished hand's target -------------------------------------------------------------
def finished_hand(**options):
    """The state after the first of two hands, every round set aside."""
    state = game(hands=2, **options)
    while not state.results:
        state = apply_move(state, Move("set_aside", reason="time_up")).state
    return state


def test_without_the_dynamic_target_a_finished_hand_was_played_for_24():
    data = finished_hand().to_dict()
    assert data["results"][0]["target"] == 24 and GAME.check_state(state_from_dict(data)) == []
    data["results"][0]["target"] = 99
    with pytest.raises(InvalidInput) as refused:
        state_from_dict(data)
    assert [(problem.pointer, problem.code) for problem in refused.value.problems] == [("/results/0/target", "target_mismatch")]


def test_with_the_dynamic_target_a_finished_hand_may_have_had_another_target():
    data = finished_hand(dynamic_target=True).to_dict()
    data["results"][0]["target"] = 30  # e.g. eight cards whose middle four sum to 30 (§7)
    assert GAME.check_state(state_from_dict(data)) == []


@pytest.mark.parametrize("pack_size", [40, 52])
def test_pile_sizes_follow_the_deal_card_by_card(pack_size: int) -> None:
    """§2.3: the dealer deals one card at a time, first to the player on their right, on round to the right. The pile
    sizes are the deal played card by card here, for every table size and dealer."""
    for players in range(2, 9):
        for dealer in range(players):
            dealt = [0] * players
            seat = dealer
            for _ in range(pack_size):
                seat = (seat - 1) % players  # the next player to the right
                dealt[seat] += 1
            assert dealt_sizes(pack_size, players, dealer) == dealt
