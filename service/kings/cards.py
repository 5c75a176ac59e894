"""Cards of the two-deck 24 Kings pack: parsing, canonical text, face values.

A card is a small immutable value (rank 1..13, suit S/H/D/C).  Parsing is
lenient about how people type cards (``10h``, ``TH``, ``K♠``) and strict
about what they mean: anything that is not one card is refused with the
bad text and its position quoted.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANK_NAMES: dict[int, str] = {1: "A", 11: "J", 12: "Q", 13: "K"} | {
    rank: str(rank) for rank in range(2, 11)
}
KING = 13
COPIES_PER_CARD = 2
DECK_SIZE = 52 * COPIES_PER_CARD

_RANK_TEXT: dict[str, int] = {name: rank for rank, name in RANK_NAMES.items()} | {
    "T": 10,
}
_SUIT_TEXT: dict[str, str] = {
    "S": "S", "♠": "S", "♤": "S",
    "H": "H", "♥": "H", "♡": "H",
    "D": "D", "♦": "D", "♢": "D",
    "C": "C", "♣": "C", "♧": "C",
}


class CardError(ValueError):
    """A text that is not a card; the message quotes it."""


class Card(NamedTuple):
    """One card. ``str(card)`` is the canonical form, e.g. ``10H`` or ``QS``."""

    rank: int
    suit: str

    def __str__(self) -> str:
        return RANK_NAMES[self.rank] + self.suit

    @property
    def is_king(self) -> bool:
        return self.rank == KING

    @property
    def face_value(self) -> int:
        """A=1, 2..10, J=11, Q=12, K=13 (the rule book's face values)."""
        return self.rank


ONE_DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
_CANONICAL_CARDS: dict[str, Card] = {str(card): card for card in ONE_DECK}
_TEXT_OF_CARD: dict[Card, str] = {card: text for text, card in _CANONICAL_CARDS.items()}


def card_texts(cards: Sequence[Card]) -> list[str]:
    """The cards' canonical texts, as answers list them: one dict lookup each, a third of ``str``'s cost."""
    if not cards:  # most left-over lists of an answer are empty: a quarter of the cost of mapping them
        return []
    try:
        return list(map(_TEXT_OF_CARD.__getitem__, cards))
    except KeyError:  # not a card of the deck (a test's made-up Card): its text all the same
        return [str(card) for card in cards]


def parse_card(text: str) -> Card:
    """Read one card such as ``10H``, ``TH``, ``10h``, ``qs``, ``K♠`` or ``10♥``.

    Raises :class:`CardError` quoting the text.
    """
    if not isinstance(text, str):
        raise CardError(f"a card must be a string, not {text!r}")
    return _CANONICAL_CARDS.get(text) or _parse_text(text)


@lru_cache(maxsize=1024)
def _parse_text(text: str) -> Card:
    cleaned = text.strip().upper()
    if len(cleaned) < 2:
        raise CardError(f"{text!r} is not a card: expected a rank and a suit, e.g. '10H'")
    rank = _RANK_TEXT.get(cleaned[:-1])
    suit = _SUIT_TEXT.get(cleaned[-1])
    if rank is None and suit is None:
        raise CardError(f"{text!r} is not a card: unknown rank {cleaned[:-1]!r} and suit {cleaned[-1]!r}")
    if rank is None:
        raise CardError(f"{text!r} is not a card: unknown rank {cleaned[:-1]!r} (use A, 2-10, T, J, Q, K)")
    if suit is None:
        raise CardError(f"{text!r} is not a card: unknown suit {cleaned[-1]!r} (use S, H, D, C or ♠ ♥ ♦ ♣)")
    return Card(rank, suit)


class CardListError(ValueError):
    """Some items of a card list are not cards; ``problems`` has (index, message)."""

    def __init__(self, problems: list[tuple[int, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"card {index}: {message}" for index, message in problems))


def parse_cards(texts: Iterable[str] | str) -> list[Card]:
    """Read a list of cards (or one string with cards separated by spaces/commas).

    Every bad item is reported at once, each with its position.
    """
    items = texts.replace(",", " ").split() if isinstance(texts, str) else list(texts)
    try:  # the common case, every item already canonical: one dictionary lookup each, at C speed
        return list(map(_CANONICAL_CARDS.__getitem__, items))
    except (KeyError, TypeError):
        pass
    cards: list[Card] = []
    problems: list[tuple[int, str]] = []
    for index, item in enumerate(items):
        try:
            cards.append(parse_card(item))
        except CardError as error:
            problems.append((index, str(error)))
    if problems:
        raise CardListError(problems)
    return cards


def full_deck() -> list[Card]:
    """The 104 cards of two decks, in a fixed order (suit, then rank, twice)."""
    return [*ONE_DECK, *ONE_DECK]
