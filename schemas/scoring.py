"""/hands and /calculus: what a set of cards holds, and The Calculus of a table."""

from __future__ import annotations

from marshmallow import fields, validate

from service.games.kings.hands import MAX_HOLDING

from .base import LeanSchema
from .common import HandSchema, RulesSchema, SplitSchema, castles_field, player_name
from .fields import Boolean, Card, CardList, Integer, Number

MAX_TABLE_PLAYERS = 10


class HandsRequestSchema(LeanSchema):
    rules = fields.Nested(RulesSchema, load_default=dict)
    castles = castles_field()
    cards = CardList(required=True, validate=validate.Length(max=MAX_HOLDING),
                     metadata={"description": f"Up to {MAX_HOLDING} cards; a HAND! call needs 7."})


class ProgressSchema(LeanSchema):
    name = fields.String(required=True)
    family = fields.String(required=True)
    tier = fields.String(required=True)
    in_play = Boolean(required=True, metadata={"description": "Whether the hand set in force plays this hand."})
    held = fields.List(fields.String(), required=True)
    missing = fields.List(fields.String(), required=True, metadata={"description": "Cards still needed; 'Q*' means a Queen of any suit."})
    complete = Boolean(required=True)
    points = Number(required=True)


class HandsResponseSchema(LeanSchema):
    castle_values = fields.List(Integer(), required=True)
    valid_call = Boolean(required=True)
    calling_split = fields.Nested(SplitSchema, required=True, allow_none=True)
    best = fields.Nested(SplitSchema, required=True)
    found = fields.List(fields.Nested(HandSchema), required=True)
    progress = fields.List(fields.Nested(ProgressSchema), required=True)


class TablePlayerSchema(LeanSchema):
    name = player_name(required=True)
    cards = CardList(required=True, validate=validate.Length(max=MAX_HOLDING), metadata={"description": f"Up to {MAX_HOLDING} cards."})
    pointer = Card(metadata={"description": "Declared Pointer; omitted, the referee chooses the best."})
    hands = fields.List(CardList(validate=validate.Length(min=3, max=6)), validate=validate.Length(max=34),
                        metadata={"description": "Declared hands; omitted, the referee chooses the best."})


class CalculusRequestSchema(LeanSchema):
    rules = fields.Nested(RulesSchema, load_default=dict)
    castles = castles_field()
    players = fields.List(fields.Nested(TablePlayerSchema), required=True, validate=validate.Length(min=1, max=MAX_TABLE_PLAYERS))
    caller = player_name()


class PlayerResultSchema(SplitSchema):
    name = fields.String(required=True)
    declared = Boolean(required=True)


class CallSchema(LeanSchema):
    player = fields.String(required=True)
    valid = Boolean(required=True)
    reason = fields.String(required=True)


class CalculusResponseSchema(LeanSchema):
    castle_values = fields.List(Integer(), required=True)
    players = fields.List(fields.Nested(PlayerResultSchema), required=True)
    winners = fields.List(fields.String(), required=True)
    call = fields.Nested(CallSchema, metadata={"description": "Present when a caller was given."})
