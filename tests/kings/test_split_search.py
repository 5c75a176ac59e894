"""The best split and the calling split against brute forces read from the rule book, on random tables (issue 25).

tests/kings/test_hands.py and test_caller_search.py hold the search to brute forces on one table; here the
castles are random too (their values read from rules.md §5 below, each hand's points from §12's Table 1 below,
which hands some cards form from ``oracle``), so a search that only works for one table's values or suits fails.
The brute forces try every way to set hands aside and every Pointer; the engine must find the same best score and,
among splits of that score, as many hand points (rules.md §16: ties go to the split with more hand points).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.cards import SUITS, Card
from service.games.kings.castles import Castle
from service.games.kings.hands import MAX_HOLDING, Scorer
from service.games.kings.pack import full_deck
from service.games.kings.rules import Rules
from tests.kings.test_exhaustive import oracle
from tests.kings.test_properties import random_castles

# rules.md §12, Table 1: each hand's castles, how their values combine, and its multiplier in halves.
FAMILIES = {
    "Kingdom": ((1, 4), "sum", ("Super Kingdom", "Kingdom", "Half Kingdom"), (6, 4, 2)),
    "Southie": ((1, 4), "sum", ("Super Southie", "Southie", "Half Southie"), (4, 2, 1)),
    "Steven": ((2,), "single", ("Super Steven", "Even Steven", "Half Steven"), (4, 2, 1)),
    "Todd": ((3,), "single", ("Super Todd", "Odd Todd", "Half Todd"), (4, 2, 1)),
    "Aces": ((1, 2), "difference", ("Super Aces", "Aces High", "Half Aces"), (4, 2, 1)),
    "Special": ((2, 4), "difference", ("Super Special", "The Special Case", "Half Special"), (4, 2, 1)),
    "7's": ((1, 3), "difference", ("Super 7's", "Lucky 7's", "Half 7's"), (4, 2, 1)),
    "Royalty": ((3, 4), "difference", ("Super Royalty", "Pure Royalty", "Half Royalty"), (4, 2, 1)),
}
FAMILY_RANKS = [(7, 8, 9, 10, 11, 12), (1, 2, 3, 4, 5, 6), (4, 10), (3, 9), (1, 2), (5, 6), (7, 8), (11, 12)]
DECK = full_deck()


def castle_value(castle: Castle, rules: Rules) -> int:
    """rules.md §5."""
    if rules.static_castles:
        return castle.card.rank
    if rules.subjects_count:
        return castle.card.rank + 13 * len(castle.kings)
    kings = len(castle.kings) + (castle.card.rank == 13)
    return 26 if kings >= 2 else 13 if kings == 1 else castle.card.rank


def half_points_of(name: str, values: list[int]) -> int:
    for castles, kind, names, halves in FAMILIES.values():
        if name in names:
            picked = [values[c - 1] for c in castles]
            base = sum(picked) if kind == "sum" else picked[0] if kind == "single" else abs(picked[0] - picked[1])
            return base * halves[names.index(name)]
    raise AssertionError(name)


def hand_half_points(cards: list[Card], suits: str, values: list[int], hands: str) -> int | None:
    """These exact cards as one hand, in their best reading; None when they are none."""
    names = oracle(cards, suits, hands)
    return max(half_points_of(name, values) for name in names) if names else None


def pointer_half_score(pointer: Card, rest: list[Card], kings_held: int, no_harm: bool) -> int:
    """rules.md §15: the Pointer's face value less the left-overs no King saved (the highest are saved)."""
    left = sorted((card.rank for card in rest if card.rank != 13), reverse=True)
    saved = len(left) if no_harm or kings_held >= 2 else min(kings_held, len(left))
    return 2 * (pointer.rank - sum(left[saved:]))


def brute_force_best(cards: list[Card], suits: str, values: list[int], rules: Rules) -> tuple[int, int]:
    """The best (half score, hand half points) over every set of disjoint hands and every Pointer among the rest.

    What is best among some cards does not depend on the hands set aside before, whose points only add, so each
    multiset of cards left is worked out once (up to 12 cards stay quick)."""
    if not cards:
        return (0, 0)
    kings_held = sum(card.rank == 13 for card in cards)

    @cache
    def best(rest: tuple[Card, ...]) -> tuple[int, int]:
        found = (-(10**9), 0)
        for index, pointer in enumerate(rest):
            others = list(rest[:index] + rest[index + 1 :])
            found = max(found, (pointer_half_score(pointer, others, kings_held, rules.no_harm_no_foul), 0))
        for size in (3, 6):
            for chosen in combinations(range(len(rest)), size):
                points = hand_half_points([rest[i] for i in chosen], suits, values, rules.hands)
                if points is not None:
                    score, hand_points = best(tuple(card for i, card in enumerate(rest) if i not in chosen))
                    found = max(found, (score + points, hand_points + points))
        return found

    return best(tuple(sorted(cards)))


def brute_force_call(cards: list[Card], suits: str, values: list[int], hands: str, pointer_named: Card | None = None) -> int | None:
    """rules.md §11: the best half score of six of seven cards as one six-card hand or two half hands, the seventh the
    Pointer (``pointer_named`` when the caller named it)."""
    best: int | None = None
    for index, pointer in enumerate(cards):
        if pointer_named is not None and pointer != pointer_named:
            continue
        six = cards[:index] + cards[index + 1 :]
        readings = [hand_half_points(six, suits, values, hands)]
        for others in combinations(range(1, 6), 2):
            first = [six[0], *(six[i] for i in others)]
            second = [card for i, card in enumerate(six) if i and i not in others]
            a, b = hand_half_points(first, suits, values, hands), hand_half_points(second, suits, values, hands)
            readings.append(None if a is None or b is None else a + b)
        for points in readings:
            if points is not None:
                best = max(best if best is not None else points + 2 * pointer.rank, points + 2 * pointer.rank)
    return best


@st.composite
def tables(draw: st.DrawFn, most: int = 8, least: int = 0) -> tuple[list[Castle], Rules, list[Card]]:
    """Random castles and rules, and up to 8 cards (what a request holds; ``most``, ``least``: other bounds)
    of two families' ranks in a few suits, Kings now and then, so that hands overlap and the search has choices to weigh."""
    castles = draw(random_castles())
    rules = Rules(
        hands=draw(st.sampled_from(["standard", "standard", "quick", "elders", "time-sink"])),  # type: ignore[arg-type]
        no_harm_no_foul=draw(st.booleans()),
        subjects_count=draw(st.booleans()),
        static_castles=draw(st.booleans()),
    )
    pool = list(DECK)
    for card in [castle.card for castle in castles] + [king for castle in castles for king in castle.kings]:
        pool.remove(card)
    ranks = {*draw(st.sampled_from(FAMILY_RANKS)), *draw(st.sampled_from(FAMILY_RANKS)), 13}
    in_suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=3, unique=True))
    pool = [card for card in pool if card.rank in ranks and card.suit in in_suits]
    indices = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, min_size=min(least, len(pool)), max_size=min(most, len(pool))))
    return castles, rules, [pool[i] for i in indices]


@settings(max_examples=250, deadline=None)
@given(tables())
def test_the_best_split_and_the_call_score_what_brute_forces_find_on_any_table(table: tuple[list[Castle], Rules, list[Card]]) -> None:
    castles, rules, cards = table
    suits = "".join(castle.card.suit for castle in castles)
    values = [castle_value(castle, rules) for castle in castles]
    scorer = Scorer(castles, rules)
    best, calling = scorer.best_and_calling_split(cards)
    assert (best.half_score, sum(hand.half_points for hand in best.hands)) == brute_force_best(cards, suits, values, rules)
    assert best == scorer.best_split(cards)  # one search or two: one answer
    if len(cards) == 7:
        assert (None if calling is None else calling.half_score) == brute_force_call(cards, suits, values, rules.hands)
        assert calling == scorer.calling_split(cards)
    else:
        assert calling is None


@settings(max_examples=80, deadline=None)
@given(tables(most=MAX_HOLDING, least=9))
def test_up_to_twelve_cards_and_a_call_around_a_named_pointer_score_what_brute_forces_find(table: tuple[list[Castle], Rules, list[Card]]) -> None:
    """What the engine reads in process (rules.md §15: up to 12 cards), and a caller naming only the Pointer (§11, §16)."""
    castles, rules, cards = table
    suits = "".join(castle.card.suit for castle in castles)
    values = [castle_value(castle, rules) for castle in castles]
    scorer = Scorer(castles, rules)
    best = scorer.best_split(cards)
    assert (best.half_score, sum(hand.half_points for hand in best.hands)) == brute_force_best(cards, suits, values, rules)
    seven = cards[:7]
    for pointer in seven if len(seven) == 7 else ():
        calling = scorer.calling_split(seven, pointer=pointer)
        assert (None if calling is None else calling.half_score) == brute_force_call(seven, suits, values, rules.hands, pointer)
