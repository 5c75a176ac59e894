"""Twenty-Four's packs and shuffles (rules.md §1, §2.3).

Ace to 10 of four suits (40 cards); with the ``face_cards`` option Jacks,
Queens and Kings join as 11, 12 and 13 (52 cards). Suits never matter: a
card counts its rank.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from service.core.cards import Card, Pack, parse_cards
from service.core.problems import InvalidInput, Problem, excess_copies

STANDARD_PACK = Pack(ranks=tuple(range(1, 11)))
FACE_CARD_PACK = Pack()
REPEATED_CARD = "repeated_card"


def pack_for(face_cards: bool) -> Pack:
    """The 40-card pack, or the 52-card one with the ``face_cards`` option."""
    return FACE_CARD_PACK if face_cards else STANDARD_PACK


def values_of(cards: Iterable[Card]) -> list[int]:
    """What each card counts: Ace 1, 2 to 10 their number, Jack 11, Queen 12, King 13."""
    return [card.rank for card in cards]


def shuffled(cards: Sequence[Card], seed: int, purpose: str) -> list[Card]:
    """The order (top last) of game ``seed``'s shuffle for ``purpose`` (``deal/2``: the deal of hand 2); the same seed, the same order."""
    deck = list(cards)
    random.Random(f"twenty-four/{seed}/{purpose}").shuffle(deck)
    return deck


def card_problems(places: Sequence[tuple[str, Card]], face_cards: bool) -> list[Problem]:
    """A problem for each card the pack does not hold, and each card seen twice (one pack, each card once)."""
    pack = pack_for(face_cards)
    problems = [
        Problem(
            pointer,
            "not_in_pack",
            f"{card} is not in the {pack.size}-card pack" + ("" if face_cards else "; Jacks, Queens and Kings need the face_cards option"),
        )
        for pointer, card in places
        if not pack.copies(card)
    ]
    return problems + excess_copies(((pointer, card) for pointer, card in places if pack.copies(card)), pack, REPEATED_CARD)


def table_values(cards: Sequence[str] | None, values: Sequence[int] | None, face_cards: bool, pointer: str = "/cards") -> list[int]:
    """The numbers of a request's table, given as ``cards`` (checked against the pack) or as bare ``values``, not both."""
    if (cards is None) == (values is None):
        why = "both cards and values are given" if cards is not None else "neither cards nor values is given"
        raise InvalidInput([Problem(pointer, "table_required", f"give the table as cards or as values, one of the two: {why}")])
    if values is not None:
        top = max(pack_for(face_cards).ranks)
        problems = [
            Problem(f"{pointer.rsplit('/', 1)[0]}/values/{index}", "value_not_in_pack", f"{value} is a face card: bare 11 to 13 need the face_cards option")
            for index, value in enumerate(values)
            if value > top
        ]
        if problems:
            raise InvalidInput(problems)
        return list(values)
    read = parse_cards(list(cards or ()))
    problems = card_problems([(f"{pointer}/{index}", card) for index, card in enumerate(read)], face_cards)
    if problems:
        raise InvalidInput(problems)
    return values_of(read)
