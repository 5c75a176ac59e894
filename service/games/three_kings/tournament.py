"""Tournament rows of Three Kings: each player's pile and whether they got three Kings, scored by a method (rules.md §8).

Columns beside ``game`` and ``player``: ``pile`` (the cards of the player's
sets, e.g. ``6 5 J 2 3 5``), ``three_kings`` (yes/no) and, optionally,
``method`` (``bonus`` when empty; every row of a game names the same one).
Standings add points and rank the highest first, so each method gives
points that rank that way: ``bonus`` its score; ``penalty`` minus its score
(fewest is best); ``three_kings_wins`` 1 to the three-Kings player, 0 to the
others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from service.core.problems import Problem
from service.tournaments.scoring import CellProblem, GameRow, RowsRefused

from .cards import MAX_PLAYERS, MIN_PLAYERS, Card, excess_copies, parse_cards
from .rules import SCORINGS, Scoring
from .scoring import pile_problems, score

YES, NO = frozenset({"yes", "y", "true", "1", "x"}), frozenset({"no", "n", "false", "0", ""})
MAX_PILE = 60  # 20 sets: far more than one player takes from the pack of ten


@dataclass(frozen=True, slots=True)
class ThreeKingsRows:
    columns: tuple[str, ...] = ("pile", "three_kings")
    optional_columns: tuple[str, ...] = ("method",)
    max_rows: int = 1_000

    def score(self, rows: Sequence[GameRow]) -> Mapping[str, Fraction]:
        problems: list[CellProblem] = []
        piles = {row.player: self._pile(row, problems) for row in rows}
        holders = [row for row in rows if self._holds_three_kings(row, problems)]
        problems += [CellProblem(row.number, "three_kings", "two_three_kings", f"{holders[0].player!r} already got three Kings in this game")
                     for row in holders[1:]]
        method = self._method(rows, problems)
        if not MIN_PLAYERS <= len(rows) <= MAX_PLAYERS:
            problems.append(CellProblem(rows[0].number if rows else 0, "player", "player_count",
                                        f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(rows)}"))
        else:
            row_of = {row.player: row.number for row in rows}
            places = ((f"{name}/{index}", card) for name, pile in piles.items() for index, card in enumerate(pile))
            problems += [CellProblem(row_of[p.pointer.rsplit("/", 1)[0]], "pile", p.code, p.message) for p in excess_copies(places, len(rows))]
        if problems:
            raise RowsRefused(problems)
        result = score(piles, holders[0].player if holders else None, method)
        if result.scores is None:
            return {name: Fraction(int(name in result.winners)) for name in piles}
        sign = -1 if method == "penalty" else 1
        return {name: Fraction(sign * points) for name, points in result.scores.items()}

    @staticmethod
    def _pile(row: GameRow, problems: list[CellProblem]) -> tuple[Card, ...]:
        texts = row.cells.get("pile", "").replace(",", " ").split()
        if len(texts) > MAX_PILE:
            problems.append(CellProblem(row.number, "pile", "too_many_cards", f"{len(texts)} cards: a pile here holds at most {MAX_PILE}"))
            return ()
        found: list[Problem] = []
        cards = parse_cards(texts, "", found)
        found += pile_problems(cards, "") if not found else []
        problems += [CellProblem(row.number, "pile", problem.code, problem.message) for problem in found]
        return cards

    @staticmethod
    def _holds_three_kings(row: GameRow, problems: list[CellProblem]) -> bool:
        text = row.cells.get("three_kings", "").strip().lower()
        if text not in YES | NO:
            problems.append(CellProblem(row.number, "three_kings", "bad_three_kings", f"three_kings is yes or no, not {text!r}"))
        return text in YES

    @staticmethod
    def _method(rows: Sequence[GameRow], problems: list[CellProblem]) -> Scoring:
        named = {row.number: row.cells.get("method", "").strip().lower() or "bonus" for row in rows}
        for number, method in named.items():
            if method not in SCORINGS:
                problems.append(CellProblem(number, "method", "bad_method", f"method is one of {', '.join(SCORINGS)}, not {method!r}"))
        chosen = set(named.values()) & set(SCORINGS)
        if len(chosen) > 1:
            problems.append(CellProblem(rows[0].number, "method", "methods_differ", f"one game is scored one way, not {' and '.join(sorted(chosen))}"))
        return chosen.pop() if len(chosen) == 1 else "bonus"  # type: ignore[return-value]


ROW_SCORER = ThreeKingsRows()
