"""1923's sealed split, from its engine's zones (:class:`~service.core.zone_split.ZoneSplit`).

Every hand and the pile are hidden, and the seed, which decides every set's mix to come. A hand is hidden
from its own holder too where the rule book says so: each seat's view (:func:`.referee.view`) shows the
holder every card but the one taken last (the unknown card, §3.2), so the ``took`` event names no card to
anyone. Hands are shown at the reveal (§3.5), in the ``revealed`` event. A real table's state (deal
``physical``) is never sealed.

Tables range from 2 to 100 players and 1 to 34 decks, so one fixed size for every token would be 18 KB:
the size is fixed per table shape instead (players and decks, both public).
"""

from __future__ import annotations

from typing import Any

from service.core.records import Event
from service.core.zone_split import ZoneSplit

from . import GAME
from .state import MatchState
from .table import CARDS_PER_DECK

# A token's plaintext: BASE bytes, then CARD bytes per card of the pack ("10H", with quotes and a comma) and SEAT
# per seat (a hand's pointer); the largest hidden part of every shape fits: tests/sealed/test_kit_games.py checks it.
BASE, CARD, SEAT = 512, 6, 32
TOKEN_SIZE = BASE + CARD * CARDS_PER_DECK + SEAT * 3  # one deck, three players: the most common table


def size_of(state: MatchState) -> int:
    return BASE + CARD * CARDS_PER_DECK * state.rules.decks + SEAT * len(state.seats)


def _sealable(state: MatchState) -> bool:
    return state.deal == "service"


def event_for(event: Event, viewer: str) -> Event:
    """The card taken is the taker's unknown card (§3.2): nobody is told which it is, the taker neither."""
    if event.get("type") == "took":
        return {**event, "card": None}
    return event


SPLIT = ZoneSplit(GAME, TOKEN_SIZE, sealed_fields={"/seed": 0}, is_sealable=_sealable, event_for=event_for, size_of=size_of)


def sealed_events(events: Any) -> list[Event]:
    """A sealed deal's events as the table hears them."""
    return [event_for(dict(event), "") for event in events]
