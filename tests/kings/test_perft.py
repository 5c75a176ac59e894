"""Perft-like suite: exact legal-move counts per position, from tests/data/24-kings-perft.json.

Each count is checked against the engine and against ``count_by_hand`` below,
which reads the JSON directly and applies rules.md §9 without the engine.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from service.games.kings.moves import legal_moves
from service.games.kings.state import state_from_dict

DATA = json.loads((Path(__file__).resolve().parents[1] / "data" / "24-kings-perft.json").read_text())
POSITIONS = DATA["positions"]


def count_by_hand(state: dict[str, Any]) -> dict[str, int]:
    hand = set(state["players"][state["to_act"]]["hand"]["cards"])
    kings = {card for card in hand if card.startswith("K")}
    counts = {"face_down_discard": len(hand), "face_up_discard": len(hand - kings)}
    if state["phase"] == "kingdom-action":
        equal = state["rules"].get("equal_opportunity", False)
        play = dethrone = 0
        for king in kings:
            for castle in state["castles"]:
                suit_ok = equal or castle["card"][-1] == king[-1]
                stacked = len(castle["kings"]) + castle["card"].startswith("K")
                play += suit_ok and stacked < 2
                dethrone += suit_ok and not castle["card"].startswith("K") and len(castle["kings"]) == 1
        counts |= {"dump_king": len(kings), "play_king": play, "dethrone": dethrone, "call_hand": 1}
    return {action: n for action, n in counts.items() if n}


def test_the_suite_is_big_enough():
    assert len(POSITIONS) >= 30
    assert {p["state"]["phase"] for p in POSITIONS} == {"kingdom-action", "kingdom-discard"}


@pytest.mark.parametrize("position", POSITIONS, ids=[p["name"] for p in POSITIONS])
def test_legal_move_counts(position):
    state = state_from_dict(position["state"])
    engine = dict(Counter(m.move.action for m in legal_moves(state)))
    expect = position["expect"]
    breakdown = f"{position['name']}: engine {sorted(engine.items())} vs file {sorted(expect['by_action'].items())}"
    assert engine == expect["by_action"], breakdown
    assert sum(engine.values()) == expect["total"], breakdown
    assert count_by_hand(position["state"]) == expect["by_action"], f"independent count disagrees: {breakdown}"
