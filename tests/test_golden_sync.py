"""The golden cases each game keeps in its package are the ones the project was given.

``../shared/golden/`` sits beside CI's clone only, never beside a user's: there
the copies are compared; elsewhere the package's own copy is the reference.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "golden"
COPIES = sorted(ROOT.glob("service/games/*/golden/*.json"))


def test_every_game_golden_file_is_in_a_package():
    assert any(path.name == "24-kings-calculus.json" for path in COPIES)


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/golden is not beside this clone (only CI has it)")
@pytest.mark.parametrize("copy", COPIES, ids=[path.name for path in COPIES])
def test_package_copy_matches_the_shared_golden_file(copy):
    shared = SHARED / copy.name
    assert shared.is_file(), f"{copy.name} has no counterpart in {SHARED}"
    assert copy.read_bytes() == shared.read_bytes(), f"{copy} differs from {shared}: copy the new cases in"


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/golden is not beside this clone (only CI has it)")
def test_every_shared_golden_file_has_a_copy():
    assert {path.name for path in SHARED.glob("*.json")} <= {path.name for path in COPIES}
