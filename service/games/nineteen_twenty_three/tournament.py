"""1923 in a results sheet: one "game" of the sheet is one 1923 set, one row per player with the cards they won.

Tournament standings add points across the sheet's games, which is how a
1923 match adds its sets (rules.md §5.5, §6.1): a sheet of sets scored here
gives the match's running totals. Columns beside ``game`` and ``player``:
``won``, the cards the player won in the set (``AH 7C 9D``; empty when none).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from service.core.cards import CardListError, parse_cards
from service.core.problems import excess_copies
from service.tournaments.scoring import CellProblem, GameRow, RowsRefused

from .scoring import score_set
from .table import MAX_PLAYERS, MIN_PLAYERS, default_decks, pack_of


class SetRows:
    """Scores one set's rows by Ace benefit and Ace damage."""

    columns: tuple[str, ...] = ("won",)
    optional_columns: tuple[str, ...] = ()
    max_rows: int = MAX_PLAYERS

    def score(self, rows: Sequence[GameRow]) -> Mapping[str, Fraction]:
        """Points per player of one set; every bad cell at once."""
        problems: list[CellProblem] = []
        won = []
        for row in rows:
            try:
                won.append((row.player, tuple(parse_cards(row.cells.get("won", "")))))
            except CardListError as error:
                problems += [CellProblem(row.number, "won", "bad_card", message) for _, message in error.problems]
        if len(rows) < MIN_PLAYERS:
            problems.append(CellProblem(rows[0].number if rows else 0, "player", "player_count", f"a set is played by {MIN_PLAYERS} or more players"))
        if problems:
            raise RowsRefused(problems)
        number_of = {str(index): row.number for index, row in enumerate(rows)}
        places = [(str(index), card) for index, (_, cards) in enumerate(won) for card in cards]
        problems = [
            CellProblem(number_of[problem.pointer], "won", problem.code, problem.message)
            for problem in excess_copies(places, pack_of(default_decks(len(rows))))
        ]
        if problems:
            raise RowsRefused(problems)
        return {name: Fraction(points) for name, points in score_set(won).points_of().items()}


ROW_SCORER = SetRows()
