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
        return distance_of(self.total)

    @property
    def average(self) -> Fraction:
        """The total over the number of cards, Aces counted as for the total (§2.3)."""
        return Fraction(self.total, self.cards)


def distance_of(total: int) -> int:
    """How far a total is from the nearer end of 19–23; 0 inside it (§4.2)."""
    if total < RANGE_LOW:
        return RANGE_LOW - total
    return max(total - RANGE_HIGH, 0)


def rank_key(total: int) -> tuple[bool, int, int]:
    """How a total ranks under §4 (higher ranks better): any total in 19–23 first, the higher the better;
    outside, the nearer the range the better, and at equal distance the higher total (its average is higher, §4.3)."""
    return (distance_of(total) == 0, -distance_of(total), total)


def hand_value(cards: Sequence[Card]) -> HandValue:
    """The total its holder would choose: of every count of the Aces as 1 or 11, the one that ranks best (§2.2)."""
    low = 0
    aces = 0
    for card in cards:
        low += POINTS[card.rank]
        aces += card.rank == ACE
    high_aces = max(range(aces + 1), key=lambda high: rank_key(low + ACE_BONUS * high))
    return HandValue(low + ACE_BONUS * high_aces, high_aces, len(cards))


def plain_fraction(value: Fraction) -> int | str:
    """An exact number as answers write it: an int when whole, else ``"17/2"``."""
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
