"""Schemas shared by several areas: rules, castles, problem details."""

from __future__ import annotations

from marshmallow import fields, validate

from service.games.kings.rules import HAND_SET_DESCRIPTIONS, HAND_SET_NAMES, OPTION_DESCRIPTIONS

from .base import LeanSchema
from .fields import Boolean, Card, CardList, Integer, Number

MAX_NAME = 64


def option_field(name: str) -> Boolean:
    return Boolean(load_default=False, metadata={"description": OPTION_DESCRIPTIONS[name]})


class RulesSchema(LeanSchema):
    """The hand set and the seven options; all optional, defaults as the standard game."""

    hands = fields.String(
        load_default="standard", validate=validate.OneOf(HAND_SET_NAMES),
        metadata={"description": "; ".join(f"{k}: {v}" for k, v in HAND_SET_DESCRIPTIONS.items())},
    )
    subjects_count = option_field("subjects_count")
    no_harm_no_foul = option_field("no_harm_no_foul")
    static_castles = option_field("static_castles")
    equal_opportunity = option_field("equal_opportunity")
    shuffle_me_out = option_field("shuffle_me_out")
    face_up_consequences = option_field("face_up_consequences")
    ghoul_raiser = option_field("ghoul_raiser")


class CastleSchema(LeanSchema):
    """A castle card and the Kings stacked on it (0 to 2), bottom first."""

    card = Card(required=True)
    kings = CardList(load_default=list, validate=validate.Length(max=2))


def castles_field() -> fields.List:
    return fields.List(
        fields.Nested(CastleSchema), required=True, validate=validate.Length(equal=4),
        metadata={"description": "The four castles in order: 1 North, 2 West, 3 East, 4 South."},
    )


def player_name(**kwargs: object) -> fields.String:
    return fields.String(validate=validate.Length(min=1, max=MAX_NAME), **kwargs)  # type: ignore[arg-type]


class ProblemDetailSchema(LeanSchema):
    """One problem: where (a JSON pointer into the request), what (a stable code), why."""

    pointer = fields.String(required=True, metadata={"example": "/castles/1/card"})
    code = fields.String(required=True, metadata={"example": "castle_suit_repeated"})
    message = fields.String(required=True)
    rule = fields.String(metadata={"description": "The RULES.md section behind a move's reason.", "example": "9.4"})
    row = Integer(metadata={"description": "For spreadsheet rows: the row number as the organiser sees it (header = 1)."})
    column = fields.String(metadata={"description": "For spreadsheet rows: the column."})


class ProblemSchema(LeanSchema):
    """An RFC 9457 problem document (``application/problem+json``)."""

    type = fields.String(required=True, metadata={"example": "urn:24-kings:problem:invalid-input"})
    title = fields.String(required=True)
    status = Integer(required=True)
    detail = fields.String(required=True)
    instance = fields.String(required=True, metadata={"example": "/v1/24-kings/calculus"})
    errors = fields.List(fields.Nested(ProblemDetailSchema), required=True)


class HandSchema(LeanSchema):
    name = fields.String(required=True, metadata={"example": "Half 7's"})
    family = fields.String(required=True)
    tier = fields.String(required=True, validate=validate.OneOf(["super", "full", "half"]))
    cards = fields.List(fields.String(), required=True)
    points = Number(required=True, metadata={"description": "Exact: a whole number or a half."})


class SplitSchema(LeanSchema):
    """A player's cards divided for The Calculus."""

    score = Number(required=True, metadata={"description": "Exact: a whole number or a half."})
    pointer = fields.String(required=True, allow_none=True)
    hands = fields.List(fields.Nested(HandSchema), required=True)
    saved = fields.List(fields.String(), required=True, metadata={"description": "Left-over cards a King saved (all of them under NO HARM-NO FOUL)."})
    penalised = fields.List(fields.String(), required=True, metadata={"description": "Left-over cards that cost their face value."})
    kings = fields.List(fields.String(), required=True, metadata={"description": "Kings held besides the Pointer (never penalised)."})
