"""Standings written as CSV or XLSX, one row per player, one column per game.

For a game whose sheets are one match (1923), the match's verdict follows the
table after an empty row: its target, whether it is over, the winners, the
rule that decided it (name and rule-book section), and each player's running
total after every game, under that game's column.

Both writers are safe to open in a spreadsheet: a text cell that begins with
``= + - @``, a tab or a carriage return (OWASP's "CSV injection") is written
with a leading ``'``, so it is read as text and never run as a formula; in
XLSX every text cell is also typed as a string. The XLSX is written in
openpyxl's write-only (streaming) mode and is byte-stable: the same
standings give the same bytes (fixed document times, fixed zip entry times).
"""

from __future__ import annotations

import csv
import datetime
import io
import zipfile

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.writer.excel import ExcelWriter

from .scoring import MatchVerdict
from .standings import Standings, as_number

FIXED_COLUMNS = ["rank", "player", "total", "games", "wins", "best", "worst"]


def standings_rows(result: Standings) -> list[list[object]]:
    header: list[object] = [*FIXED_COLUMNS, *(f"game {game}" for game in result.games)]
    rows = [header]
    for s in result.table:
        per_game = [as_number(s.points[game]) if game in s.points else "" for game in result.games]
        rows.append([s.rank, s.player, as_number(s.total), s.games, s.wins, as_number(s.best), as_number(s.worst), *per_game])
    if result.match is not None:
        rows += match_rows(result.match, [s.player for s in result.table])
    return rows


def match_rows(match: MatchVerdict, players: list[str]) -> list[list[object]]:
    """The match's verdict under the standings: one ``match`` row per fact, then the running totals per game column."""
    blank = [""] * (len(FIXED_COLUMNS) - 2)
    rows: list[list[object]] = [
        [],
        ["match", "target", match.target],
        ["match", "over", "yes" if match.over else "no"],
        ["match", "winners", "; ".join(match.winners)],
        ["match", "decided_by", match.decided_by or ""],
        ["match", "rule", match.rule or ""],
    ]
    for name in players:
        rows.append(["running total", name, *blank, *(totals.get(name, "") for totals in match.running)])
    return rows


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
FIXED_TIME = datetime.datetime(2000, 1, 1)  # the workbook's created and modified times: the same standings, the same bytes
ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest a zip entry can carry


def neutral(value: object) -> object:
    """A cell as written: numbers as they are; text that a spreadsheet would run as a formula with a leading ``'`` (OWASP)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def standings_csv(result: Standings) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows([neutral(value) for value in row] for row in standings_rows(result))
    return buffer.getvalue().encode("utf-8")


def standings_xlsx(result: Standings) -> bytes:
    """The standings as one worksheet, streamed (write-only), every text cell a string and never a formula."""
    workbook = Workbook(write_only=True)
    workbook.properties.created = workbook.properties.modified = FIXED_TIME
    workbook.properties.creator = "referee"
    sheet = workbook.create_sheet("Standings")
    for row in standings_rows(result):
        sheet.append([_xlsx_cell(sheet, value) for value in row])
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        ExcelWriter(workbook, archive).save()  # openpyxl's save_workbook would stamp the time of writing
    return _fixed_zip_times(buffer.getvalue())


def _xlsx_cell(sheet: object, value: object) -> object:
    if not isinstance(value, str):
        return value
    cell = WriteOnlyCell(sheet, neutral(value))
    cell.data_type = "s"  # openpyxl types text beginning with "=" as a formula; a standings cell never is one
    return cell


def _fixed_zip_times(data: bytes) -> bytes:
    """The same archive with every entry dated :data:`ZIP_TIME`, in the same order: zip entries otherwise carry the time of writing."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for entry in source.infolist():
            fixed = zipfile.ZipInfo(entry.filename, date_time=ZIP_TIME)
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = 0o600 << 16
            target.writestr(fixed, source.read(entry))
    return out.getvalue()
