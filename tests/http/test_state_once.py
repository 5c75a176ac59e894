"""A request's state is read once (issue 25): the engine takes the state its schema loaded as read.

The shared endpoints read a body's ``state`` with ``Engine.read_loaded``: the game's reader vouched for by the
schema (:meth:`service.core.reading.Reader.vouched`), which takes the schema's objects and card lists as they
are. Before, they read it with ``read_state``, every type checked again. Here the two are held to each other, for
all five games, on their example states, on states reached by legal moves, and on hypothesis mutations of those
(wrong types, unknown keys, numbers out of range, bad cards, missing fields, over-long lists, nested junk):

- through HTTP, every answer (status and JSON: the verdict, or the problem document with its codes and pointers)
  of ``/moves/legal``, ``/moves/validate`` and ``/state/check`` is the same as with ``read_state``;
- in the engine, every state the schema loads is read to the same engine state, or refused with the same problems.

The oracle is the reading with every check (``read_state``, as the command line, tests and sealed tokens read),
not the code under test.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from benchmarks.http_bench import mid_game_bodies
from service import create_app
from service.core.kit import Engine
from service.core.problems import InvalidInput
from service.games import REGISTRY
from service.http.referee import game_web, request_schemas
from tests.http.test_lean_schema import AWKWARD, JSON, mutate, paths

GAMES = list(REGISTRY)
ENDPOINTS = ("/moves/legal", "/moves/validate", "/state/check")


@cache
def client() -> Any:
    return create_app({"TESTING": True, "ACCESS_LOG": False}).test_client()


@cache
def tables(slug: str) -> list[dict[str, Any]]:
    """The game's example state and a mid-game state (the bench's: the example walked on by seeded legal moves)."""
    return [game_web(slug).examples()["state"], mid_game_bodies()[f"legal-{slug}"][1]["state"]]


@contextmanager
def read_with_every_check() -> Iterator[None]:
    """The endpoints as they read a state before: the game's reader checking every type again (``read_state``)."""
    saved = Engine.read_loaded
    Engine.read_loaded = Engine.read_state  # type: ignore[method-assign]
    try:
        yield
    finally:
        Engine.read_loaded = saved  # type: ignore[method-assign]


def answers(slug: str, state: Any, endpoints: tuple[str, ...] = ENDPOINTS) -> list[tuple[int, Any]]:
    """Each endpoint's status and JSON answer for ``state`` (with the game's example move where one is sent)."""
    move = game_web(slug).examples()["move"]
    replies = []
    for endpoint in endpoints:
        body = {"state": state, "move": move} if endpoint == "/moves/validate" else {"state": state}
        reply = client().post(f"/v1/{slug}{endpoint}", json=body)
        replies.append((reply.status_code, reply.get_json()))
    return replies


def engine_outcome(read: Any, data: Any) -> tuple[str, Any]:
    try:
        return "read", read(data)
    except InvalidInput as refused:
        return "refused", ([problem.to_dict() for problem in refused.problems], refused.summary())


def hold_to_every_check(slug: str, state: Any, endpoints: tuple[str, ...] = ENDPOINTS) -> str:
    """Assert the one reading answers as the reading with every check; say which way the state went."""
    new = answers(slug, state, endpoints)
    with read_with_every_check():
        old = answers(slug, state, endpoints)
    assert new == old
    try:
        loaded = request_schemas(slug).state().load({"state": copy.deepcopy(state)})["state"]
    except ValidationError:
        return "refused by the schema"
    game = game_web(slug).game
    once, twice = engine_outcome(game.read_loaded, loaded), engine_outcome(game.read_state, loaded)
    assert once == twice
    return once[0]


@pytest.mark.parametrize("slug", GAMES)
def test_every_example_and_mid_game_state_is_read_to_the_same_state(slug):
    for state in tables(slug):
        assert hold_to_every_check(slug, state) == "read"


def value_like(current: Any) -> st.SearchStrategy[Any]:
    """A value of the current one's kind that the schema may well accept, so the engine's reading is what is tested:
    another number (in and out of every range), another card or name, a list cut, doubled or emptied."""
    if isinstance(current, bool):
        return st.booleans()
    if isinstance(current, int):
        return st.integers(-2, 120) | st.sampled_from([2**31, 10**6, 2**53])
    if isinstance(current, str):
        return st.sampled_from(["QH", "10h", "KS", "AS", "2C", "JK", "K", "ZZ", "ann", "bob", " ann ", "round", "play", "over", ""])
    if isinstance(current, list):
        return st.sampled_from([[], current[:1], current[1:], current * 2, current[::-1]])
    return JSON


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from(GAMES), st.data())
def test_a_mutated_state_is_answered_as_with_every_check(slug, data):
    """Same accept/refuse, same engine state, same problem document (status, codes, pointers), all five games."""
    state = data.draw(st.sampled_from(tables(slug)), label="table")
    path = data.draw(st.sampled_from(paths(state)), label="path")
    action = data.draw(st.sampled_from(["like", "like", "replace", "drop", "add"]), label="action")
    current = state
    for step in path:
        current = current[step]
    replacement = data.draw(value_like(current) if action == "like" else JSON | st.sampled_from(AWKWARD), label="replacement")
    event(hold_to_every_check(slug, mutate(state, path, "replace" if action == "like" else action, replacement)))


@pytest.mark.slow  # 5-15 s a game on 2 shared cores: `make test` runs it, `make test-fast` leaves it
@pytest.mark.parametrize("slug", GAMES)
def test_every_field_with_every_awkward_value_is_answered_as_with_every_check(slug):
    """Exhaustive where random mutation is thin: each place in the example state (list positions past the first
    skipped), each value a loose type check would let through, and an over-long list (the move's reading, which
    /moves/validate adds, is the same on both paths: the state's answers are compared)."""
    state = tables(slug)[0]
    places = [path for path in paths(state) if all(step == 0 for step in path if isinstance(step, int))]
    went = set()
    for path in places:
        for value in [*AWKWARD, ["QH"] * 200]:
            went.add(hold_to_every_check(slug, mutate(state, path, "replace", value), ("/moves/legal", "/state/check")))
    assert {"read", "refused", "refused by the schema"} <= went  # each way was taken: the test can tell them apart
