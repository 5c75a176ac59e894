"""The rule book's three ways to end a game's count (rules.md §8): who won, and with how many points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from service.core.problems import Problem

from .cards import Card, value
from .rules import Scoring
from .sets import is_set

THREE_KINGS_POINTS = 15
EndReason = Literal["three_kings", "all_passed"]


def pile_points(pile: Sequence[Card]) -> int:
    return sum(value(card.rank) for card in pile)


def pile_problems(pile: Sequence[Card], pointer: str) -> list[Problem]:
    """A pile is made of whole sets, three cards each, in the order they were taken (§4.3)."""
    if len(pile) % 3:
        return [Problem(pointer, "pile_not_sets", f"a pile holds whole sets of three cards, not {len(pile)} cards")]
    return [
        Problem(
            f"{pointer}/{start}", "pile_not_sets", f"{' '.join(str(card) for card in pile[start : start + 3])} is not a set: no two of them add up to the third"
        )
        for start in range(0, len(pile), 3)
        if not is_set(*(card.rank for card in pile[start : start + 3]))
    ]


@dataclass(frozen=True, slots=True)
class Result:
    """Scores (None under method 1) and the winners, in seat order."""

    scores: dict[str, int] | None
    winners: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        return {"scores": self.scores, "winners": list(self.winners)}


def score(piles: Mapping[str, Sequence[Card]], three_kings: str | None, scoring: Scoring) -> Result:
    """Score a finished game; equal best scores share the win (§8.4)."""
    if scoring == "three_kings_wins":
        return Result(None, (three_kings,) if three_kings is not None else ())
    sign = 1 if scoring == "bonus" else -1
    scores = {name: pile_points(pile) + (sign * THREE_KINGS_POINTS if name == three_kings else 0) for name, pile in piles.items()}
    best = max(scores.values(), key=lambda points: sign * points) if scores else 0
    return Result(scores, tuple(name for name, points in scores.items() if points == best))


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: by three Kings or by every player passing, who held three Kings first, and the result."""

    reason: EndReason
    three_kings: str | None
    result: Result

    def to_dict(self) -> dict[str, object]:
        return {"reason": self.reason, "three_kings": self.three_kings, **self.result.to_dict()}
