"""Three Kings' sealed split, from its engine's zones (:class:`~service.core.zone_split.ZoneSplit`).

Every hand (its holder's alone) and the draw pile are hidden, and so are the seed, which decides every
draw to come, and the name of a player who holds three Kings while a game played out goes on (§9: the
others learn it at the end). A card drawn is told to its drawer only; the table's cards, the piles of
sets and the Kings taken from the table are public. A real table's state (deal ``physical``) is never sealed.

Tables seat 2 to 20 players and the pack grows with them (26 per player and one King), so the token's
size is fixed per number of players, which is public.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.core.records import Event
from service.core.zone_split import ZoneSplit

from . import GAME
from .cards import pack_size
from .state import GameState

# A token's plaintext: BASE bytes, then CARD bytes per card of the pack ("10", with quotes and a comma) and SEAT per
# seat (a hand's pointer); the largest hidden part of every table fits: tests/sealed/test_kit_games.py checks it.
BASE, CARD, SEAT = 512, 5, 32
TOKEN_SIZE = BASE + CARD * pack_size(2) + SEAT * 2  # two players: the rule book's table


def size_of(state: GameState) -> int:
    return BASE + CARD * pack_size(len(state.players)) + SEAT * len(state.players)


def _sealable(state: GameState) -> bool:
    return state.deal == "service"


def event_for(event: Event, viewer: str) -> Event | None:
    """A draw is seen by its drawer alone (the others hear how many); three Kings are news only to their holder
    until the game ends (the end's own event names them)."""
    if event.get("type") == "drew" and event.get("player") != viewer:
        return {**event, "cards": [], "unseen": len(event.get("cards", ())) + int(event.get("unseen", 0))}
    if event.get("type") == "three_kings" and event.get("player") != viewer:
        return None
    return event


SPLIT = ZoneSplit(GAME, TOKEN_SIZE, sealed_fields={"/seed": 0, "/three_kings": None}, is_sealable=_sealable, event_for=event_for, size_of=size_of)


def deal_events(state: GameState, events: Sequence[Event]) -> list[Event]:
    """A sealed deal's events as the table hears them: three Kings dealt are news once they end the game (§7.1, §9)."""
    return [event for event in events if event.get("type") != "three_kings" or state.phase == "over"]
