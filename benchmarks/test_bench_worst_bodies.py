"""The heaviest valid body of every POST endpoint, through the WSGI app in process (``make bench``).

Issue 16's bound is 100 ms of CPU a request: run with ``--benchmark-timer time.process_time``
for CPU medians; each round's CPU time is also kept in ``extra_info`` beside pytest-benchmark's
wall-clock figures, which other jobs on the cores move more.
tests/kings/test_bounds.py checks that every POST of the OpenAPI document has a body here, and that
each is answered 2xx.
"""

from __future__ import annotations

import statistics

import pytest

from benchmarks.worst_bodies import cpu_timed, origin, worst_bodies, worst_refusals
from service import create_app

BODIES = worst_bodies()
CLIENT = create_app().test_client()


@pytest.mark.parametrize("path", list(BODIES))
def test_worst_body(benchmark, path):
    body = BODIES[path]
    cpu: list[float] = []
    post = cpu_timed(lambda: CLIENT.post(path, json=body).status_code, cpu)
    status = benchmark.pedantic(post, rounds=7, iterations=1, warmup_rounds=1)
    assert status < 300
    benchmark.extra_info.update(origin=origin(path), cpu_ms_median=round(statistics.median(cpu) * 1e3, 2))


REFUSALS = worst_refusals()


@pytest.mark.parametrize("name", list(REFUSALS))
def test_worst_refusal_of_an_endpoint(benchmark, name):
    path, body = REFUSALS[name]
    cpu: list[float] = []
    post = cpu_timed(lambda: CLIENT.post(path, json=body).status_code, cpu)
    assert benchmark.pedantic(post, rounds=7, iterations=1, warmup_rounds=1) == 422
    benchmark.extra_info.update(cpu_ms_median=round(statistics.median(cpu) * 1e3, 2))
