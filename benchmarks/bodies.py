"""Realistic request bodies for the HTTP benchmarks and the soak test (fixed seeds)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from schemas.kings import HandsRequestSchema
from service.core.cards import Card, card_texts
from service.games.kings import GAME
from service.games.kings.castles import Castle, castle_cards
from service.games.kings.hands import Scorer
from service.games.kings.moves import legal_moves
from service.games.kings.pack import full_deck
from service.games.kings.rules import Rules
from service.games.kings.start import new_game
from service.games.kings.state import GameState
from service.games.kings.web import castles_from

apply_move = GAME.apply

# /hands bodies of random holdings for bench-http and the soak: traffic that no cache holds whole.
VARIED_HOLDINGS = 2000
CASTLES: list[dict[str, Any]] = [{"card": "5H", "kings": []}, {"card": "9C", "kings": ["KC"]}, {"card": "4D", "kings": []}, {"card": "10S", "kings": []}]
# Late in a game the castles are crowned and the players' hands have been built up.
END_CASTLES: list[dict[str, Any]] = [
    {"card": "5H", "kings": ["KH"]},
    {"card": "9C", "kings": ["KC", "KC"]},
    {"card": "4D", "kings": []},
    {"card": "10S", "kings": ["KS"]},
]
# How many hands each of the six players' 7 cards hold at least, at the end-of-game table.
END_GAME_HANDS = (2, 2, 2, 2, 1, 0)


def mid_game(seed: int = 11, moves: int = 30, players: int = 6) -> GameState:
    """A state after ``moves`` random moves: castles crowned, piles grown."""
    rng = random.Random(seed)
    state = new_game([f"p{i}" for i in range(players)], Rules(), seed=seed).state
    for _ in range(moves):
        options = [o.move for o in legal_moves(state) if o.move.action != "call_hand"]
        state = apply_move(state, rng.choice(options)).state
    return state


def cards_off_the_table(table: Sequence[Castle]) -> list[Card]:
    """The two decks less the castles' cards: what deals are drawn from."""
    pool = full_deck()
    for card in castle_cards(table):
        pool.remove(card)
    return pool


def table_of(castles: list[dict[str, Any]]) -> list[Castle]:
    """Castles written as in a request body, read as the service reads them (through the schema)."""
    return castles_from(HandsRequestSchema().load({"castles": castles, "cards": []})["castles"])


def off_the_castles() -> list[str]:
    """The two decks less the benchmark castles' cards, as texts."""
    return card_texts(cards_off_the_table(table_of(CASTLES)))


def varied_hands_bodies(count: int, seed: int = 7) -> list[dict[str, Any]]:
    """``count`` /hands bodies of random 7-card holdings: traffic that no cache has seen whole."""
    rng = random.Random(seed)
    pool = off_the_castles()
    return [{"castles": CASTLES, "cards": rng.sample(pool, 7)} for _ in range(count)]


def end_of_game_players(seed: int = 5) -> list[dict[str, Any]]:
    """Six players of an end-of-game table: most holdings hold hands (``END_GAME_HANDS``), so the search weighs choices.

    Random 7-card holdings seldom hold a hand (≈ 3%), so each player's cards are drawn
    again from what is left until they hold as many hands as that seat asks for.
    """
    table = table_of(END_CASTLES)
    scorer = Scorer(table, Rules())
    rng = random.Random(seed)
    pool = cards_off_the_table(table)
    players = []
    for seat, wanted in enumerate(END_GAME_HANDS):
        while True:
            cards = rng.sample(pool, 7)
            found = len(scorer.find_hands(cards))
            if found >= wanted and (wanted or not found):
                break
        for card in cards:
            pool.remove(card)
        players.append({"name": f"p{seat}", "cards": card_texts(cards)})
    return players


def bodies() -> dict[str, tuple[str, dict[str, Any]]]:
    """Endpoint name → (path, JSON body)."""
    rng = random.Random(6)
    cards = rng.sample(off_the_castles(), 42)
    state = mid_game()
    move = next(o.move for o in legal_moves(state) if o.move.action == "face_up_discard")
    return {
        "calculus-6p": (
            "/v1/24-kings/calculus",
            {"castles": CASTLES, "caller": "p0", "players": [{"name": f"p{i}", "cards": cards[i * 7 : (i + 1) * 7]} for i in range(6)]},
        ),
        "calculus-end": ("/v1/24-kings/calculus", {"castles": END_CASTLES, "caller": "p0", "players": end_of_game_players()}),
        "hands-7": ("/v1/24-kings/hands", {"castles": CASTLES, "cards": cards[:7]}),
        "moves-legal": ("/v1/24-kings/moves/legal", {"state": state.to_dict()}),
        "moves-apply": ("/v1/24-kings/moves/apply", {"state": state.to_dict(), "move": move.to_dict()}),
    }


if __name__ == "__main__":
    print(json.dumps({name: len(json.dumps(body)) for name, (_, body) in bodies().items()}))
