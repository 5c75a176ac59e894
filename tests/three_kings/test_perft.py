"""Legal-move counts of 30 positions (data/perft.json), checked against the independent counter of oracle.py and the engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.games.three_kings import GAME

from .oracle import move_counts

POSITIONS = json.loads((Path(__file__).parent / "data" / "perft.json").read_text())["positions"]


def test_there_are_enough_positions_of_every_kind():
    assert len(POSITIONS) >= 20
    actions = {action for position in POSITIONS for action in position["counts"]}
    assert actions == {"draw", "set", "take_king", "discard", "pass"}


@pytest.mark.parametrize("position", POSITIONS, ids=[position["name"] for position in POSITIONS])
def test_legal_move_counts(position):
    assert move_counts(position["state"]) == position["counts"]
    report = GAME.legal_report(GAME.read_state(position["state"])).to_dict()
    assert report["counts"] == position["counts"]
    assert len(report["moves"]) == position["total"]
