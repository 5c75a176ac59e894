"""Standings: points travel in a sum across the games (the rule book's tournaments), for any game.

Ranks are shared by equal totals (1, 2, 2, 4); for a game whose sheets are one
match (1923), the rank follows the match's places instead, so that it never
contradicts the match's winners. A game's winners are its
highest scores, so a shared game win counts for each who shares it.
Points are exact (:class:`~fractions.Fraction`); they reach a client as
:func:`as_number` writes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from .limits import check_standings_size
from .rows import Results
from .scoring import MatchVerdict, RowScorer, match_of


def as_number(points: Fraction) -> int | float | str:
    """Exact points as JSON: ``13``, ``6.5`` (a number whose decimal text is exactly the value), else ``"1/3"``."""
    if points.denominator == 1:
        return points.numerator
    number = float(points)
    if points.denominator == 2:  # halves, the usual case: n.5 is exact both as a float and as its text
        return number
    return number if Fraction(repr(number)) == points else str(points)


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    player: str
    total: Fraction
    games: int
    wins: int
    best: Fraction
    worst: Fraction
    points: Mapping[str, Fraction]  # game -> the player's points in it

    def to_dict(self) -> dict[str, object]:
        return {
            "rank": self.rank,
            "player": self.player,
            "total": as_number(self.total),
            "games": self.games,
            "wins": self.wins,
            "best": as_number(self.best),
            "worst": as_number(self.worst),
            "points": {game: as_number(points) for game, points in self.points.items()},
        }


@dataclass(frozen=True, slots=True)
class Standings:
    shape: str
    games: tuple[str, ...]
    table: tuple[Standing, ...]
    ignored_columns: tuple[str, ...] = ()
    match: MatchVerdict | None = None  # for a game whose sheets are matches (1923), the match's verdict

    def to_dict(self) -> dict[str, object]:
        return {
            "shape": self.shape,
            "games": list(self.games),
            "standings": [s.to_dict() for s in self.table],
            "ignored_columns": list(self.ignored_columns),
            "match": dict(self.match.answer) if self.match else None,
        }


def winners(scores: Mapping[str, Fraction]) -> list[str]:
    """Every player with a game's highest score: equal best scores share the win."""
    top = max(scores.values(), default=None)
    return [name for name, score in scores.items() if score == top]


def _ranked(totals: Mapping[str, Fraction], match: MatchVerdict | None) -> list[tuple[str, object]]:
    """The players in rank order, each with what places them (equal ones share a rank), by name within a rank.

    By total; for a game whose sheets are one match, by the match's places (1923: at the target, the most cards won),
    so that the rank never contradicts the match's winners.
    """
    place_of: dict[str, object] = {name: index for index, group in enumerate(match.places) for name in group} if match else {}
    unplaced = len(place_of)
    key = {name: (place_of[name],) if name in place_of else (unplaced, -total) for name, total in totals.items()}
    return [(name, key[name]) for name in sorted(totals, key=lambda name: (key[name], name))]


def standings(results: Results, scorer: RowScorer | None = None) -> Standings:
    """Each player's total, games, wins, best and worst game; the table ordered by total (or the match's places), then name.

    ``scorer``, the game's (with the options chosen), adds the match's verdict for a game whose sheets are matches,
    and says who won each game when its rules do not give the win to the highest points (1923: most cards won).
    """
    players: dict[str, dict[str, Fraction]] = {}
    for scores in results.points.values():
        for name in scores:
            players.setdefault(name, {})
    check_standings_size(len(results.points), len(players))
    match = match_of(scorer, results)
    game_winners = match.game_winners if match else {}
    wins: dict[str, int] = {}
    for game, scores in results.points.items():
        for name, score in scores.items():
            players[name][game] = score
        for name in game_winners.get(game) or winners(scores):
            wins[name] = wins.get(name, 0) + 1
    totals = {name: sum(points.values(), Fraction(0)) for name, points in players.items()}
    table: list[Standing] = []
    previous: object = None
    for position, (name, place) in enumerate(_ranked(totals, match)):
        points, total = players[name], totals[name]
        rank = table[-1].rank if table and place == previous else position + 1
        previous = place
        table.append(Standing(rank, name, total, len(points), wins.get(name, 0), max(points.values()), min(points.values()), points))
    ignored = tuple(column for column in results.ignored_columns if not match or column not in match.columns)
    return Standings(results.shape, tuple(results.points), tuple(table), ignored, match)
