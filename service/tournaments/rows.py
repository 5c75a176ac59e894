"""Reading result rows: JSON, CSV (UTF-8, optional BOM, comma or semicolon) or XLSX, into points per game.

One row per game and player, in one of two shapes:
* points: ``game, player, points`` — the points are already known; every game's sheets may use it;
* the game's own: ``game, player`` and the columns of the game's :class:`~service.tournaments.scoring.RowScorer`
  (24 Kings: ``cards, castle_1 .. castle_4[, caller]``), scored by the game.
Every bad row is reported at once, naming its row number and column.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import islice
from typing import Any

from openpyxl import load_workbook

from .scoring import CellProblem, GameRow, RowScorer, RowsRefused

POINTS = "points"
KEY_COLUMNS = ("game", "player")
MAX_ROWS = 10_000
MAX_COLUMNS = 64  # far more than any row shape uses; bounds what a workbook can make us read
MAX_POINTS = 10_000  # a game's points, either way: no game of the rule books comes near

BadRows = RowsRefused  # the error the HTTP layer answers as a 422 naming every bad row and column


@dataclass(frozen=True, slots=True)
class Table:
    """Rows as read: normalised headers, each row's number and its cells as text."""

    columns: tuple[str, ...]
    rows: tuple[tuple[int, Mapping[str, str]], ...]


@dataclass(frozen=True, slots=True)
class Results:
    """A sheet read and scored: its shape, each game's points per player (in sheet order), the columns not read,
    and each game's rows as read (for a game that judges a match over them)."""

    shape: str
    points: Mapping[str, Mapping[str, Fraction]]
    ignored_columns: tuple[str, ...] = ()
    rows: Mapping[str, Sequence[GameRow]] = field(default_factory=dict)


def normalise(header: object) -> str:
    return str(header or "").strip().lower().replace(" ", "_").replace("-", "_")


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, list):  # JSON rows may give a list (24 Kings: cards)
        return " ".join(_cell(item) for item in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def table_from_records(records: Sequence[Mapping[str, Any]], first_row: int = 1) -> Table:
    """JSON rows (objects); row numbers count from ``first_row``."""
    columns: list[str] = []
    rows = []
    for offset, record in enumerate(records):
        cells = {normalise(key): _cell(value) for key, value in record.items()}
        columns += [c for c in cells if c not in columns]
        rows.append((first_row + offset, cells))
    return Table(tuple(columns), tuple(rows))


def table_from_csv(data: bytes) -> Table:
    """CSV with a header row; UTF-8 with or without Excel's BOM; comma or semicolon."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BadRows([CellProblem(1, "", "not_utf8", f"the CSV is not UTF-8 (byte {error.start}); save it as 'CSV UTF-8'")]) from error
    first_line = text.split("\n", 1)[0]
    delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        lines = list(islice(reader, MAX_ROWS + 2))
    except csv.Error as error:
        raise BadRows([CellProblem(reader.line_num, "", "bad_csv", f"the CSV cannot be read at line {reader.line_num}: {error}")]) from error
    if not lines:
        raise BadRows([CellProblem(1, "", "empty", "the CSV is empty: it needs a header row and one row per game and player")])
    header = tuple(normalise(h) for h in lines[0])
    rows = tuple(
        (number, dict(zip(header, (c.strip() for c in line), strict=False))) for number, line in enumerate(lines[1:], start=2) if any(c.strip() for c in line)
    )
    return Table(header, rows)


def table_from_xlsx(data: bytes) -> Table:
    """The first worksheet of an XLSX workbook, header in row 1."""
    try:
        sheet = load_workbook(io.BytesIO(data), read_only=True, data_only=True).worksheets[0]
    except Exception as error:  # openpyxl raises many kinds for a file that is not a workbook
        raise BadRows([CellProblem(1, "", "not_xlsx", f"the file is not an XLSX workbook: {type(error).__name__}")]) from error
    values = list(islice(sheet.iter_rows(values_only=True, max_col=MAX_COLUMNS), MAX_ROWS + 2))
    if not values:
        raise BadRows([CellProblem(1, "", "empty", "the worksheet is empty: it needs a header row")])
    header = [normalise(h) for h in values[0]]
    rows = tuple(
        (number, {h: _cell(v) for h, v in zip(header, line, strict=False) if h})
        for number, line in enumerate(values[1:], start=2)
        if any(_cell(v) for v in line)
    )
    return Table(tuple(h for h in header if h), rows)


class PointsScorer:
    """The points shape, for every game: each row's points as given, whole or a half (24 Kings scores in halves)."""

    columns = (POINTS,)
    optional_columns: tuple[str, ...] = ()
    max_rows = MAX_ROWS

    def score(self, rows: Sequence[GameRow]) -> Mapping[str, Fraction]:
        problems: list[CellProblem] = []
        points = {row.player: _points(row, problems) for row in rows}
        if problems:
            raise RowsRefused(problems)
        return points


POINTS_SCORER = PointsScorer()


def _points(row: GameRow, problems: list[CellProblem]) -> Fraction:
    text = row.cells[POINTS]
    try:
        value = float(text.replace(",", ".")) if text else None
    except ValueError:
        value = None
    if value is None or value != value or abs(value) > MAX_POINTS or (value * 2) != int(value * 2):
        problems.append(CellProblem(row.number, POINTS, "bad_points", f"points must be a number, whole or a half (e.g. 6.5), not {text!r}"))
        return Fraction(0)
    return Fraction(int(value * 2), 2)


def _header_scorer(columns: Sequence[str], game_scorer: RowScorer | None) -> RowScorer:
    """Which scorer reads this header: points, or the game's own (a header with the game's first column)."""
    if game_scorer is None:
        return POINTS_SCORER
    own = game_scorer.columns[0]
    has_points, has_own = POINTS in columns, own in columns
    if has_points != has_own:
        return POINTS_SCORER if has_points else game_scorer
    why = f"both {POINTS!r} and {own!r}" if has_points else f"neither {POINTS!r} nor {own!r}"
    optional = "".join(f"[, {c}]" for c in game_scorer.optional_columns)
    raise BadRows(
        [CellProblem(1, "", "unknown_shape", f"the header has {why}: use game, player, points — or game, player, {', '.join(game_scorer.columns)}{optional}")]
    )


def read_results(table: Table, game_scorer: RowScorer | None = None) -> Results:
    """Every row checked and every game scored; raises :class:`BadRows` with every problem at once.

    ``game_scorer`` scores the game's own shape; a sheet of points needs none.
    """
    scorer = _header_scorer(table.columns, game_scorer)
    shape = scorer.columns[0]
    expected = (*KEY_COLUMNS, *scorer.columns)
    missing = [c for c in expected if c not in table.columns]
    if missing:
        raise BadRows([CellProblem(1, c, "missing_column", f"the header has no column {c!r}") for c in missing])
    limit = min(scorer.max_rows, MAX_ROWS)
    if len(table.rows) > limit:
        raise BadRows([CellProblem(limit + 2, "", "too_many_rows", f"at most {limit} rows of {shape}")])
    problems: list[CellProblem] = []
    games = _games(table, (*scorer.columns, *scorer.optional_columns), problems)
    points: dict[str, Mapping[str, Fraction]] = {}
    for game, rows in games.items():
        try:
            points[game] = scorer.score(rows)
        except RowsRefused as refused:
            problems += refused.problems
    if problems:
        raise BadRows(sorted(problems, key=lambda p: p.row))
    if not points:
        raise BadRows([CellProblem(2, "", "no_rows", "there is no result row under the header")])
    read = {*expected, *scorer.optional_columns}
    return Results(shape, points, tuple(c for c in table.columns if c not in read), games)


def _games(table: Table, columns: Sequence[str], problems: list[CellProblem]) -> dict[str, list[GameRow]]:
    """The rows of each game, in sheet order; a row without its game or player, or a player's second row of a game, is a problem."""
    games: dict[str, list[GameRow]] = {}
    first_row: dict[tuple[str, str], int] = {}
    absent = dict.fromkeys(columns, "")
    for number, cells in table.rows:
        game, player = cells.get("game", ""), cells.get("player", "")
        empty = [CellProblem(number, column, "required", f"{column} is empty") for column, value in (("game", game), ("player", player)) if not value]
        if empty:
            problems += empty
            continue
        earlier = first_row.setdefault((game, player), number)
        if earlier != number:
            problems.append(CellProblem(number, "player", "duplicate_row", f"{player!r} already has a row for game {game!r} (row {earlier})"))
            continue
        games.setdefault(game, []).append(GameRow(number, player, {**absent, **cells}))
    return games
