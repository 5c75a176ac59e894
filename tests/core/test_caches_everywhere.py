"""Every cache in ``service/`` is declared: an owner, a key, and a bound in bytes that holds (issue 16).

Two readings find the caches, so that neither can miss one: the source (every
``cache``, ``lru_cache``, ``cached_property`` or ``bounded`` a module writes, as a
decorator or a call), and the running modules (every ``functools`` cache object a
module or one of its classes holds). Each must be the project's cache type
(:func:`service.core.caches.bounded` or :func:`service.core.caches.memo`, which carry
their :class:`CacheBound`); and a fresh entry of each memo, measured with tracemalloc,
must fit its bound in bytes.
"""

from __future__ import annotations

import ast
import functools
import importlib
import pkgutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import service
from service.core import caches
from service.core.caches import CacheBound
from service.games import GAME_PACKAGES
from tests.kings.test_caches import bytes_per_entry

SERVICE = Path(service.__file__).resolve().parent
CACHE_WORDS = {"cache", "lru_cache", "cached_property", "bounded", "memo"}


def module_name(path: Path) -> str:
    parts = path.relative_to(SERVICE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def word_of(node: ast.expr) -> str | None:
    """``cache``, ``functools.lru_cache``, ``lru_cache(maxsize=8)``, ``bounded(X)``: the cache word, or None."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute) and node.attr in CACHE_WORDS:
        return node.attr
    if isinstance(node, ast.Name) and node.id in CACHE_WORDS:
        return node.id
    return None


def caches_in_source() -> Iterator[tuple[str, str, str]]:
    """(module, function, word) for every cache the source makes, by decorator or by call."""
    for path in sorted(SERVICE.rglob("*.py")):
        module = module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for decorator in node.decorator_list:
                    if (word := word_of(decorator)) is not None:
                        yield module, node.name, word
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Call) and word_of(node.func) in {"cache", "lru_cache"}:
                yield module, f"<call at line {node.lineno}>", "lru_cache"  # lru_cache(...)(function), not as a decorator
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "cache" and node.args:
                yield module, f"<call at line {node.lineno}>", "cache"


def caches_running() -> Iterator[tuple[str, str, Any]]:
    """(module, name, object) for every functools cache a module of service/ or one of its classes holds."""
    for info in pkgutil.walk_packages(service.__path__, "service."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, functools._lru_cache_wrapper) and value.__module__ == info.name:
                yield info.name, name, value
            if isinstance(value, type) and value.__module__ == info.name:
                for attribute, member in vars(value).items():
                    if isinstance(member, functools._lru_cache_wrapper | functools.cached_property):
                        yield info.name, f"{name}.{attribute}", member


def declaration(module: str, name: str, value: Any = None) -> CacheBound | None:
    bound = getattr(value, "bound", None)
    return bound if isinstance(bound, CacheBound) else None


def memos() -> list[CacheBound]:
    """The declared memos (functools.cache of a fixed key set) of every running module."""
    return [value.bound for _, _, value in caches_running() if isinstance(getattr(value, "bound", None), CacheBound) and value.cache_info().maxsize is None]


def test_every_cache_the_source_makes_is_the_projects_type_or_declared():
    # caches.py defines the type: its lru_cache and cache are the ones every declared cache goes through.
    found = [(module, name, word) for module, name, word in caches_in_source() if module != "service.core.caches"]
    assert found, "the source reading found no cache at all: it is broken"
    undeclared = []
    for module, name, word in found:
        if word in ("bounded", "memo"):
            continue  # bounded() and memo() will not take a CacheBound that names another function or owner
        running = getattr(importlib.import_module(module), name, None)
        if declaration(module, name, running) is None:
            undeclared.append(f"{module}.{name} ({word})")
    assert not undeclared, "caches without a declared owner, key and byte bound: " + ", ".join(undeclared)


def test_every_cache_running_is_declared_and_bounded_in_entries():
    running = list(caches_running())
    assert len(running) >= 10, "the running reading found too few caches: it is broken"
    for module, name, value in running:
        bound = declaration(module, name, value)
        assert bound is not None, f"{module}.{name} is a cache nobody declared"
        assert bound.owner == module and bound.key and bound.bytes_per_entry > 0
        maxsize = value.cache_info().maxsize
        if maxsize is None:  # functools.cache: bounded by its keys, which must be a fixed set as declared
            assert bound.entries == 1 or bound.entries >= len(GAME_PACKAGES), bound
        else:
            assert maxsize == bound.entries, f"{module}.{name} holds {maxsize}, declared {bound.entries}"


def fresh_bytes(make: Callable[[], object]) -> float:
    """What one fresh value takes while it is kept. One value is made and dropped first: what its first call
    imports or fills elsewhere (a module loaded on first use, another cache, which has its own bound) is not this
    entry, and counting it made the figure depend on which tests ran before."""
    make()
    kept: list[object] = []
    return bytes_per_entry(lambda: kept.append(make()) or 1)  # one entry made and kept


def fresh_entries(bound: CacheBound) -> list[Callable[[], object]]:
    """How to make each entry of a declared cache afresh, without touching the cache itself."""
    function = getattr(importlib.import_module(bound.owner), bound.name).__wrapped__
    if bound.entries == 1:
        return [function]
    return [functools.partial(function, slug) for slug in GAME_PACKAGES]


@pytest.mark.parametrize("bound", memos(), ids=lambda bound: f"{bound.owner}.{bound.name}")
def test_a_fresh_entry_fits_its_declared_bytes(bound):
    measured = max(fresh_bytes(make) for make in fresh_entries(bound))
    print(f"{bound.owner}.{bound.name}: {measured} bytes")
    assert 0 <= measured <= bound.bytes_per_entry


def test_no_more_games_are_registered_than_the_keyed_caches_allow():
    assert len(GAME_PACKAGES) <= caches.REGISTERED_GAMES
