"""Standings written as CSV or XLSX, one row per player, one column per game."""

from __future__ import annotations

import csv
import io

from openpyxl import Workbook

from .standings import Standings, as_number

FIXED_COLUMNS = ["rank", "player", "total", "games", "wins", "best", "worst"]


def standings_rows(result: Standings) -> list[list[object]]:
    header: list[object] = [*FIXED_COLUMNS, *(f"game {game}" for game in result.games)]
    rows = [header]
    for s in result.table:
        per_game = [as_number(s.points[game]) if game in s.points else "" for game in result.games]
        rows.append([s.rank, s.player, as_number(s.total), s.games, s.wins, as_number(s.best), as_number(s.worst), *per_game])
    return rows


def standings_csv(result: Standings) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows(standings_rows(result))
    return buffer.getvalue().encode("utf-8")


def standings_xlsx(result: Standings) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "Standings"
    for row in standings_rows(result):
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()
