"""Random self-play: one complete game for each of the 512 rule combinations.

At every step: no card is created or lost (104), the state survives a JSON
round trip unchanged, every listed move gets a legal verdict and applies, a
sample of moves not listed is refused with a reason, and every game ends.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from itertools import product

import pytest

from service.games.kings import GAME
from service.games.kings.moves import ACTIONS, Move, legal_moves
from service.games.kings.pack import full_deck
from service.games.kings.rules import HAND_SET_NAMES, OPTION_NAMES, Rules
from service.games.kings.start import new_game
from service.games.kings.state import state_from_dict, state_problems

apply_move, judge = GAME.apply, GAME.judge

# One game per combination of the seven options (2**7) and the four hand sets; the same invariants run again in
# test_table_games and through HTTP.
GAMES = 2 ** len(OPTION_NAMES) * len(HAND_SET_NAMES)
TURN_CAP = 40  # after this the table agrees to SHUFFLE ME OUT, so the game ends when the pile runs dry
DISTINCT_CARDS = sorted(set(full_deck()))


def rules_for(game: int) -> Rules:
    """Game n plays the n-th combination of the seven options (2**7) and the four hand sets: each combination once."""
    hands, options = divmod(game, 2 ** len(OPTION_NAMES))
    flags = list(product([False, True], repeat=len(OPTION_NAMES)))[options]
    return Rules(hands=HAND_SET_NAMES[hands], **dict(zip(OPTION_NAMES, flags, strict=True)))  # type: ignore[arg-type]


def unlisted_sample(state, listed: set[Move], rng: random.Random, count: int = 4) -> list[Move]:
    names = [p.name for p in state.players]
    sample = []
    while len(sample) < count:
        candidate = Move(rng.choice(names), rng.choice(ACTIONS), rng.choice(DISTINCT_CARDS), rng.choice([None, 1, 2, 3, 4]))  # type: ignore[arg-type]
        if candidate not in listed:
            sample.append(candidate)
    return sample


def play(game: int) -> tuple[int, str]:
    rng = random.Random(game)
    names = [f"p{i}" for i in range(rng.randint(2, 10))]
    state = new_game(names, rules_for(game), seed=game, dealer=rng.randrange(len(names)), direction=rng.choice(["clockwise", "counterclockwise"])).state
    steps = 0
    while state.phase != "over":
        assert state.card_total() == 104 and not state_problems(state)
        assert state_from_dict(json.loads(json.dumps(state.to_dict()))) == state
        options = legal_moves(state)
        listed = {option.move for option in options}
        for option in options:
            assert judge(state, option.move).legal, option
            after = apply_move(state, option.move).state
            assert after.card_total() == 104
        for move in unlisted_sample(state, listed, rng):
            verdict = judge(state, move)
            assert not verdict.legal and verdict.reasons, move
        valid_calls = [o.move for o in options if o.call_valid]
        others = [o.move for o in options if o.move.action != "call_hand"]
        choice = valid_calls[0] if valid_calls else rng.choice(others if rng.random() < 0.98 else [o.move for o in options])
        state = apply_move(state, choice).state
        steps += 1
        if steps == TURN_CAP:
            state = replace(state, rules=replace(state.rules, shuffle_me_out=True))
    assert state.outcome is not None and state.outcome.winners
    assert state_from_dict(json.loads(json.dumps(state.to_dict()))) == state
    return steps, state.outcome.reason


@pytest.mark.slow
def test_random_games_keep_every_invariant_and_end_every_way():
    """One test, not batches: the endings are counted over all the games, which batches on other workers could not share."""
    assert len({rules_for(game) for game in range(GAMES)}) == GAMES  # every combination, each once
    endings = Counter(reason for _, reason in (play(game) for game in range(GAMES)))
    assert sum(endings.values()) == GAMES
    assert set(endings) == {"valid_call", "last_player_left", "draw_pile_exhausted"}, endings
