"""A caller's two questions, the best split and the best calling split, answered by one search (issue 25): the calling
split against a brute force read from the rule book (rules.md §11), the best split against the search that answers it
alone (which tests/kings/test_hands.py checks against its own brute force), on 7-card holdings whose hands overlap."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from service.core.cards import Card, parse_cards
from service.games.kings.hands import Scorer, as_number
from service.games.kings.pack import full_deck
from service.games.kings.rules import Rules
from tests.kings.test_exhaustive import oracle
from tests.kings.test_hands import FAMILY_RANKS, POINTS_ON_TABLE, TABLE


def hand_points(cards: list[Card], hands: str) -> float | None:
    """The points of these exact cards as one hand (its best reading), None when they are none."""
    names = oracle(cards, "HCDS", hands)
    return max(POINTS_ON_TABLE[name] for name in names) if names else None


def brute_force_call(cards: list[Card], hands: str) -> float | None:
    """The best score of a HAND! call: six of the seven cards as one six-card hand or two half hands, the seventh the
    Pointer (nothing is left over to penalise); None when no six cards are such hands."""
    best: float | None = None
    for pointer in range(len(cards)):
        six = [card for index, card in enumerate(cards) if index != pointer]
        readings = [hand_points(six, hands)]
        for first in combinations(range(1, 6), 2):  # the half hand holding the first of the six, and the other half
            half = [six[0], *(six[i] for i in first)]
            other = [card for i, card in enumerate(six) if i != 0 and i not in first]
            a, b = hand_points(half, hands), hand_points(other, hands)
            readings.append(None if a is None or b is None else a + b)
        for points in readings:
            if points is not None:
                score = cards[pointer].rank + points
                best = score if best is None else max(best, score)
    return best


@pytest.mark.parametrize("hands", ["standard", "quick"])
def test_a_callers_best_and_calling_splits_score_what_a_brute_force_finds(hands: str) -> None:
    rng = random.Random(f"caller {hands}")
    deck = [card for card in full_deck() if card not in parse_cards("5H 9C 4D 10S")]
    calls = 0
    for _ in range(300):
        ranks = {*rng.choice(FAMILY_RANKS), *rng.choice(FAMILY_RANKS), 13}
        suits = rng.sample("HCDS", 2)
        pool = [card for card in deck if card.rank in ranks and card.suit in suits]
        cards = rng.sample(pool, 7)
        no_harm = rng.random() < 0.25
        scorer = Scorer(TABLE, Rules(hands=hands, no_harm_no_foul=no_harm))
        best, calling = scorer.best_and_calling_split(cards)
        shown = " ".join(map(str, cards))
        expected = brute_force_call(cards, hands)
        assert (None if calling is None else as_number(calling.half_score)) == expected, shown
        assert best == scorer.best_split(cards) and calling == scorer.calling_split(cards), shown  # one search or two: one answer
        calls += calling is not None
    assert calls >= 5  # the holdings called, not only scored
