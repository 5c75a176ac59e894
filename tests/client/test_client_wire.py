"""The Python client on the wire, against a scripted HTTP server (no referee): its errors, its retries, its answers.

The server answers each request with the next reply of its script, so each test states exactly what the wire
carried; the expected values are the script's, not the client's.
"""

from __future__ import annotations

import json
import pickle
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from card_referee_client import SAFE_RETRIES, RefereeClient, RefereeError

PROBLEM = {
    "type": "urn:24-kings:problem:invalid-input",
    "title": "Invalid input",
    "status": 422,
    "detail": "1 problem",
    "instance": "/v1/24-kings/hands",
    "errors": [{"pointer": "/cards/0", "code": "unknown_card", "message": "XX is not a card"}],
}


@dataclass
class Script:
    """Replies to give, in order (status, headers, body), and the requests seen (method, path, body)."""

    replies: list[tuple[int, dict[str, str], Any]]
    seen: list[tuple[str, str, Any]] = field(default_factory=list)
    url: str = ""


@pytest.fixture
def scripted() -> Iterator[Callable[..., Script]]:
    servers: list[ThreadingHTTPServer] = []

    def start(*replies: tuple[int, dict[str, str], Any]) -> Script:
        script = Script(list(replies))

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                is_json = "json" in self.headers.get("Content-Type", "")
                script.seen.append((self.command, self.path, (json.loads(body) if is_json else body) if body else None))
                status, headers, answer = script.replies.pop(0) if len(script.replies) > 1 else script.replies[0]
                data = answer if isinstance(answer, bytes) else json.dumps(answer).encode()  # bytes: a proxy's own HTML page
                self.send_response(status)
                kind = "text/html" if isinstance(answer, bytes) else "application/problem+json" if status >= 400 else "application/json"
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = _answer

            def log_message(self, *args: Any) -> None:
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        script.url = f"http://127.0.0.1:{server.server_address[1]}"
        return script

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def test_a_refusal_carries_the_problems_instance_and_the_answers_request_id(scripted):
    script = scripted((422, {"X-Request-ID": "req-42"}, PROBLEM))
    with pytest.raises(RefereeError) as caught:
        RefereeClient(script.url, timeout=5).call("POST", "/v1/24-kings/hands", {"cards": ["XX"]})
    error = caught.value
    assert (error.status, error.type, error.title, error.detail) == (422, PROBLEM["type"], "Invalid input", "1 problem")
    assert error.instance == "/v1/24-kings/hands" and error.request_id == "req-42"
    assert error.errors == tuple(PROBLEM["errors"])
    assert "req-42" in str(error) and "/cards/0: XX is not a card (unknown_card)" in str(error)


@contextmanager
def block() -> Iterator[None]:
    yield


def test_the_error_passes_through_with_blocks():
    """contextlib sets the traceback on the way out of a ``with`` block: a frozen exception would turn into FrozenInstanceError."""
    error = RefereeError(422, "Invalid input", "1 problem", PROBLEM["type"], PROBLEM["errors"], "/v1/24-kings/hands", "req-42")
    with pytest.raises(RefereeError) as caught, block():
        raise error
    assert caught.value is error and caught.value.__traceback__ is not None
    try:
        try:
            raise ValueError("underneath")
        except ValueError as cause:
            raise error from cause
    except RefereeError as chained:
        assert isinstance(chained.__cause__, ValueError)


def test_the_error_pickles_with_every_field():
    error = RefereeError(422, "Invalid input", "1 problem", PROBLEM["type"], PROBLEM["errors"], "/v1/24-kings/hands", "req-42")
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is RefereeError
    fields = ("status", "title", "detail", "type", "errors", "instance", "request_id")
    assert {name: getattr(back, name) for name in fields} == {
        "status": 422,
        "title": "Invalid input",
        "detail": "1 problem",
        "type": PROBLEM["type"],
        "errors": tuple(PROBLEM["errors"]),
        "instance": "/v1/24-kings/hands",
        "request_id": "req-42",
    }
    assert str(back) == str(error)


@pytest.mark.parametrize("status", [429, 502, 503, 504])
def test_a_busy_or_lost_answer_is_tried_again_post_included(scripted, status):
    script = scripted((status, {}, {"title": "busy", "status": status, "detail": "later"}), (200, {}, {"solvable": True}))
    assert RefereeClient(script.url, timeout=5).call("POST", "/v1/twenty-four/solve", {"values": [2, 4, 10, 10]}) == {"solvable": True}
    assert [(method, path, body) for method, path, body in script.seen] == [("POST", "/v1/twenty-four/solve", {"values": [2, 4, 10, 10]})] * 2


def test_retry_after_is_waited_for(scripted):
    script = scripted((503, {"Retry-After": "1"}, {"title": "busy", "status": 503, "detail": "later"}), (200, {}, {"status": "ok"}))
    started = time.monotonic()
    assert RefereeClient(script.url, timeout=5).call("GET", "/healthz") == {"status": "ok"}
    assert time.monotonic() - started >= 1.0 and len(script.seen) == 2


def test_tries_end_with_the_last_answers_problem(scripted):
    script = scripted((503, {"X-Request-ID": "r"}, {"title": "Service Unavailable", "status": 503, "detail": "overloaded"}))
    with pytest.raises(RefereeError) as caught:
        RefereeClient(script.url, timeout=5).call("GET", "/healthz")
    assert caught.value.status == 503 and caught.value.detail == "overloaded"
    assert len(script.seen) == 1 + 3  # the first try and three more (SAFE_RETRIES)


def test_a_refusal_or_a_fault_is_not_tried_again(scripted):
    for status in (422, 500):
        script = scripted((status, {}, {"title": "no", "status": status, "detail": "no"}), (200, {}, {}))
        with pytest.raises(RefereeError):
            RefereeClient(script.url, timeout=5).call("POST", "/v1/24-kings/hands", {})
        assert len(script.seen) == 1


def test_retries_back_off_and_can_be_turned_off(scripted):
    assert SAFE_RETRIES.backoff_factor > 0 and SAFE_RETRIES.respect_retry_after_header
    script = scripted((503, {}, {"title": "busy", "status": 503, "detail": "later"}), (200, {}, {}))
    with pytest.raises(RefereeError):
        RefereeClient(script.url, timeout=5, retries=0).call("GET", "/healthz")
    assert len(script.seen) == 1


def test_next_game_applies_the_deal_move_that_legal_lists(scripted):
    """The next game is the next dealer's deal move: /moves/legal then /moves/apply (the answers here are the script's)."""
    finished = {"seed": 7, "players": [{"name": "ann"}, {"name": "bob"}], "phase": "over"}
    applied = {"move": {"action": "deal", "player": "bob"}, "state": {"seed": 8}, "events": []}
    script = scripted((200, {}, {"player": "bob", "phase": "over", "moves": [{"player": "bob", "action": "deal"}]}), (200, {}, applied))
    assert RefereeClient(script.url, timeout=5).next_game(finished) == applied
    assert script.seen == [
        ("POST", "/v1/24-kings/moves/legal", {"state": finished}),
        ("POST", "/v1/24-kings/moves/apply", {"state": finished, "move": {"action": "deal", "player": "bob"}}),
    ]


def test_next_game_of_a_real_table_asks_for_its_cards(scripted):
    finished = {"seed": 7, "deal": "physical", "phase": "over"}
    script = scripted((200, {}, {"player": "bob", "moves": [{"player": "bob", "action": "deal", "fill": {"castles": "four cards"}}]}))
    with pytest.raises(ValueError, match="castles"):
        RefereeClient(script.url, timeout=5).next_game(finished)


def test_members_beyond_rfc_9457s_are_kept_in_extensions(scripted):
    """A limit's problem carries ``limit`` and ``found``, a long list ``errors_omitted``: typed clients must not drop them."""
    too_big = {**PROBLEM, "status": 413, "title": "Too many rows", "limit": 2000, "found": 2001, "errors_omitted": 3}
    script = scripted((413, {}, too_big))
    with pytest.raises(RefereeError) as caught:
        RefereeClient(script.url, timeout=5).invoke("post_v1_24_kings_tournaments_standings", b"game,player,points\r\n")
    error = caught.value
    assert script.seen == [("POST", "/v1/24-kings/tournaments/standings", b"game,player,points\r\n")]  # a sheet goes as it is
    assert (error.status, error.title, error.instance) == (413, "Too many rows", "/v1/24-kings/hands")
    assert dict(error.extensions) == {"limit": 2000, "found": 2001, "errors_omitted": 3}
    assert pickle.loads(pickle.dumps(error)).extensions == error.extensions


def test_a_proxys_page_that_is_no_problem_document_keeps_its_status_and_reason(scripted):
    script = scripted((502, {}, b"<html><body>502 Bad Gateway</body></html>"))
    with pytest.raises(RefereeError) as caught:
        RefereeClient(script.url, timeout=5, retries=0).invoke("get_healthz")
    error = caught.value
    assert (error.status, error.title, error.type, error.instance, error.errors) == (502, "Bad Gateway", "about:blank", None, ())
    assert "502 Bad Gateway" in error.detail and dict(error.extensions) == {}


def test_an_operation_is_sent_as_the_document_says(scripted):
    """invoke: the operation's method and path, the body as JSON, query parameters as text; the request is the script's record."""
    script = scripted((200, {}, {"standings": []}))
    client = RefereeClient(script.url, timeout=5)
    assert client.invoke("post_v1_three_kings_tournaments_standings", {"rows": []}, format="json", bom=False) == {"standings": []}
    assert client.invoke("get_v1_1923_rules") == {"standings": []}
    assert script.seen == [("POST", "/v1/three-kings/tournaments/standings?format=json&bom=false", {"rows": []}), ("GET", "/v1/1923/rules", None)]
