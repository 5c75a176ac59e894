"""Hypothesis properties of The Calculus over random tables and holdings."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.cards import RANK_NAMES, SUITS, Card
from service.games.kings.castles import Castle
from service.games.kings.catalog import HAND_SETS, HANDS, spec_targets
from service.games.kings.hands import Progress, Scorer, _Holding, scorer_for
from service.games.kings.pack import full_deck
from service.games.kings.rules import HAND_SET_NAMES, Rules
from service.games.kings.tally import Tally

DECK = full_deck()


@st.composite
def random_castles(draw: st.DrawFn) -> list[Castle]:
    """Four castles of the four suits in any order, each a card with as many Kings of its suit as it may hold."""
    castles = []
    for suit in draw(st.permutations(SUITS)):
        rank = draw(st.integers(1, 13))
        kings = draw(st.integers(0, 1 if rank == 13 else 2))
        castles.append(Castle(Card(rank, suit), (Card(13, suit),) * kings))
    return castles


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[Castle], Rules, list[Card]]:
    castles = draw(random_castles())
    rules = Rules(
        hands=draw(st.sampled_from(HAND_SET_NAMES)),  # type: ignore[arg-type]
        subjects_count=draw(st.booleans()),
        static_castles=draw(st.booleans()),
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


def reference_progress(castles: list[Castle], rules: Rules, cards: list[Card]) -> list[tuple[str, bool, list[str], list[str]]]:
    """Progress read straight from the catalog with Counters: per hand, the first target holding the most cards."""
    position = {castle.suit: index for index, castle in enumerate(castles)}
    plain = [card for card in cards if not card.is_king]
    of_key = Counter(card.rank * 4 + position[card.suit] for card in plain)
    of_rank = Counter(card.rank for card in plain)
    hand_set = HAND_SETS[rules.hands]
    report = []
    for spec in HANDS:
        targets = spec_targets(spec, hand_set.suit_rule(spec))
        held_counts = [sum(min(n, (of_rank if t.any_suit else of_key)[key]) for key, n in t.need) for t in targets]
        target = targets[held_counts.index(max(held_counts))]
        held: list[str] = []
        missing: list[str] = []
        for key, n in target.need:
            if target.any_suit:
                have = sorted((c for c in plain if c.rank == key), key=lambda c: position[c.suit])[:n]
                text = RANK_NAMES[key] + "*"
            else:
                card = Card(key >> 2, castles[key & 3].suit)
                have, text = [card] * min(n, of_key[key]), str(card)
            held += map(str, have)
            missing += [text] * (n - len(have))
        report.append((spec.name, hand_set.allows(spec), held, missing))
    return report


def near_hands(data: st.DataObject, cards: list[Card]) -> list[Card]:
    """Half the time, cards of a few neighbouring ranks instead, so that hands near completion are common."""
    if not data.draw(st.booleans()):
        return cards
    low = data.draw(st.integers(1, 10))
    pool = [card for card in DECK if low <= card.rank <= low + 3]
    cards = data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=10))
    return [card for card in cards if cards.count(card) <= 2]


def progress_as_texts(progress: list[Progress]) -> list[tuple[str, bool, list[str], list[str]]]:
    return [(p.spec.name, p.in_play, list(map(str, p.held)), list(p.missing)) for p in progress]


@settings(max_examples=300, deadline=None)
@given(tables(), st.data())
def test_progress_matches_a_reading_straight_from_the_catalog(table, data):
    castles, rules, cards = table
    cards = near_hands(data, cards)
    assert progress_as_texts(Scorer(castles, rules).progress(cards)) == reference_progress(castles, rules, cards)


SHARED_TABLE = [Castle(Card(5, "H"), ()), Castle(Card(9, "C"), (Card(13, "C"),)), Castle(Card(4, "D"), ()), Castle(Card(10, "S"), ())]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(HAND_SET_NAMES), st.lists(st.sampled_from(DECK), max_size=10), st.data())
def test_progress_shared_between_holdings_is_each_holdings_own(hands, cards, data):
    """One scorer per hand set reads every example, so most hands' progress comes from another holding's reading."""
    rules = Rules(hands=hands)
    cards = near_hands(data, cards)
    cards = [card for card in cards if cards.count(card) <= 2]
    assert progress_as_texts(scorer_for(tuple(SHARED_TABLE), rules).progress(cards)) == reference_progress(SHARED_TABLE, rules, cards)


@settings(max_examples=300, deadline=None)
@given(tables(), st.lists(st.sampled_from(DECK), max_size=12))
def test_count_levels_are_the_holdings_counts_capped_at_three(table, cards):
    """A holding's tally, built one card at a time, says what a plain count says, for every card and rank."""
    castles, rules, _ = table
    scorer = Scorer(castles, rules)
    holding = _Holding(cards, scorer._key_of_card)
    keys = Counter(holding.keys)
    ranks = Counter(key >> 2 for key in holding.keys)
    tally = holding.tally
    assert tally.card_counts() == [min(keys[key], 3) for key in range(52)]
    assert tally.ranks() == sum(1 << rank for rank in ranks)
    for rank in range(1, 13):
        for count in range(1, 4):
            assert tally.covers(Tally.needing([(rank, count)], by_rank=True)) == (ranks[rank] >= count)
            assert tally.count_toward(Tally.needing([(rank, count)], by_rank=True)) == min(ranks[rank], count)
    for key in range(4, 52):
        for count in (1, 2):
            assert tally.count_toward(Tally.needing([(key, count)], by_rank=False)) == min(keys[key], count)
    assert sorted(holding.kings) == sorted(card for card in cards if card.is_king)


@settings(max_examples=300, deadline=None)
@given(tables())
def test_found_hands_are_every_sub_multiset_that_classifies(table):
    """Detection finds exactly the 3- and 6-card multisets that classify as a hand, each in its
    best reading. It skips groups by the ranks held, with tables shared between tables of a hand
    set; so the same cards are read under every hand set in turn."""
    castles, rules, cards = table
    for hands in HAND_SET_NAMES:
        scorer = Scorer(castles, replace(rules, hands=hands))
        expected = set()
        for size in (3, 6):
            for chosen in {tuple(sorted(combo)) for combo in combinations(cards, size)}:
                readings = scorer.classify(chosen)
                if readings:
                    expected.add((chosen, readings[0].spec.name, readings[0].half_points))
        found = {(tuple(sorted(hand.cards)), hand.spec.name, hand.half_points) for hand in scorer.find_hands(cards)}
        assert found == expected, hands
