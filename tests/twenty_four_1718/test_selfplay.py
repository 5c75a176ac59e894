"""Random matches through the engine: the 52 cards kept, one card from each player per trick, chips that only grow,
and every hand's chips exactly as the independent oracle scores it."""

from __future__ import annotations

import pytest

from .selfplay import play_match


def test_a_few_matches_with_every_move_judged():
    checked = sum(play_match(seed, check_moves=True).hands_checked for seed in range(30))
    assert checked >= 30


@pytest.mark.slow
def test_a_thousand_random_matches():
    hands = 0
    for seed in range(1000):
        hands += play_match(seed).hands_checked
    assert hands >= 1000  # about two hands a game: every one scored as the oracle scores it
