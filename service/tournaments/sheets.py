"""Standings written as CSV or XLSX, one row per player, one column per game.

For a game whose sheets are one match (1923), the match's verdict follows the
table after an empty row: its target, whether it is over, the winners, the
rule that decided it (name and rule-book section), and each player's running
total after every game, under that game's column.
"""

from __future__ import annotations

import csv
import io

from openpyxl import Workbook

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
