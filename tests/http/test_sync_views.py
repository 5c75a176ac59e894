"""The app asks whether a view or hook is a coroutine function from its code (service/http/app.py, issue 25): the answer is
Flask's own for every kind of callable, so a coroutine still goes to Flask's async path and a plain function runs as it is."""

from __future__ import annotations

import functools
import inspect
from typing import Any

import pytest
from flask import Flask

from service import create_app


def plain(value: int) -> int:
    return value


async def coroutine(value: int) -> int:
    return value


@pytest.fixture(scope="module")
def app() -> Any:
    return create_app({"ACCESS_LOG": False})


def test_a_plain_function_runs_as_it_is(app: Any) -> None:
    assert app.ensure_sync(plain) is plain
    assert app.ensure_sync(functools.wraps(plain)(lambda value: value))(3) == 3


@pytest.mark.parametrize("func", [coroutine, functools.partial(coroutine, 1), functools.wraps(coroutine)(coroutine)], ids=["coroutine", "partial", "wrapped"])
def test_a_coroutine_goes_to_flasks_async_path(app: Any, func: Any) -> None:
    """Without Flask's async extra (not installed here) Flask refuses a coroutine view: the refusal shows it took that path."""
    assert inspect.iscoroutinefunction(func)
    with pytest.raises(RuntimeError, match="async"):
        app.ensure_sync(func)


def test_a_marked_function_goes_to_flasks_path(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A plain function marked as a coroutine function (Python 3.12's ``inspect.markcoroutinefunction``) is not answered from its code."""
    marked = functools.wraps(plain)(lambda value: value)
    marked._is_coroutine_marker = object()  # type: ignore[attr-defined]  # the attribute the mark sets
    seen: list[Any] = []
    monkeypatch.setattr(Flask, "ensure_sync", lambda self, func: seen.append(func) or func)
    app.ensure_sync(marked)
    app.ensure_sync(plain)
    assert seen == [marked]
