"""The dynamic target (rules.md §7)."""

from __future__ import annotations

import pytest

from service.core.cards import parse_cards
from service.games.twenty_four.target import dynamic_target

from .golden import GOLDEN, case_id


@pytest.mark.parametrize("case", GOLDEN["target"], ids=case_id)
def test_golden_targets(case):
    chosen = dynamic_target(parse_cards(case["cards"])).to_dict()
    assert chosen["target"] == case["target"]
    assert chosen["removed_high"] == case["removed_high"]
    assert chosen["removed_low"] == case["removed_low"]


def test_the_four_summed_are_the_eight_less_the_four_removed():
    eight = parse_cards("5S 5H 5D 5C 7S 7H 2D 9C")
    chosen = dynamic_target(eight)
    assert sorted(map(str, chosen.removed_low)) == ["2D", "5S"]  # 2 and the first 5
    assert [str(card) for card in chosen.removed_high] == ["9C", "7S"]  # 9 and the first 7
    assert chosen.target == 5 + 5 + 5 + 7
    assert sorted(chosen.summed + chosen.removed_low + chosen.removed_high) == sorted(eight)


def test_which_copy_of_an_equal_value_goes_never_changes_the_sum():
    one, other = parse_cards("3S 3H 3D 8C 8S 8H 4D 6C"), parse_cards("3H 3D 3S 8S 8H 8C 6C 4D")
    assert dynamic_target(one).target == dynamic_target(other).target == 3 + 4 + 6 + 8


def test_eight_cards_are_needed():
    with pytest.raises(ValueError):
        dynamic_target(parse_cards("AS 2S 3S"))
