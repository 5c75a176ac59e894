"""The standard 52-card model every game's pack is built from.

A card is a small immutable value (rank 1..13, suit S/H/D/C).  Parsing is
lenient about how people type cards (``10h``, ``TH``, ``K♠``) and strict
about what they mean: anything that is not one card is refused with the
bad text and its position quoted.  A :class:`Pack` says which cards a game
plays with and how many copies of each (two decks for 24 Kings, Ace to 10
for Twenty-Four...), so conservation checks are written once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANK_NAMES: dict[int, str] = {1: "A", 11: "J", 12: "Q", 13: "K"} | {rank: str(rank) for rank in range(2, 11)}
ACE, KING = 1, 13
ALL_RANKS: tuple[int, ...] = tuple(range(ACE, KING + 1))

_RANK_TEXT: dict[str, int] = {name: rank for rank, name in RANK_NAMES.items()} | {
    "T": 10,
}
_SUIT_TEXT: dict[str, str] = {
    "S": "S",
    "♠": "S",
    "♤": "S",
    "H": "H",
    "♥": "H",
    "♡": "H",
    "D": "D",
    "♦": "D",
    "♢": "D",
    "C": "C",
    "♣": "C",
    "♧": "C",
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
CANONICAL_CARDS: Mapping[str, Card] = MappingProxyType({str(card): card for card in ONE_DECK})
"""The 52 canonical texts and their cards: nearly every card a client sends is one of these, read with one lookup."""
CardLike = tuple[int, str]
"""What a card is to the shared pieces: a (rank, mark) tuple whose ``str`` is its text. :class:`Card` is one; a game
with cards of its own (Three Kings' ranks and jokers) makes them the same way, and zones and answers serve both."""
_TEXT_OF_CARD: dict[CardLike, str] = {card: text for text, card in CANONICAL_CARDS.items()}
# What parse_cards reads with one lookup each: a canonical text, or a Card already read (by a schema, say).
_CARD_OF_ITEM: dict[str | Card, Card] = {**{text: card for text, card in CANONICAL_CARDS.items()}, **{card: card for card in ONE_DECK}}
MAX_CARD_TEXT = 8  # longer than any spelling of a card ("10♥", " qs "), once stripped: refused without reading it


def card_texts(cards: Sequence[CardLike]) -> list[str]:
    """The cards' texts, as answers list them: one dict lookup each for a standard card, a third of ``str``'s cost."""
    if not cards:  # most left-over lists of an answer are empty: a quarter of the cost of mapping them
        return []
    try:
        return list(map(_TEXT_OF_CARD.__getitem__, cards))
    except KeyError:  # not a card of the deck (a game's own card, a test's made-up Card): its text all the same
        return [str(card) for card in cards]


def parse_card(text: str | Card) -> Card:
    """Read one card such as ``10H``, ``TH``, ``10h``, ``qs``, ``K♠`` or ``10♥``.

    The one reader of card text: schemas and state readers all come here, so
    every client sees the same refusals. A :class:`Card` a schema already read
    is taken as it is (as :func:`parse_cards` takes one). Raises :class:`CardError`
    quoting the text.
    """
    if type(text) is Card:
        return text
    if not isinstance(text, str):
        raise CardError(f"a card must be a string, not {text!r}")
    return CANONICAL_CARDS.get(text) or _read_text(text)


RANKS_HELP = "A, 2-10, T, J, Q or K"
SUITS_HELP = "S, H, D, C or ♠ ♥ ♦ ♣"


def _quoted(text: str) -> str:
    """``text`` as a refusal quotes it: a bounded part of it, so a padded card is never echoed whole."""
    return f"{text[: MAX_CARD_TEXT * 2]!r}{'…' if len(text) > MAX_CARD_TEXT * 2 else ''}"


def _read_text(text: str) -> Card:
    cleaned = text.strip().upper()
    if len(cleaned) > MAX_CARD_TEXT:
        raise CardError(f"{_quoted(text)} is not a card: far too long for a rank and a suit, e.g. '10H'")
    if cleaned in _RANK_TEXT:  # '10', 'Q': a rank with its suit left off
        raise CardError(f"{_quoted(text)} is not a card: it has a rank but no suit; add one of {SUITS_HELP} (e.g. '{cleaned}H')")
    if cleaned in _SUIT_TEXT:
        raise CardError(f"{_quoted(text)} is not a card: it has a suit but no rank; put one of {RANKS_HELP} before it (e.g. '10{cleaned}')")
    if len(cleaned) < 2:
        raise CardError(f"{_quoted(text)} is not a card: a card is a rank then a suit, e.g. '10H'")
    joined = "".join(cleaned.split())
    if joined != cleaned and _RANK_TEXT.get(joined[:-1]) is not None and joined[-1] in _SUIT_TEXT:
        raise CardError(f"{_quoted(text)} is not a card: the space is the problem; write the rank and the suit together, e.g. '{joined}'")
    rank = _RANK_TEXT.get(cleaned[:-1])
    suit = _SUIT_TEXT.get(cleaned[-1])
    if rank is None and suit is None:
        raise CardError(f"{_quoted(text)} is not a card: a card is a rank ({RANKS_HELP}) then a suit ({SUITS_HELP}), e.g. '10H'")
    if rank is None:
        raise CardError(f"{_quoted(text)} is not a card: {cleaned[:-1]!r} is not a rank; use {RANKS_HELP}")
    if suit is None:
        raise CardError(f"{_quoted(text)} is not a card: {cleaned[-1]!r} is not a suit; use {SUITS_HELP}")
    return Card(rank, suit)


class CardListError(ValueError):
    """Some items of a card list are not cards; ``problems`` has (index, message)."""

    def __init__(self, problems: list[tuple[int, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"card {index}: {message}" for index, message in problems))


def parse_cards(texts: Iterable[str | Card] | str) -> list[Card]:
    """Read a list of cards (or one string with cards separated by spaces/commas).

    An item is a card's text, or a :class:`Card` already read (a schema hands
    the engine cards). Every bad item is reported at once, each with its position.
    """
    items = texts.replace(",", " ").split() if isinstance(texts, str) else list(texts)
    try:  # the common case, every item canonical or a card: one dictionary lookup each, at C speed
        return list(map(_CARD_OF_ITEM.__getitem__, items))
    except (KeyError, TypeError):
        pass
    cards: list[Card] = []
    problems: list[tuple[int, str]] = []
    for index, item in enumerate(items):
        try:
            cards.append(read_card(item))
        except CardError as error:
            problems.append((index, str(error)))
    if problems:
        raise CardListError(problems)
    return cards


def known_cards(items: Sequence[object]) -> list[Card] | None:
    """The cards of a list whose every item is a canonical card text or a Card already read, at C speed; None otherwise."""
    try:
        return list(map(_CARD_OF_ITEM.__getitem__, items))  # type: ignore[arg-type]  # a non-card item is a KeyError or TypeError
    except (KeyError, TypeError):
        return None


def read_card(item: str | Card) -> Card:
    """One card given as text, or as a Card of the deck already read (as schemas hand them on)."""
    try:
        return _CARD_OF_ITEM[item]
    except (KeyError, TypeError):  # a text not canonical, or no card at all (parse_card refuses it)
        return parse_card(item)  # parse_card refuses a non-string itself


@dataclass(frozen=True, slots=True)
class Pack:
    """The cards a game plays with: which ranks, and how many copies of each card.

    ``Pack(decks=2)`` is 24 Kings' 104 cards; ``Pack(ranks=range(1, 11))`` is
    Twenty-Four's 40.  A game with copies per rank rather than per card (Three
    Kings) builds on :meth:`copies` too, with its own limits.
    """

    decks: int = 1
    ranks: tuple[int, ...] = ALL_RANKS
    faces: frozenset[Card] = field(init=False, repr=False, compare=False)  # each card of the pack once

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranks", tuple(self.ranks))
        if self.decks < 1 or not self.ranks or not set(self.ranks) <= set(ALL_RANKS):
            raise ValueError(f"a pack has at least one deck of ranks 1..13, not {self.decks} x {self.ranks}")
        object.__setattr__(self, "faces", frozenset(card for card in ONE_DECK if card.rank in self.ranks))

    def holds(self, cards: Iterable[CardLike]) -> bool:
        """Whether ``cards`` could all be this pack's: each card one of its faces, none more often than it has copies.

        Counted at C speed: a state check asks this first and looks for the places of a fault only when there is one.
        """
        counts = Counter(cards)
        return counts.keys() <= self.faces and max(counts.values(), default=0) <= self.decks

    @property
    def size(self) -> int:
        return self.decks * len(self.ranks) * len(SUITS)

    def copies(self, card: Card) -> int:
        """How many copies of ``card`` the pack holds (0 for a rank it leaves out)."""
        return self.decks if card.rank in self.ranks else 0

    def cards(self) -> list[Card]:
        """Every card of the pack in a fixed order: suit, then rank, deck after deck."""
        one = [card for card in ONE_DECK if card.rank in self.ranks]
        return one * self.decks

    def describe(self) -> str:
        kind = "standard deck" if self.ranks == ALL_RANKS else f"deck of ranks {RANK_NAMES[self.ranks[0]]}-{RANK_NAMES[self.ranks[-1]]}"
        return f"{self.decks} {kind}{'s' if self.decks > 1 else ''} ({self.size} cards)"
