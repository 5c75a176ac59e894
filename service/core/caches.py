"""The service's cache type: every cache in ``service/`` is declared where it lives, with its key and its bound.

A cache is a :class:`CacheBound` (what it remembers, by which key, how many
entries at most, how many bytes each takes at most, and its owner: the module
whose function it remembers), applied beside that function with

- :func:`bounded` — a ``functools.lru_cache`` of ``entries``: no traffic can grow it past its bound;
- :func:`memo` — a ``functools.cache`` whose keys are a fixed set (a constant built once, or one
  entry per registered game: at most :data:`REGISTERED_GAMES`).

Both attach the bound to the cached function (``.bound``), where the audit
(``tests/core/test_caches_everywhere.py``) reads it: it finds every cache in
``service/`` and fails on one without a declaration, or whose fresh entry does
not fit its bytes. Nothing here lists a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, TypeVar

Function = TypeVar("Function", bound=Callable[..., Any])

REGISTERED_GAMES = 16  # the most games a memo keyed by a game's URL name may hold (the registry has five)


@dataclass(frozen=True, slots=True)
class CacheBound:
    """One cache: what it remembers, by which key, how many entries at most, how many bytes each takes at most,
    and who owns it (the module whose function it remembers: where its key and bound are decided)."""

    name: str
    key: str
    entries: int
    bytes_per_entry: int
    owner: str

    @property
    def most_bytes(self) -> int:
        return self.entries * self.bytes_per_entry


def _checked(bound: CacheBound, function: Callable[..., Any]) -> None:
    assert function.__name__ == bound.name, f"{function.__name__} is not the cache {bound.name} declares"
    assert function.__module__ == bound.owner, f"{bound.name} is declared as {bound.owner}'s, not {function.__module__}'s"


def bounded(bound: CacheBound) -> Callable[[Function], Function]:
    """Remember a function's answers in an LRU of ``bound.entries``; the function's arguments are the key."""

    def decorate(function: Function) -> Function:
        _checked(bound, function)
        remembering = lru_cache(maxsize=bound.entries)(function)
        remembering.bound = bound  # type: ignore[attr-defined]  # what the audit reads
        return remembering  # type: ignore[return-value]

    return decorate


def memo(bound: CacheBound) -> Callable[[Function], Function]:
    """Remember a function of a fixed key set (none: a constant; a registered game's URL name) for the process's life."""
    assert bound.entries == 1 or bound.entries == REGISTERED_GAMES, "a memo holds one constant, or one entry per registered game"

    def decorate(function: Function) -> Function:
        _checked(bound, function)
        remembering = cache(function)
        remembering.bound = bound  # type: ignore[attr-defined]  # what the audit reads
        return remembering  # type: ignore[return-value]

    return decorate


def per_game(name: str, key: str, bytes_per_entry: int, owner: str) -> CacheBound:
    """The bound of a memo keyed by a registered game's URL name."""
    return CacheBound(name, key, REGISTERED_GAMES, bytes_per_entry, owner)


def constant(name: str, what: str, bytes_per_entry: int, owner: str) -> CacheBound:
    """The bound of a memo of no argument: one value, built once."""
    return CacheBound(name, f"(): {what}", 1, bytes_per_entry, owner)
