"""Schemas every game shares: names, problem documents, the whole-state check, move reasons."""

from __future__ import annotations

import re
from typing import Any

from marshmallow import Schema, fields
from marshmallow_oneofschema.one_of_schema import OneOfSchema

from service.core.names import MAX_NAME_LENGTH

from .base import LeanSchema
from .fields import Boolean, Integer, Name, OneOf

MAX_NAME = MAX_NAME_LENGTH


def game_prefix(slug: str) -> str:
    """``twenty-four-1718`` → ``TwentyFour1718``: the prefix of a game's schema names in the OpenAPI document,
    so that every game's Move, State and standings keep names of their own."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[-_]", slug))


def event_schema(
    prefix: str, kind: str, description: str, rule: str | None, carries: dict[str, fields.Field[Any]], schema_name: str | None = None
) -> type[Schema]:
    """One kind of a game's event, named ``{prefix}{Kind}Event`` (or ``{prefix}{schema_name}Event``): its ``type`` (the
    union's discriminator), the section of the rule text behind it (``rule``, described so; None where the event names
    none) and the fields it ``carries``."""
    ruled = {"rule": fields.String(required=True, metadata={"description": rule})} if rule is not None else {}
    return LeanSchema.from_dict(
        {"type": fields.String(required=True, validate=OneOf([kind]), metadata={"description": description}), **ruled, **carries},
        name=f"{prefix}{schema_name or kind.title().replace('_', '')}Event",
    )


class EventUnion(OneOfSchema):
    """Something that happened in a game, told apart by its ``type`` (a game's subclass lists its kinds in
    ``type_schemas``): documented as a ``oneOf`` with a discriminator on ``type``."""

    type_field = "type"
    type_field_remove = False


def card_texts(description: str) -> fields.List[Any]:
    """An event's cards, as their texts."""
    return fields.List(fields.String(), required=True, metadata={"description": description})


def player_name(**kwargs: object) -> Name:
    """A player's name: :class:`~schemas.fields.Name` (NFC, 1 to 64 characters, no control, bidi-override or zero-width ones)."""
    return Name(**kwargs)  # type: ignore[arg-type]


class ProblemDetailSchema(LeanSchema):
    """One problem: where (a JSON pointer into the request), what (a stable code), why."""

    pointer = fields.String(required=True, metadata={"example": "/castles/1/card"})
    code = fields.String(required=True, metadata={"example": "castle_suit_repeated"})
    message = fields.String(required=True)
    rule = fields.String(metadata={"description": "The section of the game's rule text behind a move's reason (GET /v1/{game}/rules).", "example": "9.4"})
    row = Integer(metadata={"description": "For spreadsheet rows: the row number as the organiser sees it (header = 1)."})
    column = fields.String(metadata={"description": "For spreadsheet rows: the column."})
    limit = Integer(metadata={"description": "For a limit an upload goes past (413): its bound."})
    found = Integer(metadata={"description": "For a limit an upload goes past (413): what was counted (at least this many)."})


class ProblemSchema(LeanSchema):
    """An RFC 9457 problem document (``application/problem+json``)."""

    type = fields.String(required=True, metadata={"example": "urn:kings-referee:problem:invalid-input"})
    title = fields.String(required=True)
    status = Integer(required=True)
    detail = fields.String(required=True)
    instance = fields.String(
        metadata={
            "description": "The path the problem was met at; the proxy's own problems (429, 502, 503, 504...) have none.",
            "example": "/v1/24-kings/calculus",
        }
    )
    errors = fields.List(fields.Nested(ProblemDetailSchema), required=True, metadata={"description": "The first 100 problems."})
    errors_omitted = Integer(metadata={"description": "How many problems past the first 100 are not listed (absent when none are)."})
    truncated = Boolean(metadata={"description": "true when the check stopped at 100 problems (absent otherwise)."})


class StateCheckResponseSchema(LeanSchema):
    valid = Boolean(required=True)
    problems = fields.List(fields.Nested(ProblemDetailSchema), required=True, metadata={"description": "The first 100 problems, pointing into the body."})
    truncated = Boolean(metadata={"description": "true when the check stopped at 100 problems (absent otherwise)."})
    errors_omitted = Integer(metadata={"description": "With truncated: the problems the check saw past the first 100 before it stopped."})


class ReasonSchema(LeanSchema):
    code = fields.String(required=True, metadata={"example": "suit_mismatch"})
    rule = fields.String(required=True, metadata={"example": "9.4"})
    pointer = fields.String(required=True, metadata={"description": "Where in the request body (RFC 6901).", "example": "/move/card"})
    message = fields.String(required=True)


class VerdictSchema(LeanSchema):
    """A verdict on a move in any game; each game documents its own moves in ``alternatives``."""

    legal = Boolean(required=True)
    reasons = fields.List(fields.Nested(ReasonSchema), required=True)
    alternatives = fields.List(fields.Dict(), required=True, metadata={"description": "The nearest legal moves."})


class LegalMovesSchema(LeanSchema):
    player = fields.String(required=True, allow_none=True, metadata={"description": "Who acts; null when the game is over."})
    phase = fields.String(required=True)
    moves = fields.List(fields.Dict(), required=True)
    counts = fields.Dict(keys=fields.String(), values=Integer(), required=True, metadata={"description": "Legal moves per action."})


class TransitionSchema(LeanSchema):
    """A move applied; a game whose moves and states have schemas of their own names them in a subclass."""

    move: fields.Field[Any] = fields.Dict(required=True)
    state: fields.Field[Any] = fields.Dict(required=True)
    events = fields.List(fields.Dict(), required=True)


def transition_schema(module: str, move: type[Schema], state: type[Schema], event: Any, description: str | None = None) -> type[Schema]:
    """A game's ``TransitionSchema`` (in its schema ``module``, so the document names it after the game): a move applied,
    with the state after it and what happened, each in the game's own schema (``event``: a schema or an event union)."""
    body: dict[str, Any] = {
        "__module__": module,
        "__doc__": description,
        "move": fields.Nested(move, required=True),
        "state": fields.Nested(state, required=True),
        "events": fields.List(fields.Nested(event), required=True),
    }
    return type("TransitionSchema", (LeanSchema,), body)


def fill_schema(module: str, name: str, needs: dict[str, str]) -> type[Schema]:
    """What a game's template moves need (``name``, in its schema ``module``): each field a template leaves to fill,
    with a text saying what goes there (``{"card": "A card from card_choices."}``)."""
    body: dict[str, Any] = {field: fields.String(metadata={"description": need}) for field, need in needs.items()}
    return type(name, (LeanSchema,), {"__module__": module, "__doc__": "What a template move needs before it is sent.", **body})


def listed_move_schema(module: str, name: str, move: type[Schema], fill: type[Schema]) -> type[Schema]:
    """A game's move as an answer lists it (``name``, in its schema ``module``): the ``move`` and, on a template of a
    real table, what must be filled in (``fill``: the game's fields to fill)."""
    body: dict[str, Any] = {
        "__module__": module,
        "__doc__": "A move as an answer lists it; at a real table a template also says what it needs (only in answers).",
        "fill": fields.Nested(fill, metadata={"description": "Present on a template: what must be filled in before the move is sent."}),
    }
    return type(name, (move,), body)


class PlayerViewSchema(LeanSchema):
    """What one player may see; each game documents its own fields."""

    class Meta:
        unknown = "include"

    player = fields.String(required=True, metadata={"description": "Whose view this is."})
