"""A Python client for the referee service, built on requests.

One method per endpoint; answers come back as plain JSON data (dicts and
lists). A 4xx/5xx raises :class:`RefereeError` carrying the problem document;
no answer at all raises :class:`RefereeUnavailable`. Every call has a timeout.

Calls that fail on the way (a refused connection, 429, 502, 503, 504) are
retried with exponential backoff, honouring ``Retry-After``
(:data:`SAFE_RETRIES`, urllib3's ``Retry`` on the session's adapter). That is
safe for every call, POSTs included: the referee keeps no state, so each
endpoint is a pure function of its request and sending one twice changes
nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

DEFAULT_URL = "http://127.0.0.1:8000"
DEFAULT_TIMEOUT = 10.0
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
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


class RefereeError(Exception):
    """The service refused a request: an RFC 9457 problem document.

    A plain exception (no frozen dataclass), so Python can set its traceback and
    context as it passes through ``with`` blocks and ``contextlib``, and it
    pickles (to a worker process and back) with every field.
    """

    def __init__(
        self,
        status: int,
        title: str,
        detail: str,
        type: str = "about:blank",
        errors: Sequence[Mapping[str, Any]] = (),
        instance: str | None = None,
        request_id: str | None = None,
    ) -> None:
        self.status = status
        self.title = title
        self.detail = detail
        self.type = type
        self.errors = tuple(errors)
        self.instance = instance
        self.request_id = request_id
        super().__init__(status, title, detail, type, self.errors, instance, request_id)

    def __str__(self) -> str:
        lines = [f"{self.status} {self.title}: {self.detail}"]
        lines += [f"  {e.get('pointer') or '/'}: {e.get('message')} ({e.get('code')})" for e in self.errors]
        if self.request_id:
            lines.append(f"  (request id {self.request_id})")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"RefereeError(status={self.status!r}, title={self.title!r}, detail={self.detail!r}, instance={self.instance!r}, request_id={self.request_id!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RefereeError) and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.status, self.title, self.detail, self.type, self.instance, self.request_id))


class RefereeUnavailable(ConnectionError):
    """Nothing answered at the service's URL."""


class RefereeClient:
    """``RefereeClient("http://127.0.0.1:8000").calculus(castles, players)``.

    ``retries`` (default :data:`SAFE_RETRIES`; ``0`` for none) is mounted on a
    session the client makes; a ``session`` given is used as it is.
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

    def _send(self, method: str, path: str, **kwargs: Any) -> requests.Response:
        try:
            response = self.session.request(method, self.url + path, timeout=self.timeout, **kwargs)
        except (requests.ConnectionError, requests.Timeout) as error:
            raise RefereeUnavailable(f"no referee answers at {self.url} ({type(error).__name__}); start one with `kings serve`") from error
        if response.status_code >= 400:
            raise _problem(response)
        return response

    def call(self, method: str, path: str, body: Any = None) -> dict[str, Any]:
        """Any JSON endpoint: ``call("POST", "/v1/twenty-four/solve", {...})``; the game clients build on it."""
        answer: dict[str, Any] = self._send(method, path, json=body).json()
        return answer

    def health(self) -> dict[str, Any]:
        return self.call("GET", "/healthz")

    def games(self) -> dict[str, Any]:
        """Every game this referee judges: its facts, rule text, conformance cases and endpoints."""
        return self.call("GET", "/v1/games")

    def rules(self) -> dict[str, Any]:
        return self.call("GET", "/v1/24-kings/rules")

    def new_game(
        self, players: Sequence[str], *, seed: int | None = None, rules: Mapping[str, Any] | None = None, dealer: int = 0, direction: str = "clockwise"
    ) -> dict[str, Any]:
        body = {"players": list(players), "rules": dict(rules or {}), "dealer": dealer, "direction": direction}
        return self.call("POST", "/v1/24-kings/games", body | ({"seed": seed} if seed is not None else {}))

    def next_game(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """The next game of a match from a finished one (``POST /v1/24-kings/games/next``): same table, the deal passed on."""
        return self.call("POST", "/v1/24-kings/games/next", {"state": dict(state)})

    def game_from_table(self, body: Mapping[str, Any]) -> dict[str, Any]:
        return self.call("POST", "/v1/24-kings/games/from-table", dict(body))

    def check_state(self, state: Mapping[str, Any], *, game: str = "24-kings") -> dict[str, Any]:
        return self.call("POST", f"/v1/{game}/state/check", {"state": state})

    def legal_moves(self, state: Mapping[str, Any], *, game: str = "24-kings") -> dict[str, Any]:
        return self.call("POST", f"/v1/{game}/moves/legal", {"state": state})

    def validate(self, state: Mapping[str, Any], move: Mapping[str, Any], *, game: str = "24-kings") -> dict[str, Any]:
        return self.call("POST", f"/v1/{game}/moves/validate", {"state": state, "move": move})

    def apply(self, state: Mapping[str, Any], move: Mapping[str, Any], *, game: str = "24-kings") -> dict[str, Any]:
        return self.call("POST", f"/v1/{game}/moves/apply", {"state": state, "move": move})

    def hands(self, castles: Sequence[Mapping[str, Any]], cards: Sequence[str], rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
        return self.call("POST", "/v1/24-kings/hands", {"castles": list(castles), "cards": list(cards), "rules": dict(rules or {})})

    def calculus(
        self, castles: Sequence[Mapping[str, Any]], players: Sequence[Mapping[str, Any]], *, rules: Mapping[str, Any] | None = None, caller: str | None = None
    ) -> dict[str, Any]:
        body = {"castles": list(castles), "players": list(players), "rules": dict(rules or {})}
        return self.call("POST", "/v1/24-kings/calculus", body | ({"caller": caller} if caller else {}))

    def standings(self, rows_or_file: Sequence[Mapping[str, Any]] | Path | str | bytes, *, answer: str = "json", rules: Mapping[str, Any] | None = None) -> Any:
        """Standings from JSON rows, a CSV/XLSX file, or a file's bytes (an XLSX is told by its zip signature);
        ``answer`` json gives data, csv/xlsx the file's bytes."""
        path = "/v1/24-kings/tournaments/standings"
        if isinstance(rows_or_file, Path | str | bytes):
            if isinstance(rows_or_file, bytes):
                data, is_xlsx = rows_or_file, rows_or_file.startswith(b"PK\x03\x04")
            else:
                file = Path(rows_or_file)
                data, is_xlsx = file.read_bytes(), file.suffix.lower() == ".xlsx"
            params = {"format": answer, **{k: str(v).lower() for k, v in (rules or {}).items()}}
            response = self._send("POST", path, data=data, headers={"Content-Type": XLSX if is_xlsx else "text/csv"}, params=params)
        else:
            response = self._send("POST", path, json={"rows": list(rows_or_file), "rules": dict(rules or {})}, params={"format": answer})
        return response.json() if answer == "json" else response.content


def _problem(response: requests.Response) -> RefereeError:
    try:
        body = response.json()
    except ValueError:
        body = {}
    if not isinstance(body, dict):
        body = {}
    return RefereeError(
        status=response.status_code,
        title=str(body.get("title", response.reason)),
        detail=str(body.get("detail", response.text[:200])),
        type=str(body.get("type", "about:blank")),
        errors=tuple(body.get("errors", ())),
        instance=str(body["instance"]) if body.get("instance") is not None else None,
        request_id=response.headers.get("X-Request-ID"),
    )
