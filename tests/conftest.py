"""Shared fixtures: the golden cases from ../shared/golden and table helpers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from service.kings.cards import parse_card, parse_cards
from service.kings.castles import Castle

GOLDEN_DIR = Path(__file__).resolve().parents[2] / "shared" / "golden"


def golden_cases(name: str) -> list[dict[str, Any]]:
    """The cases of one golden file; a missing file fails loudly, never skips."""
    path = GOLDEN_DIR / name
    assert path.is_file(), f"golden file {path} is missing: the suite needs ../shared/golden beside the clone"
    cases: list[dict[str, Any]] = json.loads(path.read_text())["cases"]
    assert cases, f"{path} holds no cases"
    return cases


def make_castles(*texts: str) -> list[Castle]:
    """Castles from short texts: ``"4H"`` or ``"4H+KH"`` (Kings after ``+``)."""
    castles = []
    for text in texts:
        card, *kings = text.split("+")
        castles.append(Castle(parse_card(card), tuple(parse_cards(kings))))
    return castles


@pytest.fixture
def cards():
    return parse_cards
