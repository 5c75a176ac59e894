"""POST /v1/<game>/tournaments/standings: rows in (JSON, CSV, XLSX), standings out (JSON, CSV, XLSX), for any game.

What a game adds (its own row columns and the options its scoring takes)
comes from its :class:`~service.tournaments.scoring.RowScorer`; the schemas
of a game's standings are built from it here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from marshmallow import Schema, ValidationError, fields

from service.tournaments.limits import MAX_ROWS, check_rows
from service.tournaments.scoring import RowScorer, ScoringOption, options_of
from service.tournaments.sheets import SHEETS

from .base import LeanSchema
from .fields import Boolean, Integer, Length, Number, OneOf, Range
from .nineteen_twenty_three import StandingsResponseSchema as NineteenTwentyThreeStandingsSchema

POINTS_ROWS = "{game, player, points}"
FORMATS = ("json", "csv", "xlsx")


class Rows(fields.List):  # type: ignore[type-arg]
    """A list of row objects, read leanly: its length is checked before any item, and each item only for being an object.

    ``fields.List(fields.Dict())`` deserialises every row (and every key and value) before its ``Length`` is checked, so
    10,001 rows were refused only after 10,001 dicts were built (0.1-0.2 s of CPU); the rows' cells are read and checked
    by :func:`service.tournaments.rows.table_from_records`, which names every bad one by row and column.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(fields.Dict(keys=fields.String(), values=fields.Raw()), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if type(value) is not list:
            raise self.make_error("invalid")
        check_rows(len(value), pointer="/rows")  # a 413 past MAX_ROWS, as for a CSV or XLSX file: one limit, one answer
        for validator in self.validators:  # the length first: an over-long list is refused before any row is looked at
            validator(value)
        bad = {index: [self.inner.error_messages["invalid"]] for index, row in enumerate(value) if type(row) is not dict}
        if bad:
            raise ValidationError(bad)
        return list(value)


def rows_field(description: str) -> Rows:
    return Rows(
        required=True,
        validate=Length(min=1),
        metadata={"description": f"{description} At most {MAX_ROWS:,} (413 `rows` past them, as for a file).", "maxItems": MAX_ROWS},
    )


class StandingsRequestSchema(LeanSchema):
    """Rows as JSON objects, with the same columns as a spreadsheet's header."""

    rows = rows_field(f"One object per game and player: {POINTS_ROWS}.")


def own_rows(scorer: RowScorer) -> str:
    """The game's own row shape, as a reader writes it: ``{game, player, cards, castle_1, ..., caller}``."""
    return "{" + ", ".join(("game", "player", *scorer.columns, *scorer.optional_columns)) + "}"


def standings_request_schema(prefix: str, scorer: RowScorer | None) -> type[Schema]:
    """The JSON body of a game's standings: rows of points or of the game's own shape, and the options its scoring takes.

    ``prefix`` is the game's in schema names (``Kings``)."""
    if scorer is None:
        return StandingsRequestSchema
    body: dict[str, fields.Field[Any]] = {"rows": rows_field(f"One object per game and player: {POINTS_ROWS} or {own_rows(scorer)}.")}
    options = options_of(scorer)
    if options:
        rules = LeanSchema.from_dict({option.name: _body_option(option) for option in options}, name=f"{prefix}TournamentRules")
        body["rules"] = fields.Nested(
            rules, load_default=dict, metadata={"description": "For rows of the game's own shape: the rules every game was played by."}
        )
    return LeanSchema.from_dict(body, name=f"{prefix}TournamentStandingsRequest")


def standings_query_schema(prefix: str, options: Sequence[ScoringOption]) -> type[Schema]:
    """The query: the answer's format and, for an uploaded sheet, the options of the game's scoring."""
    return LeanSchema.from_dict(
        {
            "format": fields.String(validate=OneOf(FORMATS), metadata={"description": "Answer format; overrides the Accept header."}),
            "sheet": fields.String(
                validate=OneOf(SHEETS),
                metadata={
                    "description": "Which table a CSV answer is: the standings (the default), or the match's verdict of a game whose sheets "
                    "are one match (1923; 422 `no_match` for standings without one). JSON and XLSX carry both (XLSX: worksheets "
                    "Standings and Match)."
                },
            ),
            "bom": fields.Boolean(
                truthy={"true", "1"},
                falsy={"false", "0"},
                metadata={
                    "description": "A CSV answer begins with a UTF-8 byte order mark (the default), which Excel for Windows needs "
                    "to read it as UTF-8; false leaves it out."
                },
            ),
            **{option.name: _query_option(option) for option in options},
        },
        name=f"{prefix}TournamentStandingsQuery",
    )


def _whole_number(option: ScoringOption, kind: type[fields.Integer] = Integer, **kwargs: Any) -> fields.Field[Any]:
    """A JSON integer in a body; a query's text of one (``?target=10``) in a query."""
    low, high = option.bounds or (0, 0)
    return kind(validate=Range(min=low, max=high), metadata={"description": option.description}, **kwargs)


def _body_option(option: ScoringOption) -> fields.Field[Any]:
    if option.is_whole_number:
        return _whole_number(option, load_default=option.default, allow_none=option.default is None)
    if option.is_yes_no:
        return Boolean(load_default=option.default, metadata={"description": option.description})
    return fields.String(load_default=option.default, validate=OneOf(option.choices), metadata={"description": option.description})


def _query_option(option: ScoringOption) -> fields.Field[Any]:
    if option.is_whole_number:
        return _whole_number(option, fields.Integer)
    if option.is_yes_no:
        return fields.Boolean(truthy={"true"}, falsy={"false"}, metadata={"description": f"{option.description} (true/false)"})
    return fields.String(validate=OneOf(option.choices), metadata={"description": option.description})


EXACT = 'Exact: a number whose decimal text is the exact value, else a fraction\'s text such as "1/3".'


class StandingSchema(LeanSchema):
    rank = Integer(
        required=True,
        metadata={
            "description": "Equal totals share a rank (1, 2, 2, 4). For a game whose sheets are one match (1923), the rank follows "
            "the match's rule instead: the players at the target first, by the most cards won over the match (so the winners "
            "rank first), then the others by points, then cards won."
        },
    )
    player = fields.String(required=True)
    total = Number(required=True, metadata={"description": f"The traveling sum of the player's games. {EXACT}"})
    games = Integer(required=True)
    wins = Integer(
        required=True,
        metadata={"description": "Games with the highest score, or won by the game's own rule where it differs (1923: most cards won); a shared win counts."},
    )
    best = Number(required=True)
    worst = Number(required=True)
    points = fields.Dict(keys=fields.String(), values=Number(), required=True, metadata={"description": "Points per game id."})


class StandingsResponseSchema(LeanSchema):
    shape = fields.String(required=True, metadata={"description": "points, or the game's own row shape, named by its first column."})
    games = fields.List(fields.String(), required=True)
    standings = fields.List(fields.Nested(StandingSchema), required=True)
    ignored_columns = fields.List(fields.String(), required=True, metadata={"description": "Columns that are not read."})
    match = fields.Nested(
        NineteenTwentyThreeStandingsSchema,
        required=True,
        allow_none=True,
        metadata={
            "description": "For a game whose sheets are one match (1923: one sheet game is one set), the match as the game's own match "
            "endpoint answers it: running totals after each set, over, winners, decided_by and the rule; null for other games."
        },
    )
