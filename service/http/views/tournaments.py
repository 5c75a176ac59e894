"""POST /v1/<game>/tournaments/standings: spreadsheets in, standings out, for any game.

Rows of points serve every game; a game with a row scorer (``ROW_SCORER`` in
its package's ``tournament`` module) also takes rows of its own shape, and
the options its scoring takes (from the query for an uploaded sheet, from
``rules`` in a JSON body).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, cast

from flask import Response, jsonify, request
from marshmallow import Schema

from schemas.tournaments import POINTS_ROWS, StandingsResponseSchema, own_rows, standings_query_schema, standings_request_schema
from service.tournaments.limits import MAX_CELLS, MAX_ROWS, UploadTooLarge
from service.tournaments.rows import Table, read_results, table_from_csv, table_from_records, table_from_xlsx
from service.tournaments.scoring import Chosen, RowScorer, options_of, with_options
from service.tournaments.sheets import NOT_ACCEPTABLE, STANDINGS_MEDIA_TYPES, standings_csv, standings_xlsx
from service.tournaments.standings import Standings, standings

from ..api import RefereeBlueprint, schema_prefix
from ..problems import body_media_type, load_body, problem_response, request_bytes, strict_json

JSON, CSV, XLSX = STANDINGS_MEDIA_TYPES
MULTIPART = "multipart/form-data"
UPLOADS = frozenset({CSV, XLSX, MULTIPART})
JSON_EXAMPLE = {
    "rows": [
        {"game": "1", "player": "ann", "points": 13},
        {"game": "1", "player": "bob", "points": -4},
        {"game": "2", "player": "ann", "points": 6.5},
        {"game": "2", "player": "bob", "points": 6.5},
    ]
}
CSV_EXAMPLE = "game,player,points\n" + "".join(f"{row['game']},{row['player']},{row['points']}\n" for row in JSON_EXAMPLE["rows"])
ANSWER_EXAMPLE = standings(read_results(table_from_records(JSON_EXAMPLE["rows"], first_row=0))).to_dict()


View = Callable[..., Response]
ViewDecorator = Callable[[View], View]


def typed(decorator: Any) -> ViewDecorator:
    """flask-smorest's decorators, typed: each takes a view and returns it, wrapped or documented."""
    return cast(ViewDecorator, decorator)


def accepts(*mimetypes: str) -> ViewDecorator:
    """A view that takes these request body types, and answers 415 to others before it reads its query."""
    accepted = frozenset(mimetypes)

    def decorator(func: View) -> View:
        @wraps(func)
        def view(*args: Any, **kwargs: Any) -> Response:
            body_media_type(accepted)
            return func(*args, **kwargs)

        return view

    return decorator


def _uploaded_table() -> Table | Response:
    """The sheet sent as a CSV or XLSX body, or uploaded as form field ``file``."""
    if request.mimetype == CSV:
        return table_from_csv(request_bytes())
    if request.mimetype == XLSX:
        return table_from_xlsx(request_bytes())
    upload = request.files.get("file")
    if upload is None:
        return problem_response(
            422,
            "upload the spreadsheet in a form field named 'file'",
            [{"pointer": "/file", "code": "required", "message": "no 'file' field"}],
            slug="invalid-body",
        )
    data = upload.read()
    is_xlsx = (upload.filename or "").lower().endswith(".xlsx") or upload.mimetype == XLSX
    return table_from_xlsx(data) if is_xlsx else table_from_csv(data)


def _answer_format(query: dict[str, Any]) -> str | None:
    """``?format=`` if given, else the best of JSON, CSV and XLSX that ``Accept`` allows (JSON without one); None when it allows none."""
    if "format" in query:
        return str(query["format"])
    if not request.accept_mimetypes:  # no Accept header (or an empty one): anything goes (RFC 9110 §12.5.1)
        return "json"
    best = request.accept_mimetypes.best_match([JSON, CSV, XLSX])
    return None if best is None else {CSV: "csv", XLSX: "xlsx"}.get(best, "json")


def _not_acceptable() -> Response:
    response = problem_response(
        406,
        NOT_ACCEPTABLE,
        [{"pointer": "/headers/Accept", "code": "not_acceptable", "message": f"Accept: {request.headers.get('Accept', '')[:200]}"}],
    )
    response.vary.add("Accept")
    return response


def _too_large(refused: UploadTooLarge) -> Response:
    """A 413 naming the limit the upload (or the standings it asks for) goes past."""
    return problem_response(413, str(refused), [refused.exceeded.to_dict()], slug="too-large", title="Content Too Large")


def _no_match() -> Response:
    return problem_response(
        422,
        "these standings have no match: ?sheet=match is for a game whose sheets are one match (1923), with what the match needs",
        [{"pointer": "/query/sheet", "code": "no_match", "message": "there is no match verdict to write; ask for ?sheet=standings"}],
        slug="invalid-input",
    )


def _answer(result: Standings, answer: str, query: dict[str, Any]) -> Response:
    if answer == "csv":
        sheet = str(query.get("sheet", "standings"))
        if sheet == "match" and result.match is None:
            return _no_match()
        name = "match.csv" if sheet == "match" else "standings.csv"
        body = standings_csv(result, sheet, bool(query.get("bom", True)))
        response = Response(body, mimetype=CSV, headers={"Content-Disposition": f"attachment; filename={name}"})
    elif answer == "xlsx":
        response = Response(standings_xlsx(result), mimetype=XLSX, headers={"Content-Disposition": "attachment; filename=standings.xlsx"})
    else:
        response = jsonify(result.to_dict())
    response.vary.add("Accept")  # the same request answers JSON, CSV or XLSX by its Accept header
    return response


def standings_blueprint(slug: str, row_scorer: RowScorer | None) -> RefereeBlueprint:
    """``POST /v1/<slug>/tournaments/standings`` for one game: rows of points, or of the game's own shape scored by ``row_scorer``."""
    blp = RefereeBlueprint(f"{slug}-tournaments", __name__, url_prefix=f"/v1/{slug}", description="Tournament standings from spreadsheets.")
    options = options_of(row_scorer)
    body_schema: type[Schema] = standings_request_schema(schema_prefix(slug), row_scorer)
    rows_schema = body_schema()
    shapes = POINTS_ROWS if row_scorer is None else f"{POINTS_ROWS} or {own_rows(row_scorer)}"

    def scorer_for(chosen: Chosen) -> RowScorer | None:
        return None if row_scorer is None else with_options(row_scorer, chosen)

    def table_and_scorer(query: dict[str, Any]) -> tuple[Table, RowScorer | None] | Response:
        """The rows, from whichever body type was sent, and the game's scorer playing the options chosen for them."""
        if request.mimetype not in UPLOADS:
            body = load_body(rows_schema, strict_json(request_bytes()))
            return table_from_records(body["rows"], first_row=0), scorer_for(body.get("rules", {}))
        table = _uploaded_table()
        if isinstance(table, Response):
            return table
        return table, scorer_for({option.name: query[option.name] for option in options if option.name in query})

    @typed(blp.route("/tournaments/standings", methods=["POST"]))
    @accepts(JSON, CSV, XLSX, MULTIPART)
    @typed(blp.arguments(standings_query_schema(schema_prefix(slug), options)(), location="query", as_kwargs=True))
    @typed(
        blp.doc(
            description=f"Rows are {shapes}, one per game and player. Send them as JSON, as a CSV (UTF-8, with or without Excel's BOM, "
            "comma or semicolon) or XLSX body, or upload either as form field ``file``. A bad row is a 422 whose errors name "
            "every bad row number and column at once. An upload past a limit (zip parts, their inflated size and ratio, the "
            f"sheet's dimension, {MAX_ROWS:,} rows, {MAX_CELLS:,} cells, distinct texts, XML elements; or more games × players "
            "than the standings write) is a 413 naming the limit; a cell too "
            "long or a row with too many columns is a 422. The rows' limit is one answer whatever the format: more than "
            f"{MAX_ROWS:,} rows of results (the header not counted) is a 413 `rows`. The answer is JSON, CSV or XLSX by "
            "?format= or Accept (406 when Accept allows none). A CSV answer is UTF-8 with a byte order mark (?bom=false "
            "leaves it out) and one table: the standings, or ?sheet=match the match's verdict (1923); the XLSX holds both "
            "as worksheets, every text an inline string, columns as wide as their text. For 1923 the rank follows the "
            "match's rule (at the target, the most cards won), so it never contradicts the match's winners.",
            requestBody={
                "required": True,
                "content": {
                    JSON: {"schema": body_schema, "example": JSON_EXAMPLE},
                    CSV: {"schema": {"type": "string"}, "example": CSV_EXAMPLE},
                    XLSX: {"schema": {"type": "string", "format": "binary"}},
                    MULTIPART: {"schema": {"type": "object", "required": ["file"], "properties": {"file": {"type": "string", "format": "binary"}}}},
                },
            },
            responses={
                "200": {
                    "description": "Standings: rank (shared by equal totals), total, games, wins, best, worst, points per game.",
                    "content": {
                        JSON: {"schema": StandingsResponseSchema, "example": ANSWER_EXAMPLE},
                        CSV: {"schema": {"type": "string"}, "example": "rank,player,total,games,wins,best,worst,game 1,game 2\r\n"},
                        XLSX: {"schema": {"type": "string", "format": "binary"}},
                    },
                }
            },
        )
    )
    @typed(blp.problems((400, 406, 413, 415, 422)))
    def tournament_standings(**query: Any) -> Response:
        """Standings of a tournament: points travel in a sum across its games (RB *Official Rules*)."""
        answer = _answer_format(query)
        if answer is None:
            return _not_acceptable()
        try:
            read = table_and_scorer(query)
            if isinstance(read, Response):
                return read
            table, scorer = read
            return _answer(standings(read_results(table, scorer), scorer), answer, query)
        except UploadTooLarge as refused:
            return _too_large(refused)

    return blp
