"""In-process medians of Twenty-Four (1718)'s hot paths (``make bench``); the issue's goals are in each docstring.

Inputs are fixed: positions from seeded random matches, cycled, so every run measures the same work.
"""

from __future__ import annotations

import random
from itertools import cycle

import pytest

from service.games.twenty_four_1718 import GAME
from service.games.twenty_four_1718.declarations import declare
from service.games.twenty_four_1718.pack import shuffled
from service.games.twenty_four_1718.start import new_match
from service.games.twenty_four_1718.state import TableState
from service.games.twenty_four_1718.tricks import obligation

NAMES = ["ann", "bob", "cy", "dee", "eve"]
POSITIONS = 300


def _play_positions() -> list[TableState]:
    """Positions in the play of the cards, at every point of a trick, from seeded random matches."""
    rng = random.Random(1718)
    found: list[TableState] = []
    seed = 0
    while len(found) < POSITIONS:
        state = new_match(NAMES[: 4 + seed % 2], seed=seed).state
        while not GAME.is_terminal(state):
            if state.phase == "play" and rng.random() < 0.2:
                found.append(state)
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state))).state
        seed += 1
    return found[:POSITIONS]


@pytest.fixture(scope="module")
def play_positions() -> cycle[TableState]:
    return cycle(_play_positions())


def test_legal_plays_of_a_position(benchmark, play_positions):
    """Goal: ≤ 20 µs median. The referee's /moves/legal list for the player to act, from a state already read."""
    benchmark(lambda: GAME.legal_moves(next(play_positions)))


def test_legal_plays_of_a_hand_and_trick(benchmark):
    """The duty alone (the core of /tricks/legal): which cards a hand may play to a trick."""
    tricks = cycle([(state.acting.hand, state.trick.cards, state.trump) for state in _play_positions()])
    benchmark(lambda: obligation(*next(tricks)))


def test_declarations_of_five_hands(benchmark):
    """Goal: ≤ 100 µs median. Every sequence and Point of a five-player deal, and their winners."""
    deals = []
    for number in range(POSITIONS):
        pack = shuffled(number, 1)
        deals.append(([pack[seat * 10 : (seat + 1) * 10] for seat in range(5)], pack[50].suit))
    cycled = cycle(deals)

    def declare_and_decide():
        hands, trump = next(cycled)
        declared = declare(hands, trump)
        return declared.scoring_sequences(), declared.point

    benchmark(declare_and_decide)


def test_a_complete_self_play_game(benchmark):
    """Goal: ≤ 20 ms median. A seeded five-player match of one game, from the draw for the dealer to 24 points,
    every move chosen at random among the legal ones and applied by the engine."""
    seeds = cycle(range(50))

    def play_one():
        seed = next(seeds)
        rng = random.Random(seed)
        state = new_match(NAMES, seed=seed).state
        while not GAME.is_terminal(state):
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state))).state
        return state

    benchmark(play_one)
