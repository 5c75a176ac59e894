"""One scenario per rule of the reading (rules.md §3-§9); expected values worked out by hand from the rule book."""

from __future__ import annotations

from typing import Any

import pytest

from service.core.problems import InvalidInput
from service.core.verdicts import IllegalMove
from service.games.three_kings import GAME
from service.games.three_kings.rules import Rules
from service.games.three_kings.start import new_game

from .tables import move, ranks, state, table


def play(data: dict[str, Any], *moves: dict[str, Any]) -> tuple[Any, list[dict[str, Any]]]:
    current = GAME.read_state(data)
    events: list[dict[str, Any]] = []
    for item in moves:
        transition = GAME.apply(current, GAME.read_move(item))
        current, events = transition.state, events + list(transition.events)
    return current, events


def codes(data: dict[str, Any], item: dict[str, Any]) -> list[str]:
    verdict = GAME.judge(GAME.read_state(data), GAME.read_move(item)).to_dict()
    return [reason["code"] for reason in verdict["reasons"]]


def listed(data: dict[str, Any]) -> list[dict[str, Any]]:
    return GAME.legal_report(GAME.read_state(data)).to_dict()["moves"]


# §3.1 the turn's draw ------------------------------------------------------------------------
def test_a_turn_starts_with_drawing_the_top_card():
    data = table([["4", "7"], ["8", "9"]], ["2", "Q", "Q", "10"], draws=["3"], phase="draw")
    assert listed(data) == [{"player": "ann", "action": "draw"}]
    after, _events = play(data, move("ann", "draw"))
    assert ranks(after.players[0].hand.cards) == ["4", "7", "3"]
    assert after.phase == "play" and after.to_act == 0
    assert after.draw_pile.size == 53 - 4 - 4 - 1


def test_nothing_but_the_draw_before_it():
    data = table([["4", "7"], ["8", "9"]], ["3", "Q", "Q", "10"], draws=["3"], phase="draw")
    assert codes(data, move("ann", "set", hand_card="7", table_cards=["3", "10"])) == ["must_draw"]
    played = table([["4", "7"], ["8", "9"]], ["2", "Q", "Q", "10"])
    assert codes(played, move("ann", "draw")) == ["already_drew"]


def test_only_the_player_to_act_moves():
    data = table([["4", "7"], ["8", "9"]], ["2", "Q", "Q", "10"])
    assert "not_your_turn" in codes(data, move("bob", "discard", card="8"))
    stranger = GAME.judge(GAME.read_state(data), GAME.read_move(move("zed", "pass"))).to_dict()
    assert [(r["code"], r["rule"], r["pointer"]) for r in stranger["reasons"]] == [("unknown_player", "2.1", "/player")]  # §2.1 seats the players


# §4 a set, then the extra draw --------------------------------------------------------------------
def test_a_set_goes_to_the_pile_and_the_player_draws_again():
    data = table([["6", "9", "K"], ["8", "8"]], ["5", "J", "2", "2"], draws=["4"])
    after, events = play(data, move("ann", "set", hand_card="6", table_cards=["5", "J"]))
    ann = after.players[0]
    assert ranks(ann.pile) == ["6", "5", "J"]
    assert ranks(ann.hand.cards) == ["9", "K", "4"]  # the extra draw
    assert ranks(after.table) == ["2", "2"]
    assert after.to_act == 1 and after.phase == "draw"
    assert [event["type"] for event in events] == ["set", "drew", "turn"]
    assert events[0]["sum"] == "6 + 5 = 11"


def test_the_hand_card_may_be_the_total_or_an_addend():
    data = table([["J", "2"], ["8", "8"]], ["5", "6", "4", "Q"])
    sets = {(item["hand_card"], tuple(item["table_cards"])) for item in listed(data) if item["action"] == "set"}
    assert sets == {("J", ("5", "6")), ("2", ("4", "6"))}  # 5 + 6 = 11; 2 + 4 = 6 (Q - 2 = 10 is not there)


def test_two_table_cards_of_one_rank_make_a_set_only_when_there_are_two():
    one = table([["6"], ["8", "8"]], ["3", "9"])
    two = table([["6"], ["8", "8"]], ["3", "3"])
    assert codes(one, move("ann", "set", hand_card="6", table_cards=["3", "3"])) == ["not_on_table"]
    assert codes(two, move("ann", "set", hand_card="6", table_cards=["3", "3"])) == []


def test_a_set_that_does_not_add_up_is_refused_with_alternatives():
    data = table([["6", "9"], ["8", "8"]], ["5", "J", "3", "Q"])
    verdict = GAME.judge(GAME.read_state(data), GAME.read_move(move("ann", "set", hand_card="9", table_cards=["5", "J"]))).to_dict()
    assert [(r["code"], r["rule"], r["pointer"]) for r in verdict["reasons"]] == [("not_a_set", "4.1", "/table_cards")]
    assert verdict["alternatives"][0]["action"] == "set"
    for alternative in verdict["alternatives"]:
        assert GAME.judge(GAME.read_state(data), GAME.read_move({k: v for k, v in alternative.items() if k != "sum"})).to_dict()["legal"]


def test_the_hand_card_must_be_held():
    data = table([["6", "9"], ["8", "8"]], ["5", "J", "3", "Q"])
    assert codes(data, move("ann", "set", hand_card="7", table_cards=["5", "Q"])) == ["card_not_in_hand"]


# §5 Kings ---------------------------------------------------------------------------------------
def test_a_table_king_is_taken_with_a_king_from_the_hand_and_no_extra_draw():
    data = table([["K", "7"], ["8", "8"]], ["K", "2", "Q", "Q"], draws=["3"])
    assert {"player": "ann", "action": "take_king"} in listed(data)
    after, _ = play(data, move("ann", "take_king"))
    assert ranks(after.players[0].hand.cards) == ["K", "7", "K"]
    assert ranks(after.table) == ["2", "Q", "Q"]
    assert after.draw_pile.size == GAME.read_state(data).draw_pile.size  # nothing drawn
    assert after.to_act == 0 and after.phase == "play"  # the take is not the turn's action: the discard is still due
    assert listed(after.to_dict()) == [{"player": "ann", "action": "discard", "card": "7"}]


def test_no_king_in_hand_no_take():
    data = table([["4", "7"], ["8", "8"]], ["K", "2", "Q", "Q"])
    assert codes(data, move("ann", "take_king")) == ["no_king_in_hand"]
    assert codes(table([["K", "7"], ["8", "8"]], ["2", "2", "Q", "Q"]), move("ann", "take_king")) == ["no_king_on_table"]


def test_kings_are_never_in_a_set_nor_discarded():
    data = table([["K", "7"], ["8", "8"]], ["K", "2", "Q", "Q"])
    assert "king_in_set" in codes(data, move("ann", "set", hand_card="K", table_cards=["2", "Q"]))
    assert "king_discard" in codes(data, move("ann", "discard", card="K"))


# §3.3 discard ---------------------------------------------------------------------------------------
def test_a_discard_is_refused_when_a_set_exists():
    data = table([["6", "K", "2", "9"], ["8", "8"]], ["5", "J", "3", "K"])
    verdict = GAME.judge(GAME.read_state(data), GAME.read_move(move("ann", "discard", card="9"))).to_dict()
    assert [(r["code"], r["rule"]) for r in verdict["reasons"]] == [("set_available", "3.3")]
    assert not [item for item in listed(data) if item["action"] == "discard"]


def test_a_discard_goes_face_up_on_the_table_even_when_a_king_could_be_taken():
    data = table([["4", "K"], ["8", "8"]], ["K", "Q", "Q", "10"])
    assert {"player": "ann", "action": "discard", "card": "4"} in listed(data)
    after, _ = play(data, move("ann", "discard", card="4"))
    assert ranks(after.table) == ["K", "Q", "Q", "10", "4"]
    assert ranks(after.players[0].hand.cards) == ["K"]


# §3.4 pass ------------------------------------------------------------------------------------------
def test_a_hand_of_kings_only_passes():
    data = table([["K", "K"], ["8", "8"]], ["2", "Q", "Q", "10"])
    assert listed(data) == [{"player": "ann", "action": "pass"}]
    after, _events = play(data, move("ann", "pass"))
    assert after.to_act == 1 and after.passes == 0  # the pile still has cards: passes are not counted


def test_no_pass_while_something_can_be_done():
    assert codes(table([["K", "4"], ["8", "8"]], ["2", "Q", "Q", "10"]), move("ann", "pass")) == ["discard_available"]
    assert codes(table([["K"], ["8", "8"]], ["K", "Q", "Q", "10"]), move("ann", "pass")) == []  # a take is never forced
    assert codes(table([["6", "K"], ["8", "8"]], ["5", "J"]), move("ann", "pass")) == ["set_available"]


# §6 the emptied table ---------------------------------------------------------------------------------
def test_an_emptied_table_is_refilled_and_its_kings_go_to_the_player_besides_the_extra_draw():
    data = table([["6", "9"], ["8", "8"]], ["5", "J"], draws=["2", "K", "3", "7", "9"])
    after, events = play(data, move("ann", "set", hand_card="6", table_cards=["5", "J"]))
    assert ranks(after.table) == ["3", "7", "9"]
    assert ranks(after.players[0].hand.cards) == ["9", "2", "K"]  # the extra draw first, then the King turned (§6.2)
    assert [event["type"] for event in events] == ["set", "drew", "table_refilled", "turn"]
    refill = next(event for event in events if event["type"] == "table_refilled")
    assert refill["kings_to"] == "ann" and refill["cards"] == ["K", "3", "7", "9"]


def test_taking_the_last_king_empties_the_table_too():
    data = table([["K", "4"], ["8", "8"]], ["K"], draws=["2", "K", "5", "6", "7"])
    after, _ = play(data, move("ann", "take_king"))
    assert ranks(after.table) == ["2", "5", "6"]
    assert ranks(after.players[0].hand.cards) == ["K", "4", "K", "K"]
    assert after.phase == "over" and after.three_kings == "ann"  # the King given was ann's third


def test_a_table_of_kings_only_is_turned_again():
    rules = {"scoring": "bonus", "play_it_out": True}
    data = table([["6", "9"], ["8", "8", "8"], ["A"]], ["5", "J"], draws=["A", "K", "K", "K", "K", "4", "4", "2", "Q"], rules=rules)
    after, events = play(data, move("ann", "set", hand_card="6", table_cards=["5", "J"]))
    assert [event["cards"] for event in events if event["type"] == "table_refilled"] == [["K", "K", "K", "K"], ["4", "4", "2", "Q"]]
    assert ranks(after.table) == ["4", "4", "2", "Q"]
    assert ranks(after.players[0].hand.cards) == ["9", "A", "K", "K", "K", "K"]
    assert after.three_kings == "ann" and after.phase == "draw"


def test_an_emptied_table_stays_empty_when_the_pile_is():
    # Every other card is in bob's hand, all five Kings too: only a played-out game gets there.
    data = table([["6", "9"], ["8", "8"]], ["5", "J"], draws=[], rest_to=1, rules={"scoring": "bonus", "play_it_out": True}, three_kings="bob")
    after, _ = play(data, move("ann", "set", hand_card="6", table_cards=["5", "J"]))
    assert after.table == () and after.phase == "play" and after.to_act == 1


# §7.1 three Kings end the game at once, from any source --------------------------------------------------
@pytest.mark.parametrize(
    "scoring, scores, winners",
    [
        ("three_kings_wins", None, ["ann"]),
        ("bonus", {"ann": 15, "bob": 0}, ["ann"]),
        ("penalty", {"ann": -15, "bob": 0}, ["ann"]),
    ],
)
def test_three_kings_by_the_turns_draw(scoring, scores, winners):
    data = table([["K", "K"], ["8", "8"]], ["2", "Q", "Q", "10"], draws=["K"], phase="draw", rules={"scoring": scoring})
    after, events = play(data, move("ann", "draw"))
    assert after.phase == "over"
    assert after.outcome.to_dict() == {"reason": "three_kings", "three_kings": "ann", "scores": scores, "winners": winners}
    assert [event["type"] for event in events] == ["drew", "three_kings", "game_over"]


def test_three_kings_by_the_extra_draw_end_the_turn_there():
    data = table([["K", "K", "6"], ["8", "8"]], ["5", "J", "2"], draws=["K"])
    after, events = play(data, move("ann", "set", hand_card="6", table_cards=["5", "J"]))
    assert after.phase == "over" and after.outcome.to_dict()["scores"] == {"ann": 22 + 15, "bob": 0}
    assert "turn" not in [event["type"] for event in events]


def test_three_kings_by_a_king_taken():
    data = table([["K", "K", "4"], ["8", "8"]], ["K", "Q"])
    after, _ = play(data, move("ann", "take_king"))
    assert after.phase == "over" and after.three_kings == "ann"


def test_three_kings_by_the_last_table_king_end_the_game_before_the_table_is_refilled():
    # ann's third King is the table's last card: the game is over at once, so no card is turned (§7.1 before §6.1).
    data = table([["K", "K", "4"], ["8", "8"]], ["K"], draws=["2", "3", "5", "6", "7"])
    pile = GAME.read_state(data).draw_pile.size
    after, events = play(data, move("ann", "take_king"))
    assert after.phase == "over" and after.three_kings == "ann"
    assert after.table == () and after.draw_pile.size == pile
    assert ranks(after.players[0].hand.cards) == ["K", "K", "4", "K"]
    assert [event["type"] for event in events] == ["took_king", "three_kings", "game_over"]
    assert after.outcome.to_dict()["scores"] == {"ann": 15, "bob": 0}


def test_three_kings_by_the_last_table_king_from_an_unseen_pile_need_no_turned_cards():
    data = table([["K", "K", "4"], ["8", "8"]], ["K"])
    data["draw_pile"] = {"cards": [], "hidden": len(data["draw_pile"]["cards"])}
    take = move("ann", "take_king")
    assert codes(data, take) == []
    after, events = play(data, take)
    assert after.phase == "over" and after.table == () and after.draw_pile.hidden == 53 - 3 - 2 - 1
    assert "table_refilled" not in [event["type"] for event in events]


def test_a_missing_table_card_is_named_without_other_when_the_table_has_none_of_it():
    data = table([["7", "9"], ["8", "8"]], ["5", "J", "3", "3"])
    verdict = GAME.judge(GAME.read_state(data), GAME.read_move(move("ann", "set", hand_card="7", table_cards=["5", "Q"]))).to_dict()
    assert [(r["code"], r["pointer"], r["message"]) for r in verdict["reasons"]] == [  # 7 + 5 = Q: a set, but no Q is there
        ("not_on_table", "/table_cards/1", "the table shows no Q"),
    ]
    pair = GAME.judge(
        GAME.read_state(table([["6"], ["8", "8"]], ["3", "9"])), GAME.read_move(move("ann", "set", hand_card="6", table_cards=["3", "3"]))
    ).to_dict()
    assert [r["message"] for r in pair["reasons"]] == ["the table shows no other 3"]


def test_three_kings_given_by_the_refill_after_the_extra_draw():
    data = table([["K", "K", "6"], ["8", "8"]], ["5", "J"], draws=["2", "K", "3", "7", "9", "4"])
    after, events = play(data, move("ann", "set", hand_card="6", table_cards=["5", "J"]))
    assert after.phase == "over" and ranks(after.players[0].hand.cards) == ["K", "K", "2", "K"]
    assert [event["type"] for event in events] == ["set", "drew", "table_refilled", "three_kings", "game_over"]
    assert ranks(after.table) == ["3", "7", "9"] and ranks(after.draw_pile.cards[-1:]) == ["4"]


def test_three_kings_at_the_deal_end_the_game_before_it_starts():
    seeds = [
        seed for seed in range(3000) if any(sum(card.rank == 13 for card in player.hand.cards) >= 3 for player in new_game(["a", "b"], seed=seed).state.players)
    ]
    assert seeds  # such deals exist
    for seed in seeds[:3]:
        game = new_game(["a", "b"], seed=seed)
        assert game.state.phase == "over" and game.state.outcome.reason == "three_kings"
        assert GAME.legal_moves(game.state) == []


def test_no_move_after_the_end():
    data = table([["K", "K"], ["8", "8"]], ["2", "Q", "Q", "10"], draws=["K"], phase="draw")
    after, _ = play(data, move("ann", "draw"))
    verdict = GAME.judge(after, GAME.read_move(move("bob", "discard", card="8"))).to_dict()
    assert [reason["code"] for reason in verdict["reasons"]] == ["game_over"] and verdict["alternatives"] == []


# §7.2 the pile runs out ------------------------------------------------------------------------------
def test_the_last_draw_then_turns_without_a_draw_then_all_pass():
    # Empty hands, every other card face up: ann draws the pile's last card.
    data = table([[], []], [], draws=["4"], phase="draw", rest_to="table", rules={"scoring": "three_kings_wins"})
    after, _ = play(data, move("ann", "draw"))
    assert after.draw_pile.size == 0 and after.phase == "play"
    after, events = play(after.to_dict(), move("ann", "set", hand_card="4", table_cards=["2", "2"]))
    assert [event["type"] for event in events] == ["set", "turn"]  # no extra draw: the pile is empty
    assert after.to_act == 1 and after.phase == "play"  # bob's turn starts without a draw
    after, _ = play(after.to_dict(), move("bob", "pass"))
    assert after.passes == 1 and after.phase == "play"
    after, _ = play(after.to_dict(), move("ann", "pass"))
    assert after.phase == "over"
    assert after.outcome.to_dict() == {"reason": "all_passed", "three_kings": None, "scores": None, "winners": []}


def test_a_move_other_than_a_pass_breaks_the_run_of_passes():
    data = table([[], ["4"]], [], to_act=1, passes=1, rest_to="table", draws=[])
    after, _ = play(data, move("bob", "set", hand_card="4", table_cards=["2", "2"]))
    assert after.passes == 0
    after, _ = play(after.to_dict(), move("ann", "pass"))
    assert after.passes == 1 and after.phase == "play"
    after, _ = play(after.to_dict(), move("bob", "pass"))
    assert after.phase == "over"


@pytest.mark.parametrize(
    "scoring, scores, winners",
    [
        ("bonus", {"ann": 22, "bob": 10}, ["ann"]),
        ("penalty", {"ann": 22, "bob": 10}, ["bob"]),
    ],
)
def test_a_game_run_dry_is_scored_without_bonus(scoring, scores, winners):
    data = table([[], []], [], piles=[["6", "5", "J"], ["2", "3", "5"]], rest_to="table", rules={"scoring": scoring})
    after, _ = play(data, move("ann", "pass"), move("bob", "pass"))
    assert after.outcome.to_dict() == {"reason": "all_passed", "three_kings": None, "scores": scores, "winners": winners}


# §8.4 ties -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("scoring", ["bonus", "penalty"])
def test_equal_best_scores_share_the_win(scoring):
    data = table([[], [], []], [], piles=[["6", "5", "J"], ["4", "7", "J"], ["2", "3", "5"]], rest_to="table", rules={"scoring": scoring})
    after, _ = play(data, move("ann", "pass"), move("bob", "pass"), move("cy", "pass"))
    assert after.outcome.to_dict()["scores"] == {"ann": 22, "bob": 22, "cy": 10}
    assert after.outcome.to_dict()["winners"] == (["ann", "bob"] if scoring == "bonus" else ["cy"])


def test_the_three_kings_player_can_lose_a_shared_method_two():
    data = table([["K", "K"], ["8"], ["9"]], ["2", "Q"], piles=[[], ["6", "5", "J"], ["4", "7", "J"]], draws=["K"], phase="draw")
    after, _ = play(data, move("ann", "draw"))
    assert after.outcome.to_dict()["scores"] == {"ann": 15, "bob": 22, "cy": 22}
    assert after.outcome.to_dict()["winners"] == ["bob", "cy"]


# §9 play it out -------------------------------------------------------------------------------------
def test_play_it_out_keeps_going_after_three_kings_and_the_first_holder_gets_the_bonus():
    rules = {"scoring": "bonus", "play_it_out": True}
    data = table([["K", "K", "4"], ["K", "K"], ["8"]], ["K", "Q"], draws=["2"], rules=rules)
    after, events = play(data, move("ann", "take_king"), move("ann", "discard", card="4"))
    assert after.phase == "draw" and after.three_kings == "ann" and after.to_act == 1
    assert "game_over" not in [event["type"] for event in events]
    after, _ = play(after.to_dict(), move("bob", "draw"))
    assert after.three_kings == "ann"


def test_play_it_out_ends_when_all_pass_and_scores_by_method():
    rules = {"scoring": "penalty", "play_it_out": True}
    data = table([["K", "K", "K"], ["K", "K"]], [], piles=[["6", "5", "J"], ["2", "3", "5"]], rest_to="table", rules=rules, three_kings="ann")
    after, _ = play(data, move("ann", "pass"), move("bob", "pass"))
    assert after.outcome.to_dict() == {"reason": "all_passed", "three_kings": "ann", "scores": {"ann": 22 - 15, "bob": 10}, "winners": ["ann"]}


@pytest.mark.parametrize(
    "scoring, scores, winners",
    [
        ("bonus", {"ann": 22 + 15, "bob": 10}, ["ann"]),  # method 2: the three-Kings player adds 15, highest wins
        ("penalty", {"ann": 22 - 15, "bob": 10}, ["ann"]),  # method 3: the three-Kings player takes 15 off, lowest wins
    ],
)
def test_play_it_out_from_the_third_king_to_everyone_passing(scoring, scores, winners):
    # The pile is empty; every other card lies on the table. ann's third King does not end the game (§9);
    # ann takes the table King and, holding only Kings, passes: a turn with no set and no discard. bob, holding only
    # Kings with none left to take, passes too: every player in turn has passed.
    rules = {"scoring": scoring, "play_it_out": True}
    data = table([["K", "K"], ["K", "K"]], ["K"], piles=[["6", "5", "J"], ["2", "3", "5"]], rest_to="table", rules=rules)
    after, events = play(data, move("ann", "take_king"))
    assert after.three_kings == "ann" and after.phase == "play" and after.to_act == 0 and after.outcome is None
    assert "game_over" not in [event["type"] for event in events]
    after, _ = play(after.to_dict(), move("ann", "pass"))
    assert after.phase == "play" and after.passes == 1 and after.to_act == 1
    after, events = play(after.to_dict(), move("bob", "pass"))
    assert after.phase == "over"
    assert after.outcome.to_dict() == {"reason": "all_passed", "three_kings": "ann", "scores": scores, "winners": winners}
    assert events[-1]["type"] == "game_over"


def test_play_it_out_needs_every_player_to_pass_in_a_row():
    # The pile is empty, bob holds every card but the five Kings: his discard between ann's passes restarts the count (§7.2, §9).
    rules = {"scoring": "bonus", "play_it_out": True}
    data = table([["K", "K", "K"], ["K", "K"]], [], draws=[], rest_to=1, rules=rules, three_kings="ann")
    after, _ = play(data, move("ann", "pass"))
    assert after.passes == 1 and after.phase == "play"
    after, _ = play(after.to_dict(), move("bob", "discard", card="A"))
    assert after.passes == 0 and [str(card) for card in after.table] == ["A"]
    after, _ = play(after.to_dict(), move("ann", "pass"))
    assert after.phase == "play" and after.passes == 1 and after.outcome is None


def test_play_it_out_passes_do_not_count_while_the_pile_has_cards():
    rules = {"scoring": "bonus", "play_it_out": True}
    data = table([["K", "K", "K"], ["K", "K"]], ["2", "Q", "Q", "10"], draws=["3"], rules=rules, three_kings="ann")
    after, _ = play(data, move("ann", "pass"))
    assert after.passes == 0 and after.phase == "draw" and after.to_act == 1 and after.outcome is None


def test_play_it_out_is_not_for_method_one():
    with pytest.raises(InvalidInput) as refused:
        new_game(["a", "b"], Rules("three_kings_wins", play_it_out=True), seed=1)
    assert [(p.pointer, p.code) for p in refused.value.problems] == [("/rules/play_it_out", "play_it_out_needs_points")]


# apply refuses what judge refuses ---------------------------------------------------------------------
def test_apply_raises_the_same_reasons():
    data = table([["6", "K", "2", "9"], ["8", "8"]], ["5", "J", "3", "K"])
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(GAME.read_state(data), GAME.read_move(move("ann", "discard", card="9")))
    assert [reason.code for reason in refused.value.reasons] == ["set_available"]


def test_can_move_answers_what_verify_move_raises():
    current = state([["6", "K", "2", "9"], ["8", "8"]], ["5", "J", "3", "K"])
    discard, take = GAME.read_move(move("ann", "discard", card="9")), GAME.read_move(move("ann", "take_king"))
    assert not GAME.can_move(current, discard) and GAME.can_move(current, take)
    GAME.verify_move(current, take)
    with pytest.raises(IllegalMove):
        GAME.verify_move(current, discard)


def test_the_input_state_is_not_changed():
    current = state([["6", "9"], ["8", "8"]], ["5", "J"], draws=["K", "3", "7", "9", "2"])
    before = current.to_dict()
    GAME.apply(current, GAME.read_move(move("ann", "set", hand_card="6", table_cards=["5", "J"])))
    assert current.to_dict() == before
