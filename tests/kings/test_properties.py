"""Hypothesis properties of The Calculus over random tables and holdings."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from service.kings.cards import SUITS, Card, full_deck
from service.kings.castles import Castle
from service.kings.hands import Scorer
from service.kings.rules import HAND_SET_NAMES, Rules

DECK = full_deck()


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[Castle], Rules, list[Card]]:
    suits = draw(st.permutations(SUITS))
    castles = []
    for suit in suits:
        rank = draw(st.integers(1, 13))
        kings = draw(st.integers(0, 1 if rank == 13 else 2))
        castles.append(Castle(Card(rank, suit), (Card(13, suit),) * kings))
    rules = Rules(
        hands=draw(st.sampled_from(HAND_SET_NAMES)),  # type: ignore[arg-type]
        subjects_count=draw(st.booleans()), static_castles=draw(st.booleans()),
    )
    used = [c.card for c in castles] + [k for c in castles for k in c.kings]
    pool = list(DECK)
    for card in used:
        pool.remove(card)
    indices = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, min_size=1, max_size=10))
    return castles, rules, [pool[i] for i in indices]


@settings(max_examples=300, deadline=None)
@given(tables(), st.randoms())
def test_score_is_independent_of_card_order(table, rnd: random.Random):
    castles, rules, cards = table
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    scorer = Scorer(castles, rules)
    assert scorer.best_split(cards).half_score == scorer.best_split(shuffled).half_score
    assert scorer.is_valid_call(cards) == scorer.is_valid_call(shuffled)


@settings(max_examples=300, deadline=None)
@given(tables(), st.randoms())
def test_best_split_is_never_below_a_valid_declared_split(table, rnd: random.Random):
    castles, rules, cards = table
    scorer = Scorer(castles, rules)
    pool = list(cards)
    declared = []
    for hand in rnd.sample(scorer.find_hands(cards), k=min(2, len(scorer.find_hands(cards)))):
        if all(pool.count(card) >= list(hand.cards).count(card) for card in set(hand.cards)):
            for card in hand.cards:
                pool.remove(card)
            declared.append(list(hand.cards))
    if not pool:
        return
    pointer = rnd.choice(pool)
    split = scorer.declared_split(cards, pointer, declared)
    assert split.half_score <= scorer.best_split(cards).half_score


@settings(max_examples=300, deadline=None)
@given(tables())
def test_no_harm_no_foul_never_lowers_a_score(table):
    castles, rules, cards = table
    harsh = Scorer(castles, rules).best_split(cards).half_score
    gentle = Scorer(castles, Rules(**{**rules.to_dict(), "no_harm_no_foul": True})).best_split(cards).half_score  # type: ignore[arg-type]
    assert gentle >= harsh


@settings(max_examples=300, deadline=None)
@given(tables(), st.sampled_from(SUITS))
def test_adding_a_king_never_lowers_a_score(table, suit):
    castles, rules, cards = table
    king = Card(13, suit)
    in_play = cards.count(king) + sum(c.kings.count(king) + (c.card == king) for c in castles)
    if in_play >= 2:
        return
    scorer = Scorer(castles, rules)
    assert scorer.best_split([*cards, king]).half_score >= scorer.best_split(cards).half_score
