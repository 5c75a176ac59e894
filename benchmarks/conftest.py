"""Benchmark inputs: fixed random deals, so every run measures the same work."""

from __future__ import annotations

import random
from itertools import cycle

import pytest

from benchmarks.bodies import cards_off_the_table
from benchmarks.bodies import mid_game as benchmark_mid_game
from service.core.cards import Card
from service.games.kings.castles import Castle
from service.games.kings.state import GameState
from tests.conftest import make_castles

DEALS = 500


@pytest.fixture(scope="session")
def table() -> list[Castle]:
    return make_castles("5H", "9C+KC", "4D", "10S")


@pytest.fixture(scope="session")
def seven_card_deals(table: list[Castle]) -> cycle[list[Card]]:
    """500 random 7-card holdings from what the castles leave, cycled."""
    rng = random.Random(24)
    pool = cards_off_the_table(table)
    return cycle([rng.sample(pool, 7) for _ in range(DEALS)])


@pytest.fixture(scope="session")
def six_player_tables(table: list[Castle]) -> cycle[list[list[Card]]]:
    rng = random.Random(6)
    pool = cards_off_the_table(table)
    deals = []
    for _ in range(DEALS):
        cards = rng.sample(pool, 42)
        deals.append([cards[i * 7 : (i + 1) * 7] for i in range(6)])
    return cycle(deals)


@pytest.fixture(scope="session")
def mid_game() -> GameState:
    return benchmark_mid_game()
