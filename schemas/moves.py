"""Moves: the legal list, a verdict, the state after a move."""

from __future__ import annotations

from marshmallow import fields, validate

from service.games.kings.moves import ACTIONS

from .base import LeanSchema
from .common import player_name
from .fields import Boolean, Card, CardList, Integer
from .games import GameStateSchema


class MoveSchema(LeanSchema):
    player = player_name(required=True, metadata={"description": "The player making the move."})
    action = fields.String(required=True, validate=validate.OneOf(ACTIONS))
    card = Card(allow_none=True, metadata={"description": "The card discarded, dumped or played (not for call_hand)."})
    castle = Integer(allow_none=True, validate=validate.Range(min=1, max=4), metadata={"description": "1-4, for play_king and dethrone."})
    take_face_up = CardList(load_default=list, validate=validate.Length(max=2),
                            metadata={"description": "GHOUL-RAISER: face-up cards taken instead of drawing."})
    drawn = CardList(load_default=list, validate=validate.Length(max=2), metadata={"description": "Cards drawn from a counted (unseen) draw pile."})
    reveal = CardList(allow_none=True, validate=validate.Length(max=8), metadata={"description": "A caller's cards the referee cannot see."})


class MoveRequestSchema(LeanSchema):
    state = fields.Nested(GameStateSchema, required=True)
    move = fields.Nested(MoveSchema, required=True)


class LegalMoveSchema(MoveSchema):
    call_valid = Boolean(metadata={"description": "For call_hand: whether the call would be valid."})
    face_up_choices = fields.List(fields.String(), metadata={"description": "GHOUL-RAISER: face-up cards this King action may take."})


class LegalMovesResponseSchema(LeanSchema):
    player = fields.String(required=True, allow_none=True)
    phase = fields.String(required=True)
    moves = fields.List(fields.Nested(LegalMoveSchema), required=True)
    counts = fields.Dict(keys=fields.String(), values=Integer(), required=True)


class ReasonSchema(LeanSchema):
    code = fields.String(required=True, metadata={"example": "suit_mismatch"})
    rule = fields.String(required=True, metadata={"example": "9.4"})
    pointer = fields.String(required=True, metadata={"example": "/card"})
    message = fields.String(required=True)


class VerdictSchema(LeanSchema):
    legal = Boolean(required=True)
    reasons = fields.List(fields.Nested(ReasonSchema), required=True)
    alternatives = fields.List(fields.Nested(LegalMoveSchema), required=True)
    call_valid = Boolean(metadata={"description": "For a legal call_hand: whether it is a valid call."})


class TransitionSchema(LeanSchema):
    move = fields.Nested(MoveSchema, required=True)
    state = fields.Nested(GameStateSchema, required=True)
    events = fields.List(fields.Dict(), required=True)
