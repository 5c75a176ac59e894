"""The reading's revised points (issue 27), one scenario each; expected values worked by hand from the rule book.

- Three Kings end the game at once, whoever's turn it is: at a real table the holder shows them in or out of turn
  (rule book, *Gameplay*: "the game immediately ends"; rules.md §7.1, §10.4).
"""

from __future__ import annotations

from typing import Any

from service.games.three_kings import GAME
from service.games.three_kings.rules import Rules
from service.games.three_kings.start import table_setup

from .tables import card, move, ranks


def real_table(table_cards: list[str], hands: list[list[str]], scoring: str = "bonus") -> Any:
    """ann and bob at a real table, bob dealing (ann plays first); the referee sees only ``hands``' cards."""
    return table_setup(["ann", "bob"], [card(text) for text in table_cards], Rules(scoring), dealer=1, hands=[[card(t) for t in h] for h in hands]).state


def apply(state: Any, item: dict[str, Any]) -> Any:
    return GAME.apply(state, GAME.read_move(item)).state


def report(state: Any) -> dict[str, Any]:
    return GAME.legal_report(state).to_dict()


# Three Kings by a set's extra draw, unseen: the holder shows them out of turn --------------------------------------------
def extra_draw_game() -> Any:
    """ann holds K K 6 (the referee sees them) and one unseen card; she draws unseen, takes 6 with 5 J (6 + 5 = 11),
    and her extra draw is unseen: it is her third King, which only she knows."""
    state = real_table(["5", "J", "3", "Q"], [["K", "K", "6"], []])
    state = apply(state, move("ann", "draw"))
    state = apply(state, move("ann", "set", hand_card="6", table_cards=["5", "J"]))
    assert ranks(state.players[0].pile) == ["6", "5", "J"] and state.players[0].hand.to_dict() == {"cards": ["K", "K"], "hidden": 3}
    return state


def test_the_third_king_by_an_extra_draw_is_shown_out_of_turn_at_once():
    state = extra_draw_game()
    assert state.acting.name == "bob" and state.phase != "over"
    listed = report(state)
    assert listed["player"] == "bob"
    assert listed["out_of_turn"] == [{"player": "ann", "action": "show_kings"}]  # beside bob's moves, open to ann
    assert GAME.judge(state, GAME.read_move(move("ann", "show_kings"))).to_dict() == {"legal": True, "reasons": [], "alternatives": []}
    after = apply(state, move("ann", "show_kings"))
    assert after.phase == "over" and after.three_kings == "ann"
    assert after.outcome.to_dict() == {"reason": "three_kings", "three_kings": "ann", "scores": {"ann": 22 + 15, "bob": 0}, "winners": ["ann"]}
    assert report(after) == {"player": None, "phase": "over", "moves": [], "counts": {}, "out_of_turn": []}


def test_a_show_on_a_later_state_ends_the_game_there_and_what_was_played_stands():
    # The table noticed late: bob drew and discarded a 9 (one of his unseen cards); ann shows then. The discard stands.
    state = apply(extra_draw_game(), move("bob", "draw"))
    state = apply(state, move("bob", "discard", card="9"))
    after = apply(state, move("ann", "show_kings"))
    assert after.phase == "over" and ranks(after.table) == ["3", "Q", "9"]
    assert after.outcome.to_dict()["winners"] == ["ann"]


def test_a_show_by_the_player_to_act_is_among_their_moves_not_out_of_turn():
    state = real_table(["5", "J", "3", "Q"], [[], []])
    listed = report(state)
    assert {"player": "ann", "action": "show_kings"} in listed["moves"]
    assert listed["out_of_turn"] == [{"player": "bob", "action": "show_kings"}]  # four unseen cards: three may be Kings


def test_no_show_without_the_unseen_cards_or_the_kings_for_it():
    # bob's hand is all seen (no King): he cannot show, in or out of turn; ann can.
    state = real_table(["5", "J", "3", "Q"], [[], ["4", "4", "7", "8"]])
    verdict = GAME.judge(state, GAME.read_move(move("bob", "show_kings"))).to_dict()
    assert [(r["code"], r["rule"]) for r in verdict["reasons"]] == [("cannot_show_three_kings", "10.4")]
    assert report(state)["out_of_turn"] == []
    # Four Kings on the table of a two-player pack (five Kings): one is left, and ann needs three.
    kings = real_table(["K", "K", "K", "K"], [[], []])
    assert [r["code"] for r in GAME.judge(kings, GAME.read_move(move("bob", "show_kings"))).to_dict()["reasons"]] == ["cannot_show_three_kings"]
