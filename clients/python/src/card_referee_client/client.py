"""``RefereeClient``: every endpoint of every game, by the ``operationId`` the referee's OpenAPI document gives it.

Answers come back as plain JSON data (dicts and lists), or bytes for a CSV or XLSX answer. A 4xx/5xx raises
:class:`RefereeError` carrying the problem document; no answer at all raises :class:`RefereeUnavailable`. Every call
has a timeout.

Calls that fail on the way (a refused connection, 429, 502, 503, 504) are retried with exponential backoff,
honouring ``Retry-After`` (:data:`SAFE_RETRIES`, urllib3's ``Retry`` on the session's adapter). That is safe for
every call, POSTs included: the referee keeps no state, so each endpoint is a pure function of its request and
sending one twice changes nothing.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

from .operations import Operation, game_operations, operations
from .problems import RefereeUnavailable, problem_of

DEFAULT_URL = "http://127.0.0.1:8000"
DEFAULT_TIMEOUT = 10.0
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv"
ZIP_SIGNATURE = b"PK\x03\x04"  # an XLSX file is a zip archive
RETRIED_STATUSES = frozenset({429, 502, 503, 504})  # the service is busy or a proxy lost it: worth another try
SAFE_RETRIES = Retry(
    total=3,
    connect=2,
    read=1,  # an answer cut off once is worth one more try; a timeout is not worth many
    status=3,
    backoff_factor=0.25,  # 0 s, then 0.5 s, 1 s between tries
    backoff_max=4.0,
    status_forcelist=RETRIED_STATUSES,
    # Every referee endpoint is stateless: a POST is as safe to send again as a GET.
    allowed_methods=frozenset({"GET", "HEAD", "OPTIONS", "POST"}),
    respect_retry_after_header=True,
    raise_on_status=False,  # the last answer comes back, and becomes a RefereeError with its problem document
)
Sheet = Path | str | bytes  # a results sheet: a CSV or XLSX file's path, or its bytes
Query = str | int | float | bool | None


class UnknownOperation(LookupError):
    """An operation id (or a name under a game) that the referee's document does not have; the nearest are named."""


def _unknown(kind: str, name: str, known: Sequence[str]) -> UnknownOperation:
    near = difflib.get_close_matches(name, known, n=3)
    return UnknownOperation(f"no {kind} {name!r} in the referee's document" + (f"; did you mean {', '.join(near)}?" if near else ""))


def _sheet_bytes(sheet: Sheet) -> bytes:
    """A sheet's bytes: given, or read from its file."""
    return sheet if isinstance(sheet, bytes) else Path(sheet).read_bytes()


class RefereeClient:
    """``RefereeClient("http://127.0.0.1:8000").invoke("post_v1_twenty_four_solve", {"values": [2, 4, 10, 10]})``.

    ``retries`` (default :data:`SAFE_RETRIES`; ``0`` for none) is mounted on a session the client makes; a
    ``session`` given is used as it is.
    """

    def __init__(
        self, url: str = DEFAULT_URL, *, timeout: float = DEFAULT_TIMEOUT, session: requests.Session | None = None, retries: Retry | int = SAFE_RETRIES
    ) -> None:
        self.url = url.rstrip("/")
        self.timeout = timeout
        if session is None:
            session = requests.Session()
            adapter = HTTPAdapter(max_retries=retries)
            session.mount("http://", adapter)
            session.mount("https://", adapter)
        self.session = session

    # -- the wire: one door ------------------------------------------------------------------------------------
    def _send(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        try:
            response = self.session.request(method, self.url + path, timeout=self.timeout, **kwargs)
        except (requests.ConnectionError, requests.Timeout) as error:
            raise RefereeUnavailable(f"no referee answers at {self.url} ({type(error).__name__}); start one with `kings serve`") from error
        if response.status_code >= 400:
            raise problem_of(response)
        return response

    def call(self, method: str, path: str, body: Any = None) -> Any:
        """Any JSON endpoint by its method and path: ``call("POST", "/v1/twenty-four/solve", {...})``."""
        return self._send(method, path, json=body).json()

    # -- every operation of the document -----------------------------------------------------------------------
    def operation(self, operation_id: str) -> Operation:
        """The operation the document names ``operation_id``; :class:`UnknownOperation` (with the nearest ids) if none."""
        known = operations()
        if operation_id not in known:
            raise _unknown("operation", operation_id, list(known))
        return known[operation_id]

    def invoke(self, operation_id: str, body: Any = None, **query: Query) -> Any:
        """Call an operation by its ``operationId``: ``invoke("post_v1_three_kings_sets", {...})``.

        ``body`` is JSON data, or a CSV/XLSX file's bytes where the operation takes a sheet (an XLSX is told by its
        zip signature); ``query`` its query parameters (``format="csv"``; None is left out, booleans are
        ``true``/``false``). The answer is JSON data, or the bytes of a CSV or XLSX answer.
        """
        return self.send(self.operation(operation_id), body, **query)

    def send(self, operation: Operation, body: Any = None, **query: Query) -> Any:
        """Call an :class:`Operation` (as :meth:`invoke` does, for an operation already looked up)."""
        unknown = sorted(set(query) - set(operation.query))
        if unknown:
            raise TypeError(f"{operation.id} takes no query parameter {', '.join(unknown)} (it takes {', '.join(operation.query) or 'none'})")
        params = {name: str(value).lower() if isinstance(value, bool) else value for name, value in query.items() if value is not None}
        options: dict[str, Any] = {"params": params}
        if isinstance(body, bytes):
            kind = XLSX if body.startswith(ZIP_SIGNATURE) else CSV
            if kind not in operation.body_types:
                raise TypeError(f"{operation.id} takes no {kind} body (it takes {', '.join(operation.body_types) or 'none'})")
            options |= {"data": body, "headers": {"Content-Type": kind}}
        elif body is not None or operation.body_types:
            options["json"] = body
        response = self._send(operation.method, operation.path, **options)
        if "json" in response.headers.get("Content-Type", "application/json"):
            return response.json()
        return response.content

    def game(self, slug: str) -> GameClient:
        """The operations of one game, by their names under ``/v1/<slug>/``: ``game("three-kings").invoke("sets", {...})``."""
        if not game_operations(slug):
            raise _unknown("game", slug, sorted({op.game for op in operations().values() if op.game}))
        return GameClient(self, slug)

    # -- named calls -------------------------------------------------------------------------------------------
    def health(self) -> dict[str, Any]:
        answer: dict[str, Any] = self.invoke("get_healthz")
        return answer

    def games(self) -> dict[str, Any]:
        """Every game this referee judges: its facts, rule text, conformance cases and endpoints."""
        answer: dict[str, Any] = self.invoke("get_v1_games")
        return answer

    def check_state(self, state: Mapping[str, Any], *, game: str = "24-kings") -> dict[str, Any]:
        return self.game(game).check_state(state)

    def legal_moves(self, state: Mapping[str, Any], *, game: str = "24-kings") -> dict[str, Any]:
        return self.game(game).legal_moves(state)

    def validate(self, state: Mapping[str, Any], move: Mapping[str, Any], *, game: str = "24-kings") -> dict[str, Any]:
        return self.game(game).validate(state, move)

    def apply(self, state: Mapping[str, Any], move: Mapping[str, Any], *, game: str = "24-kings") -> dict[str, Any]:
        return self.game(game).apply(state, move)

    def view(self, state: Mapping[str, Any], player: str, *, game: str = "24-kings") -> dict[str, Any]:
        return self.game(game).view(state, player)

    # 24 Kings' own calls, as the client has always had them (every other game's: through game(slug)).
    def rules(self) -> dict[str, Any]:
        return self.game("24-kings").rules()

    def new_game(
        self, players: Sequence[str], *, seed: int | None = None, rules: Mapping[str, Any] | None = None, dealer: int = 0, direction: str = "clockwise"
    ) -> dict[str, Any]:
        body = {"players": list(players), "rules": dict(rules or {}), "dealer": dealer, "direction": direction}
        return self.game("24-kings").new_game(body | ({"seed": seed} if seed is not None else {}))

    def next_game(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """The next game of a match from a finished one: the next dealer's ``deal`` move, as ``/moves/legal`` lists it,
        applied (``/games/next`` is its deprecated alias). A real table's deal names its cards: apply that move yourself."""
        legal = self.legal_moves(state)
        deal = next((option for option in legal.get("moves", []) if option.get("action") == "deal"), None)
        if deal is None:
            raise ValueError("no next game to deal: the game is not over")
        if deal.get("fill"):
            raise ValueError(f"a real table deals its own cards: apply the deal move with them ({', '.join(deal['fill'])})")
        answer: dict[str, Any] = self.apply(state, {"action": "deal", "player": deal["player"]})
        return answer

    def game_from_table(self, body: Mapping[str, Any]) -> dict[str, Any]:
        return self.game("24-kings").game_from_table(body)

    def hands(self, castles: Sequence[Mapping[str, Any]], cards: Sequence[str], rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
        answer: dict[str, Any] = self.invoke("post_v1_24_kings_hands", {"castles": list(castles), "cards": list(cards), "rules": dict(rules or {})})
        return answer

    def calculus(
        self, castles: Sequence[Mapping[str, Any]], players: Sequence[Mapping[str, Any]], *, rules: Mapping[str, Any] | None = None, caller: str | None = None
    ) -> dict[str, Any]:
        body = {"castles": list(castles), "players": list(players), "rules": dict(rules or {})}
        answer: dict[str, Any] = self.invoke("post_v1_24_kings_calculus", body | ({"caller": caller} if caller else {}))
        return answer

    def standings(self, rows_or_file: Sequence[Mapping[str, Any]] | Sheet, *, answer: str = "json", rules: Mapping[str, Any] | None = None) -> Any:
        """24 Kings' tournament standings (``game("...").standings`` for any game): JSON rows, or a CSV/XLSX file or its
        bytes; ``answer`` json gives data, csv/xlsx the file's bytes."""
        return self.game("24-kings").standings(rows_or_file, answer=answer, **dict(rules or {}))


class GameClient:
    """One game's operations: the shared referee calls by name, and every other by its path under the game."""

    def __init__(self, referee: RefereeClient, slug: str) -> None:
        self.referee = referee
        self.slug = slug

    @property
    def operations(self) -> dict[str, Operation]:
        """The game's operations by name (``state/check``, ``sets``, ``tournaments/standings``...)."""
        return game_operations(self.slug)

    def invoke(self, name: str, body: Any = None, **query: Query) -> Any:
        """Call the game's operation ``name`` (its path under ``/v1/<slug>/``), as :meth:`RefereeClient.invoke`."""
        known = self.operations
        if name not in known:
            raise _unknown(f"operation of {self.slug}", name, list(known))
        return self.referee.send(known[name], body, **query)

    def _data(self, name: str, body: Any = None) -> dict[str, Any]:
        answer: dict[str, Any] = self.invoke(name, body)
        return answer

    def check_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        return self._data("state/check", {"state": dict(state)})

    def legal_moves(self, state: Mapping[str, Any]) -> dict[str, Any]:
        return self._data("moves/legal", {"state": dict(state)})

    def validate(self, state: Mapping[str, Any], move: Mapping[str, Any]) -> dict[str, Any]:
        return self._data("moves/validate", {"state": dict(state), "move": dict(move)})

    def apply(self, state: Mapping[str, Any], move: Mapping[str, Any]) -> dict[str, Any]:
        return self._data("moves/apply", {"state": dict(state), "move": dict(move)})

    def view(self, state: Mapping[str, Any], player: str) -> dict[str, Any]:
        return self._data("view", {"state": dict(state), "player": player})

    def rules(self) -> dict[str, Any]:
        return self._data("rules")

    def conformance(self) -> dict[str, Any]:
        return self._data("conformance")

    def new_game(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """``POST /v1/<slug>/games``: a new seeded game; the body is the game's (players, seed, rules...)."""
        return self._data("games", dict(body))

    def game_from_table(self, body: Mapping[str, Any]) -> dict[str, Any]:
        return self._data("games/from-table", dict(body))

    def standings(self, rows_or_sheet: Sequence[Mapping[str, Any]] | Sheet, *, answer: str = "json", **query: Query) -> Any:
        """A results sheet's standings (``POST /v1/<slug>/tournaments/standings``): JSON rows, or a CSV/XLSX file (a
        path, or its bytes); ``answer`` json gives data, csv/xlsx the file's bytes; ``query`` the game's own
        parameters (24 Kings' rules, Three Kings' ``method``...)."""
        if isinstance(rows_or_sheet, Path | str | bytes):
            return self.invoke("tournaments/standings", _sheet_bytes(rows_or_sheet), format=answer, **query)
        rules = {name: value for name, value in query.items() if value is not None}
        body = {"rows": list(rows_or_sheet)} | ({"rules": rules} if rules else {})
        return self.invoke("tournaments/standings", body, format=answer)
