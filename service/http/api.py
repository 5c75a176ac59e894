"""flask-smorest's Api and Blueprint, answering and documenting errors as problem+json."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import wraps
from http import HTTPStatus
from typing import Any

from apispec import BasePlugin
from apispec.ext.marshmallow.common import resolve_schema_cls
from flask import Response
from flask_smorest import Api, Blueprint
from flask_smorest.utils import prepare_response
from marshmallow import Schema
from werkzeug.exceptions import HTTPException, default_exceptions

from schemas.common import ProblemSchema, game_prefix
from service.tournaments.sheets import NOT_ACCEPTABLE

from .caching import unchanging
from .problems import PROBLEM_MIME, from_http_exception, json_body, load_body
from .request_log import REQUEST_ID_HEADER
from .sealed import MOVE_HEADER, TOKEN_HEADER, seat_key_example

EXAMPLE_PATH = "/v1/24-kings/calculus"
STANDINGS_PATH = "/v1/24-kings/tournaments/standings"
PROBLEM_EXAMPLE = {
    "type": "urn:kings-referee:problem:invalid-input",
    "title": "Impossible table",
    "status": 422,
    "detail": "the request describes no real table: 1 problem(s)",
    "instance": EXAMPLE_PATH,
    "errors": [
        {
            "pointer": "/castles/1/card",
            "code": "castle_suit_repeated",
            "message": "castle 2 (3H) has the suit of castle 1; the four castles are of four different suits",
        }
    ],
}
_NOT_JSON = "the body is not valid JSON: Expecting value at line 1 column 14"
# The documented error examples are real answers: tests/http/test_openapi_conventions.py sends each request and compares.
# status: (method, path, body, content type[, headers]) and the answer's fields besides the generic ones.
ERROR_EXAMPLES: dict[int, tuple[tuple[str, str, bytes, str | None] | tuple[str, str, bytes, str | None, dict[str, str]], dict[str, Any]]] = {
    400: (
        ("POST", EXAMPLE_PATH, b'{"castles": [', "application/json"),
        {
            "type": "urn:kings-referee:problem:malformed-json",
            "title": "Malformed JSON",
            "detail": _NOT_JSON,
            "errors": [{"pointer": "", "code": "malformed_json", "message": _NOT_JSON}],
        },
    ),
    404: (("GET", "/v1/24-kings/no-such-thing", b"", None), {"instance": "/v1/24-kings/no-such-thing"}),
    405: (("GET", EXAMPLE_PATH, b"", None), {}),
    406: (
        ("POST", STANDINGS_PATH, b'{"rows": [{"game": "g1", "player": "ann", "points": 3}]}', "application/json", {"Accept": "image/png"}),
        {
            "instance": STANDINGS_PATH,
            "detail": NOT_ACCEPTABLE,
            "errors": [{"pointer": "/headers/Accept", "code": "not_acceptable", "message": "Accept: image/png"}],
        },
    ),
    413: (
        ("POST", EXAMPLE_PATH, b" " * (1024 * 1024 + 1), "application/json"),
        {"errors": [{"pointer": "", "code": "body_too_large", "message": "The data value transmitted exceeds the capacity limit."}]},
    ),
    415: (
        ("POST", EXAMPLE_PATH, b"castles", "text/plain"),
        {
            "detail": "send the body as application/json, not text/plain",
            "errors": [{"pointer": "", "code": "unsupported_media_type", "message": "send the body as application/json, not text/plain"}],
        },
    ),
    422: (
        (
            "POST",
            EXAMPLE_PATH,
            b'{"castles": [{"card": "5H"}, {"card": "3H"}, {"card": "4D"}, {"card": "10S"}], "players": [{"name": "ann", "cards": ["7H"]}]}',
            "application/json",
        ),
        PROBLEM_EXAMPLE,
    ),
}


def schema_name(schema: Any) -> str:
    """A schema's name in the OpenAPI document: ``<Game><Thing>``, a game's schemas carrying its name once
    (``schemas.twenty_four.Move`` → ``TwentyFourMove``; ``schemas.twenty_four_1718.TwentyFour1718Move`` → ``TwentyFour1718Move``).

    Every game has a Move and a State; without the prefix apispec would number them.
    """
    cls = resolve_schema_cls(schema)
    cls = cls[0] if isinstance(cls, list) else cls
    name = cls.__name__.removesuffix("Schema") or cls.__name__
    module = cls.__module__.split(".")
    if module[0] == "schemas" and len(module) == 2 and module[1] not in SHARED_SCHEMA_MODULES:
        prefix = game_prefix(module[1])
        return prefix + name.removeprefix(prefix)
    return name


def schema_prefix(slug: str) -> str:
    """The ``<Game>`` of a game's schema names, from its package's name as its schema module has it
    (``24-kings`` → ``Kings``, ``1923`` → ``NineteenTwentyThree``): one prefix per game, and a name no language refuses."""
    from service.games import REGISTRY, game_package

    if slug not in REGISTRY:  # a blueprint for a game of no package of its own (a test's, or a tournament's only): its URL name
        return game_prefix(slug)
    return game_prefix(game_package(slug).__name__.rsplit(".", 1)[-1])


SHARED_SCHEMA_MODULES = frozenset({"base", "common", "compiled", "fields", "meta", "tournaments"})


# What the proxy in front of the service (deploy/nginx.conf) answers itself, word for word: its problem documents carry no
# ``instance``. tests/http/test_openapi_conventions.py compares each with the body deploy/nginx.conf returns.
PROXY_PROBLEMS: dict[int, dict[str, str]] = {
    408: {"title": "Request Timeout", "detail": "the request was not sent in time (10 s for the headers, 10 s between two reads of the body)"},
    414: {"title": "URI Too Long", "detail": "the request line is longer than 8 KiB"},
    429: {
        "title": "Too Many Requests",
        "detail": "too many requests or connections from this address (20 requests a second, bursts of 40; /healthz 10 a second, bursts of 20; 16 connections)",
    },
    431: {"title": "Request Header Fields Too Large", "detail": "a header line is longer than 8 KiB, or the headers are larger than 32 KiB"},
    502: {"title": "Bad Gateway", "detail": "the referee did not answer; try again"},
    503: {"title": "Service Unavailable", "detail": "the referee is not available; try again"},
    504: {"title": "Gateway Timeout", "detail": "the referee did not answer within 25 s"},
}
# Statuses any operation can meet at the proxy, whatever it is: nginx's own refusals and its answers for an absent referee.
PROXY_STATUSES = (400, 408, 414, 429, 431, 502, 503, 504)
RETRY_AFTER_STATUSES = frozenset({429, 503})  # the proxy says when to try again


def proxy_problem(status: int) -> dict[str, Any]:
    """The problem document the proxy answers with ``status`` (deploy/nginx.conf)."""
    title, detail = PROXY_PROBLEMS[status]["title"], PROXY_PROBLEMS[status]["detail"]
    return {"type": "about:blank", "title": title, "status": status, "detail": detail, "errors": []}


# Response headers, documented once (components/headers) and named by every response that carries them.
HEADERS: dict[str, dict[str, Any]] = {
    REQUEST_ID_HEADER: {
        "description": "This request's id: the client's own when it sent a usable one (1 to 128 of A-Z a-z 0-9 . _ : -), else a new one. The logs name it.",
        "required": True,
        "schema": {"type": "string", "pattern": "^[A-Za-z0-9._:-]{1,128}$"},
    },
    "Vary": {
        "description": "Origin when cross-origin requests are allowed (KINGS_CORS_ORIGINS); Accept where one request answers JSON, CSV or XLSX.",
        "schema": {"type": "string"},
    },
    "ETag": {"description": "The answer's strong tag: send it back in If-None-Match to get a 304 while it holds.", "schema": {"type": "string"}},
    "Cache-Control": {"description": "How long a cache may keep the answer (public, max-age=300 unless configured).", "schema": {"type": "string"}},
    "Retry-After": {"description": "Seconds to wait before trying again.", "schema": {"type": "integer", "minimum": 0}},
    TOKEN_HEADER: {
        "description": "Answering a sealed deal: the token to send next time (the same as the body's sealed, where the body has one).",
        "schema": {"type": "string"},
    },
    MOVE_HEADER: {"description": "Answering a sealed deal: that token's move number along the match.", "schema": {"type": "integer", "minimum": 0}},
    "Content-Disposition": {"description": "A CSV or XLSX answer: the file name to save it as.", "schema": {"type": "string"}},
}


def problem_example(status: HTTPStatus) -> dict[str, Any]:
    """The answer this service gives for ``status``: the status phrase and werkzeug's description, as the error handler words them.

    A status only the proxy answers is the proxy's document."""
    if int(status) in PROXY_PROBLEMS:
        return proxy_problem(int(status))
    known = default_exceptions.get(int(status))
    generic = {
        "type": "about:blank",
        "title": status.phrase,
        "status": int(status),
        "detail": (known.description if known else None) or status.phrase,
        "instance": EXAMPLE_PATH,
        "errors": [],
    }
    return {**generic, **ERROR_EXAMPLES.get(int(status), ((), {}))[1]}


def status_description(status: HTTPStatus) -> str:
    """A problem status's description: its phrase, and who answers it when the proxy does."""
    if status == HTTPStatus.SERVICE_UNAVAILABLE:
        return f"{status.phrase}: answered by the proxy in front of the referee (deploy/nginx.conf), and by /readyz while a game fails to load."
    if int(status) in PROXY_PROBLEMS:
        return f"{status.phrase}: answered by the proxy in front of the referee (deploy/nginx.conf)."
    if status == HTTPStatus.BAD_REQUEST:
        return f"{status.phrase}: a body that is not JSON (or a request the proxy could not read)."
    if status == HTTPStatus.FORBIDDEN:
        return f"{status.phrase}: an answer private to a seat, asked without that seat's key (seat_key); the problem names no card."
    return status.phrase


class OperationIds(BasePlugin):
    """An ``operationId`` for every operation: the method and the path (``post_v1_24_kings_moves_legal``)."""

    def operation_helper(self, path: str | None = None, operations: dict[str, Any] | None = None, **kwargs: Any) -> None:
        for method, operation in (operations or {}).items():
            operation.setdefault("operationId", operation_id(method, path or ""))


def operation_id(method: str, path: str) -> str:
    return "_".join([method.lower(), *re.findall(r"[A-Za-z0-9]+", path)])


class Conventions(BasePlugin):
    """What every operation answers besides its own: the proxy's refusals, the headers every answer carries,
    a 304 and its tags where an answer is cached (service/http/caching.py), a 403 where a body takes a seat key,
    and the sealed deal's headers where a body takes a sealed token.

    It runs after the marshmallow plugin, so a body's schema is already a component whose fields it can read.
    """

    def init_spec(self, spec: Any) -> None:
        self.spec = spec

    def operation_helper(self, path: str | None = None, operations: dict[str, Any] | None = None, **kwargs: Any) -> None:
        for method, operation in (operations or {}).items():
            responses: dict[Any, Any] = operation.setdefault("responses", {})
            fields = self._body_fields(operation)
            cached = method.lower() == "get" and unchanging(path or "")
            for status, response in responses.items():
                if isinstance(response, dict):  # the operation's own answers; the shared ones are components with their headers
                    headers = response.setdefault("headers", {})
                    headers.setdefault(REQUEST_ID_HEADER, REQUEST_ID_HEADER)
                    headers.setdefault("Vary", "Vary")
                    if str(status).startswith("2") and cached:
                        headers.update({"ETag": "ETag", "Cache-Control": "Cache-Control"})
                    if str(status).startswith("2") and fields & {"sealed", "match_token"}:
                        headers.update({TOKEN_HEADER: TOKEN_HEADER, MOVE_HEADER: MOVE_HEADER})
            if cached:
                responses.setdefault(304, HTTPStatus.NOT_MODIFIED.name)
                operation.setdefault("parameters", []).append("IF_NONE_MATCH")
            if "seat_key" in fields:
                responses.setdefault(403, HTTPStatus.FORBIDDEN.name)
            if "requestBody" in operation:
                responses.setdefault(413, HTTPStatus.REQUEST_ENTITY_TOO_LARGE.name)
            for status in PROXY_STATUSES:
                responses.setdefault(status, HTTPStatus(status).name)
            operation["responses"] = dict(sorted(responses.items(), key=lambda item: str(item[0])))

    def _body_fields(self, operation: dict[str, Any]) -> set[str]:
        """The top-level fields of the operation's JSON body, read from its schema's component."""
        schema = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
        ref = schema.get("$ref", "") if isinstance(schema, dict) else ""
        component = self.spec.components.schemas.get(ref.rsplit("/", 1)[-1], {}) if ref else schema
        return set(component.get("properties", {})) if isinstance(component, dict) else set()


def describe_request_defaults(spec: Any) -> None:
    """A default a request may leave out, said in words rather than as ``default``, in every schema a request body uses.

    A ``default`` is what the referee assumes when a request leaves the field out; openapi-typescript (its default
    ``defaultNonNullable``) reads it as "always present" in any component schema, and exempts only schemas written
    inside a requestBody or a parameter, so a TypeScript client would have to send every defaulted field. The schemas
    only answers use keep their ``default``s (there the field is always sent).
    """
    schemas: dict[str, Any] = spec.components.schemas
    used = _refs([operation.get("requestBody") for path in spec._paths.values() for operation in path.values() if isinstance(operation, dict)])
    seen: set[str] = set()
    while used - seen:
        name = (used - seen).pop()
        seen.add(name)
        used |= _refs([schemas.get(name)])
    for name in sorted(seen & set(schemas)):
        for prop in schemas[name].get("properties", {}).values():
            if isinstance(prop, dict) and "default" in prop:
                left_out = f"Left out, it is `{json.dumps(prop.pop('default'))}`."
                prop["description"] = f"{prop['description'].rstrip()} {left_out}" if prop.get("description") else left_out


def _refs(node: Any) -> set[str]:
    """The component schemas ``node`` refers to (not those they refer to in turn)."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        own = {ref.rsplit("/", 1)[-1]} if isinstance(ref, str) and ref.startswith("#/components/schemas/") else set()
        return own.union(*(_refs(value) for key, value in node.items() if key != "$ref"))
    if isinstance(node, list):
        return set().union(*(_refs(value) for value in node))
    return set()


class RefereeApi(Api):  # type: ignore[misc]  # flask-smorest ships no type information
    """An Api whose error responses are RFC 9457 documents, in the spec and on the wire.

    A blueprint's routes are registered at once; its part of the OpenAPI document
    is written the first time the document is read (``spec``), not while the app
    is built: writing it (apispec resolving every schema of 69 operations) was
    the larger part of ``create_app()`` (issue 25), and most processes that build
    the app never read it. gunicorn's master reads it once, before forking
    (service/serving.py ``when_ready``), so every worker has it written.
    What that wins (issue 26), CPU of ``create_app()``: 81 ms with the documentation
    left for the first read (which then takes ≈ 250 ms) against 261 ms with
    flask-smorest's own ``register_blueprint`` (2 shared cores, 2026-11-27).

    Two private methods of flask-smorest are overridden, for what the document says,
    not for speed; flask-smorest 0.47.0, its current release, has no public hook for
    either (0.48.0 is unreleased and adds none), hence the pin below 0.48.
    """

    ERROR_SCHEMA = ProblemSchema

    def __init__(self, app: Any, *, spec_kwargs: dict[str, Any]) -> None:
        self._undocumented: list[tuple[Any, str, Any]] = []  # (blueprint, name, parameters), in registration order
        self._responses_written = True  # while flask-smorest builds the document's frame: its own reads must not write them
        super().__init__(app, spec_kwargs={**spec_kwargs, "extra_plugins": [OperationIds(), Conventions()]})
        self._responses_written = False  # the shared error responses: written on the first read, before any operation names them

    @property
    def spec(self) -> Any:
        """The OpenAPI document, with the shared responses and every blueprint registered so far written into it, in their order."""
        if not self.__dict__.get("_responses_written", True):
            self._responses_written = True
            self._write_responses()
        pending, self._undocumented = self.__dict__.get("_undocumented") or [], []
        for blp, name, parameters in pending:
            blp.register_views_in_doc(self, self._app, self._spec, name=name, parameters=parameters)
            self._spec.tag({"name": name, "description": blp.description})
        if pending:
            describe_request_defaults(self._spec)
        return self._spec

    @spec.setter
    def spec(self, value: Any) -> None:
        self._spec = value

    def register_blueprint(self, blp: Any, *, parameters: Any = None, **options: Any) -> None:
        """flask-smorest's registration, with the blueprint's documentation left for the first read of ``spec``."""
        name = options.get("name", blp.name)
        self._app.extensions["flask-smorest"]["blp_name_to_api"][name] = self
        self._app.register_blueprint(blp, **options)
        self._undocumented.append((blp, name, parameters))

    def _register_pagination_header(self) -> None:
        """No endpoint pages its answers: no pagination header or schema in the document (flask-smorest's own
        registers the header, whose schema PaginationMetadata then appears in the document unused)."""

    def _register_responses(self) -> None:
        """The headers every answer names, as components. Overriding this method is how flask-smorest's maintainer
        says to define the default responses (marshmallow-code/flask-smorest#223); the responses themselves are
        written on the first read of the document (:meth:`_write_responses`)."""
        for name, header in HEADERS.items():
            self.spec.components.header(name, header, lazy=True)

    def _write_responses(self) -> None:
        """Every error status as a problem+json response with its example and headers.

        Written on the first read of the document, not while the app is built (issue 25): the examples are real
        answers (the 403's asks the sealing through a request context, which imports Flask's test machinery) and
        apispec resolves the problem schema for each; no request needs them, only the document.
        """
        spec = self._spec  # not the property: that would write the pending blueprints first
        for status in HTTPStatus:
            if status >= 400:
                headers = {REQUEST_ID_HEADER: REQUEST_ID_HEADER, "Vary": "Vary"} | ({"Retry-After": "Retry-After"} if status in RETRY_AFTER_STATUSES else {})
                example = seat_key_example(self._app) if status == HTTPStatus.FORBIDDEN else problem_example(status)
                response = {"description": status_description(status), "schema": self.ERROR_SCHEMA, "example": example, "headers": headers}
                prepare_response(response, spec, PROBLEM_MIME)
                spec.components.response(status.name, response, lazy=True)
        not_modified = {
            "description": "Not Modified: If-None-Match named the answer's current tag; no body.",
            "headers": {name: name for name in (REQUEST_ID_HEADER, "ETag", "Cache-Control", "Vary")},
        }
        spec.components.response(HTTPStatus.NOT_MODIFIED.name, not_modified, lazy=True)
        default = {
            "description": "Any error: an RFC 9457 problem document",
            "schema": self.ERROR_SCHEMA,
            "example": problem_example(HTTPStatus.BAD_REQUEST),
            "headers": {REQUEST_ID_HEADER: REQUEST_ID_HEADER, "Vary": "Vary"},
        }
        prepare_response(default, spec, PROBLEM_MIME)
        spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, default, lazy=True)

    def handle_http_exception(self, error: HTTPException) -> Response:
        return from_http_exception(error)


class RefereeBlueprint(Blueprint):  # type: ignore[misc]  # flask-smorest ships no type information
    """A Blueprint whose decorators document through flask-smorest but run lean.

    flask-smorest's decorators each wrap the view (webargs' parser for the
    body, one wrapper per documented response). Here they are applied for
    their documentation alone, which is copied onto the view; at run time a
    POST view gets one wrapper that checks the body's media type, parses it
    strictly and loads it with the schema's fast path, the same checks and
    errors as before.
    Query strings still go through flask-smorest's ``arguments`` (webargs).

    Not for speed (issue 26 measured it): the body path here takes 22.9 / 212 µs of CPU for
    the /hands and /moves/apply bodies of benchmarks/bodies.py where flask-smorest's
    ``arguments`` (webargs) take 13.5 / 158, the difference being the strict JSON and the
    lengths-first checks. It is kept for those checks: webargs reads JSON as Flask does
    (duplicate keys, NaN accepted) and files its errors under ``/json``. The library's way
    would be a custom ``ARGUMENTS_PARSER`` doing the same checks.
    """

    POST_ERRORS = (400, 413, 415, 422)

    def answers(self, schema: Any, example: Any, description: str, purpose: str | None = None) -> Callable[[View], View]:
        """Document the success response (``description``) and what the operation does for a client (``purpose``,
        else the answer's description); the view returns the engine's JSON itself."""

        def decorator(func: View) -> View:
            func = _docs_only(self.alt_response(200, schema=schema, example=example, description=description, success=True))(func)
            return _docs_only(self.doc(description=purpose or description))(func)

        return decorator

    def problems(self, statuses: tuple[int, ...] = POST_ERRORS) -> Callable[[View], View]:
        """Document the error statuses (their examples come from the shared components)."""

        def decorator(func: View) -> View:
            for status in statuses:
                func = _docs_only(self.alt_response(status, response=HTTPStatus(status).name))(func)
            return func

        return decorator

    def get(self, path: str, *, answer: Any, answer_example: Any, description: str, purpose: str | None = None) -> Callable[[View], View]:
        """A GET operation with a documented answer."""

        def decorator(func: View) -> View:
            self.route(path, methods=["GET"])(self.answers(answer, answer_example, description, purpose)(func))
            return func

        return decorator

    def post(
        self, path: str, *, body: type[Schema], body_example: Any, answer: Any, answer_example: Any, description: str, purpose: str | None = None
    ) -> Callable[[BodyView], BodyView]:
        """A JSON POST operation: validated body, documented answer, and the errors every POST can meet."""

        def decorator(func: BodyView) -> BodyView:
            schema = body()  # built once: a schema per request would cost more than the load
            documented = _docs_only(self.arguments(schema, example=body_example))(
                self.answers(answer, answer_example, description, purpose)(self.problems()(_as_view(func)))
            )

            @wraps(func)
            def view() -> Response:
                return func(load_body(schema, json_body()))

            view._apidoc = documented._apidoc  # type: ignore[attr-defined]  # flask-smorest reads the docs from here
            self.route(path, methods=["POST"])(view)
            return func

        return decorator


View = Callable[..., Response]
BodyView = Callable[[dict[str, Any]], Response]


def _as_view(func: BodyView) -> View:
    """A stand-in carrying the documentation, so the body-taking view is documented without being wrapped."""

    @wraps(func)
    def documented(*args: Any, **kwargs: Any) -> Response:
        return func(*args, **kwargs)

    return documented


def _docs_only(documenting: Any) -> Callable[[View], View]:
    """Apply a flask-smorest decorator for the documentation it records, without its run-time wrapper."""

    def decorator(func: View) -> View:
        func._apidoc = documenting(func)._apidoc  # type: ignore[attr-defined]  # flask-smorest's own attribute
        return func

    return decorator
