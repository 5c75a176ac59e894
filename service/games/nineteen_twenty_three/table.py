"""Who sits at a 1923 table and with how many decks (rules.md §1)."""

from __future__ import annotations

from collections.abc import Sequence

from service.core.cards import SUITS, Pack
from service.core.problems import Problem
from service.core.problems import roster_problems as core_roster

MIN_PLAYERS = 2
MAX_PLAYERS = 100  # the book sets no upper limit: the service's bound on a request's cost (§1.1)
CARDS_PER_DECK = 13 * len(SUITS)
DEAL = 2  # cards each player takes to start a game (§3.1)


def token(name: str) -> str:
    """A player's name as one JSON pointer token (RFC 6901: ``~`` and ``/`` escaped), for maps keyed by name."""
    return name.replace("~", "~0").replace("/", "~1")


def default_decks(players: int) -> int:
    """ceil(players / 3) decks (§1.2)."""
    return max(1, -(-players // 3))


MAX_DECKS = default_decks(MAX_PLAYERS)


PACKS: dict[int, Pack] = {decks: Pack(decks=decks) for decks in range(1, MAX_DECKS + 1)}  # the packs a table may play with, built once


def pack_of(decks: int) -> Pack:
    """The pack of ``decks`` decks: one of :data:`PACKS`, built once, for any table the rules allow."""
    return PACKS.get(decks) or Pack(decks=decks)


def roster_problems(names: Sequence[str], pointer: str = "/players", name_key: str = "") -> list[Problem]:
    """2 to MAX_PLAYERS players (§1.1), each named, no name twice; a name's pointer is ``{pointer}/{index}{name_key}``."""
    return core_roster(names, (MIN_PLAYERS, MAX_PLAYERS), "rules.md §1.1", pointer, name_key)


def decks_problems(decks: int, players: int, pointer: str = "/decks") -> list[Problem]:
    """At least one deck, never more than ceil(players / 3), and at least one card for every player (§1.2)."""
    most = default_decks(players)
    if not 1 <= decks <= most:
        return [Problem(pointer, "bad_decks", f"{players} players play with 1 to {most} deck(s), ceil(players / 3); not {decks} (rules.md §1.2)")]
    if decks * CARDS_PER_DECK < players:
        return [Problem(pointer, "too_few_decks", f"{decks} deck(s) cannot give each of {players} players one card: no game can be played (rules.md §1.2)")]
    return []
