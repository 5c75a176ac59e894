"""The compiled fast path is written out as one function per schema: each field's check is a line a reader can read,
and the lines accept exactly what the field's own checks accept (anything else is left to marshmallow: Unsure)."""

from __future__ import annotations

from typing import Any

import pytest
from marshmallow import fields

from schemas.base import LeanSchema
from schemas.compiled import compile_loader, loader_source
from schemas.fields import Integer, Length, Number, OneOf, Range, Unsure
from schemas.kings import CastleSchema


class Inner(LeanSchema):
    word = fields.String(required=True, validate=OneOf(["a", "b"]))


class Probe(LeanSchema):
    count = Integer(validate=Range(0, 5))
    below = Integer(validate=Range(0, 5, max_inclusive=False))  # not one of the written tests: marshmallow's validator runs
    share = Number(validate=Range(0.5, 1.5))  # float bounds: marshmallow's validator too
    words = fields.List(fields.String(), validate=Length(min=1, max=2))
    inner = fields.Nested(Inner, allow_none=True)
    tags = fields.List(fields.String(), load_default=list)
    kind = fields.String(load_default="plain")


def fast(data: Any) -> Any:
    try:
        return compile_loader(Probe())(data)
    except Unsure:
        return "unsure"


def test_a_fields_check_reads_as_a_line_of_the_written_loader():
    source = loader_source(CastleSchema())
    # a castle: its card required, at most two Kings on it (rules.md), none when the key is left out
    assert "# card: Card, required" in source
    assert "# kings: CardList, Length(max=2), has a default" in source
    assert "if len(value) > 2:" in source
    assert "result['kings'] = []" in source


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({}, {"tags": [], "kind": "plain"}),
        ({"count": 0, "below": 4, "share": 0.5}, {"count": 0, "below": 4, "share": 0.5, "tags": [], "kind": "plain"}),
        ({"count": 5}, {"count": 5, "tags": [], "kind": "plain"}),
        ({"count": 6}, "unsure"),
        ({"count": -1}, "unsure"),
        ({"count": True}, "unsure"),
        ({"below": 5}, "unsure"),
        ({"share": 1.6}, "unsure"),
        ({"share": 1}, {"share": 1.0, "tags": [], "kind": "plain"}),
        ({"words": []}, "unsure"),
        ({"words": ["x", "y", "z"]}, "unsure"),
        ({"words": ["x", 1]}, "unsure"),
        ({"words": ["x"]}, {"words": ["x"], "tags": [], "kind": "plain"}),
        ({"inner": None}, {"inner": None, "tags": [], "kind": "plain"}),
        ({"inner": {"word": "c"}}, "unsure"),
        ({"inner": {"word": "a", "other": 1}}, "unsure"),
        ({"inner": {"word": "b"}, "kind": "k"}, {"inner": {"word": "b"}, "tags": [], "kind": "k"}),
        ({"kind": None}, "unsure"),
        ({"unknown": 1}, "unsure"),
        ([], "unsure"),
    ],
)
def test_the_written_loader_accepts_what_the_fields_accept_and_nothing_else(data, expected):
    assert fast(data) == expected
    if expected != "unsure":
        assert Probe().load(data) == expected  # marshmallow's own answer, when the fast path vouches for one


def test_each_load_has_a_fresh_default_list():
    first, second = fast({}), fast({})
    first["tags"].append("x")
    assert second["tags"] == []
