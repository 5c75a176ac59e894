"""Three Kings in-process medians (``make bench``): legal moves mid-game (goal ≤ 50 µs), one self-play game (goal ≤ 20 ms)."""

from __future__ import annotations

import random

import pytest

from service.games.three_kings.game import GAME
from service.games.three_kings.moves import legal_moves, read_move
from service.games.three_kings.rules import Rules
from service.games.three_kings.start import new_game
from service.games.three_kings.state import GameState, read_state


@pytest.fixture(scope="module")
def three_kings_mid_game() -> GameState:
    """A 3-player game after 31 random moves (a turn's draw made), a full hand facing a table of four or more."""
    for seed in range(1000):
        rng = random.Random(seed)
        state = new_game(["ann", "bob", "cy"], Rules("bonus"), seed=seed).state
        for _ in range(31):
            if state.phase == "over":
                break
            state = GAME.apply(state, rng.choice(legal_moves(state)).move).state
        if state.phase == "play" and len(state.table) >= 4 and len(state.acting.hand.cards) >= 6:
            return state
    raise AssertionError("no mid-game state found")


def test_three_kings_legal_moves_mid_game(benchmark, three_kings_mid_game):
    benchmark(legal_moves, three_kings_mid_game)


def test_three_kings_judge_an_illegal_discard(benchmark, three_kings_mid_game):
    move = read_move({"player": three_kings_mid_game.acting.name, "action": "discard", "card": "K"})
    benchmark(GAME.judge, three_kings_mid_game, move)


def test_three_kings_read_and_check_a_state(benchmark, three_kings_mid_game):
    benchmark(read_state, three_kings_mid_game.to_dict())


def test_three_kings_one_complete_self_play_game(benchmark):
    """One 2-player game, uniform random moves, to the end; games/s = 1 / this time."""
    seeds = iter(range(10**9))

    def one_game() -> GameState:
        seed = next(seeds)
        rng = random.Random(seed)
        state = new_game(["a", "b"], Rules("bonus"), seed=seed).state
        while not GAME.is_terminal(state):
            state = GAME.apply(state, rng.choice(legal_moves(state)).move).state
        return state

    benchmark(one_game)
