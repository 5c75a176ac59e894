"""The fixed keys of the sealed-deal tests (never used outside tests), an app that seals with them, and sealed deals of a chosen seed.

A sealed deal over HTTP is shuffled by the server, so a test that needs a given deal seals the engine's deal of a
seed itself, with the same key the app holds (:func:`sealed_deal`): the app opens it like its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask import Flask

from service import create_app
from service.core.sealing import Seal, Sealer, new_match, seal_state
from service.games.kings.rules import Rules
from service.games.kings.sealed import SPLIT
from service.games.kings.start import new_game
from service.games.kings.state import GameState

TEST_KEY = "5bIz24DvhoQGpX4Q2t0I7-wMA4lNprQUhM78RA7Uy00="
OTHER_KEY = "2b4mVLf14-jVyubh-S6GYSrnNkVVhmiVaWKLkQW9iaE="
TEST_SEALER = Sealer.from_keys([TEST_KEY])
GAME = "24-kings"


def sealed_app(**config: Any) -> Flask:
    """An app sealing with the test key (as operators set KINGS_SEAL_KEYS), unless ``config`` says otherwise."""
    return create_app({"TESTING": True, "SEAL_KEYS": TEST_KEY, **config})


def sealed_state(state: GameState, seal: Seal, sealer: Sealer = TEST_SEALER) -> dict[str, Any]:
    """A state as a sealed answer carries it, with each seat's key: ``state``, ``sealed``, ``seat_keys``."""
    sealed = seal_state(SPLIT, sealer, GAME, state, seal)
    keys = {player.name: sealer.seat_key(GAME, seal.match, player.name) for player in state.players}
    return {"state": sealed.public.to_dict(), "sealed": sealed.token, "seat_keys": keys}


def sealed_deal(names: Sequence[str], seed: int, rules: Rules | None = None) -> dict[str, Any]:
    """The engine's deal of ``seed``, sealed as the app would seal it, in a new match."""
    return sealed_state(new_game(list(names), rules or Rules(), seed, 0, "clockwise").state, Seal(new_match()))


def as_seat(body: dict[str, Any], name: str, keys: dict[str, str] | None = None, **extra: Any) -> dict[str, Any]:
    """A request for ``name``'s answer: the state, its token, the player and their seat key."""
    seat_keys = keys if keys is not None else body["seat_keys"]
    return {"state": body["state"], "sealed": body["sealed"], "player": name, "seat_key": seat_keys[name], **extra}
