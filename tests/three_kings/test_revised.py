"""The reading's revised points (issue 27), one scenario each; expected values worked by hand from the rule book.

- Three Kings end the game at once, whoever's turn it is: at a real table the holder shows them in or out of turn
  (rule book, *Gameplay*: "the game immediately ends"; rules.md §7.1, §10.4).
- Taking a King is never the turn's action and never forced: after the draw, before or after the set or discard,
  as many takes as there are table Kings, each matched by a King in hand; the turn stays while a take is open
  (phase kings), and a pass ends it (rule book, *Gameplay*: Kings "can" be taken; rules.md §3.2, §5.2).
- The set's extra card is drawn before an emptied table is refilled (rule book, *Gameplay*; rules.md §6.2).
"""

from __future__ import annotations

from typing import Any

import pytest

from service.core.problems import InvalidInput
from service.games.three_kings import GAME
from service.games.three_kings.rules import Rules
from service.games.three_kings.start import table_setup

from .tables import card, move, ranks, table


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
    assert listed["open"] == [{"player": "ann", "action": "show_kings"}]  # beside bob's moves, open to ann
    assert GAME.judge(state, GAME.read_move(move("ann", "show_kings"))).to_dict() == {"legal": True, "reasons": [], "alternatives": []}
    after = apply(state, move("ann", "show_kings"))
    assert after.phase == "over" and after.three_kings == "ann"
    assert after.outcome.to_dict() == {"reason": "three_kings", "three_kings": "ann", "scores": {"ann": 22 + 15, "bob": 0}, "winners": ["ann"]}
    assert report(after) == {"player": None, "phase": "over", "moves": [], "counts": {}}


def test_a_show_on_a_later_state_ends_the_game_there_and_what_was_played_stands():
    # The table noticed late: bob drew and discarded an 8 (one of his unseen cards; 8 makes no set with 3 Q, where a 9
    # would: 9 + 3 = 12); ann shows then. The discard stands.
    state = apply(extra_draw_game(), move("bob", "draw"))
    state = apply(state, move("bob", "discard", card="8"))
    after = apply(state, move("ann", "show_kings"))
    assert after.phase == "over" and ranks(after.table) == ["3", "Q", "8"]
    assert after.outcome.to_dict()["winners"] == ["ann"]


def test_a_show_by_the_player_to_act_is_among_their_moves_not_out_of_turn():
    state = real_table(["5", "J", "3", "Q"], [[], []])
    listed = report(state)
    assert {"player": "ann", "action": "show_kings"} in listed["moves"]
    assert listed["open"] == [{"player": "bob", "action": "show_kings"}]  # four unseen cards: three may be Kings


def test_no_show_without_the_unseen_cards_or_the_kings_for_it():
    # bob's hand is all seen (no King): he cannot show, in or out of turn; ann can.
    state = real_table(["5", "J", "3", "Q"], [[], ["4", "4", "7", "8"]])
    verdict = GAME.judge(state, GAME.read_move(move("bob", "show_kings"))).to_dict()
    assert [(r["code"], r["rule"]) for r in verdict["reasons"]] == [("cannot_show_three_kings", "10.4")]
    assert "open" not in report(state)
    # Four Kings on the table of a two-player pack (five Kings): one is left, and ann needs three.
    kings = real_table(["K", "K", "K", "K"], [[], []])
    assert [r["code"] for r in GAME.judge(kings, GAME.read_move(move("bob", "show_kings"))).to_dict()["reasons"]] == ["cannot_show_three_kings"]


def test_the_fifteen_nil_game_ends_when_ann_shows_not_after_bob_scores():
    # ann's hand is unseen. She draws, takes the table King (showing one of her own: two Kings seen); her third is
    # among her unseen cards. She discards a 9; nothing is left to take, so it is bob's turn. She shows at once, out
    # of turn, before bob acts: method 2 gives ann 0 + 15 and bob 0 (the game that named bob the winner let bob play on).
    state = real_table(["5", "J", "K", "Q"], [[], []])
    state = apply(state, move("ann", "draw"))
    state = apply(state, move("ann", "take_king"))
    assert state.players[0].hand.to_dict() == {"cards": ["K", "K"], "hidden": 4} and state.acting.name == "ann"
    state = apply(state, move("ann", "discard", card="9"))
    assert state.acting.name == "bob" and state.phase == "draw"
    assert report(state)["open"] == [{"player": "ann", "action": "show_kings"}]
    after = apply(state, move("ann", "show_kings"))
    assert after.outcome.to_dict() == {"reason": "three_kings", "three_kings": "ann", "scores": {"ann": 15, "bob": 0}, "winners": ["ann"]}


# Taking Kings: never the turn's action, never forced, any number ---------------------------------------------------------
def listed(data: dict[str, Any]) -> list[dict[str, Any]]:
    return report(GAME.read_state(data))["moves"]


def play(data: dict[str, Any], *items: dict[str, Any]) -> tuple[Any, list[dict[str, Any]]]:
    current, events = GAME.read_state(data), []
    for item in items:
        transition = GAME.apply(current, GAME.read_move(item))
        current, events = transition.state, events + list(transition.events)
    return current, events


def codes(state: Any, item: dict[str, Any]) -> list[tuple[str, str]]:
    return [(r["code"], r["rule"]) for r in GAME.judge(state, GAME.read_move(item)).to_dict()["reasons"]]


SIX_K_TWO_NINE = table([["6", "K", "2", "9"], ["4", "4", "7", "8"]], ["5", "J", "3", "K"], draws=["A", "7"])


def test_worked_example_one_sets_and_the_king_beside_them_no_discard():
    # 6 + 5 = 11 and 2 + 3 = 5; 9 makes no set with two of 5 J 3 (9 + 3 = 12 is a Queen, not there). A King is held,
    # so the table King may be taken too; a set exists, so no discard, and no pass before it.
    assert sorted(map(str, listed(SIX_K_TWO_NINE))) == sorted(
        map(
            str,
            [
                {"player": "ann", "action": "set", "hand_card": "6", "table_cards": ["5", "J"], "sum": "6 + 5 = 11"},
                {"player": "ann", "action": "set", "hand_card": "2", "table_cards": ["3", "5"], "sum": "2 + 3 = 5"},
                {"player": "ann", "action": "take_king"},
            ],
        )
    )
    state = GAME.read_state(SIX_K_TWO_NINE)
    assert codes(state, move("ann", "discard", card="9")) == [("set_available", "3.3")]
    assert codes(state, move("ann", "pass")) == [("set_available", "3.4")]


def test_worked_example_one_the_king_before_the_set_not_instead():
    after, events = play(SIX_K_TWO_NINE, move("ann", "take_king"))
    assert [event["type"] for event in events] == ["took_king"]  # no card drawn for a take, the turn goes on
    assert after.acting.name == "ann" and after.phase == "play" and ranks(after.players[0].hand.cards) == ["6", "K", "2", "9", "K"]
    assert {item["action"] for item in listed(after.to_dict())} == {"set"}  # the set is still due: no pass, no discard
    assert codes(after, move("ann", "pass")) == [("set_available", "3.4")]
    after, events = play(after.to_dict(), move("ann", "set", hand_card="6", table_cards=["5", "J"]))
    assert [event["type"] for event in events] == ["set", "drew", "turn"]  # no King left to take: bob's turn
    assert ranks(after.players[0].hand.cards) == ["K", "2", "9", "K", "A"] and ranks(after.table) == ["3"]


def test_worked_example_one_the_king_after_the_set():
    after, events = play(SIX_K_TWO_NINE, move("ann", "set", hand_card="2", table_cards=["3", "5"]))
    assert [event["type"] for event in events] == ["set", "drew", "may_take_king"]
    assert after.acting.name == "ann" and after.phase == "kings"
    assert listed(after.to_dict()) == [{"player": "ann", "action": "take_king"}, {"player": "ann", "action": "pass"}]
    assert codes(after, move("ann", "discard", card="9")) == [("action_made", "3.2")]  # one set or discard a turn
    assert codes(after, move("ann", "set", hand_card="6", table_cards=["J", "5"])) == [("action_made", "3.2")]
    taken, events = play(after.to_dict(), move("ann", "take_king"))
    assert [event["type"] for event in events] == ["took_king", "turn"] and taken.acting.name == "bob"
    assert ranks(taken.players[0].hand.cards) == ["6", "K", "9", "A", "K"] and ranks(taken.table) == ["J"]
    passed, events = play(after.to_dict(), move("ann", "pass"))  # or not: the take is never forced
    assert [event["type"] for event in events] == ["passed", "turn"] and ranks(passed.table) == ["J", "K"]


K_NINE_Q_TEN = table([["K", "9", "Q", "10"], ["4", "4", "7", "8"]], ["K", "K", "3", "5"], draws=["A"])


def test_worked_example_two_no_set_takes_or_a_discard():
    assert listed(K_NINE_Q_TEN) == [
        {"player": "ann", "action": "take_king"},
        {"player": "ann", "action": "discard", "card": "9"},
        {"player": "ann", "action": "discard", "card": "Q"},
        {"player": "ann", "action": "discard", "card": "10"},
    ]


def test_worked_example_two_both_kings_end_the_game_at_once():
    after, events = play(K_NINE_Q_TEN, move("ann", "take_king"), move("ann", "take_king"))
    assert [event["type"] for event in events] == ["took_king", "took_king", "three_kings", "game_over"]
    assert after.outcome.to_dict() == {"reason": "three_kings", "three_kings": "ann", "scores": {"ann": 15, "bob": 0}, "winners": ["ann"]}


def test_worked_example_two_one_king_then_the_discard_then_the_other_or_not():
    after, _ = play(K_NINE_Q_TEN, move("ann", "take_king"))
    assert listed(after.to_dict()) == [
        {"player": "ann", "action": "take_king"},
        {"player": "ann", "action": "discard", "card": "9"},
        {"player": "ann", "action": "discard", "card": "Q"},
        {"player": "ann", "action": "discard", "card": "10"},
    ]
    after, events = play(after.to_dict(), move("ann", "discard", card="Q"))
    assert [event["type"] for event in events] == ["discarded", "may_take_king"] and after.phase == "kings"
    done, events = play(after.to_dict(), move("ann", "pass"))
    assert done.acting.name == "bob" and done.phase == "draw" and ranks(done.table) == ["K", "3", "5", "Q"]


def test_worked_example_two_no_king_taken_the_discard_then_both():
    after, _ = play(K_NINE_Q_TEN, move("ann", "discard", card="10"))
    assert after.phase == "kings"
    after, events = play(after.to_dict(), move("ann", "take_king"), move("ann", "take_king"))
    assert after.phase == "over" and after.three_kings == "ann" and [e["type"] for e in events][-2:] == ["three_kings", "game_over"]


def test_nothing_to_set_or_discard_a_hand_of_kings_takes_or_passes():
    data = table([["K"], ["4", "4", "7", "8"]], ["5", "K", "8", "9"], draws=["A"])
    assert listed(data) == [{"player": "ann", "action": "take_king"}, {"player": "ann", "action": "pass"}]
    after, _ = play(data, move("ann", "take_king"))
    assert after.acting.name == "ann" and after.phase == "play"  # nothing done yet: the turn ends with a pass
    assert listed(after.to_dict()) == [{"player": "ann", "action": "pass"}]
    after, _ = play(after.to_dict(), move("ann", "pass"))
    assert after.acting.name == "bob" and ranks(after.players[0].hand.cards) == ["K", "K"]
    declined, _ = play(data, move("ann", "pass"))  # never forced
    assert declined.acting.name == "bob" and ranks(declined.table) == ["5", "K", "8", "9"]


def test_the_sets_extra_draw_brings_a_first_king_and_the_turn_stays_for_the_take():
    data = table([["6", "9"], ["4", "4", "7", "8"]], ["5", "J", "K", "2"], draws=["K", "3"])
    assert {item["action"] for item in listed(data)} == {"set"}  # no King in hand yet: no take
    after, events = play(data, move("ann", "set", hand_card="6", table_cards=["5", "J"]))
    assert [event["type"] for event in events] == ["set", "drew", "may_take_king"]
    assert after.phase == "kings" and listed(after.to_dict()) == [{"player": "ann", "action": "take_king"}, {"player": "ann", "action": "pass"}]
    after, events = play(after.to_dict(), move("ann", "take_king"))
    assert ranks(after.players[0].hand.cards) == ["9", "K", "K"] and ranks(after.table) == ["2"] and after.acting.name == "bob"


def test_a_take_that_empties_the_table_refills_it_and_the_set_is_still_due():
    data = table([["K", "4"], ["8", "8"]], ["K"], draws=["2", "3", "5", "6", "7"])
    after, events = play(data, move("ann", "take_king"))
    assert [event["type"] for event in events] == ["took_king", "table_refilled"]
    assert ranks(after.table) == ["2", "3", "5", "6"] and after.acting.name == "ann" and after.phase == "play"
    assert listed(after.to_dict()) == [
        {"player": "ann", "action": "set", "hand_card": "4", "table_cards": ["2", "6"], "sum": "4 + 2 = 6"},
    ]


def test_kings_on_a_refill_after_a_take_go_to_the_taker():
    data = table([["K", "4", "Q"], ["8", "8"]], ["K"], draws=["2", "K", "5", "6", "7"])
    after, events = play(data, move("ann", "take_king"))  # K + K taken + the K turned: three, the game ends
    assert after.phase == "over" and after.three_kings == "ann" and ranks(after.players[0].hand.cards) == ["K", "4", "Q", "K", "K"]
    refill = next(e for e in events if e["type"] == "table_refilled")
    assert (refill["cards"], refill["kings_to"], refill["kings"]) == (["2", "K", "5", "6"], "ann", ["K"])


def test_a_turn_with_takes_and_no_set_or_discard_counts_as_passed_once_the_pile_is_empty():
    # The pile is empty; the rest of the pack lies on the table. ann holds K and takes the table's King, then passes:
    # her turn had no set and no discard. bob, holding only Kings, passes too: every player in turn has passed.
    rules = {"scoring": "bonus", "play_it_out": True}
    data = table([["K"], ["K", "K"]], ["K"], piles=[["6", "5", "J"], []], rest_to="table", rules=rules)
    after, _ = play(data, move("ann", "take_king"), move("ann", "pass"))
    assert after.passes == 1 and after.acting.name == "bob"
    after, _ = play(after.to_dict(), move("bob", "pass"))
    assert after.outcome.to_dict() == {"reason": "all_passed", "three_kings": None, "scores": {"ann": 22, "bob": 0}, "winners": ["ann"]}


def test_phase_kings_needs_a_king_to_take():
    data = table([["9", "K"], ["4", "4", "7", "8"]], ["5", "J", "3", "2"], phase="kings")
    assert GAME.check_state(GAME.read_state({**data, "phase": "play"})) == []
    with pytest.raises(InvalidInput) as refused:
        GAME.read_state(data)
    assert [(p.pointer, p.code) for p in refused.value.problems] == [("/phase", "no_king_to_take")]


def test_at_a_real_table_the_turn_stays_while_an_unseen_hand_may_hold_a_king():
    state = real_table(["5", "J", "K", "Q"], [[], []])
    state = apply(apply(state, move("ann", "draw")), move("ann", "discard", card="9"))
    assert state.phase == "kings" and state.acting.name == "ann"  # her unseen cards may hold a King
    assert report(state)["moves"] == [{"player": "ann", "action": "take_king"}, {"player": "ann", "action": "pass"}, {"player": "ann", "action": "show_kings"}]
    after = apply(state, move("ann", "pass"))
    assert after.acting.name == "bob" and after.players[0].hand.to_dict() == {"cards": [], "hidden": 4}  # this pass shows nothing


def test_a_real_table_is_marked_physical_and_its_pile_is_never_known():
    state = real_table(["5", "J", "3", "Q"], [[], []])
    data = state.to_dict()
    assert data["deal"] == "physical" and GAME.read_state(data) == state
    after = apply(state, move("ann", "draw"))
    assert after.deal == "physical"
    known = table([["4", "7"], ["8", "9"]], ["2", "Q", "Q", "10"], phase="draw")
    assert GAME.read_state(known).deal == "service"
    with pytest.raises(InvalidInput) as refused:
        GAME.read_state({**known, "deal": "physical"})
    assert [(p.pointer, p.code) for p in refused.value.problems] == [("/draw_pile", "physical_pile_known")]


@pytest.mark.parametrize(("card", "made"), [("6", "6 + 5 = 11"), ("A", "1 + 11 = 12"), ("7", "5 + 7 = 12")])
def test_at_a_real_table_a_discard_that_would_make_a_set_is_refused(card, made):
    """A discard shows its card: 6 with 5 J (6 + 5 = 11), A with J Q (1 + 11 = 12), 7 with 5 Q (5 + 7 = 12) were sets to
    take, and a set is compulsory when one exists (rule book, *Gameplay*; rules.md §3.3, §10.1). Worked by hand."""
    state = apply(real_table(["5", "J", "K", "Q"], [[], []]), move("ann", "draw"))
    assert codes(state, move("ann", "discard", card=card)) == [("set_available", "3.3")], made
    assert {"player": "ann", "action": "discard", "card": card} not in report(state)["moves"]
    assert codes(state, move("ann", "discard", card="9")) == []  # 9 makes no set with two of 5 J Q: 9 + 5 = 14, 9 + 11 = 20
