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


def sets_with(hand_rank: int, table: Counter[int]) -> list[RankSet]:
    """Every set (by ranks) that ``hand_rank`` makes with two cards of ``table``, low table rank first."""
    if hand_rank > QUEEN:
        return []
    pairs: set[tuple[int, int]] = set()
    for low in table:
        # The third card is the sum of the other two, or the hand card is: three candidates for the other table card.
        for other in (low + hand_rank, low - hand_rank, hand_rank - low):
            if other >= low and other in table and (other != low or table[low] >= 2):
                pairs.add((low, other))
    return [RankSet(hand_rank, low, high) for low, high in sorted(pairs)]


def all_sets(hand_ranks: Iterable[int], table: Counter[int]) -> list[RankSet]:
    """Every distinct set (by ranks) of a hand with a table, the hand's ranks in the order first held."""
    found: list[RankSet] = []
    for hand_rank in dict.fromkeys(hand_ranks):
        found += sets_with(hand_rank, table)
    return found
