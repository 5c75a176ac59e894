"""Tournament rows for Twenty-Four (1718): one row per player and game, with the chips they ended the game with.

The standings count games won (rules.md §10.3): a game's row scores 1 point
for the player who reached six chips and 0 for everyone else, so a sheet
lists, per game, what each player held when the game stopped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import ClassVar

from service.tournaments.limits import MAX_ROWS
from service.tournaments.scoring import CellProblem, GameRow, RowsRefused

from .chips import WINNING_CHIPS
from .pack import PLAYER_COUNTS


class ChipRows:
    """Scores a game's rows from a ``chips`` column: the player at six chips won the game."""

    columns: ClassVar[tuple[str, ...]] = ("chips",)
    optional_columns: ClassVar[tuple[str, ...]] = ()
    max_rows: ClassVar[int] = MAX_ROWS

    def score(self, rows: Sequence[GameRow]) -> Mapping[str, Fraction]:
        """1 for the game's winner, 0 for the others; every bad cell and a game without exactly one winner refused."""
        problems: list[CellProblem] = []
        chips: dict[str, int] = {}
        for row in rows:
            text = row.cells.get("chips", "").strip()
            if not (text.isascii() and text.isdigit()) or int(text) > WINNING_CHIPS:  # str.isdigit also passes "²" and "٣"
                problems.append(CellProblem(row.number, "chips", "bad_chips", f"chips is a whole number from 0 to {WINNING_CHIPS}, not {text!r}"))
            else:
                chips[row.player] = int(text)
        if len(rows) not in PLAYER_COUNTS:
            problems.append(CellProblem(rows[0].number if rows else 0, "", "player_count", f"a game has four or five players, not {len(rows)}"))
        winners = [player for player, count in chips.items() if count == WINNING_CHIPS]
        if not problems and len(winners) != 1:
            problems.append(
                CellProblem(
                    rows[0].number,
                    "chips",
                    "one_winner",
                    f"a game ends when one player reaches {WINNING_CHIPS} chips; these rows have {len(winners)} at {WINNING_CHIPS}",
                )
            )
        if problems:
            raise RowsRefused(problems)
        return {player: Fraction(int(player in winners)) for player in chips}


ROW_SCORER = ChipRows()
