"""What cards and hands are worth in 1923 (rules.md §2): blackjack points, the Ace's choice, averages.

A hand's value and its average are asked for by every judging and every
tie-break, so the points of each rank are looked up, never recomputed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from service.core.cards import ACE, Card

RANGE_LOW, RANGE_HIGH = 19, 23
ACE_BONUS = 10  # an Ace counted 11 instead of 1
POINTS: dict[int, int] = {rank: min(rank, 10) for rank in range(1, 14)}  # Ace 1, 2..10, J Q K 10 (§2.1)
WAR_POINTS: dict[int, int] = POINTS | {ACE: 11}  # tie-break draws and war: an Ace is 11 (§2.4)


def war_value(card: Card) -> int:
    """A card's value in a tie-break draw or in war: Ace 11, 10 = J = Q = K (§2.4)."""
    return WAR_POINTS[card.rank]


@dataclass(frozen=True, slots=True)
class HandValue:
    """A hand's best total (§2.2), how many Aces count 11 in it, and its number of cards."""

    total: int
    high_aces: int
    cards: int

    @property
    def in_range(self) -> bool:
        return RANGE_LOW <= self.total <= RANGE_HIGH

    @property
    def distance(self) -> int:
        """How far the total is from the nearer end of 19–23; 0 inside it (§4.2)."""
        if self.total < RANGE_LOW:
            return RANGE_LOW - self.total
        return max(self.total - RANGE_HIGH, 0)

    @property
    def average(self) -> Fraction:
        """The total over the number of cards, Aces counted as for the total (§2.3)."""
        return Fraction(self.total, self.cards)


def hand_value(cards: Sequence[Card]) -> HandValue:
    """The highest total of at most 23 over the Aces' choices, else the lowest total (§2.2)."""
    low = 0
    aces = 0
    for card in cards:
        low += POINTS[card.rank]
        aces += card.rank == ACE
    high_aces = min(aces, (RANGE_HIGH - low) // ACE_BONUS) if low <= RANGE_HIGH else 0
    return HandValue(low + ACE_BONUS * high_aces, high_aces, len(cards))


def plain_fraction(value: Fraction) -> int | str:
    """An exact number as answers write it: an int when whole, else ``"17/2"``."""
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
