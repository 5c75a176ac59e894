"""The Python client openapi-python-client generates from openapi.yaml (default settings), used as its README says:
every conformance case and one whole game of every game, against gunicorn and through nginx. Each request is built
with the generated body model (``from_dict``) and must say what the case says; each answer must parse into the
model of its status and say again exactly what came over the wire; a whole game ends as the in-process game does."""

from __future__ import annotations

import json
import re
import time
from types import ModuleType
from typing import Any, get_type_hints

import httpx
import pytest

from .conftest import ROOT, in_process, plain
from .defects import PARSE, marked
from .plays import MOST_MOVES, NEW_GAMES, SLUGS, chosen, conformance_cases, oracle_game

CASES = conformance_cases()


class PoliteTransport(httpx.HTTPTransport):
    """What a client behind a rate limit does: on a 429, wait Retry-After seconds and ask again (nginx allows an
    address 20 requests a second); the generated code sees only the answer that came through."""

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        for _ in range(60):
            response = super().handle_request(request)
            if response.status_code != 429:
                return response
            response.read()
            response.close()
            time.sleep(float(response.headers.get("retry-after", "1")))
        return response


def make_client(package: ModuleType, base_url: str) -> Any:
    return package.Client(base_url=base_url, raise_on_unexpected_status=True, httpx_args={"transport": PoliteTransport()})


def call(operations: dict[tuple[str, str], ModuleType], client: Any, method: str, path: str, body: Any) -> Any:
    """The generated function of the operation, its body built by the generated model from plain data."""
    module = operations[(method, path)]
    kwargs = {}
    if body is not None:
        model = get_type_hints(module.sync_detailed)["body"]
        kwargs["body"] = model.from_dict(body)
        assert kwargs["body"].to_dict() == body, "the generated body model does not send the case's body as given"
    return module.sync_detailed(client=client, **kwargs)


def wire(response: Any) -> Any:
    return json.loads(response.content)


@pytest.mark.parametrize("case", [marked(f"{slug}-{index}", PARSE, case) for slug, index, case in CASES])
def test_every_conformance_case_through_the_generated_client(python_client, python_operations, base_url, app, case):
    expected = in_process(app, case)
    response = call(python_operations, make_client(python_client, base_url), case["method"], case["path"], case["body"])
    assert response.status_code == expected["status"], wire(response)
    assert wire(response) == expected["body"], "the live answer is not the in-process one"
    assert plain(response.parsed) == wire(response), "the generated model does not hold the answer it parsed"
    assert (type(response.parsed).__name__ == "Problem") is (response.status_code >= 400)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_whole_game_through_the_generated_client(python_client, python_operations, base_url, client, slug):
    oracle = oracle_game(client, slug)
    remote = make_client(python_client, base_url)
    root = f"/v1/{slug}"

    def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = call(python_operations, remote, "POST", root + path, body)
        assert response.status_code == 200, wire(response)
        answer: dict[str, Any] = plain(response.parsed)
        assert answer == wire(response), f"{path}: the generated model does not hold the answer it parsed"
        return answer

    state = post("/games", NEW_GAMES[slug])["state"]
    played = []
    for step in range(MOST_MOVES + 1):
        report = post("/moves/legal", {"state": state})
        listed = report["moves"]
        if not listed or report["phase"] == "over":  # over, a match may still list its next deal (24 Kings)
            break
        played.append(chosen(listed, step))
        state = post("/moves/apply", {"state": state, "move": played[-1]})["state"]
    assert played == oracle["moves"] and state == oracle["state"]
    assert state["phase"] == "over"


def test_nginxs_own_problem_parses(python_client, python_operations, proxy_to_nothing):
    """nginx in front of nothing answers every call with its 502 problem document: the client must read it."""
    response = call(python_operations, make_client(python_client, f"http://127.0.0.1:{proxy_to_nothing}"), "GET", "/v1/games", None)
    assert response.status_code == 502 and wire(response)["status"] == 502
    assert plain(response.parsed) == wire(response)


def test_a_304_to_a_conditional_rules_request_parses(python_client, python_operations, server):
    remote = make_client(python_client, server)
    first = call(python_operations, remote, "GET", "/v1/24-kings/rules", None)
    assert first.status_code == 200 and first.headers["etag"]
    again = call(python_operations, remote.with_headers({"If-None-Match": first.headers["etag"]}), "GET", "/v1/24-kings/rules", None)
    assert again.status_code == 304 and again.parsed is None


def nginx_error_pages() -> dict[int, str]:
    """Every problem document deploy/nginx.conf answers itself, by the status it shows."""
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    pages = {int(code): body.replace("\\n", "") for code, body in re.findall(r"return (\d+) '(.*)';", text)}
    assert {429, 502, 503, 504} <= set(pages), pages
    return pages


@pytest.mark.parametrize("status", sorted(nginx_error_pages()))
def test_every_problem_nginx_answers_itself_parses(python_client, python_operations, status):
    """Those a loopback test cannot provoke for sure (a 429 depends on timing, a 504 takes 25 s): each page as nginx
    sends it, served to the client by httpx's MockTransport."""
    page = nginx_error_pages()[status]
    transport = httpx.MockTransport(lambda request: httpx.Response(status, headers={"Content-Type": "application/problem+json"}, content=page))
    mocked = python_client.Client(base_url="http://nginx.invalid", raise_on_unexpected_status=True, httpx_args={"transport": transport})
    response = call(python_operations, mocked, "POST", "/v1/24-kings/calculus", {"castles": [], "players": []})
    assert response.status_code == status
    assert plain(response.parsed) == json.loads(page)
