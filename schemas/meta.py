"""The rules catalog a client draws its hand table from, and the health check."""

from marshmallow import fields

from .base import LeanSchema


class HandSpecSchema(LeanSchema):
    name = fields.String(required=True)
    family = fields.String(required=True)
    tier = fields.String(required=True)
    size = fields.Integer(required=True)
    ranks = fields.List(fields.List(fields.String()), required=True, metadata={"description": "Alternative rank patterns."})
    suits = fields.String(required=True)
    structure = fields.String(required=True)
    points = fields.String(required=True, metadata={"example": "(1/2)*|K1 - K2|"})
    castles = fields.List(fields.Integer(), required=True)


class HandSetSchema(LeanSchema):
    name = fields.String(required=True)
    description = fields.String(required=True)
    hands = fields.List(fields.String(), required=True)


class RulesCatalogSchema(LeanSchema):
    hands = fields.List(fields.Nested(HandSpecSchema), required=True)
    hand_sets = fields.List(fields.Nested(HandSetSchema), required=True)
    options = fields.Dict(keys=fields.String(), values=fields.String(), required=True)


class HealthSchema(LeanSchema):
    status = fields.String(required=True, metadata={"example": "ok"})
