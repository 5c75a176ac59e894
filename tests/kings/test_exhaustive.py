"""Exhaustive agreement between the engine and a brute-force reading of the rules.

In the spirit of pokerkit's lookup tests: every 3-card multiset of non-King
cards, and every suit assignment of the eight six-card rank patterns and of
those patterns with one rank changed, is classified twice — by the engine and
by ``oracle`` below, written straight from the rule book's table without the
catalog — for several castle orders and every hand set.  Both must agree.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement, product

import pytest

from service.core.cards import Card
from service.games.kings.castles import Castle
from service.games.kings.hands import Scorer
from service.games.kings.rules import Rules

NON_KING_RANKS = range(1, 13)
SIX_CARD_PATTERNS = {
    "Kingdom": (7, 8, 9, 10, 11, 12),
    "Southie": (1, 2, 3, 4, 5, 6),
    "Steven": (4, 4, 4, 10, 10, 10),
    "Todd": (3, 3, 3, 9, 9, 9),
    "Aces": (1, 1, 1, 2, 2, 2),
    "Special": (5, 5, 5, 6, 6, 6),
    "7's": (7, 7, 7, 8, 8, 8),
    "Royalty": (11, 11, 11, 12, 12, 12),
}
CASTLE_ORDERS = ("HCDS", "SHDC", "DSCH")


def oracle(cards: list[Card], castle_suits: str, hands: str) -> set[str]:
    """The hands these exact cards form, read from the rule book by brute force."""
    c1, c2, c3, c4 = castle_suits
    ranks = sorted(card.rank for card in cards)
    suits = [card.suit for card in cards]
    names: set[str] = set()
    if len(cards) == 6:
        if ranks == [7, 8, 9, 10, 11, 12]:
            names.add("Kingdom")
            if suits.count(c1) == 6:
                names.add("Super Kingdom")
        if ranks == [1, 2, 3, 4, 5, 6]:
            names.add("Southie")
            if suits.count(c4) == 6:
                names.add("Super Southie")
        pairs = {
            (4, 10): ("Even Steven", "Super Steven", c2, c3),
            (3, 9): ("Odd Todd", "Super Todd", c2, c3),
            (1, 2): ("Aces High", "Super Aces", c1, c2),
            (5, 6): ("The Special Case", "Super Special", c2, c4),
            (7, 8): ("Lucky 7's", "Super 7's", c1, c3),
            (11, 12): ("Pure Royalty", "Super Royalty", c3, c4),
        }
        for (low, high), (plain, super_, first, second) in pairs.items():
            if ranks == [low] * 3 + [high] * 3:
                names.add(plain)
                if suits.count(first) == 3 and suits.count(second) == 3:
                    names.add(super_)
    if len(cards) == 3:
        one_suit = len(set(suits)) == 1
        quick = hands == "quick"
        if ranks in ([7, 8, 9], [8, 9, 10], [9, 10, 11], [10, 11, 12]) and (quick or (one_suit and suits[0] == c1)):
            names.add("Half Kingdom")
        if ranks in ([1, 2, 3], [2, 3, 4], [3, 4, 5], [4, 5, 6]) and (quick or (one_suit and suits[0] == c4)):
            names.add("Half Southie")
        halves = {
            (4, 10): ("Half Steven", c2, c3),
            (3, 9): ("Half Todd", c2, c3),
            (1, 2): ("Half Aces", c1, c2),
            (5, 6): ("Half Special", c2, c4),
            (7, 8): ("Half 7's", c1, c3),
            (11, 12): ("Half Royalty", c3, c4),
        }
        for (low, high), (name, first, second) in halves.items():
            if ranks in ([low, high, high], [low, low, high]) and (quick or (one_suit and suits[0] in (first, second))):
                names.add(name)
    allowed = {"standard": {"super", "full", "half"}, "quick": {"super", "full", "half"}, "elders": {"super", "full"}, "time-sink": {"super"}}[hands]
    tier = {name: ("super" if name.startswith("Super") else "half" if name.startswith("Half") else "full") for name in names}
    return {name for name in names if tier[name] in allowed}


def three_card_sets() -> list[list[Card]]:
    """Every multiset of 3 non-King cards holding no card more than twice."""
    deck = [Card(rank, suit) for rank in NON_KING_RANKS for suit in "SHDC"]
    return [list(cards) for cards in combinations_with_replacement(deck, 3) if max(Counter(cards).values()) <= 2]


def six_card_sets() -> list[list[Card]]:
    """Each pattern, and each with one rank changed, in every suit assignment (no third copy)."""
    patterns = set()
    for ranks in SIX_CARD_PATTERNS.values():
        patterns.add(tuple(sorted(ranks)))
        for position, other in product(range(6), NON_KING_RANKS):
            changed = list(ranks)
            changed[position] = other
            patterns.add(tuple(sorted(changed)))
    sets = set()
    for ranks in patterns:
        # Each rank held k times takes a multiset of k suits, no suit thrice (two decks): each set is met once.
        suits_by_rank = [
            [[Card(rank, suit) for suit in suits] for suits in combinations_with_replacement("SHDC", count) if max(Counter(suits).values()) <= 2]
            for rank, count in sorted(Counter(ranks).items())
        ]
        for parts in product(*suits_by_rank):
            sets.add(tuple(sorted(card for part in parts for card in part)))
    return [list(cards) for cards in sorted(sets)]


@pytest.fixture(scope="module")
def three() -> list[list[Card]]:
    """Built when a test asks for them, never while the suite is being collected."""
    return three_card_sets()


@pytest.fixture(scope="module")
def six() -> list[list[Card]]:
    """537,320 sets: built when a test asks for them, never while the suite is being collected."""
    return six_card_sets()


def test_the_three_card_enumeration_is_complete(three):
    # 48 cards: C(48,3) sets of distinct cards + 48 * 47 sets with one pair.
    assert len(three) == 17296 + 2256 == 19552


@pytest.mark.slow
def test_the_six_card_enumeration_is_complete(six):
    assert len(six) == 537_320


def castles_in_order(order: str) -> list[Castle]:
    return [Castle(Card(rank, suit)) for rank, suit in zip((5, 9, 4, 10), order, strict=True)]


@pytest.mark.slow
@pytest.mark.parametrize("order", CASTLE_ORDERS)
@pytest.mark.parametrize("hands", ["standard", "quick", "elders", "time-sink"])
def test_three_card_sets_agree_with_the_oracle(order, hands, three):
    scorer = Scorer(castles_in_order(order), Rules(hands=hands))
    disagreements = [
        (cards, engine, expected)
        for cards in three
        if (engine := {hand.spec.name for hand in scorer.classify(cards)}) != (expected := oracle(cards, order, hands))
    ]
    assert not disagreements[:5]
    halves_played = hands in ("standard", "quick")
    assert any(oracle(cards, order, hands) for cards in three) is halves_played


@pytest.mark.slow
@pytest.mark.parametrize("order", CASTLE_ORDERS)
def test_six_card_sets_agree_with_the_oracle(order, six):
    scorer = Scorer(castles_in_order(order), Rules())
    disagreements = []
    formed = Counter()
    for cards in six:
        engine = {hand.spec.name for hand in scorer.classify(cards)}
        expected = oracle(cards, order, "standard")
        formed.update(expected)
        if engine != expected:
            disagreements.append((cards, engine, expected))
    assert not disagreements[:5]
    # Every six-card hand, plain and Super, occurs in the enumeration.
    assert len(formed) == 16
