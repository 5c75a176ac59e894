"""Questions asked without a whole game: which sets a hand makes with a table, how finished piles score.

They answer ``POST /v1/three-kings/sets`` and ``/score`` and the tournament
rows, with the same rules as the referee (the set finder of :mod:`.sets`,
the methods of :mod:`.scoring`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from service.core.cards import KING
from service.core.problems import InvalidInput, Problem

from .cards import MAX_PLAYERS, MIN_PLAYERS, Card, excess_copies
from .rules import Scoring
from .scoring import Result, pile_problems, score
from .sets import RankSet, all_sets, table_counts


def pointer_token(name: str) -> str:
    """A name as one JSON pointer token (RFC 6901)."""
    return name.replace("~", "~0").replace("/", "~1")


def _players_problems(players: int, pointer: str) -> list[Problem]:
    if MIN_PLAYERS <= players <= MAX_PLAYERS:
        return []
    return [Problem(pointer, "player_count", f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players} (rules.md §2.1)")]


@dataclass(frozen=True, slots=True)
class SetsReport:
    sets: tuple[RankSet, ...]
    can_take_king: bool
    may_discard: bool
    may_pass: bool

    def to_dict(self) -> dict[str, object]:
        return {
            "sets": [found.to_dict() for found in self.sets],
            "can_take_king": self.can_take_king,
            "may_discard": self.may_discard,
            "may_pass": self.may_pass,
        }


def sets_report(hand: Sequence[Card], table: Sequence[Card], players: int = 2) -> SetsReport:
    """Every distinct set (by ranks) of ``hand`` with ``table``, whether a table King can be taken (besides the set or
    discard, never instead), a discard made, or a pass (a hand of Kings, or nothing) (§3-§5)."""
    problems = _players_problems(players, "/players")
    if not problems:
        places = [*((f"/hand/{i}", card) for i, card in enumerate(hand)), *((f"/table/{i}", card) for i, card in enumerate(table))]
        problems = excess_copies(places, players)
    if problems:
        raise InvalidInput(problems)
    sets = tuple(all_sets((card.rank for card in hand if card.rank != KING), table_counts(card.rank for card in table)))
    holds_king = any(card.is_king for card in hand)
    can_take_king = holds_king and any(card.is_king for card in table)
    may_discard = not sets and any(not card.is_king for card in hand)
    return SetsReport(sets, can_take_king, may_discard, not (sets or may_discard))  # a take is never forced (§3.4, §5.2)


@dataclass(frozen=True, slots=True)
class ScoreReport:
    method: Scoring
    result: Result

    def to_dict(self) -> dict[str, object]:
        return {"method": self.method, **self.result.to_dict()}


def score_report(method: Scoring, piles: Mapping[str, Sequence[Card]], three_kings: str | None) -> ScoreReport:
    """Score finished piles by one of the three methods (§8); piles are whole sets, the pack's copies respected."""
    problems = _players_problems(len(piles), "/piles")
    if three_kings is not None and three_kings not in piles:
        problems.append(Problem("/three_kings", "unknown_player", f"{three_kings!r} has no pile: name a player of /piles"))
    for name, pile in piles.items():
        problems += pile_problems(pile, f"/piles/{pointer_token(name)}")
    if MIN_PLAYERS <= len(piles) <= MAX_PLAYERS:
        problems += excess_copies(((f"/piles/{pointer_token(name)}/{i}", card) for name, pile in piles.items() for i, card in enumerate(pile)), len(piles))
    if problems:
        raise InvalidInput(problems)
    return ScoreReport(method, score(piles, three_kings, method))
