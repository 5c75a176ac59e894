"""Builds perft.json: positions of the play dealt and played by the oracle, counted by the oracle (never the engine).

Run ``python -m tests.twenty_four_1718.perft_positions`` from the repository root to write the file again.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from . import oracle
from .deals import played_hand

FILE = Path(__file__).with_name("perft.json")
NAMES = ["ann", "bob", "cy", "dee", "eve"]
DEPTHS = (1, 2, 3)


def position(seed: int, players: int, plays: int, honors: str) -> dict[str, Any]:
    """The service's state after ``plays`` cards of a hand the oracle played; the dealer is the last seat."""
    hand = played_hand(seed, players)
    held = [list(cards) for cards in hand.hands]
    tricks, leader, left = [], 0, plays
    for trick in hand.tricks:
        cards = trick[:left] if left < players else trick
        for offset, card in enumerate(cards):
            held[(leader + offset) % players].remove(card)
        tricks.append({"leader": leader, "cards": cards})
        left -= len(cards)
        if len(cards) < players:
            break
        leader = (leader + oracle.taker(trick, oracle.suit(hand.turn_up))) % players
        if left == 0:
            tricks.append({"leader": leader, "cards": []})
            break
    dealt = {card for cards in hand.hands for card in cards} | {hand.turn_up}
    stock = sorted({f"{rank}{suit}" for rank in oracle.ORDER for suit in "SHDC"} - dealt)
    return {
        "players": [{"name": NAMES[seat], "hand": held[seat], "chips": 0, "games_won": 0} for seat in range(players)],
        "rules": {"honors": honors, "games": 1},
        "game": 1,
        "hand_number": 1,
        "dealer": players - 1,
        "stock": {"turn_up": hand.turn_up, "cards": stock, "hidden": 0},
        "phase": "play",
        "to_act": (tricks[-1]["leader"] + len(tricks[-1]["cards"])) % players,
        "tricks": tricks[:-1],
        "trick": tricks[-1],
        "seed": seed,
        "deals": 1,
    }


def perft(state: dict[str, Any], depth: int) -> int:
    """Sequences of ``depth`` legal plays from ``state``, by the oracle; the positions never reach the hand's end."""
    if depth == 0:
        return 1
    players = len(state["players"])
    trump = oracle.suit(state["stock"]["turn_up"])
    trick = state["trick"]
    seat = (trick["leader"] + len(trick["cards"])) % players
    hand = state["players"][seat]["hand"]
    total = 0
    for card in oracle.legal(hand, trick["cards"], trump):
        cards = [*trick["cards"], card]
        following = {"leader": trick["leader"], "cards": cards}
        if len(cards) == players:
            following = {"leader": (trick["leader"] + oracle.taker(cards, trump)) % players, "cards": []}
        seats = [dict(player) for player in state["players"]]
        seats[seat]["hand"] = [held for held in hand if held != card]
        total += perft({**state, "players": seats, "trick": following}, depth - 1)
    return total


def build() -> dict[str, Any]:
    rng = random.Random(1718)
    positions = []
    for number in range(36):
        players = 5 if number % 2 else 4
        plays = rng.randint(0, players * (oracle.HAND_SIZE[players] - 2))  # at least two tricks left: depth 3 stays in the hand
        honors = rng.choice(["point", "face", "alternate"])
        state = position(number, players, plays, honors)
        positions.append(
            {
                "name": f"{players} players, seed {number}, after {plays} cards",
                "state": state,
                "expect": {f"perft_{depth}": perft(state, depth) for depth in DEPTHS},
            }
        )
    return {
        "about": "Legal plays per position (perft-like): perft_1 is the number of legal plays of the player to act, perft_n "
        "the number of sequences of n legal plays. Dealt, played and counted by the oracle of tests/twenty_four_1718; "
        "the engine must agree (test_perft.py).",
        "positions": positions,
    }


def as_text(data: dict[str, Any]) -> str:
    """One position a line: the file reads and diffs position by position."""
    positions = ",\n  ".join(json.dumps(position) for position in data["positions"])
    return f'{{"about": {json.dumps(data["about"])},\n "positions": [\n  {positions}\n ]\n}}\n'


if __name__ == "__main__":
    FILE.write_text(as_text(build()), encoding="utf-8")
