"""24 Kings plays with two standard decks: 104 cards, each card twice (rules.md §1)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from service.core.cards import Card, Pack
from service.core.problems import Problem, excess_copies, excess_copies_among

PACK = Pack(decks=2)
COPIES_PER_CARD = PACK.decks
DECK_SIZE = PACK.size
THIRD_COPY = "third_copy"


def full_deck() -> list[Card]:
    """The 104 cards of two decks, in a fixed order (suit, then rank, twice)."""
    return PACK.cards()


def third_copies(places: Iterable[tuple[str, Card]]) -> list[Problem]:
    """A problem at each place where a card shows up beyond its two copies."""
    return excess_copies(places, PACK, THIRD_COPY)


def third_copies_among(cards: Iterable[Card], places: Callable[[], Iterable[tuple[str, Card]]]) -> list[Problem]:
    """:func:`third_copies` of a whole table, counted cheaply first."""
    return excess_copies_among(cards, places, PACK, THIRD_COPY)
