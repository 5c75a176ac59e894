"""The referee's moves (rules.md §2, §5.2, §7, §10, §11): the deal, declaring, playing, hands and games in turn."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.core.cards import parse_card, parse_cards
from service.core.problems import InvalidInput
from service.games.twenty_four_1718 import GAME
from service.games.twenty_four_1718.moves import Move
from service.games.twenty_four_1718.pack import shuffled
from service.games.twenty_four_1718.start import TableHand, draw_for_dealer, new_match, table_hand
from service.games.twenty_four_1718.state import TableState

from . import oracle
from .test_declarations import EXAMPLE

FIVE = ["ann", "bob", "cy", "dee", "eve"]
FOUR = FIVE[:4]


def first_legal(state: TableState) -> TableState:
    return GAME.apply(state, GAME.legal_moves(state)[0]).state


def declare_all(state: TableState) -> TableState:
    while state.phase == "declare":
        state = first_legal(state)
    return state


def play_until(state: TableState, done) -> tuple[TableState, list[dict]]:
    """Apply the first legal move until ``done(state, events)``; returns the state and the events of the last move."""
    for _ in range(5000):
        transition = GAME.apply(state, GAME.legal_moves(state)[0])
        state = transition.state
        if done(state, list(transition.events)):
            return state, list(transition.events)
    raise AssertionError("never reached")


# -- the deal (§2) --------------------------------------------------------------------------------
@pytest.mark.parametrize(("names", "batches", "stock"), [(FIVE, (3, 3, 4), 2), (FOUR, (3, 3, 3, 3), 4)])
def test_the_deal_gives_batches_from_the_leader_and_turns_up_the_next_card(names, batches, stock):
    match = new_match(names, seed=42, dealer=1)
    state = match.state
    pack = shuffled(42, 1)  # the first deal of the match
    expected: list[set[str]] = [set() for _ in names]
    for batch in batches:
        for offset in range(1, len(names) + 1):
            seat = (1 + offset) % len(names)
            expected[seat] |= {str(pack.pop()) for _ in range(batch)}
    assert [{str(c) for c in player.hand} for player in state.players] == expected
    assert str(state.stock.turn_up) == str(pack.pop())
    assert state.stock.size == stock
    assert {str(c) for c in state.stock.cards} == {str(c) for c in pack}
    assert state.trump == state.stock.turn_up.suit
    assert (state.phase, state.to_act, state.leader) == ("declare", 2, 2)


def test_a_seed_replays_the_match():
    assert new_match(FIVE, seed=9).to_dict() == new_match(FIVE, seed=9).to_dict()
    assert new_match(FIVE, seed=9).state.players != new_match(FIVE, seed=10).state.players


def test_without_a_seed_one_is_drawn_and_returned():
    match = new_match(FIVE).to_dict()
    assert isinstance(match["seed"], int)
    assert match["seed"] == match["state"]["seed"]


def test_the_highest_card_drawn_deals():
    for seed in range(50):
        dealer, rounds = draw_for_dealer(FIVE, seed)
        first = rounds[0].draws
        top = max(card.rank for _, card in first)
        tied = [name for name, card in first if card.rank == top]
        if len(tied) == 1:
            assert FIVE[dealer] == tied[0]
            assert len(rounds) == 1


def test_players_tied_for_highest_draw_again():
    for seed in range(500):
        dealer, rounds = draw_for_dealer(FIVE, seed)
        if len(rounds) > 1:
            top = max(card.rank for _, card in rounds[0].draws)
            tied = [name for name, card in rounds[0].draws if card.rank == top]
            assert [name for name, _ in rounds[1].draws] == tied
            drawn = [str(card) for round_ in rounds for _, card in round_.draws]
            assert len(set(drawn)) == len(drawn)  # the redraw comes from what is left of the pack
            final = rounds[-1].draws
            assert FIVE[dealer] == max(final, key=lambda draw: draw[1].rank)[0]
            return
    pytest.fail("no tie in 500 draws")


def test_the_turn_up_honor_scores_for_the_dealer_at_once():
    for seed in range(200):
        match = new_match(FIVE, seed=seed, honors="point")
        state = match.state
        honor = state.stock.turn_up.rank <= 5
        assert [p.chips for p in state.players] == [int(honor and seat == state.dealer) for seat in range(5)]
        if honor:
            assert match.events[-1]["step"] == "turn_up"
            return
    pytest.fail("no honor turned up in 200 deals")


def test_a_new_match_is_refused_with_every_problem():
    with pytest.raises(InvalidInput) as caught:
        new_match(["a", "a", "b"], honors="middle", games=0, seed=-1)  # type: ignore[arg-type]
    assert {p.code for p in caught.value.problems} == {"player_count", "duplicate_name", "bad_choice", "bad_integer", "bad_seed"}


# -- declaring (§5.2) -------------------------------------------------------------------------------
def test_declarations_go_from_the_leader_to_the_dealer_then_the_leader_leads():
    state = new_match(FIVE, seed=3, dealer=0).state
    order = []
    events = []
    while state.phase == "declare":
        order.append(state.to_act)
        transition = GAME.apply(state, GAME.legal_moves(state)[0])
        state, events = transition.state, list(transition.events)
    assert order == [1, 2, 3, 4, 0]
    assert (state.phase, state.to_act) == ("play", 1)
    assert [e["step"] for e in events if e["type"] == "scored"][-1] == "point"


def test_the_declare_move_lists_the_hands_true_declaration():
    state = table_hand(TableHand(tuple(FIVE), tuple(tuple(parse_cards(h)) for h in EXAMPLE_BY_SEAT), 4, parse_card("5H"))).state
    state = first_legal(first_legal(state))  # players 0 and 1 declare
    move = GAME.legal_moves(state)[0]
    assert move.to_dict() == {
        "player": "cy",
        "action": "declare",
        "sequences": [["8H", "9H", "10H", "JH", "QH"], ["3D", "4D", "5D", "6D", "7D"]],
        "point": {"count": 5, "sum": 47},
    }


EXAMPLE_BY_SEAT = EXAMPLE  # dealer at seat 4, so the leader is seat 0: seats are the order of declaration


def example_state() -> TableState:
    return table_hand(TableHand(tuple(FIVE), tuple(tuple(parse_cards(h)) for h in EXAMPLE), 4, parse_card("5H"), (parse_card("KC"),))).state


def test_the_worked_example_through_the_referee():
    state = example_state()
    assert [p.chips for p in state.players] == [0, 0, 0, 0, 1]
    state = declare_all(state)
    assert [p.chips for p in state.players] == [0, 1, 2, 0, 1]


def test_a_declaration_that_leaves_out_a_sequence_is_refused():
    state = first_legal(first_legal(example_state()))
    verdict = GAME.judge(state, Move("cy", "declare", sequences=(tuple(parse_cards("8H 9H 10H JH QH")),), point=(5, 47))).to_dict()
    assert verdict["legal"] is False
    assert [(r["code"], r["rule"], r["pointer"]) for r in verdict["reasons"]] == [("wrong_sequences", "5.2", "/sequences")]
    assert verdict["alternatives"] == [GAME.legal_moves(state)[0].to_dict()]


def test_a_wrong_point_is_refused_and_a_bare_declare_is_legal():
    state = example_state()
    verdict = GAME.judge(state, Move("ann", "declare", point=(5, 16))).to_dict()
    assert [(r["code"], r["rule"]) for r in verdict["reasons"]] == [("wrong_point", "6.1")]
    assert GAME.judge(state, Move("ann", "declare")).to_dict() == {"legal": True, "reasons": [], "alternatives": []}


def test_no_card_before_the_declarations_end_and_no_declaring_out_of_turn():
    state = example_state()
    verdict = GAME.judge(state, Move("bob", "play", parse_card("8S"))).to_dict()
    assert {r["code"] for r in verdict["reasons"]} == {"not_your_turn", "declare_first"}


# -- playing (§7) ----------------------------------------------------------------------------------------
def test_an_illegal_card_gets_every_reason_and_the_legal_alternatives():
    state = declare_all(example_state())
    state = GAME.apply(state, Move("ann", "play", parse_card("9D"))).state  # the leader leads a diamond
    # bob holds AD and 2D, neither beats 9D: he must follow with a diamond
    verdict = GAME.judge(state, Move("bob", "play", parse_card("8S"))).to_dict()
    assert verdict["legal"] is False
    assert [(r["code"], r["rule"], r["pointer"]) for r in verdict["reasons"]] == [("must_follow_suit", "7.2", "/card")]
    assert [alt["card"] for alt in verdict["alternatives"]] == ["AD", "2D"]
    assert all(GAME.judge(state, GAME.read_move(alt)).legal for alt in verdict["alternatives"])


def test_heading_ruffing_and_overruffing_through_the_referee():
    state = declare_all(example_state())
    state = GAME.apply(state, Move("ann", "play", parse_card("2S"))).state
    assert {str(m.card) for m in GAME.legal_moves(state)} == {"8S", "9S", "10S", "JS", "QS"}  # bob heads 2S
    state = GAME.apply(state, Move("bob", "play", parse_card("8S"))).state
    assert {str(m.card) for m in GAME.legal_moves(state)} == {"8H", "9H", "10H", "JH", "QH"}  # cy, void in spades, ruffs
    state = GAME.apply(state, Move("cy", "play", parse_card("9H"))).state
    assert {str(m.card) for m in GAME.legal_moves(state)} == {"KS"}  # dee holds KS: it beats 8S
    state = GAME.apply(state, Move("dee", "play", parse_card("KS"))).state
    report = GAME.legal_report(state).to_dict()
    assert report["counts"] == {"play": 3}  # eve holds AS 5S 7S: none beats KS, any of the three spades
    assert report["duty"]["duty"] == "follow"


def test_a_card_not_held_and_a_declare_during_play():
    state = declare_all(example_state())
    verdict = GAME.judge(state, Move("ann", "play", parse_card("KS"))).to_dict()
    assert [r["code"] for r in verdict["reasons"]] == ["card_not_in_hand"]
    verdict = GAME.judge(state, Move("ann", "declare")).to_dict()
    assert [r["code"] for r in verdict["reasons"]] == ["declarations_over"]
    verdict = GAME.judge(state, Move("zed", "play", parse_card("KS"))).to_dict()
    assert [r["code"] for r in verdict["reasons"]] == ["unknown_player"]


def test_applying_never_changes_the_state_given():
    state = declare_all(example_state())
    before = state.to_dict()
    after = GAME.apply(state, GAME.legal_moves(state)[0]).state
    assert state.to_dict() == before
    assert after.to_dict() != before


def test_an_illegal_move_raises_on_apply():
    from service.core.verdicts import IllegalMove

    state = example_state()
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(state, Move("bob", "declare"))
    assert caught.value.reasons[0].code == "not_your_turn"


def test_a_trick_is_taken_and_its_taker_leads_the_next():
    state = declare_all(new_match(FIVE, seed=21).state)
    leader = state.to_act
    state, events = play_until(state, lambda s, e: any(ev["type"] == "trick_taken" for ev in e))
    taken = next(ev for ev in events if ev["type"] == "trick_taken")
    trump = state.trump
    assert state.tricks[0].leader == leader
    assert taken["seat"] == (leader + oracle.taker(taken["cards"], trump)) % 5
    assert state.to_act == taken["seat"] == state.trick.leader


# -- hands and games (§10) -------------------------------------------------------------------------------
def test_the_next_hand_is_dealt_by_the_previous_leader():
    for seed in range(20):
        state = new_match(FIVE, seed=seed).state
        leader = state.leader
        state, events = play_until(state, lambda s, e: s.phase == "over" or any(ev["type"] == "dealt" for ev in e))
        if state.phase == "over":
            continue  # the first hand ended the game: try another deal
        scored = [ev["step"] for ev in events if ev["type"] == "scored"]
        assert "card" in scored  # the last trick paid the card before the deal
        assert (state.dealer, state.hand_number, state.leader) == (leader, 2, (leader + 1) % 5)
        return
    pytest.fail("every first hand ended its game")


def test_chips_carry_over_between_hands_and_only_grow_within_a_game():
    state = new_match(FOUR, seed=5, games=3).state
    chips = [p.chips for p in state.players]
    game = state.game
    while state.phase != "over":
        state = first_legal(state)
        now = [p.chips for p in state.players]
        if state.game == game:
            assert all(a >= b for a, b in zip(now, chips, strict=True))
        else:
            assert max(now) <= 1  # a new game starts from nothing (its first turn-up may pay the dealer)
            game = state.game
        chips = now
    assert sum(p.games_won for p in state.players) == 3


def test_alternate_honors_switch_every_hand_and_restart_each_game():
    state = new_match(FIVE, seed=12, honors="alternate", games=2).state
    seen = set()
    while state.phase != "over":
        assert state.hand_honors == ("point" if state.hand_number % 2 else "face")
        seen.add((state.game, state.hand_number))
        state = first_legal(state)
    assert (1, 2) in seen or (2, 2) in seen


def test_a_won_game_starts_the_next_one_dealt_by_the_leader_of_the_last_hand():
    state = new_match(FIVE, seed=4, games=2).state
    previous = state
    while state.game == 1:
        previous, state = state, first_legal(state)
    assert state.dealer == previous.leader
    assert state.hand_number == 1
    assert sum(p.games_won for p in state.players) == 1
    assert max(p.chips for p in state.players) <= 1


def test_the_match_ends_after_its_last_game():
    state, events = play_until(new_match(FIVE, seed=6).state, lambda s, e: s.phase == "over")
    kinds = [ev["type"] for ev in events]
    assert kinds[-2:] == ["game_won", "match_over"]
    assert GAME.legal_moves(state) == []
    assert GAME.is_terminal(state)
    assert GAME.returns(state)["winners"] == [p.name for p in state.players if p.chips == 6]
    verdict = GAME.judge(state, Move("ann", "declare")).to_dict()
    assert [r["code"] for r in verdict["reasons"]] == ["match_over"]


def test_returns_are_none_until_the_match_ends():
    assert GAME.returns(new_match(FIVE, seed=1).state) is None


# -- a hand dealt at a real table (§11.3) -------------------------------------------------------------------
def test_a_table_hand_may_count_the_stock_and_carry_chips():
    table = TableHand(tuple(FIVE), tuple(tuple(parse_cards(h)) for h in EXAMPLE), 4, parse_card("5H"), chips=(0, 0, 0, 0, 5), seed=1)
    match = table_hand(table)
    assert match.state.stock.hidden == 1
    assert [event["type"] for event in match.events][-2:] == ["game_won", "match_over"]  # the dealer's turn-up chip is the sixth
    assert match.state.phase == "over"


def test_a_table_hand_is_checked_whole():
    hands = [tuple(parse_cards(h)) for h in EXAMPLE]
    hands[0] = hands[0][:9]
    with pytest.raises(InvalidInput) as caught:
        table_hand(TableHand(tuple(FIVE), tuple(hands), 4, parse_card("5H")))
    codes = {p.code for p in caught.value.problems}
    assert "hand_size" in codes
    with pytest.raises(InvalidInput) as caught:
        table_hand(TableHand(tuple(FIVE), tuple(hands), 9, parse_card("5H"), stock=tuple(parse_cards("KC 2S")), chips=(1, 2)))
    assert {p.code for p in caught.value.problems} == {"seat_out_of_range", "stock_size", "chips_count"}


# -- the state check (§11.2) ---------------------------------------------------------------------------------
def problems_of(state: TableState) -> set[tuple[str, str]]:
    return {(p.pointer, p.code) for p in GAME.check_state(state)}


def mid_hand() -> TableState:
    state = declare_all(new_match(FIVE, seed=31, dealer=0).state)
    for _ in range(7):  # a trick and two cards
        state = first_legal(state)
    return state


def test_a_real_state_has_no_problem_and_round_trips():
    state = mid_hand()
    assert GAME.check_state(state) == []
    assert GAME.read_state(state.to_dict()) == state


def test_the_engine_reads_the_match_settings_under_rules_only():
    """Names alike (0.5.0): the settings are read from rules; the top-level places are not read, and their problems point under /rules."""
    state = replace(mid_hand(), honors="alternate", games=3)
    data = state.to_dict()
    assert data["rules"] == {"honors": "alternate", "games": 3} and not {"honors", "games"} & data.keys()
    old = {**{key: value for key, value in data.items() if key != "rules"}, "honors": "alternate", "games": 3}
    with pytest.raises(InvalidInput) as caught:
        GAME.read_state(old)
    assert ("/rules", "not_an_object") in {(p.pointer, p.code) for p in caught.value.problems}
    with pytest.raises(InvalidInput) as caught:
        GAME.read_state({**data, "rules": {"honors": "half", "games": 0}})
    assert {(p.pointer, p.code) for p in caught.value.problems} >= {("/rules/honors", "bad_choice"), ("/rules/games", "bad_integer")}
    assert GAME.read_state({**data, "rules": {"honors": "alternate"}}) == replace(state, games=1)  # one game when omitted
    with pytest.raises(InvalidInput) as caught:  # a new match's own check points where its request holds them
        new_match(FIVE, "half", 0, seed=1)  # values no schema would let through
    assert {(p.pointer, p.code) for p in caught.value.problems} == {("/rules/honors", "bad_choice"), ("/rules/games", "bad_integer")}


def test_a_card_twice_and_a_card_missing():
    state = mid_hand()
    ann = state.players[0]
    twice = state.with_seat(0, replace(ann, hand=(*ann.hand[:-1], state.stock.turn_up)))
    assert ("/stock/turn_up", "too_many_copies") in problems_of(twice)
    missing = state.with_seat(0, replace(ann, hand=ann.hand[:-1]))
    assert ("", "card_total") in problems_of(missing)


def test_hand_sizes_and_the_stock_size():
    state = mid_hand()
    moved = state.with_seat(0, replace(state.players[0], hand=state.players[0].hand[:-1]))
    moved = moved.with_seat(1, replace(state.players[1], hand=(*state.players[1].hand, state.players[0].hand[-1])))
    found = problems_of(moved)
    assert ("/players/0/hand", "hand_size") in found
    assert ("/players/1/hand", "hand_size") in found
    counted = replace(state, stock=replace(state.stock, hidden=1))
    assert {("/stock", "stock_size"), ("", "card_total")} <= problems_of(counted)


def test_an_illegal_play_in_the_history_is_found():
    state = mid_hand()
    first = state.tricks[0]
    leader_hand = state.players[first.leader].hand
    # swap the leader's lead for a card of another suit they still hold: the followers may no longer have followed legally
    for card in leader_hand:
        if card.suit != first.cards[0].suit:
            swapped_hand = tuple(c if c != card else first.cards[0] for c in leader_hand)
            trick = first._replace(cards=(card, *first.cards[1:]))
            bad = replace(state.with_seat(first.leader, replace(state.players[first.leader], hand=swapped_hand)), tricks=(trick, *state.tricks[1:]))
            codes = {code for _, code in problems_of(bad)}
            if codes & {"must_follow_suit", "must_head", "must_ruff", "must_overruff", "wrong_leader"}:
                return
    pytest.fail("no swap made the history illegal")


def test_turn_and_leader_must_match_the_tricks():
    state = mid_hand()
    assert ("/to_act", "wrong_turn") in problems_of(replace(state, to_act=(state.to_act + 1) % 5))
    wrong = replace(state, trick=state.trick._replace(leader=(state.trick.leader + 1) % 5))
    assert ("/trick/leader", "wrong_leader") in problems_of(wrong)


def test_phase_problems():
    state = mid_hand()
    assert ("/tricks", "tricks_before_declarations") in problems_of(replace(state, phase="declare"))
    over = replace(state, phase="over")
    found = problems_of(over)
    assert ("/players", "no_game_winner") in found
    assert ("/trick/cards", "trick_after_game") in found


def test_chip_and_game_counters():
    state = mid_hand()
    rich = state.with_seat(2, replace(state.players[2], chips=6))
    assert ("/players/2/chips", "game_already_won") in problems_of(rich)
    assert ("/players", "games_won_total") in problems_of(state.with_seat(0, replace(state.players[0], games_won=1)))
    assert ("/game", "game_out_of_range") in problems_of(replace(state, game=2))
    two = replace(state, games=2)
    over = replace(two.with_seat(2, replace(state.players[2], chips=6, games_won=1)), phase="over", trick=state.trick._replace(cards=()))
    assert ("/phase", "match_not_over") in problems_of(over)


def test_reading_reports_every_malformed_field():
    data = mid_hand().to_dict()
    data["players"][0]["hand"][0] = "ZZ"
    data["phase"] = "lunch"
    data["stock"] = "none"
    data["dealer"] = 9
    with pytest.raises(InvalidInput) as caught:
        GAME.read_state(data)
    pointers = {p.pointer for p in caught.value.problems}
    assert {"/players/0/hand/0", "/phase", "/stock", "/dealer"} <= pointers


def test_a_table_of_three_is_refused_before_anything_else():
    data = mid_hand().to_dict()
    data["players"] = data["players"][:3]
    with pytest.raises(InvalidInput) as caught:
        GAME.read_state(data)
    assert "player_count" in {p.code for p in caught.value.problems}


def test_moves_are_read_strictly():
    with pytest.raises(InvalidInput) as caught:
        GAME.read_move({"player": 3, "action": "bid", "card": "1X", "point": {"count": "five"}})
    assert {p.pointer for p in caught.value.problems} == {"/player", "/action", "/card", "/point/count", "/point/sum"}


# -- what a player sees (§11.4) ------------------------------------------------------------------------------------
def test_a_view_shows_the_declarations_made_so_far_and_hides_the_rest():
    state = first_legal(first_legal(example_state()))  # ann and bob have declared
    view = GAME.view(state, "eve").to_dict()
    assert [made["player"] for made in view["declarations"]] == ["ann", "bob"]
    assert view["declarations"][1] == {"player": "bob", "sequences": [["8S", "9S", "10S", "JS", "QS"]], "point": {"count": 5, "sum": 47}}
    assert view["hand"] == EXAMPLE[4].split() and view["stock_face_down"] == 1
    assert [seat["cards"] for seat in view["players"]] == [10] * 5
    played = declare_all(state)
    for _ in range(5):  # one whole trick
        played = first_legal(played)
    view = GAME.view(played, "ann").to_dict()
    assert len(view["declarations"]) == 5
    assert view["tricks_played"] == 1 and sum(seat["tricks_taken"] for seat in view["players"]) == 1
    assert view["trick"]["cards"] == [] and "tricks" not in view  # the taken trick lies face down


def test_the_view_of_a_stranger_is_refused():
    with pytest.raises(InvalidInput) as caught:
        GAME.view(example_state(), "zed")
    assert [p.pointer for p in caught.value.problems] == ["/player"]


def points_seen(state: TableState) -> dict[str, dict]:
    return {made["player"]: made["point"] for made in GAME.view(state, "eve").to_dict()["declarations"]}


def test_a_view_shows_the_point_count_and_the_sum_only_where_counts_tied():
    """Each player announces the count of their Point; the sum is said only when a count ties the best one (rule book, the Point).

    ann leads with five clubs (A-5: 15). Alone, her sum is never needed. bob's five spades (47) tie her count, so both
    say their sums; cy's five hearts (47) tie again; dee and eve (three cards each) are beaten on the count alone.
    """
    state = first_legal(example_state())
    assert points_seen(state) == {"ann": {"count": 5}}
    everyone = declare_all(state)
    assert points_seen(everyone) == {
        "ann": {"count": 5, "sum": 15},
        "bob": {"count": 5, "sum": 47},
        "cy": {"count": 5, "sum": 47},
        "dee": {"count": 3},
        "eve": {"count": 3},
    }
