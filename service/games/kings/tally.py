"""How many of each card and of each rank a set of cards holds, as one integer: a :class:`Tally`.

Detection and progress ask the same question thousands of times a second:
"how many of the cards this target needs does the holding have?". Counting
with dicts costs a loop per question; a tally answers it with one AND and a
bit count, as python-chess answers square questions with a ``SquareSet``
over a 64-bit board.

Cards here are castle-relative keys (``rank * 4 + castle position``, see
``catalog.relative_key``); Kings never enter a tally. The layout, which
only this module reads:

* three *lanes* of 128 bits, one per count level: lane ``L`` says "at least
  ``L + 1``";
* in each lane, bit ``key`` (0..51) counts a card, and bit ``64 + rank``
  (65..76) counts a rank, whatever the suits.

A count of ``n`` sets lanes ``0 .. n-1`` and no others, so for two tallies
``(need & have).bit_count()`` is ``sum(min(need, have))`` over every card and
rank at once. Counts stop at :data:`MAX_COUNT`: no target needs more than
three cards of one rank, or two copies of one card.
"""

from __future__ import annotations

from collections.abc import Iterable

MAX_COUNT = 3
_LANE = 128  # bits per count level
_RANK_OFFSET = 64  # where the rank bits start in a lane
_KEYS = 52  # castle-relative keys of the non-King cards: ranks 1..12 (key 0..3 unused: no rank 0) x 4 positions
_KEYS_MASK = (1 << _KEYS) - 1
_RANKS_MASK = (1 << 14) - 1  # the rank bits of one lane, shifted down to bit 0


def _step(key: int) -> tuple[int, int]:
    """One more copy of ``key``: its card and rank bits in lane 0, and the same bits in every lane."""
    bits = (1 << key) | (1 << (_RANK_OFFSET + (key >> 2)))
    return bits, sum(bits << (level * _LANE) for level in range(MAX_COUNT))


_STEPS = [_step(key) for key in range(_KEYS)]


class Tally(int):
    """Counts of cards and of ranks, capped at :data:`MAX_COUNT`, with the operations the engine names.

    An ``int`` underneath, so a tally is hashable, cheap to keep, and its
    operations run at C speed; build one with :meth:`of_keys` or :meth:`needing`.
    """

    __slots__ = ()

    @classmethod
    def of_keys(cls, keys: Iterable[int]) -> Tally:
        """The tally of some cards (castle-relative keys, a key once per copy)."""
        tally = 0
        for key in keys:
            # Each count climbs one lane: shift the lanes already reached up one, add lane 0, keep the three lanes.
            bits, lanes = _STEPS[key]
            tally |= ((tally & lanes) << _LANE | bits) & lanes
        return cls(tally)

    @classmethod
    def needing(cls, need: Iterable[tuple[int, int]], *, by_rank: bool) -> Tally:
        """What a target needs: ``need`` maps a key (or, ``by_rank``, a rank) to a count."""
        offset = _RANK_OFFSET if by_rank else 0
        tally = 0
        for key, count in need:
            assert count <= MAX_COUNT, f"a target needing {count} of one card or rank is beyond the count levels"
            for level in range(count):
                tally |= 1 << (level * _LANE + offset + key)
        return cls(tally)

    def covers(self, need: int) -> bool:
        """Whether this tally holds everything ``need`` counts."""
        return need & self == need

    def count_toward(self, need: int) -> int:
        """How many of the cards ``need`` counts this tally holds: ``sum(min(need, have))``."""
        return (need & self).bit_count()

    def within(self, scope: int) -> int:
        """Only the counts ``scope`` sets bits for (all a question about those cards depends on), as a plain key."""
        return self & scope

    def ranks(self) -> int:
        """The ranks counted at least once, as a set of bits: bit ``r`` for rank ``r``."""
        return self >> _RANK_OFFSET & _RANKS_MASK

    def card_counts(self) -> list[int]:
        """How many copies of each key the tally counts (indexed by key; ranks left out)."""
        counts = [0] * _KEYS
        for level in range(MAX_COUNT):
            lane = self >> (level * _LANE) & _KEYS_MASK
            while lane:  # one set bit at a time
                lowest = lane & -lane
                counts[lowest.bit_length() - 1] += 1
                lane ^= lowest
        return counts

    def rank_scope(self) -> Tally:
        """For a tally of ranks: every card of those ranks, as deep as the rank is counted.

        An any-suit target's progress names the suits of the cards it holds,
        so it depends on each card of its ranks, not only on the rank counts.
        """
        scope = 0
        for level in range(MAX_COUNT):
            ranks = self >> (level * _LANE + _RANK_OFFSET) & _RANKS_MASK
            for rank in range(_RANKS_MASK.bit_length()):
                if ranks >> rank & 1:
                    scope |= 0b1111 << (level * _LANE + rank * 4)
        return Tally(scope)
