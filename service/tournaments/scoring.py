"""How a game scores the rows of one game in a results sheet: the per-game part of tournament standings.

Standings are game-free: points add up across games, equal totals share a
rank (:mod:`service.tournaments.standings`). A sheet may also give, instead
of points, what the game's rules need to score it (24 Kings: the castles and
each player's final cards); each game says which columns that takes and how
they score, through a :class:`RowScorer` named ``ROW_SCORER`` in its
package's ``tournament`` module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol


@dataclass(frozen=True, slots=True)
class GameRow:
    """One player's row of one game, as read: the row number the organiser sees, the player, every cell as text."""

    number: int
    player: str
    cells: Mapping[str, str]  # normalised column name -> cell text ("" when empty)


@dataclass(frozen=True, slots=True)
class CellProblem:
    """Why a cell (``column``) or a whole row (``column`` empty) cannot be scored."""

    row: int
    column: str
    code: str
    message: str


class RowsRefused(ValueError):
    """The rows of a game cannot be scored; ``problems`` names every bad cell at once."""

    def __init__(self, problems: Sequence[CellProblem]) -> None:
        if not problems:
            raise ValueError("RowsRefused needs at least one problem")
        self.problems = tuple(problems)
        super().__init__("; ".join(f"row {p.row} {p.column}: {p.message}" for p in self.problems))


class RowScorer(Protocol):
    """A game's scoring of sheet rows. ``columns`` are required beside ``game`` and ``player``."""

    @property
    def columns(self) -> tuple[str, ...]: ...

    @property
    def optional_columns(self) -> tuple[str, ...]: ...

    @property
    def max_rows(self) -> int: ...

    def score(self, rows: Sequence[GameRow]) -> Mapping[str, Fraction]:
        """Points per player for one game's rows (exact); raises :class:`RowsRefused` with every problem."""
        ...
