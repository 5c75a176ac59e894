"""The strict body parser: its depth count agrees with a recursive walk on any JSON."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.http.problems import MAX_JSON_DEPTH, MalformedJson, json_depth, strict_json

TEXT = st.text(alphabet='ab[]{}"\\\n/u', max_size=6)
VALUES = st.recursive(st.none() | st.booleans() | st.integers() | TEXT,
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3), max_leaves=20)


def depth(value):
    if isinstance(value, dict | list):
        return 1 + max((depth(child) for child in (value.values() if isinstance(value, dict) else value)), default=0)
    return 0


@settings(max_examples=500, deadline=None)
@given(VALUES, st.booleans())
def test_json_depth_matches_a_recursive_walk(value, ascii_only):
    assert json_depth(json.dumps(value, ensure_ascii=ascii_only).encode()) == depth(value)


def test_the_bound_is_inclusive():
    assert strict_json(b"[" * MAX_JSON_DEPTH + b"]" * MAX_JSON_DEPTH)
    with pytest.raises(MalformedJson, match="deeper"):
        strict_json(b"[" * (MAX_JSON_DEPTH + 1) + b"]" * (MAX_JSON_DEPTH + 1))
