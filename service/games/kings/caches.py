"""24 Kings' caches: what each keeps, its key, and its bound in entries and in bytes (the type: :mod:`service.core.caches`).

Each one is here because a side-by-side measurement showed it pays more than
the noise (BENCHMARKS.md, "Seventh round"); the ones that paid a microsecond or
two were removed (the Rules of a table, castle shape checks, castles parsed
per table, card texts; each alone: :data:`CASTLE_TABLES` keeps the first three together,
with the table's Scorer, where one lookup pays for them all). The bytes are measured (``tests/kings/test_caches.py``
holds every cache to its figure), so the largest a worker's caches can take is
their sum: see :data:`MOST_BYTES`.
"""

from __future__ import annotations

from service.core.caches import CacheBound, bounded, constant, memo

__all__ = [
    "CACHES",
    "CASTLE_TABLES",
    "CONSTANTS",
    "GROUPS_BY_RANKS",
    "HAND_SET_PLANS",
    "MOST_BYTES",
    "PROGRESS_READINGS",
    "PROGRESS_TABLES",
    "SCORERS",
    "CacheBound",
    "bounded",
    "memo",
]

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

# A table sent to /hands or /calculus, read once: its Castle and Rules records, its castle checks and its Scorer (held
# here too, so an entry counts one: its bytes include it). The requests of one table repeat it; ≈ 10 µs a request.
CASTLE_TABLES = CacheBound(
    "castle_table_of",
    "(each castle's card and Kings, the rules' (field, value) pairs): the table as sent",
    entries=1024,
    bytes_per_entry=6144,  # ≈ 4,000 measured (tests/kings/test_caches.py), ≈ 3,000 of it the Scorer, shared with SCORERS
    owner="service.games.kings.calculus",
)

CACHES: tuple[CacheBound, ...] = (SCORERS, PROGRESS_READINGS, GROUPS_BY_RANKS, CASTLE_TABLES)
MOST_BYTES = sum(cache.most_bytes for cache in CACHES)  # 27 MiB a worker, all four caches full (21 before CASTLE_TABLES)

# Constants built on first use rather than at import (issue 25: every start of the app paid them), one value each.
# Every hand set's plan: its castle-relative targets, grouped for detection and planned for progress (≈ 10 ms to build;
# 134 KB measured, 164 KB with the calc branch's plans, tests/core/test_caches_everywhere.py: bound with room for both).
HAND_SET_PLANS = constant("hand_set_plans", "every hand set's plan", 240_000, "service.games.kings.hands")
# A progress table per hand set and order of the castles' four suits (4 hand sets, 24 orders), sharing the plans.
PROGRESS_TABLES = constant("progress_tables", "a progress table per hand set and order of suits", 120_000, "service.games.kings.hands")
CONSTANTS: tuple[CacheBound, ...] = (HAND_SET_PLANS, PROGRESS_TABLES)
