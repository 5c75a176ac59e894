"""In-process medians of Twenty-Four's hot paths (``make bench``).

The solver keeps nothing between calls, so every round solves from scratch:
"no warm cache" holds by construction. Sets and targets cycle through fixed
random draws so every run measures the same work.
"""

from __future__ import annotations

import random
from itertools import combinations_with_replacement, cycle

from service.games.twenty_four import GAME
from service.games.twenty_four.expressions import check
from service.games.twenty_four.moves import Move, legal_moves, solutions_on_table
from service.games.twenty_four.solver import solve
from service.games.twenty_four.start import new_game
from service.games.twenty_four.state import state_from_dict

RNG = random.Random(24)
ANY_SET_ANY_TARGET = cycle([([RNG.randint(1, 13) for _ in range(4)], RNG.randint(0, 100)) for _ in range(2000)])
EVERY_SET_FOR_24 = cycle(list(combinations_with_replacement(range(1, 14), 4)))
CLAIMS = cycle(
    [
        ((2, 4, 10, 10), "(2 + 4 / 10) * 10"),
        ((3, 3, 8, 8), "8 / (3 - 8 / 3)"),
        ((1, 5, 5, 5), "5 × (5 − 1 ÷ 5)"),
        ((1, 2, 3, 4), "(1 + 2 + 3) * 4"),
        ((4, 4, 7, 7), "(4 - 4 / 7) * 7"),
        ((1, 2, 3, 4), "-1 + 2 * 3 * 4 + 1"),
    ]
)


def test_solve_any_four_values_for_any_target_up_to_100(benchmark):
    """Every distinct solution of a random set of 1-13 for a random target 0-100 (a fixed 2,000 rounds: one each)."""
    benchmark.pedantic(lambda: solve(*next(ANY_SET_ANY_TARGET)), rounds=2000, iterations=1)


def test_solve_each_of_the_1820_sets_for_24(benchmark):
    benchmark(lambda: solve(next(EVERY_SET_FOR_24), 24))


def test_judge_a_claim(benchmark):
    def judge_next():
        values, expression = next(CLAIMS)
        return check(expression, values, 24)

    benchmark(judge_next)


def test_read_and_apply_a_claim_on_a_four_player_table(benchmark):
    """A whole /moves/apply's engine work: read and check the state, judge the claim, turn up the next four."""
    state = new_game(["ann", "bob", "cy", "di"], seed=24, dealer=0).state
    data = state.to_dict()
    claim = next(legal.move for legal in legal_moves(state) if legal.move.action == "claim")  # a template: the claimant
    found = solutions_on_table(state)
    expression = found.solutions[0].text if found.solvable else "1 + 2"
    benchmark(lambda: GAME.apply(state_from_dict(data), Move("claim", claim.player, expression)))
