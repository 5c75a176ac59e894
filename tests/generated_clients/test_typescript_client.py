"""TypeScript types openapi-typescript generates from openapi.yaml (default settings), called through openapi-fetch as
a TypeScript team would: every conformance case (its request body and its answer written as literals of the
generated types) and one whole game of every game must pass tsc (strict), and, run by node against gunicorn and
through nginx, must get the answers the referee gives in process."""

from __future__ import annotations

import pytest

from .conftest import in_process
from .defects import TYPE_CHECK, marked
from .plays import SLUGS, conformance_cases, oracle_game

CASES = conformance_cases()
IDS = [f"{slug}-{index}" for slug, index, _ in CASES]
ROUTES = ["gunicorn", "nginx"]


def answers(results, route):
    if route not in results:
        pytest.skip("Debian's nginx is not installed (apt-get install nginx-light; .ci/run installs it): the proxy runs need it")
    return results[route]


def test_the_harness_type_checks(typescript_build):
    """Every diagnostic belongs to a case or a game: main.ts and the helpers type-check."""
    assert typescript_build.unplaced == []


@pytest.mark.parametrize("case_id", [marked(case_id, TYPE_CHECK, case_id) for case_id in IDS])
def test_every_conformance_case_type_checks(typescript_build, case_id):
    assert typescript_build.diagnostics.get(case_id, []) == []


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize(("slug", "index", "case"), CASES, ids=IDS)
def test_every_conformance_case_through_openapi_fetch(typescript_results, app, route, slug, index, case):
    got = answers(typescript_results, route)["cases"][f"{slug}-{index}"]
    assert got == in_process(app, case)


@pytest.mark.parametrize("slug", [marked(slug, TYPE_CHECK, slug) for slug in SLUGS])
def test_a_whole_game_type_checks(typescript_build, slug):
    assert typescript_build.diagnostics.get(slug, []) == []


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("slug", SLUGS)
def test_a_whole_game_through_openapi_fetch(typescript_results, client, route, slug):
    got = answers(typescript_results, route)["games"][slug]
    assert got == oracle_game(client, slug)
