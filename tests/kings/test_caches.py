"""Every cache of 24 Kings is declared in one place, with a bound in entries and in bytes that holds."""

from __future__ import annotations

import functools
import random
import re
import tracemalloc
from pathlib import Path

import pytest

from schemas.kings import RulesSchema
from service.core.cards import SUITS, Card
from service.games.kings import caches, calculus, hands
from service.games.kings.calculus import castle_table_of
from service.games.kings.castles import Castle
from service.games.kings.hands import groups_for_ranks, progress_reading, scorer_for
from service.games.kings.pack import full_deck
from service.games.kings.rules import HAND_SET_NAMES, Rules

ROOT = Path(__file__).resolve().parents[2]
CACHED = {
    caches.SCORERS.name: scorer_for,
    caches.PROGRESS_READINGS.name: progress_reading,
    caches.GROUPS_BY_RANKS.name: groups_for_ranks,
    caches.CASTLE_TABLES.name: castle_table_of,
}


def random_table(rng: random.Random) -> tuple[Castle, ...]:
    castles = []
    for suit in rng.sample(SUITS, 4):
        kings = rng.randint(0, 2)
        castles.append(Castle(Card(rng.randint(1, 12), suit), (Card(13, suit),) * kings))
    return tuple(castles)


def test_every_cache_is_declared_in_caches_and_bounded_as_declared():
    assert {cache.name for cache in caches.CACHES} == set(CACHED)
    for cache in caches.CACHES:
        assert CACHED[cache.name].cache_info().maxsize == cache.entries, cache.name
    assert sum(cache.entries * cache.bytes_per_entry for cache in caches.CACHES) == caches.MOST_BYTES


def test_no_module_keeps_a_cache_of_its_own():
    """A cache is a decision with a key and a bound: only caches.py makes one (a zero-argument @cache is a constant;
    the constants built on first use are declared there too, caches.CONSTANTS).

    Read: 24 Kings' package, the card model and the schemas. (The registry's memos, of a game's package
    and of its request schemas, are keyed by the registered games: a fixed set.)
    """
    places = [*sorted((ROOT / "service" / "games" / "kings").rglob("*.py")), ROOT / "service" / "core" / "cards.py", *sorted((ROOT / "schemas").rglob("*.py"))]
    offenders = []
    for path in places:
        if path.name == "caches.py":
            continue
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"lru_cache|@cache\n(?:async )?def \w+\((?!\))", text):
            offenders.append(f"{path.relative_to(ROOT)}: {match.group(0).splitlines()[-1]}")
    assert not offenders
    module_caches = {name for module in (hands, calculus) for name, value in vars(module).items() if isinstance(value, functools._lru_cache_wrapper)}
    assert module_caches == {*CACHED, *(constant.name for constant in caches.CONSTANTS)}


def bytes_per_entry(fill) -> float:
    """What a cache's new entries take, on average, measured with tracemalloc over a fill of fresh entries."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        added = fill()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert added > 0
    return (after - before) / added


@pytest.fixture
def empty_caches():
    """The bounded caches emptied, and the constants built (once a process, declared apart: caches.CONSTANTS), so that
    a measure counts its own entries whether or not another test built the constants first."""
    hands.hand_set_plans()
    hands.progress_tables()
    for function in CACHED.values():
        function.cache_clear()
    yield
    for function in CACHED.values():
        function.cache_clear()


def test_a_scorer_takes_no_more_than_its_bound(empty_caches):
    rng = random.Random(1)
    tables = {random_table(rng) for _ in range(300)}

    def fill() -> int:
        for table in tables:
            scorer_for(table, Rules())
        return scorer_for.cache_info().currsize

    measured = bytes_per_entry(fill)
    print(f"scorer: {measured:.0f} bytes")
    assert measured <= caches.SCORERS.bytes_per_entry


def test_a_table_takes_no_more_than_its_bound_its_scorer_included(empty_caches):
    """Tables as /hands and /calculus send them: each entry's Scorer is counted in it (every cache is emptied first)."""
    rng = random.Random(3)
    tables = {random_table(rng) for _ in range(300)}
    rules = tuple(RulesSchema().load({}).items())  # the rules as a loaded body gives them: every field, defaults filled in

    def fill() -> int:
        for table in tables:
            castle_table_of(tuple((castle.card, *castle.kings) for castle in table), rules)
        return castle_table_of.cache_info().currsize

    measured = bytes_per_entry(fill)
    print(f"table: {measured:.0f} bytes")
    assert measured <= caches.CASTLE_TABLES.bytes_per_entry


def test_a_progress_reading_takes_no_more_than_its_bound(empty_caches):
    """Random holdings on random tables: readings of holdings that hold something, the large ones."""
    rng = random.Random(2)
    deck = [card for card in full_deck() if not card.is_king]
    scorers = [hands.Scorer(random_table(rng), Rules(hands=rng.choice(HAND_SET_NAMES))) for _ in range(20)]
    holdings = [rng.sample(deck, 10) for _ in range(200)]

    def fill() -> int:
        for holding in holdings:
            rng.choice(scorers).progress(holding)
        return progress_reading.cache_info().currsize

    measured = bytes_per_entry(fill)
    print(f"progress reading: {measured:.0f} bytes")
    assert measured <= caches.PROGRESS_READINGS.bytes_per_entry


def test_a_group_list_takes_no_more_than_its_bound(empty_caches):
    def fill() -> int:
        for hand_set in HAND_SET_NAMES:
            for ranks in range(0, 1 << 13, 2):  # every set of the ranks A..Q (bit r for rank r; no rank 0)
                groups_for_ranks(hand_set, ranks)
        return groups_for_ranks.cache_info().currsize

    measured = bytes_per_entry(fill)
    print(f"groups: {measured:.0f} bytes")
    assert measured <= caches.GROUPS_BY_RANKS.bytes_per_entry
    assert groups_for_ranks.cache_info().currsize == caches.GROUPS_BY_RANKS.entries  # every key it can have fits


def test_the_hand_set_plans_are_built_on_first_use_not_at_import():
    """Importing 24 Kings (and so building the app) builds no plan; the first reading of a holding builds them, once."""
    import subprocess
    import sys

    child = (
        "from service.games.kings import hands\n"
        "assert hands.hand_set_plans.cache_info().currsize == 0 and hands.progress_tables.cache_info().currsize == 0\n"
        "from service.games.kings.rules import Rules\n"
        "from service.games.kings.castles import Castle\n"
        "from service.core.cards import Card\n"
        "castles = tuple(Castle(Card(rank, suit), ()) for rank, suit in ((5, 'H'), (9, 'C'), (4, 'D'), (10, 'S')))\n"
        "hands.scorer_for(castles, Rules())\n"
        "assert hands.hand_set_plans.cache_info().currsize == 1 and hands.progress_tables.cache_info().currsize == 1\n"
        "print('built on first use')\n"
    )
    done = subprocess.run([sys.executable, "-c", child], cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.stdout.strip() == "built on first use", done.stderr
