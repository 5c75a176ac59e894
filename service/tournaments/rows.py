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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import islice
from typing import Any

from service.core.names import BadName, normalise_name

from .limits import MAX_CELL_CHARS, MAX_COLUMN_NAME_CHARS, MAX_COLUMNS, MAX_ROWS, check_cells, check_rows, check_standings_size, check_xlsx
from .scoring import CellProblem, GameRow, RowScorer, RowsRefused
from .xlsx import NotAWorkbook, read_first_sheet

POINTS = "points"
KEY_COLUMNS = ("game", "player")
MAX_PROBLEMS = 100  # a sheet's problems named at once; the rest are counted
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
    if isinstance(value, str):  # the usual cell first: this runs for every cell of a sheet
        return value.strip()
    if type(value) is int:
        return str(value)
    if value is None:
        return ""
    if isinstance(value, list | dict):  # JSON rows may give a list (24 Kings: cards), of texts and numbers
        if _unreadable(value):
            raise _Unreadable
        return " ".join(map(_cell, value))
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


class _Unreadable(ValueError):
    """A JSON cell that is no text, number or flat list of them: refused before it is written out as text."""


SCALARS = (str, int, float, bool, type(None))
UNREADABLE = "a cell is a text, a number, or a list of texts and numbers whose text is at most 2600 characters"


def _unreadable(value: object) -> bool:
    """A dict, a list of lists or objects, or a list too long for any cell (its separators alone would pass the limit)."""
    return isinstance(value, dict) or (isinstance(value, list) and (len(value) > MAX_CELL_CHARS or not all(isinstance(item, SCALARS) for item in value)))


def table_from_records(records: Sequence[Mapping[str, Any]], first_row: int = 1) -> Table:
    """JSON rows (objects); row numbers count from ``first_row``; at most :data:`.limits.MAX_CELLS` cells, as in a file."""
    check_cells(sum(map(len, records)))
    columns: dict[str, None] = {}  # every column, in the order first seen
    headers: dict[str, str] = {}  # key as sent -> normalised: the rows of a body repeat the same few keys
    rows = []
    problems: list[CellProblem] = []
    for offset, record in enumerate(records):
        number = first_row + offset
        if len(record) > MAX_COLUMNS:
            problems.append(_too_many_columns(number, len(record)))
            continue
        try:
            cells = {headers.get(key) or headers.setdefault(key, normalise(key)): _cell(value) for key, value in record.items()}
        except _Unreadable:
            bad = [key for key, value in record.items() if _unreadable(value)]
            problems += [CellProblem(number, normalise(key)[:MAX_COLUMN_NAME_CHARS], "bad_cell", UNREADABLE) for key in bad]
            continue
        if _too_long(cells):
            problems += _long_cells(number, cells.items(), names=True)
        columns.update(dict.fromkeys(cells))
        rows.append((number, cells))
    _refuse(problems)
    return Table(tuple(columns), tuple(rows))


def _too_long(cells: Mapping[str, str]) -> bool:
    """Whether a cell or a column name of a row is too long: one pass at C speed, before :func:`_long_cells` names them."""
    return max(map(len, cells.values()), default=0) > MAX_CELL_CHARS or max(map(len, cells), default=0) > MAX_COLUMN_NAME_CHARS


def _too_many_columns(number: int, count: int) -> CellProblem:
    return CellProblem(number, "", "too_many_columns", f"the row has {count} columns; at most {MAX_COLUMNS} are read")


def _long_cells(number: int, cells: Iterable[tuple[str, str]], names: bool = False) -> list[CellProblem]:
    """Cells longer than any the readers need, and (``names``) column names: refused before anything reads them.

    A column is named in a problem by at most :data:`.limits.MAX_COLUMN_NAME_CHARS` characters, so that 100 problems
    stay a short answer.
    """
    problems = []
    for column, text in cells:
        shown = column[:MAX_COLUMN_NAME_CHARS]
        if names and len(column) > MAX_COLUMN_NAME_CHARS:
            message = f"the column's name has {len(column)} characters; at most {MAX_COLUMN_NAME_CHARS}"
            problems.append(CellProblem(number, shown, "column_name_too_long", message))
        if len(text) > MAX_CELL_CHARS:
            problems.append(CellProblem(number, shown, "cell_too_long", f"the cell has {len(text)} characters; at most {MAX_CELL_CHARS}"))
    return problems


def _refuse(problems: Sequence[CellProblem]) -> None:
    """Every problem at once, up to :data:`MAX_PROBLEMS` (the last one counts the rest)."""
    if not problems:
        return
    if len(problems) > MAX_PROBLEMS:
        rest = len(problems) - MAX_PROBLEMS + 1
        problems = [*problems[: MAX_PROBLEMS - 1], CellProblem(problems[MAX_PROBLEMS - 1].row, "", "more_problems", f"and {rest} more problem(s)")]
    raise BadRows(problems)


def _checked_lines(lines: Sequence[Sequence[Any]], texts_only: bool = False) -> Table:
    """A header and its rows, as read from a file: limits first (rows 413; columns, cell lengths 422), then every row as text.

    ``texts_only``: every cell is already a ``str`` (CSV), so it is only stripped.
    """
    check_rows(len(lines) - 1)
    check_cells(sum(map(len, lines)))
    header = [normalise(h) for h in lines[0]]
    problems: list[CellProblem] = []
    if len(header) > MAX_COLUMNS and any(header[MAX_COLUMNS:]):
        problems.append(_too_many_columns(1, len(header)))
    problems += _long_cells(1, ((h, "") for h in header), names=True)
    rows = []
    named = all(header)
    for number, line in enumerate(lines[1:], start=2):
        texts = [value.strip() for value in line] if texts_only else list(map(_cell, line))
        if not any(texts):
            continue
        if len(texts) > MAX_COLUMNS and any(texts[MAX_COLUMNS:]):
            problems.append(_too_many_columns(number, len(texts)))
            continue
        cells = dict(zip(header, texts, strict=False)) if named else {h: text for h, text in zip(header, texts, strict=False) if h}
        if max(map(len, texts)) > MAX_CELL_CHARS:
            problems += _long_cells(number, cells.items())
        rows.append((number, cells))
    _refuse(problems)
    return Table(tuple(h for h in header if h), tuple(rows))


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
    return _checked_lines(lines, texts_only=True)


def table_from_xlsx(data: bytes) -> Table:
    """The first worksheet of an XLSX workbook, header in row 1; the archive is checked (:func:`.limits.check_xlsx`) before it is read (:mod:`.xlsx`)."""
    check_xlsx(data)
    try:
        values = read_first_sheet(data, MAX_ROWS + 2, MAX_COLUMNS + 1)
    except NotAWorkbook as error:
        raise BadRows([CellProblem(1, "", error.code, f"the file is not an XLSX workbook this service reads: {error}")]) from error
    if not values:
        raise BadRows([CellProblem(1, "", "empty", "the worksheet is empty: it needs a header row")])
    return _checked_lines(values)


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
    check_standings_size(len(games), len({row.player for rows in games.values() for row in rows}))  # before any game is scored
    points: dict[str, Mapping[str, Fraction]] = {}
    for game, rows in games.items():
        try:
            points[game] = scorer.score(rows)
        except RowsRefused as refused:
            problems += refused.problems
    if problems:
        _refuse(sorted(problems, key=lambda p: p.row))
    if not points:
        raise BadRows([CellProblem(2, "", "no_rows", "there is no result row under the header")])
    read = {*expected, *scorer.optional_columns}
    return Results(shape, points, tuple(c for c in table.columns if c not in read), games)


def _name(number: int, column: str, text: str) -> str | CellProblem:
    """A game's or player's name, normalised (:func:`service.core.names.normalise_name`), or why it cannot be one."""
    if not text:
        return CellProblem(number, column, "required", f"{column} is empty")
    try:
        return normalise_name(text)
    except BadName as refused:
        return CellProblem(number, column, refused.code, f"{column}: {refused}")


def _known_name(known: dict[tuple[str, str], str | CellProblem], number: int, column: str, text: str) -> str | CellProblem:
    """:func:`_name`, once per distinct text of a column; a refusal is worded again at each row it is on."""
    name = known.get((column, text))
    if name is None:
        name = known[column, text] = _name(number, column, text)
    if isinstance(name, CellProblem) and name.row != number:
        return CellProblem(number, name.column, name.code, name.message)
    return name


def _games(table: Table, columns: Sequence[str], problems: list[CellProblem]) -> dict[str, list[GameRow]]:
    """The rows of each game, in sheet order; a row without its game or player, or a player's second row of a game, is a problem."""
    games: dict[str, list[GameRow]] = {}
    first_row: dict[tuple[str, str], int] = {}
    absent = dict.fromkeys(columns, "")
    known: dict[tuple[str, str], str | CellProblem] = {}  # (column, text) -> name: a sheet names the same games and players again and again
    for number, cells in table.rows:
        named = [_known_name(known, number, column, cells.get(column, "")) for column in KEY_COLUMNS]
        bad = [problem for problem in named if isinstance(problem, CellProblem)]
        if bad:
            problems += bad
            continue
        game, player = (str(name) for name in named)
        earlier = first_row.setdefault((game, player), number)
        if earlier != number:
            problems.append(CellProblem(number, "player", "duplicate_row", f"{player!r} already has a row for game {game!r} (row {earlier})"))
            continue
        games.setdefault(game, []).append(GameRow(number, player, {**absent, **cells}))
    return games
