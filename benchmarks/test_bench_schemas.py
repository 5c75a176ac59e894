"""In-process medians of validating each main request body (``make bench``).

The bodies are the ones `make bench-http` sends; loading is what the HTTP
layer does before the engine sees anything.
"""

import json
from typing import Any

import pytest

from benchmarks.bodies import bodies
from schemas.kings import CalculusRequestSchema, HandsRequestSchema
from service.http.problems import strict_json
from service.http.referee import request_schemas

KINGS_BODIES = request_schemas("24-kings")
SCHEMAS = {"calculus-6p": CalculusRequestSchema(), "hands-7": HandsRequestSchema(), "moves-legal": KINGS_BODIES.state(), "moves-apply": KINGS_BODIES.move()}
BODIES = bodies()


@pytest.mark.parametrize("name", list(SCHEMAS))
def test_schema_load(benchmark, name):
    schema, body = SCHEMAS[name], BODIES[name][1]
    benchmark(schema.load, body)


@pytest.mark.parametrize("name", list(SCHEMAS))
def test_strict_json_parse(benchmark, name):
    raw = json.dumps(BODIES[name][1]).encode()
    benchmark(strict_json, raw)


def _loaded_states() -> dict[str, tuple[Any, Any]]:
    """Each game's mid-game state (bench-http's body) as its state schema loads it, with the game's engine."""
    from benchmarks.http_bench import mid_game_bodies
    from service.http.referee import game_web

    states = {}
    for key, (_, body) in mid_game_bodies().items():
        slug = key.removeprefix("legal-")
        states[slug] = (game_web(slug).game, request_schemas(slug).state().load(body)["state"])
    return states


STATES = _loaded_states()


@pytest.mark.parametrize("slug", list(STATES))
def test_state_read_once(benchmark, slug):
    """What the shared endpoints pay for a loaded state: the engine's records built and the table checked (read_loaded)."""
    game, state = STATES[slug]
    benchmark(game.read_loaded, state)


@pytest.mark.parametrize("slug", list(STATES))
def test_state_read_with_every_check(benchmark, slug):
    """The same state read as data from anywhere (read_state): every type checked again; what the endpoints paid before."""
    game, state = STATES[slug]
    benchmark(game.read_state, state)
