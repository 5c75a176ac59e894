"""Every refusal a schema can give carries its code from the check that makes it (issue 26).

The problem document takes an error's code from the message's ``code`` (:class:`schemas.fields.CodedMessage`) and
never from its words, so a message without one would reach clients as the catch-all ``invalid``. The walk below
goes through every schema of ``schemas/`` and every request body the service builds from them, into every nested
schema, list item, map key and value, and fails on any message or validator that carries no code: a new field or
validator cannot go uncoded unnoticed.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator
from typing import Any

import pytest
from marshmallow import Schema, ValidationError, fields, validate
from marshmallow_oneofschema.one_of_schema import OneOfSchema

import schemas
from schemas.base import LeanSchema
from schemas.fields import CardList, CodedMessage, Integer, Length, Number, OneOf, Range, inner_fields
from service import create_app
from service.games import GAME_PACKAGES
from service.http.problems import pointer_errors
from service.http.referee import request_schemas


def schema_classes() -> Iterator[type[Schema]]:
    for module in pkgutil.iter_modules(schemas.__path__):
        loaded = importlib.import_module(f"schemas.{module.name}")
        for value in vars(loaded).values():
            if isinstance(value, type) and issubclass(value, Schema) and value.__module__.startswith("schemas."):
                yield value
    for slug in GAME_PACKAGES:
        yield from request_schemas(slug)


def operation_schemas() -> Iterator[Schema]:
    """The schema of every body and query string an operation of the app reads, as flask-smorest documents them."""
    for view in create_app().view_functions.values():
        for parameter in getattr(view, "_apidoc", {}).get("arguments", {}).get("parameters", []):
            yield parameter["schema"]


def walk(start: list[Schema]) -> Iterator[tuple[str, Schema]]:
    """Every schema reachable from ``start`` (nested schemas, a union's members), once each, with where it was found."""
    seen: set[type[Schema]] = set()
    todo = [(type(schema).__name__, schema) for schema in start]
    while todo:
        where, schema = todo.pop()
        if type(schema) in seen:
            continue
        seen.add(type(schema))
        yield where, schema
        if isinstance(schema, OneOfSchema):
            todo += [(f"{where}<{name}>", member() if isinstance(member, type) else member) for name, member in schema.type_schemas.items()]
            continue
        for name, field in schema.fields.items():
            for part in parts(field):
                if isinstance(part, fields.Nested) and isinstance(part.schema, Schema):
                    todo.append((f"{where}.{name}", part.schema))


def parts(field: fields.Field[Any]) -> Iterator[fields.Field[Any]]:
    yield field
    for inner in inner_fields(field):
        yield from parts(inner)


SCHEMAS = list(walk([cls() for cls in schema_classes()] + list(operation_schemas())))


def test_the_walk_reaches_every_game_and_its_request_bodies() -> None:
    names = {type(schema).__name__ for _, schema in SCHEMAS}
    assert len(SCHEMAS) > 200
    assert {"KingsMoveRequest", "ThreeKingsStateRequest", "TwentyFour1718ViewRequest", "KingsTournamentStandingsQuery"} <= names


def uncoded(schema: Schema) -> Iterator[str]:
    if isinstance(schema, OneOfSchema):
        return  # a union words its own refusals (marshmallow-oneofschema's); no request body holds one (below)
    for key in ("unknown", "type"):
        if not isinstance(schema.error_messages[key], CodedMessage):
            yield f"the schema's {key!r} message"
    for name, field in schema.fields.items():
        for part in parts(field):
            kind = type(part).__name__
            for key, message in part.error_messages.items():
                if not isinstance(message, CodedMessage):
                    yield f"{name}: {kind}'s {key!r} message {message!r}"
            for validator in part.validators:
                if not isinstance(validator, OneOf | Length | Range):
                    yield f"{name}: {kind}'s validator {validator!r} (use schemas.fields' OneOf, Length, Range)"


@pytest.mark.parametrize(("where", "schema"), SCHEMAS, ids=[where for where, _ in SCHEMAS])
def test_every_message_of_every_field_carries_its_code(where: str, schema: Schema) -> None:
    assert list(uncoded(schema)) == []


def test_no_request_body_holds_a_union() -> None:
    """A OneOfSchema words its refusals itself, uncoded: they may be answers' schemas only."""
    requests = [schema for slug in GAME_PACKAGES for cls in request_schemas(slug) for schema in [cls()]] + list(operation_schemas())
    assert not [where for where, schema in walk(requests) if isinstance(schema, OneOfSchema)]


def test_a_field_of_marshmallow_with_an_unknown_message_goes_uncoded() -> None:
    """The walk can fail: a field class whose message key has no code is found."""

    class Stamp(fields.String):
        default_error_messages = {"stale": "Too old."}  # noqa: RUF012  # marshmallow's attribute

    probe = LeanSchema.from_dict({"stamp": Stamp(validate=validate.Length(max=3))})()
    assert [problem.split(": ", 1)[1] for problem in uncoded(probe)] == [
        "Stamp's 'stale' message 'Too old.'",
        "Stamp's validator <Length(min=None, max=3, equal=None, error=None)> (use schemas.fields' OneOf, Length, Range)",
    ]


# The codes clients were given before the codes moved to the checks (issue 26), one case per check: the oracle.
PROBE = LeanSchema.from_dict(
    {
        "text": fields.String(required=True),
        "count": Integer(validate=Range(min=1, max=3)),
        "number": Number(),
        "flag": fields.Boolean(),
        "strict_flag": schemas.fields.Boolean(),
        "plain_count": fields.Integer(),
        "kind": fields.String(validate=OneOf(["a", "b"])),
        "cards": CardList(validate=Length(max=2)),
        "names": fields.List(fields.String(), validate=Length(min=1, error="Give at least one name.")),
        "exactly": fields.List(fields.String(), validate=Length(equal=2)),
        "between": fields.String(validate=Length(min=2, max=3)),
        "short": fields.String(validate=Length(min=2)),
        "inner": fields.Nested(LeanSchema.from_dict({"x": Integer(allow_none=False)})),
        "map": fields.Dict(keys=fields.String(), values=Integer()),
        "nested_many": fields.Nested(LeanSchema.from_dict({"y": Integer()}), many=True),
    }
)()
CASES = [
    ({}, "/text", "required"),
    ({"text": None}, "/text", "not_nullable"),
    ({"text": 3}, "/text", "not_a_string"),
    ({"count": "3"}, "/count", "not_an_integer"),
    ({"count": 9}, "/count", "out_of_range"),
    ({"number": "x"}, "/number", "not_a_number"),
    ({"flag": "maybe"}, "/flag", "not_a_boolean"),
    ({"strict_flag": 1}, "/strict_flag", "not_a_boolean"),
    ({"plain_count": "many"}, "/plain_count", "not_an_integer"),
    ({"kind": "c"}, "/kind", "not_an_option"),
    ({"cards": "AS"}, "/cards", "not_a_list"),
    ({"cards": [3]}, "/cards/0", "not_a_string"),
    ({"cards": ["ZZ"]}, "/cards/0", "bad_card"),
    ({"cards": ["AS", "KS", "QS"]}, "/cards", "bad_length"),
    ({"names": []}, "/names", "bad_length"),
    ({"exactly": ["a"]}, "/exactly", "bad_length"),
    ({"between": "a"}, "/between", "bad_length"),
    ({"short": "a"}, "/short", "bad_length"),
    ({"inner": 3}, "/inner", "not_an_object"),
    ({"inner": {"z": 1}}, "/inner/z", "unknown_field"),
    ({"inner": {"x": None}}, "/inner/x", "not_nullable"),
    ({"map": []}, "/map", "invalid"),
    ({"map": {"a": "b"}}, "/map/a/value", "not_an_integer"),
    ({"nested_many": {}}, "/nested_many", "invalid"),
    ({"other": 1}, "/other", "unknown_field"),
]


@pytest.mark.parametrize(("body", "pointer", "code"), CASES, ids=[f"{pointer}-{code}" for _, pointer, code in CASES])
def test_each_check_gives_the_code_clients_had(body: dict[str, Any], pointer: str, code: str) -> None:
    body = {"text": "t", **body} if "text" not in body and body != {} else body
    with pytest.raises(ValidationError) as refused:
        PROBE.load(body)
    found = {(error["pointer"], error["code"]) for error in pointer_errors(refused.value.messages)}
    assert (pointer, code) in found


def test_a_message_keeps_its_code_through_format_and_copies() -> None:
    import copy
    import pickle

    message = CodedMessage("Longer than {max}.", "bad_length")
    for same in (message.format(max=3), copy.deepcopy(message), pickle.loads(pickle.dumps(message))):
        assert isinstance(same, CodedMessage)
        assert same.code == "bad_length"
    assert message.format(max=3) == "Longer than 3."
