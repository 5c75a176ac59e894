"""The Flask application: configuration, error handlers, blueprints, docs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from inspect import CO_COROUTINE
from types import FunctionType
from typing import Any, NoReturn
from urllib.parse import urlsplit, urlunsplit

from apispec_oneofschema import MarshmallowPlugin  # apispec's, documenting a OneOfSchema as oneOf with a discriminator
from flask import Flask, Request
from flask.sessions import NullSession, SessionInterface, SessionMixin
from flask_swagger_ui import get_swaggerui_blueprint
from werkzeug.routing import RequestRedirect
from werkzeug.wrappers import Response as BaseResponse

from service import __version__
from service.core.problems import InvalidInput
from service.core.verdicts import IllegalMove
from service.tournaments.rows import BadRows

from .api import RefereeApi, schema_name
from .caching import init_caching
from .cors import init_cors
from .json_provider import OrjsonProvider
from .problems import from_bad_rows, from_illegal_move, from_invalid_input, from_unexpected
from .request_log import init_request_log
from .sealed import init_sealing
from .security_headers import ANSWER_HEADERS, init_security_headers

MAX_BODY_BYTES = 1024 * 1024
API_DESCRIPTION = """A stateless referee and scorer for card games: 24 Kings and the other games of its rule books.

`GET /v1/games` lists them. For each game at `/v1/{game}`, post a table and get
back the legal moves, a verdict on a move (with reasons that cite the game's rule
text), the state after a move, one player's view, and the game's scores.
Every error is an RFC 9457 problem document with a JSON pointer per problem.
Each game's rules, section by section, are at `GET /v1/{game}/rules`."""

CONTACT = {"name": "The team that runs this referee"}
# The project ships no licence text: all rights are reserved until one is chosen.
LICENSE = {"name": "Proprietary: no licence granted", "identifier": "LicenseRef-Proprietary"}

DEFAULT_CONFIG: dict[str, Any] = {
    "API_TITLE": "Card game referee",
    "API_VERSION": __version__,  # the package's: one version for both
    "OPENAPI_VERSION": "3.1.0",
    "OPENAPI_URL_PREFIX": "/",
    "OPENAPI_JSON_PATH": "openapi.json",
    "API_SPEC_OPTIONS": {
        "info": {"description": API_DESCRIPTION, "contact": CONTACT, "license": LICENSE},
        "servers": [{"url": "/", "description": "This referee, where this document is served"}],
        "security": [],  # open by design: no operation asks who the client is (a sealed deal's seats use seat keys in the body)
    },
    "MAX_CONTENT_LENGTH": MAX_BODY_BYTES,
}


class NoSessions(SessionInterface):
    """The service keeps no sessions (it is stateless: no cookie is read or set): one empty, read-only session for
    every request.

    Flask's default interface asks for a signing key on every request and, finding none, makes a new empty
    :class:`~flask.sessions.NullSession` for it, which nothing here reads (≈ 1 µs of ``/healthz``'s ≈ 80 in
    process: BENCHMARKS.md, issue 25). :class:`~flask.sessions.SessionInterface` is Flask's documented way to
    replace that; this one opens the same empty session every time, which, like Flask's, refuses to be written
    to, and is never saved.
    """

    empty = NullSession()

    def open_session(self, app: Flask, request: Request) -> NullSession:
        return self.empty

    def make_null_session(self, app: Flask) -> NullSession:
        return self.empty

    def save_session(self, app: Flask, session: SessionMixin, response: BaseResponse) -> None:
        return None


class RefereeFlask(Flask):
    """Flask, asking whether a view or hook is a coroutine function with one look at its code.

    Flask asks it of every view and hook on every request (``ensure_sync``, the documented
    place to change it), through ``inspect.iscoroutinefunction``: a handful of Python calls
    each, a few µs a request here (BENCHMARKS.md, issue 25). A plain function is answered
    from its code's flags (and the mark ``inspect.markcoroutinefunction`` leaves); anything
    else (a method, a partial, a callable object) goes to Flask's own test, as before.
    """

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        if type(func) is FunctionType and not func.__code__.co_flags & CO_COROUTINE and "_is_coroutine_marker" not in func.__dict__:
            return func
        return super().ensure_sync(func)

    session_interface = NoSessions()

    def raise_routing_exception(self, request: Request) -> NoReturn:
        """A slash redirect (``/docs`` to ``/docs/``) names the path and query alone: werkzeug writes the request's
        Host into ``Location``, and a client can forge the Host (the attack review's finding, every such route)."""
        found = request.routing_exception
        if isinstance(found, RequestRedirect):
            _, _, path, query, fragment = urlsplit(found.new_url)
            # One leading slash: "//host/…" would be read as another host (werkzeug merges slashes already).
            raise RequestRedirect(urlunsplit(("", "", "/" + path.lstrip("/"), query, fragment))) from None
        super().raise_routing_exception(request)


def build_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    app = RefereeFlask(__name__)
    app.json = OrjsonProvider(app)
    app.config.update(DEFAULT_CONFIG)
    if test_config:
        app.config.update(test_config)
    # A WSGI middleware around the whole app: it sees the final status, whatever the hooks did, adds the security
    # headers every answer carries (nosniff, Referrer-Policy, Content-Security-Policy) where the app set none, and
    # reads every body through a guard (a body the server cannot read is a 400, not a 500).
    init_request_log(app, ANSWER_HEADERS)
    init_cors(app)
    init_sealing(app)  # before the Api: its documented 403 is the sealing's own refusal
    api = RefereeApi(app, spec_kwargs={"marshmallow_plugin": MarshmallowPlugin(schema_name_resolver=schema_name)})
    app.register_error_handler(InvalidInput, from_invalid_input)
    app.register_error_handler(BadRows, from_bad_rows)
    app.register_error_handler(IllegalMove, from_illegal_move)
    app.register_error_handler(Exception, from_unexpected)

    from service.table import blp as phone_page
    from service.table import docs_viewport

    from .referee import mount_games
    from .views import meta

    api.register_blueprint(meta.games_blp)
    mount_games(api)
    api.register_blueprint(meta.health_blp)
    # No validator badge: it would load from swagger.io, which the docs' Content-Security-Policy does not allow.
    docs = get_swaggerui_blueprint("/docs", "/openapi.json", config={"app_name": "Card game referee", "validatorUrl": None})
    init_security_headers(docs)  # the docs' own policy: their inline script by its hash
    docs.after_request(docs_viewport)  # registered last, so it runs first: the policy then hashes the page as sent
    app.register_blueprint(docs)
    app.register_blueprint(phone_page)  # /table/
    app.extensions["referee_api"] = api
    init_caching(app)  # last: it wraps the views of the unchanging routes, so every route must be in the map
    return app
