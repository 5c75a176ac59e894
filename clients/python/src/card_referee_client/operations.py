"""The referee's operations, read from its OpenAPI document (``openapi.json``, shipped in this package).

Each operation is known by its ``operationId`` (``post_v1_three_kings_sets``) and, inside a game, by its path under
``/v1/<game>/`` (``sets``, ``games/from-table``). Nothing here knows a game by name: a new game's endpoints appear
when the document names them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

METHODS = ("get", "post", "put", "patch", "delete")
GAME_PREFIX = "/v1/"


@dataclass(frozen=True)
class Operation:
    """One endpoint as the document declares it."""

    id: str
    method: str  # upper case: GET, POST
    path: str
    summary: str
    body_types: tuple[str, ...]  # the media types its request body may have, in the document's order
    query: tuple[str, ...]  # the names of its query parameters
    body_fields: tuple[str, ...] = ()  # the members of its JSON request body, where the document lists them

    @property
    def game(self) -> str | None:
        """The game's URL name (``three-kings``) for ``/v1/<game>/...``; None for ``/v1/games`` and ``/healthz``."""
        head, _, rest = self.path.removeprefix(GAME_PREFIX).partition("/")
        return head if self.path.startswith(GAME_PREFIX) and rest else None

    @property
    def name(self) -> str:
        """The path under the game (``games/from-table``), or the whole path for an operation of no game."""
        game = self.game
        return self.path if game is None else self.path.removeprefix(f"{GAME_PREFIX}{game}/")


@cache
def document() -> dict[str, Any]:
    """The referee's OpenAPI document this package was built with."""
    loaded: dict[str, Any] = json.loads(files(__package__).joinpath("openapi.json").read_text(encoding="utf-8"))
    return loaded


def _resolved(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """A schema, its ``$ref`` (``#/components/schemas/Name``) followed."""
    while "$ref" in schema:
        target: Any = document()
        for part in str(schema["$ref"]).removeprefix("#/").split("/"):
            target = target[part]
        schema = target
    return schema


def _operation(path: str, method: str, spec: Mapping[str, Any]) -> Operation:
    body = spec.get("requestBody", {}).get("content", {})
    query = tuple(parameter["name"] for parameter in spec.get("parameters", ()) if parameter.get("in") == "query")
    fields = tuple(_resolved(body["application/json"].get("schema", {})).get("properties", {})) if "application/json" in body else ()
    return Operation(spec["operationId"], method.upper(), path, str(spec.get("summary", "")), tuple(body), query, fields)


@cache
def operations() -> dict[str, Operation]:
    """Every operation of the document, by its ``operationId``."""
    found = [_operation(path, method, spec) for path, item in document()["paths"].items() for method, spec in item.items() if method in METHODS]
    return {operation.id: operation for operation in found}


@cache
def game_operations(game: str) -> dict[str, Operation]:
    """A game's operations by their name under ``/v1/<game>/``; a POST and a GET of one path: the POST keeps the name."""
    found: dict[str, Operation] = {}
    for operation in operations().values():
        if operation.game == game and (operation.name not in found or operation.method == "POST"):
            found[operation.name] = operation
    return found


def games() -> tuple[str, ...]:
    """The games the document names, in its order."""
    return tuple(dict.fromkeys(game for operation in operations().values() if (game := operation.game) is not None))


def version() -> str:
    """The referee's version the document describes (its ``info.version``)."""
    return str(document()["info"]["version"])
