"""Perft-like suite: legal-play counts of 36 positions, from perft.json, checked against the engine and the oracle's counter."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.games.twenty_four_1718 import GAME
from service.games.twenty_four_1718.state import TableState

from .perft_positions import DEPTHS, perft

DATA = json.loads((Path(__file__).with_name("perft.json")).read_text(encoding="utf-8"))
POSITIONS = DATA["positions"]


def engine_perft(state: TableState, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(engine_perft(GAME.apply(state, move).state, depth - 1) for move in GAME.legal_moves(state))


def test_the_suite_is_big_enough_and_varied():
    assert len(POSITIONS) >= 30
    assert {len(p["state"]["players"]) for p in POSITIONS} == {4, 5}
    assert {len(p["state"]["trick"]["cards"]) for p in POSITIONS} >= {0, 1, 2, 3}
    assert len({p["expect"]["perft_1"] for p in POSITIONS}) > 3


@pytest.mark.parametrize("position", POSITIONS, ids=[p["name"] for p in POSITIONS])
def test_legal_play_counts(position):
    state = GAME.read_state(position["state"])
    expect = position["expect"]
    for depth in DEPTHS:
        key = f"perft_{depth}"
        assert engine_perft(state, depth) == expect[key], f"engine, {key}"
        assert perft(position["state"], depth) == expect[key], f"independent counter, {key}"
