"""§7.1: a state is checked whole, every problem at once with its pointer; the plain data round trip."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from service.core.problems import InvalidInput
from service.core.zones import Zone
from service.games.nineteen_twenty_three import GAME
from service.games.nineteen_twenty_three.moves import Move
from service.games.nineteen_twenty_three.scoring import MatchResult
from service.games.nineteen_twenty_three.start import new_match, table_match
from service.games.nineteen_twenty_three.state import state_from_dict, state_problems

from .tables import cards, table

apply_move = GAME.apply


def codes(state) -> list[tuple[str, str]]:
    return [(p.pointer, p.code) for p in state_problems(state)]


def read_problems(data) -> list[tuple[str, str]]:
    with pytest.raises(InvalidInput) as refused:
        GAME.read_state(data)
    return [(p.pointer, p.code) for p in refused.value.problems]


def test_round_trip_through_plain_data():
    state, _ = new_match(["ann", "bob", "cy"], seed=5)
    assert state_from_dict(json.loads(json.dumps(state.to_dict()))) == state
    table_state = table_match(["ann", "bob"], won={"ann": cards("AH")}, dead=cards("2C"), points={"bob": 3})
    assert state_from_dict(json.loads(json.dumps(table_state.to_dict()))) == table_state


def test_conservation_and_copies():
    state = table({"ann": "2H 3H", "bob": "4H 5H"}, "9S 8S", locked=False)
    lost = replace(state, dead=Zone(state.dead.cards[1:]))
    assert codes(lost) == [("", "card_total")]
    doubled = replace(state, dead=Zone(state.dead.cards[1:] + cards("2H")))
    assert codes(doubled) == [("/dead/cards/45", "too_many_copies")]
    mixed = replace(state, pile=Zone(state.pile.cards, 1), dead=Zone(state.dead.cards[1:]))
    assert ("/pile", "pile_partly_known") in codes(mixed) and ("/pile/hidden", "referee_pile_counted") in codes(mixed)


def test_phase_locks_hands_and_taken_agree():
    state = table({"ann": "2H 3H", "bob": "4H 5H"}, "9S 8S", locked=False)
    assert codes(replace(state, phase="reveal")) == [("/phase", "phase_mismatch")]
    assert codes(replace(state, taken=("ann", "bob", "bob", "bob"))) == [("/players/0/hand", "taken_mismatch"), ("/players/1/hand", "taken_mismatch")]
    assert codes(replace(state, taken=(*state.taken[:-1], "zed"))) == [("/taken", "unknown_player"), ("/players/1/hand", "taken_mismatch")]
    short = table({"ann": "2H", "bob": "4H 5H"}, "9S 8S", locked=False)
    assert codes(short) == [("/players/0/hand", "hand_size")]
    empty = table({"ann": "2H 3H", "bob": "4H 5H"}, "", locked=False)
    assert codes(empty) == [("/phase", "pile_empty")]
    assert codes(table({"ann": "2H 3H", "bob": "4H 5H"}, "9S", points={"ann": 21})) == [("/players/0/points", "target_reached")]


def test_outcome_agrees_with_the_totals():
    over = table({"ann": "10H 9H", "bob": "4H 5H"}, "2S", points={"ann": 18})
    final = apply_move(over, Move("reveal")).state
    assert not codes(final)
    assert codes(replace(final, outcome=MatchResult(("bob",), "first_to_target"))) == [("/outcome", "outcome_mismatch")]
    assert codes(replace(final, outcome=None)) == [("/outcome", "outcome_missing")]
    assert codes(replace(over, outcome=final.outcome)) == [("/outcome", "outcome_too_early")]


def test_reading_reports_every_malformed_field():
    data = new_match(["ann", "bob"], seed=1)[0].to_dict()
    data["players"][0]["hand"]["cards"][0] = "ZZ"
    data["players"][1]["locked"] = "yes"
    data["phase"] = "dancing"
    data["rules"]["decks"] = 0
    assert read_problems(data) == [
        ("/rules/decks", "bad_integer"),
        ("/players/0/hand/cards/0", "bad_card"),
        ("/players/1/locked", "bad_boolean"),
        ("/phase", "bad_choice"),
    ]
    data = new_match(["ann", "bob"], seed=1)[0].to_dict()
    data["players"][1]["name"] = "ann"
    assert ("/players/1/name", "duplicate_name") in read_problems(data)


def test_table_match_problems():
    with pytest.raises(InvalidInput) as refused:
        table_match(["ann", "bob"], decks=1, won={"zed": cards("2H")}, points={"cy": 1})
    assert [(p.pointer, p.code) for p in refused.value.problems] == [("/points/cy", "unknown_player"), ("/won/zed", "unknown_player")]
    with pytest.raises(InvalidInput) as refused:
        table_match(["ann", "bob"], decks=1, won={"ann": cards("2H 2H")})
    assert [(p.pointer, p.code) for p in refused.value.problems] == [("/won/ann/1", "too_many_copies")]


def test_referee_dealt_state_has_nothing_unseen():
    """§7.1/§7.3: the referee deals from the seed and knows every card; an unseen card could be re-chosen at the reveal."""
    data = new_match(["ann", "bob", "cy"], seed=7)[0].to_dict()
    data["pile"]["cards"].remove("AS")
    data["dead"]["hidden"] = 1
    assert ("/dead/hidden", "referee_card_unseen") in read_problems(data)
    data = new_match(["ann", "bob", "cy"], seed=7)[0].to_dict()
    data["players"][0]["hand"] = {"cards": [], "hidden": 2}
    data["pile"]["cards"] = [card for card in data["pile"]["cards"] if card not in ("AS", "KC")]
    data["dead"]["hidden"] = 2
    for player in data["players"]:
        player["locked"] = True
    data["phase"] = "reveal"
    found = read_problems(data)
    assert ("/players/0/hand/hidden", "referee_card_unseen") in found and ("/dead/hidden", "referee_card_unseen") in found
