"""A table dealt by hand: hands and the pile unseen, cards named as they are shown (rules.md §10)."""

from __future__ import annotations

import pytest

from service.core.problems import InvalidInput
from service.core.verdicts import IllegalMove
from service.games.three_kings import GAME
from service.games.three_kings.rules import Rules
from service.games.three_kings.start import table_setup

from .tables import card, move, ranks, table


def dealt(table_cards=("5", "J", "3", "Q"), hands=None, rules=None):
    return table_setup(
        ["ann", "bob"],
        [card(text) for text in table_cards],
        rules or Rules("bonus"),
        dealer=1,
        hands=hands and [[card(text) for text in hand] for hand in hands],
    ).state


def apply(state, **fields):
    return GAME.apply(state, GAME.read_move(move(state.acting.name, **fields)))


def test_the_deal_is_counted():
    state = dealt()
    assert [player.hand.to_dict() for player in state.players] == [{"cards": [], "hidden": 4}] * 2
    assert state.draw_pile.to_dict() == {"cards": [], "hidden": 53 - 8 - 4}
    assert state.to_act == 0 and state.phase == "draw"


def test_a_table_deal_has_four_table_cards_and_hands_of_four():
    with pytest.raises(InvalidInput) as refused:
        table_setup(["ann", "bob"], [card("5")], hands=[["6"] * 5, []])
    assert [(p.pointer, p.code) for p in refused.value.problems] == [("/table", "table_size"), ("/hands/0", "hand_size")]


def test_an_unseen_draw_stays_unseen_unless_named():
    state = apply(dealt(), action="draw")
    assert state.state.players[0].hand.to_dict() == {"cards": [], "hidden": 5}
    named = apply(dealt(), action="draw", drawn=["K"])
    assert named.state.players[0].hand.to_dict() == {"cards": ["K"], "hidden": 4}


def test_an_unseen_card_may_be_any_rank_left_in_the_pack():
    state = apply(dealt(), action="draw").state
    moves = GAME.legal_report(state).to_dict()["moves"]
    sets = {(item["hand_card"], tuple(item["table_cards"])) for item in moves if item["action"] == "set"}
    assert ("2", ("3", "5")) in sets and ("8", ("3", "J")) in sets  # 2 + 3 = 5, 8 + 3 = 11
    # A discard shows its card, and one that makes a set with two of 5 J 3 Q was a set to take (rules.md §10.1):
    # A (1 + 11 = 12), 2 (2 + 3 = 5), 6 (6 + 5 = 11), 7 (5 + 7 = 12), 8 (8 + 3 = 11), 9 (9 + 3 = 12).
    assert {item["card"] for item in moves if item["action"] == "discard"} == {"3", "4", "5", "10", "J", "Q"}
    after = apply(state, action="set", hand_card="2H", table_cards=["3", "5"], drawn=["9"]).state
    assert after.players[0].hand.to_dict() == {"cards": ["9"], "hidden": 4}
    assert [str(c) for c in after.players[0].pile] == ["2H", "3", "5"]


def test_a_known_set_forbids_a_discard_but_an_unseen_one_cannot():
    state = apply(dealt(hands=[["6"], []]), action="draw").state
    reasons = GAME.judge(state, GAME.read_move(move("ann", "discard", card="9"))).to_dict()["reasons"]
    assert [reason["code"] for reason in reasons] == ["set_available"]  # 6 + 5 = 11 with the 6 the referee sees


def test_a_rank_whose_copies_are_all_seen_cannot_be_unseen():
    state = dealt(table_cards=("7", "7", "7", "7"))
    state = apply(state, action="draw").state
    reasons = GAME.judge(state, GAME.read_move(move("ann", "discard", card="7"))).to_dict()["reasons"]
    assert [reason["code"] for reason in reasons] == ["card_not_in_hand"]
    refused = GAME.judge(dealt(table_cards=("7", "7", "7", "7")), GAME.read_move(move("ann", "draw", drawn=["7"]))).to_dict()
    assert [(r["code"], r["pointer"]) for r in refused["reasons"]] == [("not_in_pile", "/drawn/0")]


def test_an_emptied_table_needs_the_turned_cards_named():
    data = table([["K", "K", "6"], ["8", "8"]], ["5", "J"])
    data["draw_pile"] = {"cards": [], "hidden": len(data["draw_pile"]["cards"])}
    state = GAME.read_state(data)
    with pytest.raises(InvalidInput) as refused:
        apply(state, action="set", hand_card="6", table_cards=["5", "J"])
    assert [(p.pointer, p.code) for p in refused.value.problems] == [("/turned", "turned_required")]
    after = apply(state, action="set", hand_card="6", table_cards=["5", "J"], drawn=["3"], turned=["2", "K", "9", "9"])
    assert ranks(after.state.table) == ["2", "9", "9"]
    assert ranks(after.state.players[0].hand.cards) == ["K", "K", "3", "K"]  # the extra draw, then the King turned
    assert after.state.phase == "over" and after.state.three_kings == "ann"  # the King turned was ann's third


def test_three_kings_shown_end_the_game():
    state = dealt()
    assert {"player": "ann", "action": "show_kings"} in GAME.legal_report(state).to_dict()["moves"]
    after = apply(state, action="show_kings").state
    assert after.phase == "over" and after.outcome.to_dict()["winners"] == ["ann"]
    assert after.players[0].hand.to_dict() == {"cards": ["K", "K", "K"], "hidden": 1}


def test_no_show_when_the_kings_are_elsewhere():
    state = dealt(table_cards=("K", "K", "K", "5"))
    codes = [r["code"] for r in GAME.judge(state, GAME.read_move(move("ann", "show_kings"))).to_dict()["reasons"]]
    assert codes == ["cannot_show_three_kings"]


def test_a_pass_shows_a_hand_of_kings():
    state = dealt(hands=[["K", "K"], []])
    with pytest.raises(IllegalMove):
        apply(state, action="draw", drawn=["K"], turned=["2"])  # nothing is turned by a draw
    after = apply(state, action="draw").state
    assert {"player": "ann", "action": "pass"} in GAME.legal_report(after).to_dict()["moves"]  # 2 + 3 unseen: five Kings fit
    passed = apply(after, action="pass").state
    assert passed.players[0].hand.to_dict() == {"cards": ["K"] * 5, "hidden": 0}
    assert passed.phase == "over" and passed.three_kings == "ann"
    state = apply(state, action="draw", drawn=["Q"]).state
    codes = [r["code"] for r in GAME.judge(state, GAME.read_move(move("ann", "pass"))).to_dict()["reasons"]]
    assert codes == ["discard_available"]


def test_two_hands_dealt_three_kings_the_first_dealt_to_has_them():
    hands = [[card("K")] * 3, [card("K")] * 3, []]
    game = table_setup(["ann", "bob", "cy"], [card(t) for t in ("5", "J", "3", "Q")], Rules("bonus"), dealer=0, hands=hands)
    assert game.state.phase == "over" and game.state.three_kings == "bob"  # bob sits on the dealer's left
    game = table_setup(["ann", "bob", "cy"], [card(t) for t in ("5", "J", "3", "Q")], Rules("bonus"), dealer=1, hands=hands)
    assert game.state.three_kings == "ann"  # cy is dealt to first, then ann
