"""The one typed reader's lists of names and of whole numbers: read with every check where no schema vouched for them.

Four games checked these lists inline before the reader had a method for them; the command line, tests and sealed
tokens read states with every check, so each game's refusal must be worded as it was: the code, the pointer and the
game's own message, written out here.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from service.core.problems import InvalidInput
from service.core.reading import Reader
from service.games import registered

POINTS, VALUES = "points are whole numbers, one per player", "castle values are whole numbers"
REFUSED = [
    ("twenty-four", ("barred",), "bob", "/barred", "not_a_list", "barred is a list of player names"),
    ("twenty-four", ("drawing",), ["ann", 7], "/drawing", "not_a_list", "drawing is a list of player names"),
    ("twenty-four", ("results",), [{"target": 24, "points": [True, 4], "set_aside": 0}], "/results/0/points", "bad_integer", POINTS),
    ("24-kings", ("outcome",), {"reason": "valid_call", "castle_values": [1, "2"], "winners": []}, "/outcome/castle_values", "bad_integer", VALUES),
    ("24-kings", ("outcome",), {"reason": "valid_call", "castle_values": [], "winners": "ann"}, "/outcome/winners", "not_a_list", "winners is a list of names"),
    ("three-kings", ("outcome",), {"reason": "all_passed", "winners": [None]}, "/outcome/winners", "not_a_list", "winners is a list of names"),
    ("1923", ("taken",), [1], "/taken", "not_a_list", "expected a list of player names"),
]


def problems_of(slug: str, path: tuple[str, ...], value: Any) -> list[dict[str, Any]]:
    web = registered(slug).web()
    state = copy.deepcopy(web.examples()["state"])
    state[path[0]] = value
    with pytest.raises(InvalidInput) as refused:
        web.game.read_state(state)
    return [problem.to_dict() for problem in refused.value.problems]


@pytest.mark.parametrize(("slug", "path", "value", "pointer", "code", "message"), REFUSED)
def test_a_list_of_the_wrong_kind_is_refused_in_the_games_words(slug, path, value, pointer, code, message):
    found = [(p["pointer"], p["code"], p["message"]) for p in problems_of(slug, path, value)]
    assert (pointer, code, message) in found


def test_the_lists_read_are_tuples_of_what_was_given():
    reader = Reader()
    assert reader.texts(["ann", "bob"], "/x", "m") == ("ann", "bob")
    assert reader.whole_numbers([0, 4, 8], "/x", "m") == (0, 4, 8)
    assert reader.texts([], "/x", "m") == () and reader.whole_numbers([], "/x", "m") == ()
    assert not reader.problems


@pytest.mark.parametrize("value", [None, "ann", {"ann": 1}, ["ann", 1], [1.5], [True]])
def test_anything_else_is_one_problem_and_nothing_read(value):
    reader = Reader()
    names_ok = isinstance(value, list) and all(isinstance(item, str) for item in value)
    numbers_ok = isinstance(value, list) and all(type(item) is int for item in value)
    assert reader.texts(value, "/names", "names") == (tuple(value) if names_ok else ())
    assert reader.whole_numbers(value, "/numbers", "numbers") == (tuple(value) if numbers_ok else ())
    assert [(p.pointer, p.code) for p in reader.problems] == [("/names", "not_a_list")] * (not names_ok) + [("/numbers", "bad_integer")] * (not numbers_ok)
