"""The health check and the list of games."""

from marshmallow import fields

from .base import LeanSchema


class HealthSchema(LeanSchema):
    status = fields.String(required=True, metadata={"example": "ok"})


class ReadySchema(LeanSchema):
    status = fields.String(required=True, metadata={"example": "ready"})
    games = fields.Integer(required=True, metadata={"description": "How many games are loaded and answer."})


class VersionSchema(LeanSchema):
    version = fields.String(required=True, metadata={"description": "The package's version.", "example": "0.1.0"})
    commit = fields.String(required=True, allow_none=True, metadata={"description": "The source commit (KINGS_COMMIT), or null when unknown."})
    rules = fields.Dict(keys=fields.String(), values=fields.String(), required=True, metadata={"description": "Each game's rules version, by URL name."})


class PlayerRangeSchema(LeanSchema):
    min = fields.Integer(required=True)
    max = fields.Integer(required=True)


class SectionSchema(LeanSchema):
    section = fields.String(required=True, metadata={"example": "9.4"})
    title = fields.String(required=True, metadata={"example": "Play a King"})


class GameFactsSchema(LeanSchema):
    slug = fields.String(required=True, metadata={"description": "The game's URL name: its endpoints are under /v1/{slug}."})
    title = fields.String(required=True)
    summary = fields.String(required=True)
    rule_book = fields.String(required=True, metadata={"description": "The rule book the referee follows, as players know it."})
    rules_version = fields.String(required=True)
    players = fields.Nested(PlayerRangeSchema, required=True)
    options = fields.Dict(keys=fields.String(), values=fields.String(), required=True, metadata={"description": "Option name: what it changes."})


class GameRulesSchema(GameFactsSchema):
    """A game's facts and rule text; a game may add its own catalog (24 Kings: its hands and hand sets)."""

    class Meta:
        unknown = "include"

    sections = fields.List(fields.Nested(SectionSchema), required=True, metadata={"description": "The sections verdicts cite."})
    text = fields.String(required=True, metadata={"description": "The rule text, in Markdown."})


class GameListingSchema(GameFactsSchema):
    rules = fields.String(required=True, metadata={"example": "/v1/24-kings/rules"})
    conformance = fields.String(required=True, metadata={"example": "/v1/24-kings/conformance"})
    endpoints = fields.List(fields.String(), required=True, metadata={"example": ["POST /v1/24-kings/moves/legal"]})


class GamesSchema(LeanSchema):
    games = fields.List(fields.Nested(GameListingSchema), required=True)


WHY_UNTYPED = (
    " It stays a free-form value on purpose: the same body fits several operations (a state alone is the body of both"
    " /state/check and /moves/legal), so a oneOf of the operations' schemas, which must match exactly one, would refuse"
    " it, and no field of the body tells them apart. The case's method and path name the operation; its schema in this"
    " document is the body's type."
)


class ConformanceAnswerSchema(LeanSchema):
    status = fields.Integer(required=True)
    content_type = fields.String(required=True)
    body = fields.Raw(
        required=True,
        allow_none=True,
        metadata={"description": "The answer's JSON body, as the operation named by the case's method and path answers it (null if not JSON)." + WHY_UNTYPED},
    )


class ConformanceCaseSchema(LeanSchema):
    name = fields.String(required=True)
    note = fields.String(required=True)
    method = fields.String(required=True)
    path = fields.String(required=True)
    body = fields.Raw(
        required=True,
        allow_none=True,
        metadata={"description": "The request body of the operation named by method and path (null for a GET)." + WHY_UNTYPED},
    )
    answer = fields.Nested(ConformanceAnswerSchema, required=True)


class ConformanceSchema(LeanSchema):
    game = fields.String(required=True)
    cases = fields.List(fields.Nested(ConformanceCaseSchema), required=True)
