"""``ETag`` and ``Cache-Control`` on the GET answers that do not change while the process runs.

A game's rules and conformance cases, the game list, the version and the OpenAPI
document are the same for every request until the service is redeployed. Their
answers carry a strong ``ETag`` (a hash of the body, so every worker and every
replica of one release gives the same) and ``Cache-Control: public, max-age=…``
(``CACHE_MAX_AGE`` seconds, 300 by default); a request whose ``If-None-Match``
names the current tag is a ``304 Not Modified`` with no body. The tag of each
path is computed once: the paths are the app's own routes, so the table is bounded.

Which routes are unchanging is decided once, when the app is built, from its URL map
(:func:`unchanging`), and only their views are wrapped (:func:`init_caching`, called once
every route is in the map). Until issue 25's fourth round this was an app-wide
``after_request`` hook, which every other request (``/healthz``, every POST) called only
to find it had nothing to do: ≈ 2–4 µs of ``/healthz``'s ≈ 80 in process (BENCHMARKS.md).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import Flask, Response, request

UNCHANGING_ROUTES = frozenset({"/openapi.json", "/v1/games", "/version", "/v1/{game}/rules", "/v1/{game}/conformance"})
DEFAULT_MAX_AGE = 300


def unchanging(rule: str) -> bool:
    """Whether a route's GET answer never changes while the process runs (game routes are matched with the game's name as ``{game}``)."""
    parts = rule.split("/")
    generic = "/".join("{game}" if index == 2 and parts[1] == "v1" and len(parts) > 3 else part for index, part in enumerate(parts))
    return rule in UNCHANGING_ROUTES or generic in UNCHANGING_ROUTES


def init_caching(app: Flask) -> None:
    """Tag and cache the unchanging GET answers; answer ``If-None-Match`` with a 304.

    Called once the app's every route is registered: each unchanging route's view is wrapped through Flask's
    ``app.endpoint`` (the public way to set the view of an endpoint), so no other request pays for the tagging.
    """
    cache_control = f"public, max-age={int(app.config.get('CACHE_MAX_AGE', DEFAULT_MAX_AGE))}"
    tags: dict[str, str] = {}  # one entry per unchanging route of the app (their rules have no variables): bounded

    def tagged(view: Callable[..., Any]) -> Callable[..., Response]:
        @wraps(view)
        def tagging(*args: Any, **kwargs: Any) -> Response:
            response = app.make_response(view(*args, **kwargs))
            if response.status_code != 200 or request.method not in ("GET", "HEAD"):
                return response
            path = request.path
            if path not in tags:
                tags[path] = hashlib.sha256(response.get_data()).hexdigest()[:32]
            response.set_etag(tags[path])
            response.headers["Cache-Control"] = cache_control
            response.make_conditional(request)  # a 304 with no body when If-None-Match names the tag
            return response

        return tagging

    for endpoint in sorted({rule.endpoint for rule in app.url_map.iter_rules() if unchanging(rule.rule)}):
        app.endpoint(endpoint)(tagged(app.view_functions[endpoint]))
