"""POST /tournaments/standings: rows in (JSON, CSV, XLSX), standings out (JSON, CSV, XLSX)."""

from __future__ import annotations

from marshmallow import fields, validate

from service.games.kings.rules import HAND_SET_NAMES, OPTION_DESCRIPTIONS

from .base import LeanSchema
from .fields import Integer, Number
from .kings import RulesSchema

MAX_ROWS = 10_000


class StandingsRequestSchema(LeanSchema):
    """Rows as JSON objects, with the same columns as a spreadsheet's header."""

    rules = fields.Nested(RulesSchema, load_default=dict, metadata={"description": "For card rows: the variant of every game."})
    rows = fields.List(
        fields.Dict(keys=fields.String(), values=fields.Raw()), required=True, validate=validate.Length(min=1, max=MAX_ROWS),
        metadata={"description": "One object per game and player: {game, player, points} or "
                                 "{game, player, cards, castle_1..castle_4, caller}."},
    )


def _query_option(name: str) -> fields.Boolean:
    return fields.Boolean(truthy={"true"}, falsy={"false"}, metadata={"description": OPTION_DESCRIPTIONS[name] + " (true/false)"})


StandingsQuerySchema = LeanSchema.from_dict(
    {
        "format": fields.String(validate=validate.OneOf(["json", "csv", "xlsx"]),
                                metadata={"description": "Answer format; overrides the Accept header."}),
        "hands": fields.String(validate=validate.OneOf(HAND_SET_NAMES), metadata={"description": "Hand set for uploaded card rows."}),
        **{name: _query_option(name) for name in OPTION_DESCRIPTIONS},
    },
    name="StandingsQuery",
)


class StandingSchema(LeanSchema):
    rank = Integer(required=True, metadata={"description": "Equal totals share a rank (1, 2, 2, 4)."})
    player = fields.String(required=True)
    total = Number(required=True, metadata={"description": "The traveling sum of the player's games."})
    games = Integer(required=True)
    wins = Integer(required=True, metadata={"description": "Games with the highest score; a shared win counts."})
    best = Number(required=True)
    worst = Number(required=True)
    points = fields.Dict(keys=fields.String(), values=Number(), required=True, metadata={"description": "Points per game id."})


class StandingsResponseSchema(LeanSchema):
    shape = fields.String(required=True, validate=validate.OneOf(["points", "cards"]))
    games = fields.List(fields.String(), required=True)
    standings = fields.List(fields.Nested(StandingSchema), required=True)
    ignored_columns = fields.List(fields.String(), required=True, metadata={"description": "Columns that are not read."})
