"""§2: card points, a hand's value over the Aces' choices, averages, single-card values."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from service.core.cards import ONE_DECK
from service.games.nineteen_twenty_three.values import hand_value, plain_fraction, war_value

from .tables import cards


def oracle_value(hand) -> int:
    """Every choice of 1 or 11 for each Ace; the holder keeps the total that wins best (the revised reading):
    a total in 19-23 beats any outside, inside the higher; outside the nearer the range, then the higher."""
    base = [min(card.rank, 10) for card in hand if card.rank != 1]
    aces = sum(card.rank == 1 for card in hand)
    totals = {sum(base) + sum(choice) for choice in product((1, 11), repeat=aces)}
    inside = [total for total in totals if 19 <= total <= 23]
    if inside:
        return max(inside)
    nearest = min(min(abs(total - 19), abs(total - 23)) for total in totals)
    return max(total for total in totals if min(abs(total - 19), abs(total - 23)) == nearest)


def test_worked_example_ace_choice():
    assert hand_value(cards("AH 9C 2D")).total == 22  # 12 or 22: best 22
    assert hand_value(cards("AH 9C 2D")).in_range


def test_two_aces_one_high():
    value = hand_value(cards("AH AS 9C"))  # 11, 21 or 31: best 21, one Ace high
    assert (value.total, value.high_aces) == (21, 1)


def test_every_choice_over_23_takes_the_nearest():
    value = hand_value(cards("KH QS 5D AC"))  # 26 or 36: 26 is 3 from 23
    assert (value.total, value.high_aces) == (26, 0)


def test_revised_an_ace_over_23_when_that_is_nearer():
    # the reading's worked examples: 14 is 5 from 19, 24 is 1 from 23
    assert hand_value(cards("AH 3C 10D")).total == 24
    assert hand_value(cards("AH AC 2D")).total == 24  # 4, 14 or 24 (both Aces 11 is 24)


def test_revised_equal_distance_takes_the_higher_total():
    value = hand_value(cards("AH 5C 10D"))  # 16 or 26, both 3 from the range
    assert (value.total, value.high_aces) == (26, 1)
    assert value.average == Fraction(26, 3)


def test_faces_count_ten():
    assert hand_value(cards("JH QS KD")).total == 30


def test_average_uses_the_aces_as_counted():
    assert hand_value(cards("AH 9C 2D")).average == Fraction(22, 3)
    assert hand_value(cards("KH QS 5D")).average == Fraction(25, 3)
    assert plain_fraction(Fraction(17, 2)) == "17/2" and plain_fraction(Fraction(18, 2)) == 9


def test_single_card_values():
    assert [war_value(card) for card in cards("AS KS QS JS 10S 9S 2S")] == [11, 10, 10, 10, 10, 9, 2]


@given(st.lists(st.sampled_from(ONE_DECK), min_size=2, max_size=12))
def test_value_matches_the_oracle(hand):
    value = hand_value(hand)
    assert value.total == oracle_value(hand)
    assert value.distance == (19 - value.total if value.total < 19 else max(value.total - 23, 0))
