"""In-process medians of validating each main request body (``make bench``).

The bodies are the ones `make bench-http` sends; loading is what the HTTP
layer does before the engine sees anything.
"""

import json

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
