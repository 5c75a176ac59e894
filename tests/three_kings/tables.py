"""Tables for the tests, written the way a person lays them out: hands, table, the next cards of the pile.

The rest of the pack (26P + 1 cards, rules.md §1.3) goes under the named
draws, so a test knows exactly which card comes next.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from service.games.three_kings.cards import parse_card
from service.games.three_kings.state import GameState, read_state

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


@cache  # a handful of texts, read millions of times by the self-play checks
def rank_of(text: str) -> str:
    """The rank of a card text, worked out here without the engine: ``10H`` -> ``10``, ``JK`` -> ``K``."""
    text = text.upper()
    if text == "JK":
        return "K"
    return text if text in RANKS else text[:-1]


def pack_counts(players: int) -> Counter[str]:
    return Counter({rank: 2 * players + (rank == "K") for rank in RANKS})


def remainder(players: int, used: list[str]) -> list[str]:
    """The pack's cards not in ``used``, rank by rank."""
    left = pack_counts(players) - Counter(rank_of(card) for card in used)
    return [rank for rank in RANKS for _ in range(left[rank])]


def table(
    hands: list[list[str]],
    table_cards: list[str],
    *,
    draws: list[str] = (),
    piles: list[list[str]] | None = None,
    to_act: int = 0,
    phase: str = "play",
    rules: dict[str, Any] | None = None,
    names: list[str] | None = None,
    rest_to: int | str | None = None,
    three_kings: str | None = None,
    passes: int = 0,
) -> dict[str, Any]:
    """A state's plain data. ``draws`` are the next cards drawn, in order (the whole pile when ``rest_to`` is given);
    the rest of the pack lies under them, or goes to the end of the table (``rest_to="table"``) or into a seat's hand."""
    players = len(hands)
    names = names or ["ann", "bob", "cy", "di", "ed", "flo", "gus", "hal", "ida", "jo"][:players]
    piles = piles or [[] for _ in hands]
    used = [card for hand in hands for card in hand] + table_cards + [card for pile in piles for card in pile] + list(draws)
    rest = remainder(players, used)
    pile = list(reversed(draws))
    if rest_to is None:
        pile = rest + pile
    elif rest_to == "table":
        table_cards = table_cards + rest
    else:
        hands = [hand + rest if seat == rest_to else hand for seat, hand in enumerate(hands)]
    return {
        "rules": rules or {"scoring": "bonus", "play_it_out": False},
        "players": [
            {"name": name, "hand": {"cards": hand, "hidden": 0}, "pile": pile_cards} for name, hand, pile_cards in zip(names, hands, piles, strict=True)
        ],
        "table": table_cards,
        "draw_pile": {"cards": pile, "hidden": 0},
        "dealer": (to_act - 1) % players,
        "to_act": to_act,
        "phase": phase,
        "passes": passes,
        "three_kings": three_kings,
        "seed": 0,
        "outcome": None,
    }


def state(*args: Any, **kwargs: Any) -> GameState:
    return read_state(table(*args, **kwargs))


def move(player: str, action: str, **fields: Any) -> dict[str, Any]:
    return {"player": player, "action": action, **fields}


def ranks(cards: list[Any]) -> list[str]:
    return [rank_of(str(card)) for card in cards]


def card(text: str) -> Any:
    return parse_card(text)
