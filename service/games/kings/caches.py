"""Every cache of 24 Kings, in one place: what it keeps, its key, and its bound in entries and in bytes.

A cache is a ``functools.lru_cache`` of a fixed size, declared here and
applied with :func:`bounded` beside the function it remembers, so no traffic
can grow one past its bound. Each one is here because a side-by-side
measurement showed it pays more than the noise (BENCHMARKS.md, "Seventh
round"); the ones that paid a microsecond or two were removed (the Rules of a
table, castle shape checks, castles parsed per table, card texts).

The bytes are measured (``tests/kings/test_caches.py`` holds every cache
to its figure), so the largest a worker's caches can take is their sum: see
:data:`MOST_BYTES`.

This is the service's cache type: every other cache in ``service/`` is declared
here too (:data:`ELSEWHERE`, for ``functools.cache`` memos whose keys are a
fixed set, such as the registered games), or made with :func:`bounded` where
it lives (Twenty-Four's solutions). ``tests/kings/test_caches_everywhere.py``
finds every cache in ``service/`` and fails on one without an owner, a key
and a bound in bytes that holds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

Function = TypeVar("Function", bound=Callable[..., Any])


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


# The Scorer of a table: castle values, the cards of each castle position, and each hand's points.
# Building one costs ≈ 20 µs (the castle-relative targets are built once per hand set, not per table).
SCORERS = CacheBound("scorer_for", "(castles, rules): the table", entries=1024, bytes_per_entry=4096, owner="service.games.kings.hands")

# One hand's progress for one holding, shared between every holding that agrees on the cards
# that hand's targets name. A reading afresh costs ≈ 4 µs a hand; random holdings share ≈ 95%.
PROGRESS_READINGS = CacheBound(
    "progress_reading",
    "(hand set and the castles' suits in order, hand, the hand's points, the holding's tally within the hand's cards)",
    entries=8192,
    bytes_per_entry=1536,
    owner="service.games.kings.hands",
)

# Which groups of targets a holding's ranks can fill at all: one entry per hand set and set of ranks A..Q.
GROUPS_BY_RANKS = CacheBound("groups_for_ranks", "(hand set, the ranks held)", entries=4 * 4096, bytes_per_entry=320, owner="service.games.kings.hands")

CACHES: tuple[CacheBound, ...] = (SCORERS, PROGRESS_READINGS, GROUPS_BY_RANKS)
MOST_BYTES = sum(cache.most_bytes for cache in CACHES)  # ≈ 21 MiB a worker, all caches full

# Memos made with functools.cache in modules that keep their own (no traffic reaches past their key set):
# a zero-argument function is a constant built once; the others are keyed by a registered game's URL name,
# a fixed set of at most REGISTERED_GAMES (the registry, service/games/__init__.py, has five).
REGISTERED_GAMES = 16
ELSEWHERE: tuple[CacheBound, ...] = (
    *(
        CacheBound("examples", "(): one set of request and answer examples", entries=1, bytes_per_entry=128 * 1024, owner=f"service.games.{package}.web")
        for package in ("kings", "twenty_four", "three_kings", "nineteen_twenty_three", "twenty_four_1718")
    ),
    CacheBound("rules_answer", "(game's URL name): its rules answer", entries=REGISTERED_GAMES, bytes_per_entry=128 * 1024, owner="service.http.referee"),
    CacheBound("request_schemas", "(game's URL name): its request schemas", entries=REGISTERED_GAMES, bytes_per_entry=64 * 1024, owner="service.http.referee"),
    CacheBound("game_package", "(game's URL name): its package, already imported", entries=REGISTERED_GAMES, bytes_per_entry=1024, owner="service.games"),
    CacheBound(
        "version_answer",
        "(): the package version, the commit and each game's rules version",
        entries=1,
        bytes_per_entry=4 * 1024,
        owner="service.http.views.meta",
    ),
)


def bounded(bound: CacheBound) -> Callable[[Function], Function]:
    """Remember a function's answers in an LRU of ``bound.entries``; the function's arguments are the key."""

    def decorate(function: Function) -> Function:
        assert function.__name__ == bound.name, f"{function.__name__} is not the cache {bound.name} declares"
        assert function.__module__ == bound.owner, f"{bound.name} is declared as {bound.owner}'s, not {function.__module__}'s"
        remembering = lru_cache(maxsize=bound.entries)(function)
        remembering.bound = bound  # type: ignore[attr-defined]  # what the audit reads (tests/kings/test_caches_everywhere.py)
        return remembering  # type: ignore[return-value]

    return decorate
