"""In-process figures of sealing and opening a table of each kit game sealed from its zones (issue 28: each within
150 µs; ``make bench``). The table is a fresh deal: every hidden zone holds all it can."""

from __future__ import annotations

import pytest

from service.core.sealing import Seal, new_match, open_table, seal_state
from tests.sealed.keys import TEST_SEALER
from tests.sealed.kit_games import CASES

SEAL = Seal(new_match(), 12)
by_slug = pytest.mark.parametrize("case", CASES, ids=[case.slug for case in CASES])


@by_slug
def test_seal_a_kit_table(benchmark, case):
    state = case.deal(list(case.players), 24)
    benchmark(lambda: seal_state(case.split, TEST_SEALER, case.slug, state, SEAL))


@by_slug
def test_open_a_kit_table(benchmark, case):
    state = case.deal(list(case.players), 24)
    sealed = seal_state(case.split, TEST_SEALER, case.slug, state, SEAL)
    assert open_table(case.split, TEST_SEALER, case.slug, sealed.public, sealed.token).state == state
    benchmark(lambda: open_table(case.split, TEST_SEALER, case.slug, sealed.public, sealed.token))
