"""The registry of games: one line per game, its URL name and the package that holds it.

A game package exposes ``GAME`` (its engine, satisfying
:class:`service.core.protocol.Game`) and has a ``web`` module with its HTTP
parts (see :mod:`service.http.referee`). Adding a game is a package of its
own plus one line here.
"""

from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

from service.core.protocol import Game

GAME_PACKAGES: dict[str, str] = {
    "24-kings": "service.games.kings",
    "twenty-four": "service.games.twenty_four",
    "three-kings": "service.games.three_kings",
    "1923": "service.games.nineteen_twenty_three",
    "twenty-four-1718": "service.games.twenty_four_1718",
}


@cache
def game_package(slug: str) -> ModuleType:
    """The package of the game named ``slug`` (imported once)."""
    return importlib.import_module(GAME_PACKAGES[slug])


def registered_games() -> list[Game]:  # type: ignore[type-arg]
    """Every registered game's engine, in registry order."""
    return [game_package(slug).GAME for slug in GAME_PACKAGES]
