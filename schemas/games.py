"""Game states, new games, set-up from a physical table, the whole-state check."""

from __future__ import annotations

from marshmallow import fields, validate

from service.games.kings.start import MAX_SEED
from service.games.kings.state import DIRECTIONS, MAX_PLAYERS, PHASES

from .base import LeanSchema
from .common import ProblemDetailSchema, RulesSchema, castles_field, player_name
from .fields import Boolean, CardList, Integer, Number

DECK = 104


class ZoneSchema(LeanSchema):
    """Cards the referee knows (in order, top last) and how many it cannot see."""

    cards = CardList(load_default=list, validate=validate.Length(max=DECK))
    hidden = Integer(load_default=0, validate=validate.Range(min=0, max=DECK))


class PlayerStateSchema(LeanSchema):
    name = player_name(required=True)
    hand = fields.Nested(ZoneSchema, required=True)
    status = fields.String(load_default="in", validate=validate.OneOf(["in", "out"]))
    score = Number(load_default=None, allow_none=True, validate=validate.Range(min=-10_000, max=10_000),
                         metadata={"description": "Set once the player is scored (a false call, or the game's end)."})


class OutcomeSchema(LeanSchema):
    reason = fields.String(required=True, validate=validate.OneOf(["valid_call", "last_player_left", "draw_pile_exhausted"]))
    caller = fields.String(required=True, allow_none=True)
    castle_values = fields.List(Integer(validate=validate.Range(min=0, max=100)), required=True, validate=validate.Length(equal=4))
    winners = fields.List(fields.String(), required=True, validate=validate.Length(max=MAX_PLAYERS))


class GameStateSchema(LeanSchema):
    """A whole table between two moves; players in clockwise seat order."""

    rules = fields.Nested(RulesSchema, load_default=dict)
    players = fields.List(fields.Nested(PlayerStateSchema), required=True, validate=validate.Length(min=1, max=MAX_PLAYERS))
    castles = castles_field()
    draw_pile = fields.Nested(ZoneSchema, required=True)
    face_up = CardList(load_default=list, validate=validate.Length(max=DECK), metadata={"description": "The face-up discard pile, top last."})
    face_down = fields.Nested(ZoneSchema, load_default=dict)
    set_aside = fields.Nested(ZoneSchema, load_default=dict)
    dealer = Integer(load_default=0, validate=validate.Range(min=0, max=MAX_PLAYERS - 1), metadata={"description": "The Turn's seat."})
    direction = fields.String(load_default="clockwise", validate=validate.OneOf(DIRECTIONS))
    to_act = Integer(required=True, validate=validate.Range(min=0, max=MAX_PLAYERS - 1))
    phase = fields.String(load_default="kingdom-action", validate=validate.OneOf(PHASES))
    seed = Integer(load_default=0, validate=validate.Range(min=0, max=MAX_SEED))
    shuffles = Integer(load_default=0, validate=validate.Range(min=0, max=10**6))
    outcome = fields.Nested(OutcomeSchema, load_default=None, allow_none=True)


class StateRequestSchema(LeanSchema):
    state = fields.Nested(GameStateSchema, required=True)


class StateCheckResponseSchema(LeanSchema):
    valid = Boolean(required=True)
    problems = fields.List(fields.Nested(ProblemDetailSchema), required=True)


def seat_fields() -> dict[str, fields.Field]:
    return {
        "players": fields.List(player_name(), required=True, validate=validate.Length(min=1, max=MAX_PLAYERS),
                               metadata={"description": "Names in clockwise seat order."}),
        "rules": fields.Nested(RulesSchema, load_default=dict),
        "dealer": Integer(load_default=0, validate=validate.Range(min=0, max=MAX_PLAYERS - 1)),
        "direction": fields.String(load_default="clockwise", validate=validate.OneOf(DIRECTIONS)),
    }


NewGameRequestSchema = LeanSchema.from_dict(
    {**seat_fields(), "seed": Integer(validate=validate.Range(min=0, max=MAX_SEED),
                                             metadata={"description": "Same seed, same game; omitted, one is drawn and returned."})},
    name="NewGameRequest",
)

TableSetupRequestSchema = LeanSchema.from_dict(
    {
        **seat_fields(),
        "castles": castles_field(),
        "face_up": CardList(load_default=list, validate=validate.Length(max=DECK), metadata={"description": "The Castle Phase's discards."}),
        "hands": fields.List(CardList(validate=validate.Length(max=7)), validate=validate.Length(max=MAX_PLAYERS),
                             metadata={"description": "Per seat, the cards of that hand the referee may see."}),
    },
    name="TableSetupRequest",
)


class CastleTurnSchema(LeanSchema):
    card = fields.String(required=True)
    became = fields.String(required=True, metadata={"example": "castle 1"})


class NewGameResponseSchema(LeanSchema):
    state = fields.Nested(GameStateSchema, required=True)
    castle_phase = fields.List(fields.Nested(CastleTurnSchema), required=True)
    deal_events = fields.List(fields.Dict(), required=True, metadata={"description": "Reshuffles during the deal, if any."})


