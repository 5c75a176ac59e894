"""``ETag`` and ``Cache-Control`` on the GET answers that do not change while the process runs.

A game's rules and conformance cases, the game list, the version and the OpenAPI
document are the same for every request until the service is redeployed. Their
answers carry a strong ``ETag`` (a hash of the body, so every worker and every
replica of one release gives the same) and ``Cache-Control: public, max-age=…``
(``CACHE_MAX_AGE`` seconds, 300 by default); a request whose ``If-None-Match``
names the current tag is a ``304 Not Modified`` with no body. The tag of each
path is computed once: the paths are the app's own routes, so the table is bounded.
Which routes are unchanging is decided once too, at the first request, from the
app's URL map (one string per such route), not by parsing the rule every request.
"""

from __future__ import annotations

import hashlib

from flask import Flask, Response, request

UNCHANGING_ROUTES = frozenset({"/openapi.json", "/v1/games", "/version", "/v1/{game}/rules", "/v1/{game}/conformance"})
DEFAULT_MAX_AGE = 300


def unchanging(rule: str) -> bool:
    """Whether a route's GET answer never changes while the process runs (game routes are matched with the game's name as ``{game}``)."""
    parts = rule.split("/")
    generic = "/".join("{game}" if index == 2 and parts[1] == "v1" and len(parts) > 3 else part for index, part in enumerate(parts))
    return rule in UNCHANGING_ROUTES or generic in UNCHANGING_ROUTES


def init_caching(app: Flask) -> None:
    """Tag and cache the unchanging GET answers; answer ``If-None-Match`` with a 304."""
    cache_control = f"public, max-age={int(app.config.get('CACHE_MAX_AGE', DEFAULT_MAX_AGE))}"
    tags: dict[str, str] = {}
    tagged: frozenset[str] | None = None  # the unchanging routes, read from the URL map once every route is in it

    @app.after_request
    def tag(response: Response) -> Response:
        nonlocal tagged
        if response.status_code != 200 or request.method not in ("GET", "HEAD"):
            return response
        if tagged is None:
            tagged = frozenset(rule.rule for rule in app.url_map.iter_rules() if unchanging(rule.rule))
        rule = request.url_rule
        if rule is None or rule.rule not in tagged:
            return response
        path = request.path
        if path not in tags:  # one entry per route of the app: bounded
            tags[path] = hashlib.sha256(response.get_data()).hexdigest()[:32]
        response.set_etag(tags[path])
        response.headers["Cache-Control"] = cache_control
        response.make_conditional(request)  # a 304 with no body when If-None-Match names the tag
        return response
