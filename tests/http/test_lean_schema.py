"""LeanSchema.load must answer exactly as marshmallow's own Schema.load: same data, same errors.

Inputs are the API's examples and hypothesis mutations of them: keys dropped,
keys added, values replaced by arbitrary JSON at any depth. The compiled fast
path (schemas.compiled) is held to more: whatever it vouches for, marshmallow
loads to the same data, and it vouches for every valid example.
"""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError, fields

from schemas.base import LeanSchema
from schemas.compiled import compile_loader
from schemas.fields import CARD_PATTERN, Unsure
from schemas.kings import CalculusRequestSchema, HandsRequestSchema, NewGameRequestSchema, TableSetupRequestSchema
from schemas.tournaments import StandingsRequestSchema
from service.core.cards import CANONICAL_CARDS, ONE_DECK, Card, CardError, parse_card
from service.games import registered
from service.games.kings.web import examples
from service.http.referee import request_schemas

EX = examples()
StateRequestSchema, MoveRequestSchema, _ = request_schemas("24-kings")
_, ThreeKingsMoveRequestSchema, _ = request_schemas("three-kings")  # rank cards: a game's own field with its plain reader
THREE_KINGS = registered("three-kings").web().examples()
CASES = [
    (CalculusRequestSchema, EX["calculus_request"]),
    (HandsRequestSchema, EX["hands_request"]),
    (NewGameRequestSchema, EX["new_game_request"]),
    (TableSetupRequestSchema, EX["table_setup_request"]),
    (StateRequestSchema, {"state": EX["state"]}),
    (MoveRequestSchema, {"state": EX["state"], "move": EX["move"]}),
    (StandingsRequestSchema, {"rows": [{"game": 1, "player": "ann", "points": 2}]}),
    (ThreeKingsMoveRequestSchema, {"state": THREE_KINGS["state"], "move": THREE_KINGS["move"]}),
]
EDGE_NUMBERS = st.sampled_from([2**53, 2**53 + 1, -(2**53) - 1, 10**400, 1e308, 1.0, -0.0, 2.5])
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 200)
    | st.floats(-5, 5, allow_nan=False)
    | EDGE_NUMBERS
    | st.sampled_from(["", "QH", "10h", " ks ", "T♥", "ZZ", "x", "KS"]),
    # Lists of at most 2: the shortest limit of these schemas (a castle's Kings, declared hands). A longer list is
    # refused for its length alone, before its items are read, where marshmallow would judge each item first: a
    # deliberate difference, tested in test_hostile_input.py.
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.sampled_from(["card", "kings", "cards", "name", "x", "hidden"]), inner, max_size=3),
    max_leaves=6,
)


def stock_load(schema_class: type[Schema], data: Any) -> tuple[str, Any]:
    """marshmallow's own load, with LeanSchema's shortcut switched off at every level of nesting."""
    saved = LeanSchema.load
    LeanSchema.load = Schema.load  # type: ignore[method-assign]
    try:
        return outcome(schema_class(), data)
    finally:
        LeanSchema.load = saved  # type: ignore[method-assign]


def outcome(schema: Schema, data: Any) -> tuple[str, Any]:
    try:
        return "ok", schema.load(data)
    except ValidationError as error:
        return "error", error.messages


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += paths(child, (*prefix, index))
    return found


def mutate(data: Any, path: tuple, action: str, replacement: Any) -> Any:
    data = copy.deepcopy(data)
    if not path:
        return replacement
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if action == "drop" and isinstance(parent, dict):
        del parent[last]
    elif action == "add" and isinstance(parent, dict):
        parent["unexpected"] = replacement
    else:
        parent[last] = replacement
    return data


def test_examples_load_identically():
    for schema_class, data in CASES:
        assert outcome(schema_class(), data) == stock_load(schema_class, data)


def fast_outcome(schema_class: type[Schema], data: Any) -> tuple[str, Any]:
    try:
        return "ok", compile_loader(schema_class())(data)
    except Unsure:
        return "unsure", None


def test_the_fast_path_vouches_for_every_example():
    for schema_class, data in CASES:
        assert fast_outcome(schema_class, data) == stock_load(schema_class, data)


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(CASES), st.data(), st.sampled_from(["replace", "drop", "add"]), JSON)
def test_mutations_load_identically(case, data, action, replacement):
    """LeanSchema answers as marshmallow does; the fast path vouches only for what marshmallow loads the same."""
    schema_class, example = case
    path = data.draw(st.sampled_from(paths(example)))
    body = mutate(example, path, action, replacement)
    stock = stock_load(schema_class, body)
    assert outcome(schema_class(), body) == stock
    fast = fast_outcome(schema_class, body)
    assert fast[0] == "unsure" or fast == stock


AWKWARD = [
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    2.0,
    2.5,
    -0.0,
    2**53 + 1,
    10**400,
    1e308,
    "",
    " ",
    "x",
    "3",
    "true",
    "QH",
    "10h",
    "K♠",
    "ZZ",
    [],
    ["QH"],
    ["qh", "ZZ"],
    [1],
    {},
    {"x": 1},
]


def one_path_per_field(example: Any) -> list[tuple]:
    """Every place a value sits in the example, once per field (list positions other than the first skipped)."""
    return [path for path in paths(example) if all(step == 0 for step in path if isinstance(step, int))]


@pytest.mark.parametrize(("schema_class", "example"), CASES, ids=[case[0].__name__ for case in CASES])
def test_the_fast_path_agrees_with_marshmallow_on_every_field_and_awkward_value(schema_class, example):
    """Exhaustive where random mutation is thin: each field, each value that a loose type check would let through."""
    for path in one_path_per_field(example):
        for value in AWKWARD:
            body = mutate(example, path, "replace", value)
            fast = fast_outcome(schema_class, body)
            assert fast[0] == "unsure" or fast == stock_load(schema_class, body), (path, value)


def validator_bounds(schema: Schema, seen: set[type] | None = None) -> set[int]:
    """Every number a Length or Range validator of the schema (nested included) names."""
    seen = seen if seen is not None else set()
    if type(schema) in seen:
        return set()
    seen.add(type(schema))
    bounds: set[int] = set()
    for field in schema.load_fields.values():
        while isinstance(field, fields.List):
            bounds |= numbers_of(field.validators)
            field = field.inner
        bounds |= numbers_of(field.validators)
        if isinstance(field, fields.Nested):
            bounds |= validator_bounds(field.schema, seen)
    return bounds


def numbers_of(validators: list[Any]) -> set[int]:
    return {n for v in validators for n in (getattr(v, "min", None), getattr(v, "max", None), getattr(v, "equal", None)) if isinstance(n, int)}


BOUNDS = sorted({n + step for schema_class, _ in CASES for n in validator_bounds(schema_class()) for step in (-1, 0, 1) if n + step >= 0})
SHORT_BOUNDS = [n for n in BOUNDS if n < 200]


def boundary_values(current: Any) -> list[Any]:
    """Values of the current one's type at each bound: numbers, strings of that length, lists of its first item."""
    if isinstance(current, list):
        return [[current[0] if current else "QH"] * n for n in SHORT_BOUNDS]
    return {int: BOUNDS, str: ["x" * n for n in SHORT_BOUNDS]}.get(type(current), [])


def value_at(data: Any, path: tuple) -> Any:
    for step in path:
        data = data[step]
    return data


@pytest.mark.parametrize(("schema_class", "example"), CASES, ids=[case[0].__name__ for case in CASES])
def test_the_fast_path_agrees_with_marshmallow_at_every_length_and_range_bound(schema_class, example):
    """Each field's value at, just under and just over every bound the schemas name (Length, Range)."""
    for path in one_path_per_field(example):
        for value in boundary_values(value_at(example, path)):
            body = mutate(example, path, "replace", value)
            fast = fast_outcome(schema_class, body)
            assert fast[0] == "unsure" or fast == stock_load(schema_class, body), (path, value)


MOVE = {"state": EX["state"], "move": EX["move"]}


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("move", "castle"), True),  # a boolean is not an integer
        (("move", "castle"), 2.0),  # nor is a float, even a whole one
        (("move", "castle"), 9),  # out of range
        (("move", "player"), ""),  # too short
        (("move", "action"), "fly"),  # not one of the actions
        (("move", "card"), "1H"),  # not a card
        (("move", "drawn"), ["QH", 7]),  # not a string
        (("move", "drawn"), "QH"),  # a string is not a list
        (("state", "players", 0, "score"), 10**400),  # too large for a float
        (("state", "players", 0, "score"), "3"),  # a numeric string is not a number
        (("state", "players", 0, "hand"), None),  # not nullable
        (("state", "rules", "hands"), "jumbo"),
    ],
)
def test_the_fast_path_leaves_every_invalid_value_to_marshmallow(path, value):
    body = mutate(MOVE, path, "replace", value)
    assert fast_outcome(MoveRequestSchema, body) == ("unsure", None)
    assert stock_load(MoveRequestSchema, body)[0] == "error"
    assert outcome(MoveRequestSchema(), body) == stock_load(MoveRequestSchema, body)


def test_the_fast_path_fills_defaults_and_canonical_cards_as_marshmallow_does():
    body = {"castles": [{"card": "5h"}, {"card": "9C", "kings": ["kc"]}, {"card": "4D"}, {"card": "T♠"}], "cards": [" qs ", "10h"]}
    fast = fast_outcome(HandsRequestSchema, body)
    assert fast == stock_load(HandsRequestSchema, body)
    assert fast[1]["cards"] == [Card(12, "S"), Card(10, "H")] and fast[1]["rules"] == {} and fast[1]["castles"][0]["kings"] == []
    assert fast[1]["castles"][1]["kings"] == [Card(13, "C")] and fast[1]["castles"][3]["card"] == Card(10, "S")


@pytest.mark.parametrize("cards", [["QH", " 9c\t"], ["QH", 7], ["QH", True], ["QH", None], ["QH", ["QH"]], ["QH", {"QH": 1}], ["QH", "ZZ"], ["QH", b"QH"]])
def test_a_card_list_with_an_item_not_read_before_is_judged_item_by_item(cards):
    """The one-lookup reading of a card list covers only canonical texts; anything else takes the long way."""
    body = {**EX["hands_request"], "cards": cards}
    fast = fast_outcome(HandsRequestSchema, body)
    assert fast[0] == "unsure" or fast == stock_load(HandsRequestSchema, body)
    assert (fast[0] == "ok") == (cards == ["QH", " 9c\t"])
    if fast[0] == "ok":
        assert fast[1]["cards"] == [Card(12, "H"), Card(9, "C")]
    assert len(CANONICAL_CARDS) == 52 and " 9c\t" not in CANONICAL_CARDS  # nothing a client sends is remembered


def test_every_canonical_card_text_is_known_from_the_start():
    assert dict(CANONICAL_CARDS) == {str(card): card for card in ONE_DECK}


SPELLINGS = st.text(alphabet=" \t0123456789ATJQKatjqkSHDCshdcXx♠♥♦♣♤♡♢♧", max_size=5)


@settings(max_examples=800, deadline=None)
@given(SPELLINGS)
def test_the_documented_pattern_is_what_the_card_reader_reads(text):
    """CARD_PATTERN documents card text in the OpenAPI file; parse_card alone judges it. The two must agree."""
    try:
        parse_card(text)
        read = True
    except CardError:
        read = False
    assert read == bool(re.match(CARD_PATTERN, text)), text


@pytest.mark.parametrize("text", ["10H", "th", " K♠ ", "10♥", "ah", "q♧"])
def test_the_documented_pattern_accepts_every_spelling_the_reader_reads(text):
    assert parse_card(text) and re.match(CARD_PATTERN, text)


@pytest.mark.parametrize("text", ["1H", "11H", "10 H", "HH", "KX", "", "x" * 40])
def test_the_schema_refuses_what_the_reader_refuses_with_the_readers_words(text):
    body = {**EX["hands_request"], "cards": ["QH", text]}
    with pytest.raises(CardError) as refused:
        parse_card(text)
    assert outcome(HandsRequestSchema(), body) == ("error", {"cards": {1: [str(refused.value)]}})
    assert not re.match(CARD_PATTERN, text)


NAMES = st.lists(st.sampled_from([" ", "\t", "a", "B", "é", "e\u0301", "\u200b", "\u202e", "\x07", "\ud800", "名"]), max_size=6).map("".join)


@settings(max_examples=400, deadline=None)
@given(NAMES | st.sampled_from(["ann", " ann ", "", "x" * 40, "x" * 41, "e\u0301va"]))
def test_a_name_read_by_its_plain_reader_is_read_as_marshmallow_reads_it(name):
    """A player's name on the fast path: normalised as the field's own reading normalises it, or left to marshmallow."""
    body = {**EX["calculus_request"], "caller": name}
    fast = fast_outcome(CalculusRequestSchema, body)
    stock = stock_load(CalculusRequestSchema, body)
    assert fast == stock if stock[0] == "ok" else fast == ("unsure", None)


def test_the_fast_paths_own_table_holds_only_marshmallows_classes_and_each_project_field_says_how_it_reads():
    """One way to learn a field's plain reader: marshmallow's classes in the table, the project's on the class."""
    from schemas import compiled
    from schemas import fields as project_fields

    assert all(kind.__module__.startswith("marshmallow.") for kind in compiled._SCALARS)
    for kind in (project_fields.Card, project_fields.CardList, project_fields.Integer, project_fields.Number, project_fields.Boolean, project_fields.Name):
        # one way each: a reader (plain_load), or a type test alone (plain_type), which the writer takes first, so a
        # class with both would keep a plain_load nothing calls
        assert ("plain_load" in vars(kind)) != ("plain_type" in vars(kind)), kind


class Unreadable:
    """An item no reader may touch: reading it (hashing, comparing, asking its type's questions) fails the test."""

    def __hash__(self) -> int:
        raise AssertionError("an item of an over-long list was read")

    def __eq__(self, other: object) -> bool:
        raise AssertionError("an item of an over-long list was read")


@pytest.mark.parametrize("where", ["cards", "castle kings"])
def test_the_fast_path_never_reads_an_item_of_an_over_long_list(where):
    """A list past its bound (hands: 7 cards here... at most a deck; a castle: at most 2 Kings) is left to marshmallow's
    path before any item is read, at any depth: what lets a valid body skip service/http/lengths.py's walk."""
    body = copy.deepcopy(EX["hands_request"])
    if where == "cards":
        body["cards"] = [Unreadable()] * (HandsRequestSchema().fields["cards"].validators[0].max + 1)
    else:
        body["castles"][1]["kings"] = [Unreadable()] * 3  # at most 2 Kings sit on a castle (rules.md)
    assert fast_outcome(HandsRequestSchema, body) == ("unsure", None)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(CASES), st.data(), JSON, st.integers(0, 60))
def test_a_body_the_fast_path_vouches_for_has_no_list_past_its_bound(case, data, item, length):
    """load_body skips the length walk for a vouched body: the walk must have had nothing to refuse in it."""
    from service.http.lengths import check_lengths

    schema_class, example = case
    lists = [path for path in paths(example) if path and isinstance(_at(example, path), list)]
    if not lists:
        return
    body = mutate(example, data.draw(st.sampled_from(lists)), "replace", [item] * length)
    if fast_outcome(schema_class, body)[0] == "ok":
        assert check_lengths(schema_class(), body)[0] is None


def _at(value: Any, path: tuple) -> Any:
    for step in path:
        value = value[step]
    return value
