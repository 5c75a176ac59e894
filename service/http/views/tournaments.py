"""POST /v1/24-kings/tournaments/standings: spreadsheets in, standings out."""

from __future__ import annotations

from functools import wraps
from pathlib import Path
from typing import Any

from flask import Response, jsonify, request

from schemas.tournaments import StandingsQuerySchema, StandingsRequestSchema, StandingsResponseSchema
from service.games.kings.rules import OPTION_NAMES, Rules
from service.games.kings.web import rules_from
from service.tournaments.rows import Table, read_rows, table_from_csv, table_from_records, table_from_xlsx
from service.tournaments.sheets import standings_csv, standings_xlsx
from service.tournaments.standings import standings

from ..api import RefereeBlueprint
from ..problems import body_media_type, load_body, problem_response, request_bytes, strict_json

blp = RefereeBlueprint("tournaments", __name__, url_prefix="/v1/24-kings", description="Tournament standings from spreadsheets.")

JSON, CSV = "application/json", "text/csv"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
MULTIPART = "multipart/form-data"
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
CSV_EXAMPLE = (EXAMPLES / "results-points.csv").read_text(encoding="utf-8")
JSON_EXAMPLE = {"rows": [{"game": "1", "player": "ann", "points": 13}, {"game": "1", "player": "bob", "points": -4},
                         {"game": "2", "player": "ann", "points": 6.5}, {"game": "2", "player": "bob", "points": 6.5}]}
ROWS_SCHEMA = StandingsRequestSchema()
ANSWER_EXAMPLE = standings(*read_rows(table_from_records(JSON_EXAMPLE["rows"], first_row=0))).to_dict()


def accepts(*mimetypes: str) -> Any:
    """A view that takes these request body types, and answers 415 to others before it reads its query."""
    accepted = frozenset(mimetypes)

    def decorator(func: Any) -> Any:
        @wraps(func)
        def view(*args: Any, **kwargs: Any) -> Any:
            body_media_type(accepted)
            return func(*args, **kwargs)
        return view
    return decorator


def _table(query: dict[str, Any]) -> tuple[Table, Rules] | Response:
    """The uploaded rows and the rules, from whichever body type was sent."""
    query_rules = rules_from({k: v for k, v in query.items() if k == "hands" or k in OPTION_NAMES})
    if request.mimetype == CSV:
        return table_from_csv(request_bytes()), query_rules
    if request.mimetype == XLSX:
        return table_from_xlsx(request_bytes()), query_rules
    if request.mimetype == MULTIPART:
        upload = request.files.get("file")
        if upload is None:
            return problem_response(422, "upload the spreadsheet in a form field named 'file'",
                                    [{"pointer": "/file", "code": "required", "message": "no 'file' field"}], slug="invalid-body")
        data = upload.read()
        is_xlsx = (upload.filename or "").lower().endswith(".xlsx") or upload.mimetype == XLSX
        return (table_from_xlsx(data) if is_xlsx else table_from_csv(data)), query_rules
    body = load_body(ROWS_SCHEMA, strict_json(request_bytes()))
    return table_from_records(body["rows"], first_row=0), rules_from(body["rules"])


def _answer_format(query: dict[str, Any]) -> str:
    if "format" in query:
        return str(query["format"])
    best = request.accept_mimetypes.best_match([JSON, CSV, XLSX], default=JSON)
    return {CSV: "csv", XLSX: "xlsx"}.get(best or JSON, "json")


@blp.route("/tournaments/standings", methods=["POST"])
@accepts(JSON, CSV, XLSX, MULTIPART)
@blp.arguments(StandingsQuerySchema(), location="query", as_kwargs=True)
@blp.doc(requestBody={"required": True, "content": {
    JSON: {"schema": StandingsRequestSchema, "example": JSON_EXAMPLE},
    CSV: {"schema": {"type": "string"}, "example": CSV_EXAMPLE},
    XLSX: {"schema": {"type": "string", "format": "binary"}},
    MULTIPART: {"schema": {"type": "object", "required": ["file"], "properties": {"file": {"type": "string", "format": "binary"}}}},
}})
@blp.doc(responses={"200": {"description": "Standings: rank (shared by equal totals), total, games, wins, best, worst, points per game.",
                            "content": {JSON: {"schema": StandingsResponseSchema, "example": ANSWER_EXAMPLE},
                                        CSV: {"schema": {"type": "string"}, "example": "rank,player,total,games,wins,best,worst,game 1,game 2\r\n"},
                                        XLSX: {"schema": {"type": "string", "format": "binary"}}}}})
@blp.problems()
def tournament_standings(**query: Any) -> Response:
    """Standings of a tournament: points travel in a sum across its games (RB *Official Rules*).

    Send rows as JSON, as a CSV (UTF-8, with or without Excel's BOM, comma or
    semicolon) or XLSX body, or upload either as form field ``file``. A bad
    row is a 422 whose errors name every bad row number and column at once.
    """
    read = _table(query)
    if isinstance(read, Response):
        return read
    table, rules = read
    shape, rows = read_rows(table)
    result = standings(shape, rows, rules, table.ignored)
    answer = _answer_format(query)
    if answer == "csv":
        return Response(standings_csv(result), mimetype=CSV, headers={"Content-Disposition": "attachment; filename=standings.csv"})
    if answer == "xlsx":
        return Response(standings_xlsx(result), mimetype=XLSX, headers={"Content-Disposition": "attachment; filename=standings.xlsx"})
    return jsonify(result.to_dict())

