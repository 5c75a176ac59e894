"""LeanSchema.load must answer exactly as marshmallow's own Schema.load: same data, same errors.

Inputs are the API's examples and hypothesis mutations of them: keys dropped,
keys added, values replaced by arbitrary JSON at any depth.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError

from schemas.base import LeanSchema
from schemas.games import NewGameRequestSchema, StateRequestSchema, TableSetupRequestSchema
from schemas.moves import MoveRequestSchema
from schemas.scoring import CalculusRequestSchema, HandsRequestSchema
from schemas.tournaments import StandingsRequestSchema
from service.http.examples import examples

EX = examples()
CASES = [
    (CalculusRequestSchema, EX["calculus_request"]), (HandsRequestSchema, EX["hands_request"]),
    (NewGameRequestSchema, EX["new_game_request"]), (TableSetupRequestSchema, EX["table_setup_request"]),
    (StateRequestSchema, EX["state_request"]), (MoveRequestSchema, EX["move_request"]),
    (StandingsRequestSchema, {"rows": [{"game": 1, "player": "ann", "points": 2}]}),
]
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.floats(-5, 5, allow_nan=False) | st.sampled_from(["", "QH", "10h", "ZZ", "x", "KS"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["card", "kings", "cards", "name", "x", "hidden"]), inner, max_size=3),
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


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(CASES), st.data(), st.sampled_from(["replace", "drop", "add"]), JSON)
def test_mutations_load_identically(case, data, action, replacement):
    schema_class, example = case
    path = data.draw(st.sampled_from(paths(example)))
    body = mutate(example, path, action, replacement)
    assert outcome(schema_class(), body) == stock_load(schema_class, body)
