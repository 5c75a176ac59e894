"""1923 in process (``make bench``): judging a 6-player game (goal: median ≤ 30 µs) and a complete self-play set (≤ 10 ms)."""

from __future__ import annotations

import random
from itertools import cycle

from service.core.cards import Card, Pack, card_texts
from service.games.nineteen_twenty_three import GAME
from service.games.nineteen_twenty_three.judging import judge_game, judge_request
from service.games.nineteen_twenty_three.moves import legal_moves
from service.games.nineteen_twenty_three.start import new_match

apply_move = GAME.apply

DEALS = 500


def six_player_deals() -> list[list[tuple[str, tuple[Card, ...]]]]:
    """500 random 6-player games from two decks, hands of 2 to 5 cards: the same work every run."""
    rng = random.Random(1923)
    deals = []
    for _ in range(DEALS):
        pack = Pack(decks=2).cards()
        rng.shuffle(pack)
        deals.append([(f"p{seat}", tuple(pack.pop() for _ in range(rng.randint(2, 5)))) for seat in range(6)])
    return deals


def test_judge_a_six_player_game(benchmark):
    deals = cycle(six_player_deals())
    benchmark(lambda: judge_game(next(deals), None, 40))


def test_judge_a_six_player_game_as_the_endpoint_does(benchmark):
    """The /judge body read and checked (copies included), judged, and turned into plain data."""
    bodies = cycle([{"hands": [{"player": name, "cards": card_texts(cards)} for name, cards in deal], "pile": 40} for deal in six_player_deals()])
    benchmark(lambda: judge_request(next(bodies)).to_dict())


def test_one_complete_self_play_set(benchmark):
    """Four players, two decks (104 cards): from the first deal to the set's score; sets/s = 1 / this time."""
    seeds = iter(range(10**9))

    def one_set():
        seed = next(seeds)
        rng = random.Random(seed)
        state, _ = new_match(["a", "b", "c", "d"], target=10_000, seed=seed)
        while state.set_number == 1:
            options = legal_moves(state)
            takes = [move for move in options if move.action == "take"]
            others = [move for move in options if move.action != "take"]
            state = apply_move(state, rng.choice(takes if takes and rng.random() < 0.55 else others or takes)).state
        return state

    benchmark(one_set)
