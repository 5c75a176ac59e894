"""Rows of a made-up trick-taking game: each player's bid and tricks; making the bid scores 10 + bid, missing it costs the gap.

``bonus`` (optional) adds a third of a point, so that points are not always halves.
Options: ``deck`` (short: 8 tricks a game, full: 13) and ``double`` (every score twice).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from service.tournaments.scoring import CellProblem, Chosen, GameRow, RowScorerWithOptions, RowsRefused, ScoringOption

TRICKS = {"short": 8, "full": 13}


@dataclass(frozen=True, slots=True)
class TricksScorer:
    deck: str = "full"
    double: bool = False
    columns: ClassVar[tuple[str, ...]] = ("tricks", "bid")
    optional_columns: ClassVar[tuple[str, ...]] = ("bonus",)
    max_rows: ClassVar[int] = 40
    options: ClassVar[tuple[ScoringOption, ...]] = (
        ScoringOption("deck", "How many tricks a game has.", ("short", "full"), "full"),
        ScoringOption("double", "Every score counts twice."),
    )

    def with_options(self, chosen: Chosen) -> TricksScorer:
        return TricksScorer(str(chosen.get("deck", "full")), bool(chosen.get("double", False)))

    def score(self, rows: Sequence[GameRow]) -> Mapping[str, Fraction]:
        problems: list[CellProblem] = []
        numbers = {column: [_number(row, column, problems) for row in rows] for column in self.columns}
        if not problems and sum(numbers["tricks"]) != TRICKS[self.deck]:
            problems.append(CellProblem(rows[0].number, "", "tricks_sum", f"the tricks add up to {sum(numbers['tricks'])}, not {TRICKS[self.deck]}"))
        if problems:
            raise RowsRefused(problems)
        points = {}
        for row, tricks, bid in zip(rows, numbers["tricks"], numbers["bid"], strict=True):
            made = Fraction(10 + bid) if tricks == bid else -Fraction(abs(tricks - bid))
            bonus = Fraction(1, 3) if row.cells["bonus"] == "yes" else Fraction(0)
            points[row.player] = (made + bonus) * (2 if self.double else 1)
        return points


def _number(row: GameRow, column: str, problems: list[CellProblem]) -> int:
    text = row.cells[column]
    if not text.isdigit() or int(text) > 13:
        problems.append(CellProblem(row.number, column, f"bad_{column}", f"{column} is a whole number from 0 to 13, not {text!r}"))
        return 0
    return int(text)


ROW_SCORER: RowScorerWithOptions = TricksScorer()
