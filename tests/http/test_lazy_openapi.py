"""The OpenAPI document is written on its first read, whole, and gunicorn's master reads it before forking (issue 25)."""

from __future__ import annotations

import re
import types

from service import create_app, serving


def test_building_the_app_writes_no_document_and_the_first_read_writes_every_route():
    app = create_app()
    api = app.extensions["referee_api"]
    assert api._undocumented  # the build left the documentation for later
    paths = api.spec.to_dict()["paths"]
    assert not api._undocumented
    routes = {re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule) for rule in app.url_map.iter_rules() if rule.rule.startswith("/v1/")}
    assert routes and routes <= set(paths)


def test_the_master_writes_the_document_once_before_forking():
    app = create_app()
    serving.when_ready(types.SimpleNamespace(app=types.SimpleNamespace(wsgi=lambda: app)))
    assert not app.extensions["referee_api"]._undocumented


def test_the_shared_error_responses_are_written_on_the_first_read_with_their_examples():
    app = create_app()
    api = app.extensions["referee_api"]
    assert not api._spec.components.responses  # the build wrote none of them
    document = api.spec.to_dict()
    responses = document["components"]["responses"]
    # every error status the document names has its problem+json response, written before the operations that name it
    named = {ref.rsplit("/", 1)[-1] for path in document["paths"].values() for op in path.values() for ref in _refs(op.get("responses", {}))}
    assert named and named <= set(responses)
    forbidden = responses["FORBIDDEN"]["content"]["application/problem+json"]["example"]
    assert forbidden["status"] == 403 and forbidden["instance"] == "/v1/24-kings/view"
    assert list(document["components"]["schemas"])[:2] == ["ProblemDetail", "Problem"]  # the document's order as before


def _refs(node: object) -> set[str]:
    if isinstance(node, dict):
        ref = node.get("$ref")
        own = {ref} if isinstance(ref, str) and ref.startswith("#/components/responses/") else set()
        return own.union(*(_refs(value) for value in node.values()))
    if isinstance(node, list):
        return set().union(*(_refs(value) for value in node))
    return set()
