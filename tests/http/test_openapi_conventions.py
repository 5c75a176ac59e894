"""The OpenAPI document keeps the conventions tools expect (issue 16): operationIds, servers, no unused schemas, true error examples."""

from __future__ import annotations

import json
import re
from http import HTTPStatus
from pathlib import Path
from typing import Any

import pytest

from service.http.api import ERROR_EXAMPLES, PROXY_PROBLEMS, PROXY_STATUSES

METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def operations(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(path, method, operation) for path, item in spec["paths"].items() for method, operation in item.items() if method in METHODS]


def test_every_operation_has_a_unique_operation_id(spec: dict[str, Any]) -> None:
    ids = [operation.get("operationId") for _, _, operation in operations(spec)]
    assert None not in ids
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[A-Za-z0-9_]+", str(operation_id)) for operation_id in ids)


def test_the_document_names_its_servers(spec: dict[str, Any]) -> None:
    assert spec["servers"] and all("url" in server for server in spec["servers"])


def references(node: Any) -> set[tuple[str, str]]:
    return set(re.findall(r'"#/components/(\w+)/([^"]+)"', json.dumps(node)))


def test_every_component_is_used(spec: dict[str, Any]) -> None:
    """Everything under components is reachable from the paths."""
    reached: set[tuple[str, str]] = set()
    todo = list(references(spec["paths"]))
    while todo:
        kind, name = todo.pop()
        if (kind, name) not in reached:
            reached.add((kind, name))
            todo += references(spec["components"][kind][name])
    declared = {(kind, name) for kind, items in spec["components"].items() for name in items}
    assert declared - reached == set()


def documented_examples(spec: dict[str, Any]) -> dict[int, Any]:
    """Each documented problem status's example (a 304 has no body)."""
    examples = {}
    for name, response in spec["components"]["responses"].items():
        if name in HTTPStatus.__members__ and "content" in response:
            examples[int(HTTPStatus[name])] = response["content"]["application/problem+json"]["example"]
    return examples


def nginx_problems() -> dict[int, Any]:
    """The problem documents deploy/nginx.conf answers itself: ``return <status> '<json>';``."""
    text = (Path(__file__).resolve().parents[2] / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    return {int(status): json.loads(body) for status, body in re.findall(r"return (\d{3}) '(\{.*?\})\\n';", text)}


def send_example(client: Any, status: int) -> Any:
    method, path, body, content_type, *headers = ERROR_EXAMPLES[status][0]
    return client.open(path, method=method, data=body, content_type=content_type, headers=headers[0] if headers else None)


def test_every_documented_error_example_is_a_real_answer(app: Any, spec: dict[str, Any]) -> None:
    client = app.test_client()
    examples = documented_examples(spec)
    from_the_proxy = {status: examples.pop(status) for status in PROXY_PROBLEMS if status in examples}
    assert from_the_proxy == {status: nginx_problems()[status] for status in from_the_proxy}, "the proxy answers otherwise"
    assert examples.pop(403) == seat_key_refusal(client)
    assert set(examples) <= set(ERROR_EXAMPLES), "a documented status has no request that shows it"
    for status, example in examples.items():
        answer = send_example(client, status)
        assert answer.status_code == status
        assert answer.get_json() == example


@pytest.mark.parametrize("status", sorted(ERROR_EXAMPLES))
def test_each_example_request_gives_its_documented_answer(app: Any, status: int) -> None:
    from service.http.api import problem_example

    answer = send_example(app.test_client(), status)
    assert (answer.status_code, answer.get_json()) == (status, problem_example(HTTPStatus(status)))


def seat_key_refusal(client: Any) -> Any:
    """ann's view of a sealed 24 Kings deal, asked without her seat key."""
    deal = client.post("/v1/24-kings/games", json={"players": ["ann", "bob", "cy"], "sealed": True}).get_json()
    answer = client.post("/v1/24-kings/view", json={"state": deal["state"], "sealed": deal["sealed"], "player": "ann"})
    assert answer.status_code == 403
    return answer.get_json()


def test_the_proxy_documents_are_the_proxys(spec: dict[str, Any]) -> None:
    """Every problem deploy/nginx.conf answers itself is documented on every operation, with nginx's own body as example."""
    answered = nginx_problems()
    assert set(PROXY_PROBLEMS) | {400, 413} == set(answered)
    for path, method, operation in operations(spec):
        assert {str(status) for status in PROXY_STATUSES} <= set(operation["responses"]), (method, path)
    for status in PROXY_PROBLEMS:
        example = spec["components"]["responses"][HTTPStatus(status).name]["content"]["application/problem+json"]["example"]
        assert "instance" not in example and example == answered[status]


def test_operations_with_a_seat_key_document_403_and_cached_answers_304(app: Any, spec: dict[str, Any]) -> None:
    schemas = spec["components"]["schemas"]
    with_keys = 0
    for path, method, operation in operations(spec):
        body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
        fields = schemas[body["$ref"].rsplit("/", 1)[1]].get("properties", {}) if "$ref" in body else {}
        with_keys += "seat_key" in fields
        assert ("403" in operation["responses"]) == ("seat_key" in fields), (method, path)
        if method == "get":
            tagged = app.test_client().get(path).headers.get("ETag") is not None
            assert ("304" in operation["responses"]) == tagged, (method, path)
            assert ("ETag" in operation["responses"]["200"].get("headers", {})) == tagged, (method, path)
    assert with_keys >= 20  # the shared endpoints of the four games with sealed deals at least
