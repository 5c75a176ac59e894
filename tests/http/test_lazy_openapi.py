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
