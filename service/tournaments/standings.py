"""Standings: points travel in a sum across the games (the rule book's tournaments).

Ranks are shared by equal totals (1, 2, 2, 4). A game's winners are its
highest scores, so a shared game win counts for each who shares it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.core.problems import InvalidInput
from service.games.kings.calculus import PlayerCards, calculus, winners_of
from service.games.kings.hands import as_number
from service.games.kings.rules import Rules

from .rows import BadRows, ResultRow, RowProblem, Shape


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    player: str
    half_total: int
    games: int
    wins: int
    half_best: int
    half_worst: int
    half_points: dict[str, int]

    def to_dict(self) -> dict[str, object]:
        return {
            "rank": self.rank, "player": self.player, "total": as_number(self.half_total), "games": self.games, "wins": self.wins,
            "best": as_number(self.half_best), "worst": as_number(self.half_worst),
            "points": {game: as_number(points) for game, points in self.half_points.items()},
        }


@dataclass(frozen=True, slots=True)
class Standings:
    shape: Shape
    games: tuple[str, ...]
    table: tuple[Standing, ...]
    ignored_columns: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {"shape": self.shape, "games": list(self.games), "standings": [s.to_dict() for s in self.table],
                "ignored_columns": list(self.ignored_columns)}


def _games_in_order(rows: Sequence[ResultRow]) -> dict[str, list[ResultRow]]:
    games: dict[str, list[ResultRow]] = {}
    for row in rows:
        games.setdefault(row.game, []).append(row)
    return games


def score_card_games(games: dict[str, list[ResultRow]], rules: Rules) -> dict[str, dict[str, int]]:
    """The Calculus for each game of card rows; every problem of every game at once."""
    problems: list[RowProblem] = []
    points: dict[str, dict[str, int]] = {}
    for game, rows in games.items():
        first = rows[0]
        callers = [row.player for row in rows if row.caller]  # read_rows allows at most one
        try:
            result = calculus(first.castles, [PlayerCards(row.player, row.cards) for row in rows], rules,
                              callers[0] if callers else None)
        except InvalidInput as error:
            problems += [_row_problem(rows, p.pointer, p.code, p.message) for p in error.problems]
            continue
        points[game] = {player.name: player.split.half_score for player in result.players}
    if problems:
        raise BadRows(problems)
    return points


def _row_problem(rows: Sequence[ResultRow], pointer: str, code: str, message: str) -> RowProblem:
    """Map a Calculus problem (``/players/2/cards/1``, ``/castles/0/card``) to the organiser's row and column."""
    parts = pointer.strip("/").split("/")
    if parts[0] == "players" and len(parts) > 1:
        return RowProblem(rows[int(parts[1])].row, "cards" if len(parts) > 2 else "player", code, message)
    if parts[0] == "castles" and len(parts) > 1:
        return RowProblem(rows[0].row, f"castle_{int(parts[1]) + 1}", code, message)
    return RowProblem(rows[0].row, "caller" if parts[0] == "caller" else "", code, message)


def standings(shape: Shape, rows: Sequence[ResultRow], rules: Rules | None = None, ignored: Sequence[str] = ()) -> Standings:
    games = _games_in_order(rows)
    if shape == "points":
        per_game = {game: {row.player: row.half_points or 0 for row in game_rows} for game, game_rows in games.items()}
    else:
        per_game = score_card_games(games, rules or Rules())
    players: dict[str, dict[str, int]] = {}
    wins: dict[str, int] = {}
    for game, scores in per_game.items():
        for name, half in scores.items():
            players.setdefault(name, {})[game] = half
        for name in winners_of(list(scores.items())):
            wins[name] = wins.get(name, 0) + 1
    ordered = sorted(players.items(), key=lambda item: (-sum(item[1].values()), item[0]))
    table: list[Standing] = []
    for position, (name, points) in enumerate(ordered):
        total = sum(points.values())
        rank = table[-1].rank if table and table[-1].half_total == total else position + 1
        table.append(Standing(rank, name, total, len(points), wins.get(name, 0), max(points.values()), min(points.values()), points))
    return Standings(shape, tuple(games), tuple(table), tuple(ignored))
