"""Tournament rows of Three Kings: each player's pile and whether they got three Kings, scored by a method (rules.md §8).

A sheet of this shape has, beside ``game`` and ``player``: ``pile`` (the
cards of the player's sets, e.g. ``6 5 J 2 3 5``; empty for none) and
``three_kings`` (yes on the row of the player who got three Kings). The
organiser picks the scoring method for the whole sheet (option ``method``,
``bonus`` unless chosen). Standings add points and rank the highest first,
so each method gives points that rank that way: ``bonus`` its score;
``penalty`` minus its score (the fewest is best); ``three_kings_wins`` 1 to
the three-Kings player and 0 to the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar, cast

from service.core.problems import Problem
from service.tournaments.scoring import CellProblem, Chosen, GameRow, RowScorer, RowScorerWithOptions, RowsRefused, ScoringOption

from .cards import MAX_PLAYERS, MIN_PLAYERS, Card, excess_copies, parse_cards
from .rules import SCORING_DESCRIPTIONS, SCORINGS, Scoring
from .scoring import pile_problems, score

YES, NO = frozenset({"yes", "y", "true", "1", "x"}), frozenset({"no", "n", "false", "0", ""})
MAX_PILE = 60  # 20 sets: more than one player takes from the pack of ten
METHOD = ScoringOption("method", "How each game is scored: " + " ".join(f"{name}: {text}" for name, text in SCORING_DESCRIPTIONS.items()), SCORINGS, "bonus")


@dataclass(frozen=True, slots=True)
class ThreeKingsRows:
    """Rows of Three Kings scored by ``method``."""

    method: Scoring = "bonus"
    columns: ClassVar[tuple[str, ...]] = ("pile", "three_kings")
    optional_columns: ClassVar[tuple[str, ...]] = ()
    max_rows: ClassVar[int] = 1_000
    options: ClassVar[tuple[ScoringOption, ...]] = (METHOD,)

    def with_options(self, chosen: Chosen) -> RowScorer:
        return ThreeKingsRows(cast(Scoring, chosen.get("method", METHOD.default)))

    def score(self, rows: Sequence[GameRow]) -> Mapping[str, Fraction]:
        problems: list[CellProblem] = []
        piles = {row.player: _pile(row, problems) for row in rows}
        holders = [row for row in rows if _holds_three_kings(row, problems)]
        problems += [
            CellProblem(row.number, "three_kings", "two_three_kings", f"{holders[0].player!r} already got three Kings in this game") for row in holders[1:]
        ]
        if not MIN_PLAYERS <= len(rows) <= MAX_PLAYERS:
            problems.append(
                CellProblem(rows[0].number if rows else 0, "", "player_count", f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(rows)}")
            )
        else:
            places = ((f"{number}/{index}", card) for number, row in enumerate(rows) for index, card in enumerate(piles[row.player]))
            problems += [CellProblem(rows[int(p.pointer.split("/")[0])].number, "pile", p.code, p.message) for p in excess_copies(places, len(rows))]
        if problems:
            raise RowsRefused(problems)
        result = score(piles, holders[0].player if holders else None, self.method)
        if result.scores is None:
            return {name: Fraction(int(name in result.winners)) for name in piles}
        sign = -1 if self.method == "penalty" else 1
        return {name: Fraction(sign * points) for name, points in result.scores.items()}


def _pile(row: GameRow, problems: list[CellProblem]) -> tuple[Card, ...]:
    texts = row.cells.get("pile", "").replace(",", " ").split()
    if len(texts) > MAX_PILE:
        problems.append(CellProblem(row.number, "pile", "too_many_cards", f"{len(texts)} cards: a pile here holds at most {MAX_PILE}"))
        return ()
    found: list[Problem] = []
    cards = parse_cards(texts, "", found)
    if not found:
        found = pile_problems(cards, "")
    problems += [CellProblem(row.number, "pile", problem.code, problem.message) for problem in found]
    return cards


def _holds_three_kings(row: GameRow, problems: list[CellProblem]) -> bool:
    text = row.cells.get("three_kings", "").strip().lower()
    if text not in YES | NO:
        problems.append(CellProblem(row.number, "three_kings", "bad_three_kings", f"three_kings is yes or no, not {text!r}"))
    return text in YES


ROW_SCORER: RowScorerWithOptions = ThreeKingsRows()
