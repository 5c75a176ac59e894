"""Security headers (issue 29): every answer, the API's, the docs' and the phone page's, says nosniff, a Referrer-Policy and a
Content-Security-Policy that no other site may frame it; the docs' page may run only its own inline script, by hash."""

from __future__ import annotations

import base64
import hashlib
from html.parser import HTMLParser
from typing import Any

import pytest

from service.table import CONTENT_SECURITY_POLICY as TABLE_POLICY


def directives(header: str) -> dict[str, list[str]]:
    return {name: values for name, *values in (part.split() for part in header.split(";") if part.strip())}


ANSWERS = [
    ("GET", "/healthz", None),
    ("GET", "/v1/games", None),
    ("GET", "/openapi.json", None),
    ("GET", "/v1/no-such-game/rules", None),  # 404 problem
    ("DELETE", "/v1/games", None),  # 405 problem
    ("POST", "/v1/twenty-four/solve", {"values": [2, 4, 10, 10]}),
    ("POST", "/v1/twenty-four/solve", {"values": "nonsense"}),  # 422 problem
    ("GET", "/docs/", None),
    ("GET", "/docs/swagger-ui.css", None),
    ("GET", "/table/", None),
    ("GET", "/table/app.js", None),
]


@pytest.mark.parametrize(("method", "path", "body"), ANSWERS, ids=[f"{m} {p} {'body' if b else ''}" for m, p, b in ANSWERS])
def test_every_answer_carries_the_security_headers(client: Any, method: str, path: str, body: Any) -> None:
    answer = client.open(path, method=method, json=body)
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    policy = directives(answer.headers["Content-Security-Policy"])
    assert policy["frame-ancestors"] == ["'none'"] and policy["default-src"] == ["'none'"]
    answer.close()


def test_the_api_loads_nothing(client: Any) -> None:
    assert directives(client.get("/v1/games").headers["Content-Security-Policy"]) == {"default-src": ["'none'"], "frame-ancestors": ["'none'"]}


def test_the_phone_page_keeps_its_own_strict_policy(client: Any) -> None:
    assert client.get("/table/").headers["Content-Security-Policy"] == TABLE_POLICY


class InlineScripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inline: list[str] = []
        self._open: bool = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            self._open = not any(name == "src" for name, _ in attrs)
            if self._open:
                self.inline.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._open = False

    def handle_data(self, data: str) -> None:
        if self._open:
            self.inline[-1] += data


@pytest.mark.parametrize("host", ["localhost", "referee.example"])
def test_the_docs_page_may_run_its_own_inline_script_and_nothing_else_inline(client: Any, host: str) -> None:
    """The inline script names the request's address (Swagger UI's OAuth redirect), so its hash is the page's as sent."""
    answer = client.get("/docs/", headers={"Host": host})
    parser = InlineScripts()
    parser.feed(answer.get_data(as_text=True))
    assert len(parser.inline) == 1 and host in parser.inline[0]
    digest = base64.b64encode(hashlib.sha256(parser.inline[0].encode()).digest()).decode()
    policy = directives(answer.headers["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'", f"'sha256-{digest}'"]
    assert policy["connect-src"] == ["'self'"] and policy["base-uri"] == ["'none'"] and policy["form-action"] == ["'none'"]
    assert "'unsafe-inline'" not in policy["script-src"] and "'unsafe-eval'" not in policy["script-src"]


def test_the_docs_page_asks_no_validator_elsewhere(client: Any) -> None:
    assert '"validatorUrl": null' in client.get("/docs/").get_data(as_text=True)
