"""The pack, the order of the cards, the honors and the deal's shape (rules.md §1, §2).

Twenty-Four plays with one standard 52-card pack. In every suit the King is
high and the Ace low, which is exactly the order of :attr:`Card.rank`
(A=1 .. K=13), so ranks compare directly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from service.core.cards import SUITS, Card, Pack, card_texts

PACK = Pack()
DECK_SIZE = PACK.size
HonorSet = Literal["point", "face"]
HONOR_SETS: tuple[str, ...] = get_args(HonorSet)
HONOR_RANKS: dict[str, frozenset[int]] = {"point": frozenset({1, 2, 3, 4, 5}), "face": frozenset({9, 10, 11, 12, 13})}
FACE_VALUE_CAP = 10  # the Point counts J, Q and K as ten (rules.md §6.2)
PLAYER_COUNTS = (4, 5)
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@dataclass(frozen=True, slots=True)
class DealShape:
    """How a hand is dealt at a table of ``players``: the batches each player receives and the stock's size."""

    players: int
    batches: tuple[int, ...]
    stock: int  # the turn-up included

    @property
    def hand_size(self) -> int:
        return sum(self.batches)


DEAL_SHAPES: dict[int, DealShape] = {5: DealShape(5, (3, 3, 4), 2), 4: DealShape(4, (3, 3, 3, 3), 4)}


def is_honor(card: Card, trump: str, honors: str) -> bool:
    return card.suit == trump and card.rank in HONOR_RANKS[honors]


def honors_of(trump: str, honors: str) -> list[Card]:
    """The five honors of a hand, low to high."""
    return [Card(rank, trump) for rank in sorted(HONOR_RANKS[honors])]


_HONOR_TEXTS: dict[tuple[str, str], tuple[str, ...]] = {
    (suit, kind): tuple(card_texts(honors_of(suit, kind))) for suit in SUITS for kind in HONOR_SETS
}  # the eight sets of honors (a trump suit, point or face), as the answers write them


def honor_texts(trump: str, honors: str) -> list[str]:
    """The five honors of a hand, low to high, as texts: what the legal report and a player's view show."""
    return list(_HONOR_TEXTS[trump, honors])


def shuffled(seed: int, shuffle_number: int) -> list[Card]:
    """The pack in the order shuffle ``shuffle_number`` of match ``seed`` leaves it (top last); reproducible."""
    deck = PACK.cards()
    random.Random(f"{seed}/{shuffle_number}").shuffle(deck)
    return deck


def sorted_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A hand in a stable order people read easily: by suit (S H D C), high card first."""
    return tuple(sorted(cards, key=_hand_order))


_SUIT_PLACE = {"S": 0, "H": 1, "D": 2, "C": 3}


def _hand_order(card: Card) -> tuple[int, int]:
    return _SUIT_PLACE[card.suit], -card.rank
