"""In-process medians of the game flow (``make bench``)."""

import random

from service.games.kings import GAME
from service.games.kings.moves import legal_moves
from service.games.kings.rules import Rules
from service.games.kings.start import new_game

apply_move, judge = GAME.apply, GAME.judge


def test_legal_moves_mid_game(benchmark, mid_game):
    benchmark(legal_moves, mid_game)


def test_apply_a_face_up_discard_mid_game(benchmark, mid_game):
    move = next(o.move for o in legal_moves(mid_game) if o.move.action == "face_up_discard")
    benchmark(apply_move, mid_game, move)


def test_judge_an_illegal_move_with_alternatives(benchmark, mid_game):
    move = next(o.move for o in legal_moves(mid_game) if o.move.action == "face_up_discard")
    wrong = type(move)(move.player, "play_king", move.card, 1)
    benchmark(judge, mid_game, wrong)


def test_one_complete_self_play_game(benchmark):
    """One 4-player game to the end under SHUFFLE ME OUT; games/s = 1 / this time."""
    seeds = iter(range(10**9))

    def one_game():
        seed = next(seeds)
        rng = random.Random(seed)
        state = new_game(["a", "b", "c", "d"], Rules(shuffle_me_out=True), seed=seed).state
        while state.phase != "over":
            options = legal_moves(state)
            calls = [o.move for o in options if o.call_valid]
            state = apply_move(state, calls[0] if calls else rng.choice([o.move for o in options if o.move.action != "call_hand"])).state
        return state

    benchmark(one_game)
