"""What a schema's written loader (schemas/compiled.py) takes from the schema into its source: a field's name, its
validators' bounds. Whatever they are, the written loader answers as marshmallow's own load does (or leaves the
body to it: Unsure); nothing of a name reaches the source but as a quoted literal or a made-up identifier."""

from __future__ import annotations

from typing import Any

import pytest
from marshmallow import fields

from schemas.base import LeanSchema
from schemas.compiled import compile_loader
from schemas.fields import Length, OneOf, Unsure


def both(field: fields.Field[Any], name: str, value: Any) -> tuple[Any, Any]:
    """The written loader's answer and marshmallow's for ``{name: value}`` (the oracle: marshmallow's own load)."""
    schema = LeanSchema.from_dict({name: field})()
    try:
        fast = compile_loader(schema)({name: value})
    except Unsure:
        fast = "unsure"
    return fast, schema.load({name: value})


@pytest.mark.parametrize(
    "name",
    [
        "a\n    return 'written'",  # a line break would end the comment that names the field, and start a line of code
        "a\r    return 'written'",
        "b\x0c\n    data = {}",
    ],
)
def test_a_name_with_a_line_break_stays_in_its_comment(name):
    fast, slow = both(fields.String(), name, "x")
    assert slow == {name: "x"}
    assert fast in (slow, "unsure")


@pytest.mark.parametrize("name", ["ﬁeld", "ªb", "1st", "a-b", "²", "x y"])
def test_a_name_that_is_no_ascii_identifier_gets_one_in_the_loader(name):
    """Python reads an identifier in NFKC (``ﬁ`` is ``fi``) and none starts with a digit: the names the loader binds its
    objects to (here the choices of a OneOf) must be read back as they were written."""
    fast, slow = both(fields.String(validate=OneOf(["a"])), name, "a")
    assert slow == {name: "a"}
    assert fast == slow


@pytest.mark.parametrize("length", [Length(max=float("inf")), Length(min=0.5, max=2.5), Length(equal=1.0)])
def test_a_length_bound_that_is_no_integer_is_tested_as_marshmallow_tests_it(length):
    fast, slow = both(fields.List(fields.String(), validate=length), "tags", ["x"])
    assert slow == {"tags": ["x"]}
    assert fast in (slow, "unsure")
