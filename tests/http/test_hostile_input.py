"""Hostile bodies (issue 16, "Parsing and costs"): refused cheaply and never answered with a 500.

Expected answers come from the issue and RFC 8259/9457: a body is one JSON text whose object
names are unique, sent as ``application/json``; a refusal is a problem document.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from service import create_app
from service.games import registered_games
from service.http.problems import MAX_CONTAINERS, MAX_ERRORS, MAX_JSON_DEPTH, MAX_VALUES, MalformedJson, json_depth, strict_json

PROBLEM = "application/problem+json"


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app().test_client()


def refusal_code(raw: bytes) -> str:
    with pytest.raises(MalformedJson) as refused:
        strict_json(raw)
    return refused.value.problem_code


# -- duplicate keys -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "raw",
    [
        b'{"a": 1, "a": 2}',
        b'{"x": [{"b": 1, "c": 2, "b": 3}]}',
        b'{"ab": 1, "a\\u0062": 2}',  # the same key, once escaped
        b'{"a": "\\\\", "a": 1}',
        b'{"n": 12345678901234567890, "n": 1}',  # read by the standard decoder (19+ digits)
    ],
)
def test_a_duplicate_key_is_refused(raw: bytes) -> None:
    assert refusal_code(raw) == "duplicate_key"


@pytest.mark.parametrize(
    "raw, value",
    [
        (b'{"a": "x:y", "b": "\\u003a"}', {"a": "x:y", "b": ":"}),  # colons in strings are no keys
        (b'{"a": {"b": 1}, "c": {"b": 2}}', {"a": {"b": 1}, "c": {"b": 2}}),  # equal keys in different objects
        (b'{"a\\"": 1, "a": 2}', {'a"': 1, "a": 2}),
    ],
)
def test_equal_keys_in_different_places_are_no_duplicates(raw: bytes, value: Any) -> None:
    assert strict_json(raw) == value


def test_a_duplicate_key_is_a_400_problem(client: Any) -> None:
    response = client.post("/v1/24-kings/hands", data=b'{"cards": [], "cards": []}', content_type="application/json")
    assert response.status_code == 400
    assert response.mimetype == PROBLEM
    assert response.get_json()["errors"][0]["code"] == "duplicate_key"


# -- media type ---------------------------------------------------------------------------------
@pytest.mark.parametrize("slug", [game.info.slug for game in registered_games()])
def test_a_json_body_without_content_type_is_a_415(client: Any, slug: str) -> None:
    response = client.post(f"/v1/{slug}/moves/legal", data=b'{"state": {}}')
    assert response.status_code == 415
    assert response.mimetype == PROBLEM


def test_a_json_body_with_the_wrong_content_type_is_a_415(client: Any) -> None:
    response = client.post("/v1/24-kings/moves/legal", data=b'{"state": {}}', content_type="text/plain")
    assert response.status_code == 415


# -- structure caps, checked before parsing -----------------------------------------------------
def test_too_many_containers_are_refused_before_parsing() -> None:
    assert refusal_code(b"[" + b"[]," * MAX_CONTAINERS + b"[]]") == "too_many_containers"


def test_too_many_values_are_refused_before_parsing() -> None:
    assert refusal_code(b"[" + b"1," * MAX_VALUES + b"1]") == "too_many_values"


def test_the_largest_standings_body_is_within_the_caps() -> None:
    rows = [{"game": 1 + index // 10, "player": f"p{index % 10}", "points": index % 7} for index in range(10_000)]
    assert len(strict_json(json.dumps({"rows": rows}).encode())["rows"]) == 10_000


def test_a_deep_body_is_refused_as_too_deep() -> None:
    deep = b"[" * (MAX_JSON_DEPTH + 1) + b"]" * (MAX_JSON_DEPTH + 1)
    assert refusal_code(deep) == "too_deep"
    assert strict_json(b"[" * MAX_JSON_DEPTH + b"]" * MAX_JSON_DEPTH)


def test_the_depth_count_stops_at_its_limit() -> None:
    """A 1 MiB body nested 500,000 deep: the count stops one past the limit instead of peeling every level."""
    deep = b"[" * 500_000 + b"]" * 500_000
    assert json_depth(deep, limit=MAX_JSON_DEPTH) == MAX_JSON_DEPTH + 1
    assert json_depth(b"[" * 40, limit=MAX_JSON_DEPTH) == 0  # unbalanced: no peel removes anything, no endless loop


def test_a_body_of_half_a_million_containers_is_a_400(client: Any) -> None:
    response = client.post("/v1/24-kings/hands", data=b"[" * 500_000 + b"]" * 500_000, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["errors"][0]["code"] == "too_many_containers"


# -- error lists and over-long lists ------------------------------------------------------------
def test_error_lists_hold_the_first_100_and_count_the_rest(client: Any) -> None:
    body = {f"unknown{index:03}": 1 for index in range(300)}  # 300 unknown fields, and "state" is missing
    response = client.post("/v1/24-kings/moves/legal", json=body)
    problem = response.get_json()
    assert response.status_code == 422
    assert len(problem["errors"]) == MAX_ERRORS
    assert problem["errors_omitted"] == 301 - MAX_ERRORS


def test_a_short_error_list_has_no_omitted_count(client: Any) -> None:
    problem = client.post("/v1/24-kings/moves/legal", json={"x": 1}).get_json()
    assert "errors_omitted" not in problem


def test_an_over_long_list_is_refused_for_its_length_alone(client: Any) -> None:
    """50,000 bad cards where 12 are allowed: one error for the length, not one per card read."""
    body = {"castles": [{"card": "5H"}, {"card": "9C"}, {"card": "4D"}, {"card": "10S"}], "cards": ["ZZ"] * 50_000}
    response = client.post("/v1/24-kings/hands", json=body)
    problem = response.get_json()
    assert response.status_code == 422
    assert [(error["pointer"], error["code"]) for error in problem["errors"]] == [("/cards", "bad_length")]
    assert "errors_omitted" not in problem


def test_an_over_long_nested_list_is_refused_at_its_pointer(client: Any) -> None:
    players = [{"name": "ann", "cards": ["7H"] * 7}, {"name": "bob", "cards": ["ZZ"] * 50_000}]
    body = {"castles": [{"card": "7H", "kings": []}, {"card": "2C", "kings": []}, {"card": "JD", "kings": []}, {"card": "4S", "kings": []}], "players": players}
    errors = client.post("/v1/24-kings/calculus", json=body).get_json()["errors"]
    assert [(error["pointer"], error["code"]) for error in errors] == [("/players/1/cards", "bad_length")]


# -- nothing a body holds is a 500 --------------------------------------------------------------
HOSTILE_BODIES = [
    b"1" * 5000,  # beyond Python's 4,300-digit limit for int()
    b'{"seed": ' + b"9" * 5000 + b"}",
    b'{"players": ["ann", "b\\ud800"]}',  # a lone surrogate
    b'{"players": ["ann", "\\udfff"], "seed": 1}',
    b'{"players": ["a\\u0000", "b\\u001b[31m"], "seed": 1}',  # control characters
    b'{"x": 1e400}',
    b'{"x": -1e400}',
    b"\xff\xfe{}",
    b'"\\ud83d"',
    b"[" * 100_000,
]


def _hostile_variants(value: Any) -> list[Any]:
    """A body with every integer made huge, then with every string made hostile (control, bidi, surrogate pair)."""

    def replace(node: Any, number: int, text: str) -> Any:
        if isinstance(node, dict):
            return {key: replace(item, number, text) for key, item in node.items()}
        if isinstance(node, list):
            return [replace(item, number, text) for item in node]
        if isinstance(node, bool) or node is None:
            return node
        if isinstance(node, int):
            return number
        if isinstance(node, str):
            return node + text
        return node

    return [replace(value, 2**64, ""), replace(value, -(10**30), ""), replace(value, 0, "\u0000\u202e"), replace(value, 1, "\U0001f600\t")]


def post_routes(app: Any) -> list[str]:
    return sorted({rule.rule for rule in app.url_map.iter_rules() if "POST" in (rule.methods or ()) and "<" not in rule.rule})


def test_no_hostile_body_is_a_500() -> None:
    app = create_app()
    client = app.test_client()
    routes = post_routes(app)
    failures = []
    for route in routes:
        for raw in HOSTILE_BODIES:
            response = client.post(route, data=raw, content_type="application/json")
            if response.status_code >= 500:
                failures.append((route, raw[:40], response.status_code))
    for game in registered_games():
        for case in client.get(f"/v1/{game.info.slug}/conformance").get_json()["cases"]:
            if case["method"] != "POST" or not isinstance(case["body"], dict):
                continue
            for variant in _hostile_variants(case["body"]):
                raw = json.dumps(variant).encode()
                response = client.post(case["path"], data=raw, content_type="application/json")
                if response.status_code >= 500:
                    failures.append((case["path"], raw[:80], response.status_code))
    assert failures == []
