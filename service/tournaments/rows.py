"""Reading result rows: JSON, CSV (UTF-8, optional BOM, comma or semicolon) or XLSX.

Two row shapes (one row per game and player):
* points: ``game, player, points`` — the points are already known;
* cards: ``game, player, cards, castle_1 .. castle_4[, caller]`` — scored by The Calculus.
Every bad row is reported at once, naming its row number and column.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Literal

from openpyxl import load_workbook

from service.core.cards import CardError, CardListError, parse_cards
from service.games.kings.castles import Castle, parse_castle
from service.games.kings.state import MAX_PLAYERS

Shape = Literal["points", "cards"]
POINTS_COLUMNS = ("game", "player", "points")
CARDS_COLUMNS = ("game", "player", "cards", "castle_1", "castle_2", "castle_3", "castle_4")
OPTIONAL_COLUMNS = ("caller",)
TRUE_TEXTS = {"yes", "y", "true", "1", "x"}
FALSE_TEXTS = {"no", "n", "false", "0", ""}
MAX_ROWS = 10_000
MAX_CARD_ROWS = 1_000  # each is scored by The Calculus: 100 games of 10 players
MAX_FINAL_CARDS = 8  # a player ends a game holding 7, or 8 if the pile ran dry mid-turn
MAX_COLUMNS = 64  # far more than either row shape uses; bounds what a workbook can make us read


@dataclass(frozen=True, slots=True)
class RowProblem:
    """A bad cell (or row): the row number as the organiser sees it, the column, why."""

    row: int
    column: str
    code: str
    message: str

    def to_dict(self) -> dict[str, object]:
        return {"pointer": f"/rows/{self.row}/{self.column}" if self.column else f"/rows/{self.row}",
                "row": self.row, "column": self.column, "code": self.code, "message": self.message}


class BadRows(ValueError):
    def __init__(self, problems: Sequence[RowProblem]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(f"row {p.row} {p.column}: {p.message}" for p in problems))


@dataclass(frozen=True, slots=True)
class ResultRow:
    row: int
    game: str
    player: str
    half_points: int | None = None
    cards: tuple[Any, ...] = ()
    castles: tuple[Castle, ...] = ()
    caller: bool = False


@dataclass(slots=True)
class Table:
    """Rows as read: normalised headers, each row's cells as text, and each row's number."""

    columns: list[str]
    rows: list[tuple[int, dict[str, str]]]
    ignored: list[str] = field(default_factory=list)


def normalise(header: object) -> str:
    return str(header or "").strip().lower().replace(" ", "_").replace("-", "_")


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, list):  # JSON rows may give cards as a list
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
    return Table(columns, rows)


def table_from_csv(data: bytes) -> Table:
    """CSV with a header row; UTF-8 with or without Excel's BOM; comma or semicolon."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BadRows([RowProblem(1, "", "not_utf8", f"the CSV is not UTF-8 (byte {error.start}); save it as 'CSV UTF-8'")]) from error
    first_line = text.split("\n", 1)[0]
    delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        lines = list(islice(reader, MAX_ROWS + 2))
    except csv.Error as error:
        raise BadRows([RowProblem(reader.line_num, "", "bad_csv", f"the CSV cannot be read at line {reader.line_num}: {error}")]) from error
    if not lines:
        raise BadRows([RowProblem(1, "", "empty", "the CSV is empty: it needs a header row and one row per game and player")])
    header = [normalise(h) for h in lines[0]]
    rows = [(number, dict(zip(header, (c.strip() for c in line), strict=False)))
            for number, line in enumerate(lines[1:], start=2) if any(c.strip() for c in line)]
    return Table(header, rows)


def table_from_xlsx(data: bytes) -> Table:
    """The first worksheet of an XLSX workbook, header in row 1."""
    try:
        sheet = load_workbook(io.BytesIO(data), read_only=True, data_only=True).worksheets[0]
    except Exception as error:  # openpyxl raises many kinds for a file that is not a workbook
        raise BadRows([RowProblem(1, "", "not_xlsx", f"the file is not an XLSX workbook: {type(error).__name__}")]) from error
    values = list(islice(sheet.iter_rows(values_only=True, max_col=MAX_COLUMNS), MAX_ROWS + 2))
    if not values:
        raise BadRows([RowProblem(1, "", "empty", "the worksheet is empty: it needs a header row")])
    header = [normalise(h) for h in values[0]]
    rows = [(number, {h: _cell(v) for h, v in zip(header, line, strict=False) if h})
            for number, line in enumerate(values[1:], start=2) if any(_cell(v) for v in line)]
    return Table([h for h in header if h], rows)


def shape_of(table: Table) -> Shape:
    has_points, has_cards = "points" in table.columns, "cards" in table.columns
    if has_points == has_cards:
        why = "both 'points' and 'cards'" if has_points else "neither 'points' nor 'cards'"
        raise BadRows([RowProblem(1, "", "unknown_shape", f"the header has {why}: use game, player, points — or "
                                                           "game, player, cards, castle_1..castle_4[, caller]")])
    return "points" if has_points else "cards"


def read_rows(table: Table) -> tuple[Shape, list[ResultRow]]:
    """Every row checked; raises :class:`BadRows` with every problem at once."""
    shape = shape_of(table)
    expected = POINTS_COLUMNS if shape == "points" else CARDS_COLUMNS
    missing = [c for c in expected if c not in table.columns]
    if missing:
        raise BadRows([RowProblem(1, c, "missing_column", f"the header has no column {c!r}") for c in missing])
    table.ignored = [c for c in table.columns if c not in expected and c not in OPTIONAL_COLUMNS]
    limit = MAX_ROWS if shape == "points" else MAX_CARD_ROWS
    if len(table.rows) > limit:
        raise BadRows([RowProblem(limit + 2, "", "too_many_rows", f"at most {limit} rows of {shape}")])
    problems: list[RowProblem] = []
    rows = [row for row in (_read_row(number, cells, shape, problems) for number, cells in table.rows) if row]
    problems += _duplicate_problems(rows)
    if shape == "cards":
        problems += _game_problems(rows)
    if problems:
        raise BadRows(problems)
    if not rows:
        raise BadRows([RowProblem(2, "", "no_rows", "there is no result row under the header")])
    return shape, rows


def _read_row(number: int, cells: Mapping[str, str], shape: Shape, problems: list[RowProblem]) -> ResultRow | None:
    before = len(problems)
    game, player = cells.get("game", ""), cells.get("player", "")
    for column, value in (("game", game), ("player", player)):
        if not value:
            problems.append(RowProblem(number, column, "required", f"{column} is empty"))
    if shape == "points":
        half_points = _half_points(number, cells.get("points", ""), problems)
        return ResultRow(number, game, player, half_points) if len(problems) == before else None
    cards = _cards(number, cells.get("cards", ""), problems)
    castles = []
    for index in range(1, 5):
        column = f"castle_{index}"
        try:
            castles.append(parse_castle(cells.get(column, "")))
        except CardError as error:
            problems.append(RowProblem(number, column, "bad_castle", str(error)))
    caller_text = cells.get("caller", "").strip().lower()
    if caller_text not in TRUE_TEXTS | FALSE_TEXTS:
        problems.append(RowProblem(number, "caller", "bad_caller", f"caller is yes or no (or empty), not {caller_text!r}"))
    if len(problems) != before:
        return None
    return ResultRow(number, game, player, cards=tuple(cards), castles=tuple(castles), caller=caller_text in TRUE_TEXTS)


def _half_points(number: int, text: str, problems: list[RowProblem]) -> int | None:
    try:
        value = float(text.replace(",", ".")) if text else None
    except ValueError:
        value = None
    if value is None or value != value or abs(value) > 10_000 or (value * 2) != int(value * 2):
        problems.append(RowProblem(number, "points", "bad_points", f"points must be a number, whole or a half (e.g. 6.5), not {text!r}"))
        return None
    return int(value * 2)


def _cards(number: int, text: str, problems: list[RowProblem]) -> list[Any]:
    try:
        cards = parse_cards(text)
    except CardListError as error:
        problems += [RowProblem(number, "cards", "bad_card", message) for _, message in error.problems]
        return []
    if not cards:
        problems.append(RowProblem(number, "cards", "required", "cards is empty: list the player's final cards, e.g. 'QH JH 10H 9H 8H 7H 3S'"))
    if len(cards) > MAX_FINAL_CARDS:
        problems.append(RowProblem(number, "cards", "too_many_cards", f"{len(cards)} cards: a player ends a game with at most {MAX_FINAL_CARDS}"))
    return cards


def _duplicate_problems(rows: Iterable[ResultRow]) -> list[RowProblem]:
    seen: dict[tuple[str, str], int] = {}
    problems = []
    for row in rows:
        key = (row.game, row.player)
        if key in seen:
            problems.append(RowProblem(row.row, "player", "duplicate_row", f"{row.player!r} already has a row for game {row.game!r} (row {seen[key]})"))
        else:
            seen[key] = row.row
    return problems


def _game_problems(rows: Sequence[ResultRow]) -> list[RowProblem]:
    """Card rows of one game share its castles and have at most one caller."""
    first_of: dict[str, ResultRow] = {}
    caller_of: dict[str, ResultRow] = {}
    players_of: dict[str, int] = {}
    problems = []
    for row in rows:
        first = first_of.setdefault(row.game, row)
        players_of[row.game] = players_of.get(row.game, 0) + 1
        if players_of[row.game] == MAX_PLAYERS + 1:
            problems.append(RowProblem(row.row, "player", "too_many_players", f"game {row.game!r} has more than {MAX_PLAYERS} players"))
        for index, (mine, theirs) in enumerate(zip(row.castles, first.castles, strict=True), start=1):
            if mine != theirs:
                problems.append(RowProblem(row.row, f"castle_{index}", "castles_differ",
                                           f"game {row.game!r} has castle {index} as {theirs.to_dict()} on row {first.row}"))
        if row.caller:
            earlier = caller_of.setdefault(row.game, row)
            if earlier is not row:
                problems.append(RowProblem(row.row, "caller", "two_callers", f"game {row.game!r} already has a caller on row {earlier.row}"))
    return problems
