"""1923 in a results sheet: one "game" of the sheet is one 1923 set, the sheet one match.

Tournament standings add points across the sheet's games, which is how a
1923 match adds its sets (rules.md §5.5, §6.1). The sheet's rows, one per set
and player, give either ``won``, the cards the player won in the set
(``AH 7C 9D``; empty when none), or ``points`` with an optional ``cards``
column (how many cards the player won in the set; the match's tie-break at N
needs it). Options: ``target`` (N, default 21) and ``decks`` (default
ceil(players / 3)), against which every set is checked.

Besides the standings, the sheet's sets are judged as a match by the same
code as ``POST /v1/1923/matches/standings`` (:func:`.scoring.match_standings`):
running totals, whether the match is over, the winners and the rule that
decided it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from service.core.cards import Card, CardListError, parse_cards
from service.core.problems import InvalidInput, Problem, excess_copies
from service.tournaments.rows import POINTS, Results
from service.tournaments.scoring import CellProblem, Chosen, GameRow, MatchVerdict, RowsRefused, ScoringOption

from .scoring import (
    DEFAULT_TARGET,
    MAX_TARGET,
    SetLine,
    decks_for,
    impossible_points,
    match_standings,
    players_differ,
    score_set,
    set_winners,
    won_line,
)
from .table import CARDS_PER_DECK, MAX_DECKS, MIN_PLAYERS, decks_problems, pack_of

WON, CARDS = "won", "cards"
# 250 sets of two players, or 16 of 30 (a match to 21 takes a handful): each row's cards are read twice (points, then
# the match). At 1,000 rows a sheet refused as over before its last set cost 50-52 ms of CPU, past a refusal's 50 (issue 29).
MAX_SET_ROWS = 500
OPTIONS = (
    ScoringOption("target", "The points that win the match (N; rules.md §6.1).", default=DEFAULT_TARGET, bounds=(1, MAX_TARGET)),
    ScoringOption("decks", "Decks in the pack, for the check of every set; default ceil(players / 3) (rules.md §1.2).", default=None, bounds=(1, MAX_DECKS)),
)


@dataclass(frozen=True, slots=True)
class SetRows:
    """Scores one set's rows by Ace benefit and Ace damage, and the sheet's sets as one match to ``target``."""

    target: int = DEFAULT_TARGET
    decks: int | None = None
    columns: ClassVar[tuple[str, ...]] = (WON,)
    optional_columns: ClassVar[tuple[str, ...]] = ()
    max_rows: ClassVar[int] = MAX_SET_ROWS
    options: ClassVar[tuple[ScoringOption, ...]] = OPTIONS

    def with_options(self, chosen: Chosen) -> SetRows:
        target, decks = chosen.get("target", DEFAULT_TARGET), chosen.get("decks")
        return SetRows(target if isinstance(target, int) else DEFAULT_TARGET, decks if isinstance(decks, int) else None)

    def score(self, rows: Sequence[GameRow]) -> Mapping[str, Fraction]:
        """Points per player of one set; every bad cell at once."""
        return {name: Fraction(points) for name, points in score_set(self._won(rows)).points_of().items()}

    def _won(self, rows: Sequence[GameRow]) -> list[tuple[str, tuple[Card, ...]]]:
        """Each player's cards won in the set, checked against the pack; every bad cell at once."""
        problems: list[CellProblem] = []
        won = []
        for row in rows:
            try:
                won.append((row.player, tuple(parse_cards(row.cells.get(WON, "")))))
            except CardListError as error:
                problems += [CellProblem(row.number, WON, "bad_card", message) for _, message in error.problems]
        problems += _player_count(rows)
        if problems:
            raise RowsRefused(problems)
        number_of = {str(index): row.number for index, row in enumerate(rows)}
        places = [(str(index), card) for index, (_, cards) in enumerate(won) for card in cards]
        decks = decks_for(self.decks, len(rows))
        problems = _decks_refused(rows, decks) or [
            CellProblem(number_of[problem.pointer], WON, problem.code, problem.message) for problem in excess_copies(places, pack_of(decks))
        ]
        if problems:
            raise RowsRefused(problems)
        return won

    def match(self, results: Results) -> MatchVerdict | None:
        """The sheet's sets as one match (rules.md §6), judged by :func:`.scoring.match_standings`.

        None for a sheet of points without a ``cards`` column: the tie-break at N needs the cards won.
        """
        if results.shape == POINTS and not any(CARDS in row.cells for rows in results.rows.values() for row in rows):
            return None
        problems: list[CellProblem] = []
        lines: list[SetLine] = []
        first_rows: list[int] = []
        game_winners: dict[str, tuple[str, ...]] = {}
        for game, rows in results.rows.items():
            line = self._line(rows, results.points[game], problems) if results.shape == POINTS else won_line(self._won(rows))
            if line is not None:
                lines.append(line)
                first_rows.append(rows[0].number)
                game_winners[game] = set_winners(line.cards)
        problems += [CellProblem(first_rows[at], "player", "players_differ", why) for at, why in players_differ(lines)]
        if problems:
            raise RowsRefused(problems)
        try:
            standings = match_standings(lines, self.target)
        except InvalidInput as refused:
            raise RowsRefused([_cell_problem(problem, first_rows) for problem in refused.problems]) from refused
        answer = standings.to_dict()
        result = standings.result
        return MatchVerdict(
            target=self.target,
            running=tuple(line.totals for line in standings.sets),
            over=result is not None,
            winners=result.winners if result else (),
            decided_by=result.decided_by if result else None,
            rule=str(answer["rule"]) if result else None,
            answer=answer,
            game_winners=game_winners,
            columns=(CARDS,) if results.shape == POINTS else (),
        )

    def _line(self, rows: Sequence[GameRow], points: Mapping[str, Fraction], problems: list[CellProblem]) -> SetLine | None:
        """A set given by points and cards won, checked by §5.5 and against the pack as the match endpoint checks it."""
        before = len(problems)
        problems += _player_count(rows)
        whole: dict[str, int] = {}
        cards: dict[str, int] = {}
        number_of = {row.player: row.number for row in rows}
        for row in rows:
            if points[row.player].denominator != 1:
                problems.append(CellProblem(row.number, POINTS, "bad_points", "a set's points are whole (rules.md §5.5)"))
            whole[row.player] = int(points[row.player])
            text = row.cells.get(CARDS, "")
            if not (text.isascii() and text.isdigit() and int(text) <= MAX_DECKS * CARDS_PER_DECK):
                problems.append(
                    CellProblem(
                        row.number, CARDS, "bad_cards", f"the cards won in the set: a whole number from 0 to {MAX_DECKS * CARDS_PER_DECK}, not {text!r}"
                    )
                )
                continue
            cards[row.player] = int(text)
        if len(problems) != before:
            return None
        decks = decks_for(self.decks, len(rows))
        if refused := _decks_refused(rows, decks):
            problems += refused
            return None
        found = impossible_points(whole, cards, decks, "")
        for problem in found:
            name = problem.pointer.rsplit("/", 1)[-1].replace("~1", "/").replace("~0", "~")
            column = POINTS if problem.pointer.startswith("/points") else CARDS
            problems.append(CellProblem(number_of.get(name, rows[0].number), column, problem.code, problem.message))
        return SetLine(0, whole, cards, {}) if not found else None


def _player_count(rows: Sequence[GameRow]) -> list[CellProblem]:
    if len(rows) >= MIN_PLAYERS:
        return []
    return [CellProblem(rows[0].number if rows else 0, "player", "player_count", f"a set is played by {MIN_PLAYERS} or more players")]


def _decks_refused(rows: Sequence[GameRow], decks: int) -> list[CellProblem]:
    """The decks option against the set's players: never more than ceil(players / 3), enough for one card each (§1.2)."""
    return [CellProblem(rows[0].number if rows else 0, "player", problem.code, problem.message) for problem in decks_problems(decks, len(rows))]


def _cell_problem(problem: Problem, first_rows: Sequence[int]) -> CellProblem:
    """A problem of the match (pointer ``/sets/<index>``) at the first row of that set."""
    parts = problem.pointer.split("/")
    index = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 0
    return CellProblem(first_rows[min(index, len(first_rows) - 1)] if first_rows else 0, "game", problem.code, problem.message)


ROW_SCORER = SetRows()
