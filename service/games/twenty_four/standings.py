"""Standings for a hand and for several hands (rules.md §5): points are cards won, equal most share the win."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.core.records import PlainForm


def leaders(names: Sequence[str], points: Sequence[int]) -> list[str]:
    """Who has the most points; equal most share the win (§5.1, §5.2)."""
    best = max(points)
    return [name for name, score in zip(names, points, strict=True) if score == best]


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line: points in each finished hand, cards won so far in the hand being played, total, rank."""

    player: str
    hands: tuple[int, ...]
    this_hand: int | None
    total: int
    rank: int

    to_dict = PlainForm(hands=list)


@dataclass(frozen=True, slots=True)
class Standings:
    """The table's standings; ``winners`` once every hand is played, else who leads so far."""

    hands_played: int
    hands_to_play: int
    over: bool
    rows: tuple[Standing, ...]
    winners: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        return {
            "hands_played": self.hands_played,
            "hands_to_play": self.hands_to_play,
            "over": self.over,
            "standings": [row.to_dict() for row in self.rows],
            "winners" if self.over else "leaders": list(self.winners),
        }


def standings(names: Sequence[str], hands: Sequence[Sequence[int]], hands_to_play: int, this_hand: Sequence[int] | None = None) -> Standings:
    """Totals over the finished ``hands`` (points per seat, in seat order) plus the cards won so far in
    ``this_hand`` when one is being played; best first, equal totals sharing a rank."""
    totals = [sum(hand[seat] for hand in hands) + (this_hand[seat] if this_hand else 0) for seat in range(len(names))]
    order = sorted(range(len(names)), key=lambda seat: -totals[seat])
    rows: list[Standing] = []
    for place, seat in enumerate(order):
        rank = rows[-1].rank if rows and rows[-1].total == totals[seat] else place + 1
        rows.append(Standing(names[seat], tuple(hand[seat] for hand in hands), this_hand[seat] if this_hand else None, totals[seat], rank))
    over = this_hand is None and len(hands) >= hands_to_play
    return Standings(len(hands), hands_to_play, over, tuple(rows), tuple(leaders(names, totals)) if names else ())
