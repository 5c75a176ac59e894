"""Sets of three: one card from the hand, two from the table, two of them adding up to the third (rules.md §4).

Everything here works on ranks (a card's value is its rank, A 1 to Q 12);
the engine and the ``/sets`` endpoint both ask these functions, so the
definition of a set lives in one place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .cards import QUEEN, rank_text, value


@dataclass(frozen=True, slots=True, order=True)
class RankSet:
    """A set by ranks: the hand's rank and the two table ranks (low first)."""

    hand: int
    low: int
    high: int

    @property
    def table(self) -> tuple[int, int]:
        return self.low, self.high

    def sum_text(self) -> str:
        """How the three add up, e.g. ``6 + 5 = 11``: the two addends in hand-then-table order, then the total."""
        return sum_text(self.hand, self.low, self.high)

    def to_dict(self) -> dict[str, object]:
        return {"hand_card": rank_text(self.hand), "table_cards": [rank_text(self.low), rank_text(self.high)], "sum": self.sum_text()}


def is_set(a: int, b: int, c: int) -> bool:
    """Whether two of the three ranks add up to the third (a King, 13, never does: it has no value)."""
    if max(a, b, c) > QUEEN:
        return False
    total = value(a) + value(b) + value(c)
    return 2 * max(value(a), value(b), value(c)) == total


def sum_text(hand: int, first: int, second: int) -> str:
    ranks = [hand, first, second]
    total = max(ranks, key=value)
    ranks.remove(total)
    return f"{value(ranks[0])} + {value(ranks[1])} = {value(total)}"


def table_counts(ranks: Iterable[int]) -> Counter[int]:
    """The table's ranks that can be in a set, counted."""
    return Counter(rank for rank in ranks if rank <= QUEEN)


def table_pairs(table: Counter[int]) -> dict[int, list[tuple[int, int]]]:
    """Every pair of ``table``'s ranks (low first) that makes a set with some hand rank, by that hand rank: two of the
    three add up to the third, so the hand card is the pair's sum, or with the low card adds up to the high one. The
    table is walked once, whatever the hand; each hand rank's pairs come low table rank first."""
    by_hand: dict[int, list[tuple[int, int]]] = {}
    ranks = sorted(table)
    for index, low in enumerate(ranks):
        for high in ranks[index if table[low] >= 2 else index + 1 :]:  # a pair of one rank needs two cards of it
            by_hand.setdefault(low + high, []).append((low, high))
            if high > low:
                by_hand.setdefault(high - low, []).append((low, high))
    return by_hand


def all_sets(hand_ranks: Iterable[int], table: Counter[int]) -> list[RankSet]:
    """Every distinct set (by ranks) of a hand with a table, the hand's ranks in the order first held, low table rank first."""
    pairs = table_pairs(table)
    return [RankSet(hand, low, high) for hand in dict.fromkeys(hand_ranks) if hand <= QUEEN for low, high in pairs.get(hand, ())]
