"""A game's endpoints as data, mounted by the kit: a game writes the function that answers a body, the kit does the rest.

An :class:`Endpoint` names a path, the schemas its body and answer travel in, the function that answers a loaded
body (its docstring is the operation's summary), what the operation is for, and a request example. The kit
(:class:`LazyDocBlueprint`) mounts it: the route at once, so the app answers; its documentation, with the examples
the engine computes, the first time the OpenAPI document is read (``RefereeApi.spec``), and never while the app is
built, so ``create_app()`` runs no engine (issue 25).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import wraps
from typing import Any, NamedTuple

from flask import Response, jsonify
from marshmallow import Schema

from service.core.protocol import GameInfo

from .api import RefereeBlueprint
from .problems import json_body, load_body

Answerer = Callable[..., Any]  # a loaded body → the answer's plain data (a GET's takes no body)


@dataclass(frozen=True, slots=True)
class Endpoint:
    """One operation of a game, as data.

    ``run`` answers a loaded body with plain data (JSON); its name is the Flask endpoint's, its docstring the
    operation's summary. ``example`` is the request example (or a function giving it, called when the document is
    first written); ``answer_example`` likewise, else the answer ``run`` gives the example loaded through ``body``.
    ``body`` None makes a GET.
    """

    path: str
    body: type[Schema] | None
    answer: type[Schema]
    run: Answerer
    description: str
    example: Any = None
    answer_example: Any = None
    purpose: str | None = None
    deprecated: bool = False  # marked so in the document: a client should move off it

    @property
    def method(self) -> str:
        return "GET" if self.body is None else "POST"


@dataclass(frozen=True, slots=True)
class Endpoints:
    """A game's own endpoints, mounted at ``/v1/<slug>``, and what they do together (their tag's description)."""

    description: str
    endpoints: Sequence[Endpoint]


class GameSchemas(NamedTuple):
    """The schemas a game's states, moves and answers travel in through the shared endpoints, in this order."""

    state: type[Schema]
    move: type[Schema]
    legal: type[Schema]
    verdict: type[Schema]
    transition: type[Schema]
    view: type[Schema]


def resolved(value: Any) -> Any:
    """An example given as data, or as the function that computes it."""
    return value() if callable(value) else value


class LazyDocBlueprint(RefereeBlueprint):
    """A RefereeBlueprint that mounts :class:`Endpoint` records and documents them when the document is first read.

    flask-smorest stores an operation's documentation when its route is added (``_docs``) and writes it into the
    document in ``register_views_in_doc``; here the route is added with its docstring alone, and the rest (schemas,
    examples, statuses) is added to that stored record just before it is written, once.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._undocumented: list[tuple[str, Endpoint, Schema | None]] = []

    def mount(self, endpoint: Endpoint) -> None:
        """The endpoint's route, now; its documentation, when the document is read."""
        run, schema = endpoint.run, endpoint.body() if endpoint.body is not None else None  # a schema built once, not per request

        if schema is None:

            @wraps(run)
            def view() -> Response:
                return jsonify(run())

        else:

            @wraps(run)
            def view() -> Response:
                return jsonify(run(load_body(schema, json_body())))

        self.route(endpoint.path, methods=[endpoint.method])(view)
        self._undocumented.append((self._endpoints[-1], endpoint, schema))

    def documentation(self, endpoint: Endpoint, schema: Schema | None) -> dict[str, Any]:
        """What RefereeBlueprint's ``post`` and ``get`` record of an operation, its examples computed now."""

        def stand_in() -> Response:  # carries the documentation; never routed
            raise NotImplementedError

        example = resolved(endpoint.example)
        answer_example = resolved(endpoint.answer_example)
        if answer_example is None and schema is not None:
            answer_example = endpoint.run(schema.load(example))
        if endpoint.deprecated:
            stand_in = self.doc(deprecated=True)(stand_in)
        answered = self.answers(endpoint.answer, answer_example, endpoint.description, endpoint.purpose)
        documented: Any = answered(stand_in) if schema is None else self.arguments(schema, example=example)(answered(self.problems()(stand_in)))
        return dict(documented._apidoc)

    def register_views_in_doc(self, api: Any, app: Any, spec: Any, *, name: str, parameters: Any) -> None:
        pending, self._undocumented = self._undocumented, []
        for flask_endpoint, endpoint, schema in pending:
            self._docs[flask_endpoint][endpoint.method.lower()].update(self.documentation(endpoint, schema))
        super().register_views_in_doc(api, app, spec, name=name, parameters=parameters)


def mounted(name: str, url_prefix: str, description: str, endpoints: Sequence[Endpoint]) -> LazyDocBlueprint:
    """A blueprint of ``endpoints`` under ``url_prefix``, its tag ``name`` described by ``description``."""
    blp = LazyDocBlueprint(name, __name__, url_prefix=url_prefix, description=description)
    for endpoint in endpoints:
        blp.mount(endpoint)
    return blp


def game_facts(info: GameInfo) -> dict[str, Any]:
    """A game's facts as /v1/games and its /rules give them."""
    return {
        "slug": info.slug,
        "title": info.title,
        "summary": info.summary,
        "rule_book": info.rule_book,
        "rules_version": info.rules_version,
        "players": {"min": info.players[0], "max": info.players[1]},
        "options": dict(info.options),
    }
