"""A Python client for the referee service, built on requests.

One method per endpoint; answers come back as plain JSON data (dicts and
lists). A 4xx/5xx raises :class:`RefereeError` carrying the problem document;
no answer at all raises :class:`RefereeUnavailable`. Every call has a timeout.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

DEFAULT_URL = "http://127.0.0.1:8000"
DEFAULT_TIMEOUT = 10.0
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@dataclass(frozen=True)
class RefereeError(Exception):
    """The service refused a request: an RFC 9457 problem document."""

    status: int
    title: str
    detail: str
    type: str = "about:blank"
    errors: tuple[Mapping[str, Any], ...] = field(default_factory=tuple)

    def __str__(self) -> str:
        lines = [f"{self.status} {self.title}: {self.detail}"]
        lines += [f"  {e.get('pointer') or '/'}: {e.get('message')} ({e.get('code')})" for e in self.errors]
        return "\n".join(lines)


class RefereeUnavailable(ConnectionError):
    """Nothing answered at the service's URL."""


class RefereeClient:
    """``RefereeClient("http://127.0.0.1:8000").calculus(castles, players)``."""

    def __init__(self, url: str = DEFAULT_URL, *, timeout: float = DEFAULT_TIMEOUT, session: requests.Session | None = None) -> None:
        self.url = url.rstrip("/")
        self.timeout = timeout
        self.session = session or requests.Session()

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

    def standings(self, rows_or_file: Sequence[Mapping[str, Any]] | Path | str, *, answer: str = "json", rules: Mapping[str, Any] | None = None) -> Any:
        """Standings from JSON rows or a CSV/XLSX file; ``answer`` json gives data, csv/xlsx the file's bytes."""
        path = "/v1/24-kings/tournaments/standings"
        if isinstance(rows_or_file, Path | str):
            file = Path(rows_or_file)
            kind = XLSX if file.suffix.lower() == ".xlsx" else "text/csv"
            params = {"format": answer, **{k: str(v).lower() for k, v in (rules or {}).items()}}
            response = self._send("POST", path, data=file.read_bytes(), headers={"Content-Type": kind}, params=params)
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
    )
