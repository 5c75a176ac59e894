"""The OpenAPI document keeps the conventions tools expect (issue 16): operationIds, servers, no unused schemas, true error examples."""

from __future__ import annotations

import json
import re
from http import HTTPStatus
from typing import Any

import pytest

from service import create_app
from service.http.api import ERROR_EXAMPLES

METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


@pytest.fixture(scope="module")
def app() -> Any:
    return create_app({"ACCESS_LOG": False})


@pytest.fixture(scope="module")
def spec(app: Any) -> dict[str, Any]:
    document: dict[str, Any] = app.test_client().get("/openapi.json").get_json()
    return document


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
    examples = {}
    for name, response in spec["components"]["responses"].items():
        if name in HTTPStatus.__members__:
            examples[int(HTTPStatus[name])] = response["content"]["application/problem+json"]["example"]
    return examples


def send_example(client: Any, status: int) -> Any:
    method, path, body, content_type, *headers = ERROR_EXAMPLES[status][0]
    return client.open(path, method=method, data=body, content_type=content_type, headers=headers[0] if headers else None)


def test_every_documented_error_example_is_a_real_answer(app: Any, spec: dict[str, Any]) -> None:
    client = app.test_client()
    examples = documented_examples(spec)
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
