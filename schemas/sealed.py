"""The sealed-deal fields every kit game's deal adds (issue 28, docs/sealed-deals.md): asked for, and answered."""

from __future__ import annotations

from marshmallow import fields

from service.core.sealing import MAX_TOKEN_CHARS

from .fields import Boolean, Length

SEALED_DEAL = (
    "true: state is only what the table may see, sealed is a token of the rest (the hidden cards, the seed), "
    "to send beside the state to every endpoint, and seat_keys, one per player (each seat's answers need its key). "
    "The server shuffles: seed is refused with sealed. false (the default): the whole state in plain JSON."
)


def sealed_flag() -> Boolean:
    """A deal's ``sealed``: answer the public part, a token of the rest and the seat keys."""
    return Boolean(load_default=False, metadata={"description": SEALED_DEAL})


def match_token() -> fields.String:
    """A sealed follow-on deal's ``match_token``: the finished deal's token, whose match goes on."""
    return fields.String(
        validate=Length(min=1, max=MAX_TOKEN_CHARS),
        metadata={"description": "With sealed: true, the finished deal's sealed token (the one sent beside its state)."},
    )


def sealed_token() -> fields.String:
    return fields.String(metadata={"description": "With sealed: true, the token of the hidden cards; state is then the public part."})


def sealed_move() -> fields.Integer:
    return fields.Integer(metadata={"description": "With sealed: true, the token's move number along the match (docs/sealed-deals.md)."})


def seat_keys() -> fields.Dict:
    return fields.Dict(
        keys=fields.String(), values=fields.String(), metadata={"description": "With sealed: true, each player's seat key, for every deal of the match."}
    )
