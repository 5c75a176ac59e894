"""Random self-play through the engine: 1,000 games per scoring method, every invariant checked at every step."""

from __future__ import annotations

import random

import pytest

from service.games.three_kings import GAME
from service.games.three_kings.rules import Rules
from service.games.three_kings.start import new_game

from .oracle import expected_result, invariant_problems, move_counts

GAMES = 1000


def play_out(seed: int, scoring: str) -> tuple[dict, int]:
    rng = random.Random(seed)
    players = rng.choice([2, 2, 2, 3, 4, 5])
    play_it_out = scoring != "three_kings_wins" and rng.random() < 0.3
    state = new_game([f"p{i}" for i in range(players)], Rules(scoring, play_it_out), seed=seed, dealer=rng.randrange(players)).state
    steps = 0
    data = state.to_dict()
    while not GAME.is_terminal(state):
        moves = GAME.legal_moves(state)
        counts: dict[str, int] = {}
        for legal in moves:
            counts[legal.move.action] = counts.get(legal.move.action, 0) + 1
        assert counts == move_counts(data), (seed, data)
        state = GAME.apply(state, rng.choice(moves).move).state
        data = state.to_dict()
        assert invariant_problems(data) == [], (seed, steps, data)
        steps += 1
        assert steps < 2000, "a game that never ends"
    assert GAME.check_state(state) == []  # the engine's own whole check agrees at the end (the oracle checked each step)
    return data, steps


@pytest.mark.slow
@pytest.mark.parametrize("scoring", ["three_kings_wins", "bonus", "penalty"])
def test_random_games_keep_every_invariant(scoring):
    reasons = set()
    for seed in range(GAMES):
        final, _ = play_out(seed, scoring)
        outcome = final["outcome"]
        assert {key: outcome[key] for key in ("scores", "winners")} == expected_result(final)
        assert outcome["three_kings"] == final["three_kings"]
        reasons.add(outcome["reason"])
    # Both endings happen; without play_it_out, random play nearly always gathers three Kings first.
    assert reasons == ({"three_kings"} if scoring == "three_kings_wins" else {"three_kings", "all_passed"})


def test_a_few_random_games_quickly():
    for seed in range(20):
        final, steps = play_out(seed, ["three_kings_wins", "bonus", "penalty"][seed % 3])
        assert final["phase"] == "over" and steps > 0
