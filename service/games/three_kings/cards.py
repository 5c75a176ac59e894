"""Three Kings' cards: ranks only (rules.md §1).

A card is read from a rank (``7``), a card of the standard deck (``7H``,
read by :mod:`service.core.cards`) or a joker (``JK``), which is a King.
The suit (or the joker) is kept so answers show the card as it was written;
no rule ever looks at it.  The pack for P players holds 2P of each rank
A to Q and 2P + 1 Kings, so copies are counted per rank, not per card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from service.core import cards as standard
from service.core.cards import ACE, KING, RANK_NAMES
from service.core.problems import MAX_PROBLEMS, Findings, Problem

JOKER = "JK"
QUEEN = 12
SET_RANKS: tuple[int, ...] = tuple(range(ACE, QUEEN + 1))  # the ranks with a value (§1.2)
MIN_PLAYERS, MAX_PLAYERS = 2, 20  # the rule book: 2 or more; bounded for cost (the reading: no fewer than 20)
CARD_HELP = "use a rank (A, 2-10, J, Q, K), optionally followed by a suit (7H), or JK for a joker"


class CardError(ValueError):
    """A text that is not a card; the message quotes it."""


class Card(NamedTuple):
    """A card: its rank (1..13) and, for display only, how it was marked (a suit, ``JK``, or nothing)."""

    rank: int
    mark: str = ""

    def __str__(self) -> str:
        return JOKER if self.mark == JOKER else RANK_NAMES[self.rank] + self.mark

    @property
    def is_king(self) -> bool:
        return self.rank == KING


def rank_text(rank: int) -> str:
    """The rank alone, as moves and answers about ranks name it (``J``)."""
    return RANK_NAMES[rank]


RANK_CARDS: dict[int, Card] = {rank: Card(rank) for rank in RANK_NAMES}
_CARD_OF_TEXT: dict[str, Card] = (
    {RANK_NAMES[rank]: card for rank, card in RANK_CARDS.items()}
    | {str(card): Card(card.rank, card.suit) for card in standard.ONE_DECK}
    | {JOKER: Card(KING, JOKER)}
)
_BARE_RANKS: dict[str, int] = {name: rank for rank, name in RANK_NAMES.items()} | {"T": 10}
_CACHE_BOUND = 4096  # texts people type are few; the bound keeps a stream of junk from growing it


def parse_card(text: object) -> Card:
    """Read one card (``6``, ``6h``, ``10♥``, ``T``, ``K``, ``JK``); raises :class:`CardError` quoting the text."""
    if not isinstance(text, str):
        raise CardError(f"a card is a string, not {text!r}: {CARD_HELP}")
    card = _CARD_OF_TEXT.get(text)
    if card is None:
        card = _read(text)
        if len(_CARD_OF_TEXT) < _CACHE_BOUND:
            _CARD_OF_TEXT[text] = card
    return card


def _read(text: str) -> Card:
    cleaned = text.strip().upper()
    if cleaned in (JOKER, "JOKER"):
        return Card(KING, JOKER)
    rank = _BARE_RANKS.get(cleaned)
    if rank is not None:
        return RANK_CARDS[rank]
    try:
        suited = standard.parse_card(cleaned)
    except standard.CardError as error:
        raise CardError(f"{text!r} is not a card: {CARD_HELP}") from error
    return Card(suited.rank, suited.suit)


def parse_cards(texts: Iterable[object], pointer: str, problems: list[Problem] | Findings) -> tuple[Card, ...]:
    """Read a list of cards; each bad item adds a ``bad_card`` problem at ``pointer/index`` (a :class:`Findings`
    stops the reading at the one cap)."""
    cards = []
    for index, text in enumerate(texts):
        try:
            cards.append(text if isinstance(text, Card) else parse_card(text))  # a card the schema read is not read again
        except CardError as error:
            problems.append(Problem(f"{pointer}/{index}", "bad_card", str(error)))
    return tuple(cards)


_TEXT_OF_CARD: dict[Card, str] = {card: str(card) for card in _CARD_OF_TEXT.values()}  # every card the reader makes: 13 ranks x 5 marks, and JK


def card_texts(cards: Sequence[Card]) -> list[str]:
    """The cards' texts, one dict lookup each: answers list every card of the table, move after move."""
    try:
        return list(map(_TEXT_OF_CARD.__getitem__, cards))
    except KeyError:  # a Card built by hand rather than read
        return [str(card) for card in cards]


def value(rank: int) -> int:
    """A card's value in a set and in a score: A 1, 2-10, J 11, Q 12 (Kings are never counted)."""
    return rank


def copies_of(rank: int, players: int) -> int:
    """How many cards of ``rank`` the pack for ``players`` holds (§1.3)."""
    return 2 * players + (1 if rank == KING else 0)


def pack_size(players: int) -> int:
    return 26 * players + 1


def pack(players: int) -> list[Card]:
    """Every card of the pack in a fixed order (rank by rank); suits are not needed to play."""
    return [RANK_CARDS[rank] for rank in RANK_NAMES for _ in range(copies_of(rank, players))]


def excess_copies(places: Iterable[tuple[str, Card]], players: int) -> list[Problem]:
    """A ``too_many_copies`` problem at each place where a rank shows up beyond the pack's copies of it."""
    seen: Counter[int] = Counter()
    problems = []
    for pointer, card in places:
        seen[card.rank] += 1
        limit = copies_of(card.rank, players)
        if seen[card.rank] > limit:
            problems.append(
                Problem(
                    pointer,
                    "too_many_copies",
                    f"this is rank {rank_text(card.rank)}'s copy number {seen[card.rank]}; the pack for {players} players holds {limit} (rules.md §1.3)",
                )
            )
            if len(problems) > MAX_PROBLEMS:
                break  # one past the one cap (service.core.problems): the state's check stops there and says so
    return problems
