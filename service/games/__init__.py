"""The registry of games: one line per game, naming its parts (:class:`RegisteredGame`).

A game is a package under ``service/games/`` and one line in :data:`REGISTRY`,
whose loader imports the game's parts by name in code (so mypy and the first
start-up both check them): its engine (``GAME``, on the engine kit), its HTTP
adapter (``web.WEB``), how a results sheet scores it (``tournament.ROW_SCORER``)
and its command-line commands (``cli.add_commands``). A missing or misspelt
part fails at start-up with its name; nothing turns a feature off quietly.

The HTTP adapter is loaded apart (:attr:`RegisteredGame.web`), so the
command line and the engine never import Flask.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

from service.core.caches import memo, per_game
from service.core.protocol import Game

if TYPE_CHECKING:
    from service.http.referee import GameWeb
    from service.tournaments.scoring import RowScorer

AddCommands = Callable[[Any], None]  # a game's cli.add_commands(subparsers): its own commands


@dataclass(frozen=True, slots=True)
class RegisteredGame:
    """One game's parts, typed: the engine, the HTTP adapter (loaded when asked), the sheet scorer, the commands."""

    slug: str
    package: ModuleType
    engine: Game  # type: ignore[type-arg]  # every game's own state and move types
    web: Callable[[], GameWeb]
    scorer: RowScorer | None
    commands: AddCommands | None


def _web_of(package: ModuleType) -> Callable[[], GameWeb]:
    """The loader of a game's HTTP adapter, ``<package>.web.WEB``: imported when the app is built, so the command
    line and the engine never import Flask; a missing one stops the app's start-up with its name."""

    def web() -> GameWeb:
        adapter: GameWeb = import_module(f"{package.__name__}.web").WEB
        return adapter

    return web


def _kings() -> RegisteredGame:
    from . import kings
    from .kings import cli, tournament

    return RegisteredGame("24-kings", kings, kings.GAME, _web_of(kings), tournament.ROW_SCORER, cli.add_commands)


def _twenty_four() -> RegisteredGame:
    from . import twenty_four
    from .twenty_four import cli, tournament

    return RegisteredGame("twenty-four", twenty_four, twenty_four.GAME, _web_of(twenty_four), tournament.ROW_SCORER, cli.add_commands)


def _three_kings() -> RegisteredGame:
    from . import three_kings
    from .three_kings import cli, tournament

    return RegisteredGame("three-kings", three_kings, three_kings.GAME, _web_of(three_kings), tournament.ROW_SCORER, cli.add_commands)


def _nineteen_twenty_three() -> RegisteredGame:
    from . import nineteen_twenty_three as game
    from .nineteen_twenty_three import cli, tournament

    return RegisteredGame("1923", game, game.GAME, _web_of(game), tournament.ROW_SCORER, cli.add_commands)


def _twenty_four_1718() -> RegisteredGame:
    from . import twenty_four_1718 as game
    from .twenty_four_1718 import cli, tournament

    return RegisteredGame("twenty-four-1718", game, game.GAME, _web_of(game), tournament.ROW_SCORER, cli.add_commands)


# The registry: a game's URL name and the loader of its parts, one line per game, in the order /v1/games lists them.
REGISTRY: dict[str, Callable[[], RegisteredGame]] = {
    "24-kings": _kings,
    "twenty-four": _twenty_four,
    "three-kings": _three_kings,
    "1923": _nineteen_twenty_three,
    "twenty-four-1718": _twenty_four_1718,
}
# Each loader is named after its game's package (``_kings`` loads ``service.games.kings``): the package names, without loading.
GAME_PACKAGES: dict[str, str] = {slug: f"{__name__}.{load.__name__.removeprefix('_')}" for slug, load in REGISTRY.items()}


@memo(per_game("registered", "(game's URL name): its parts, loaded", 1024, __name__))
def registered(slug: str) -> RegisteredGame:
    """The parts of the game named ``slug`` (loaded once); a part that does not load fails here, with its name."""
    game = REGISTRY[slug]()
    if game.slug != slug or game.engine.info.slug != slug or game.package.__name__ != GAME_PACKAGES[slug]:
        raise RuntimeError(f"the registry line {slug!r} loads {game.package.__name__} ({game.slug!r}), whose engine calls itself {game.engine.info.slug!r}")
    return game


def game_package(slug: str) -> ModuleType:
    """The package of the game named ``slug``."""
    return registered(slug).package


def registered_games() -> list[Game]:  # type: ignore[type-arg]
    """Every registered game's engine, in registry order."""
    return [registered(slug).engine for slug in REGISTRY]
