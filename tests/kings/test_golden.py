"""Every case of ../shared/golden/24-kings-calculus.json through the engine."""

import pytest

from service.core.cards import parse_card, parse_cards
from service.games.kings.castles import Castle
from service.games.kings.hands import Scorer, as_number
from service.games.kings.rules import Rules
from tests.conftest import golden_cases

CASES = golden_cases("24-kings-calculus.json")


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_golden_case(case):
    castles = [Castle(parse_card(c["card"]), tuple(parse_cards(c["kings"]))) for c in case["castles"]]
    scorer = Scorer(castles, Rules(**case["rules"]))
    cards = parse_cards(case["cards"])
    expect = case["expect"]
    assert list(scorer.values) == expect["castle_values"]
    assert as_number(scorer.best_split(cards).half_score) == expect["score"]
    assert scorer.is_valid_call(cards) is expect["valid_call"]


def test_the_golden_file_has_all_its_cases():
    assert len(CASES) >= 17
