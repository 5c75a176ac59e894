"""SIGTERM drains: a request gunicorn has accepted finishes within the graceful timeout, and gunicorn then exits cleanly."""

from __future__ import annotations

import json
import signal
import socket
import time

import pytest

from benchmarks.http_bench import free_port, start_gunicorn
from benchmarks.soak_proxy import read_answer
from service import serving
from service.games.kings.web import CALCULUS_REQUEST


@pytest.mark.slow
def test_a_request_in_flight_at_sigterm_is_answered(tmp_path, monkeypatch):
    monkeypatch.setenv("WEB_CONCURRENCY", "1")
    port = free_port()
    server = start_gunicorn(port, tmp_path / "gunicorn.log")
    try:
        body = json.dumps(CALCULUS_REQUEST).encode()
        head = f"POST /v1/24-kings/calculus HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        with socket.create_connection(("127.0.0.1", port), timeout=serving.graceful_timeout + 5) as connection:
            connection.sendall(head.encode() + body[:20])
            time.sleep(0.5)  # the one worker has accepted it and waits for the rest of the body
            stopping = time.monotonic()
            server.send_signal(signal.SIGTERM)
            time.sleep(1.5)  # the worker has been told to stop, and still holds this request
            connection.sendall(body[20:])
            status, _, answer = read_answer(connection)
        assert status == 200 and json.loads(answer)["winners"] == ["bob"]
        assert server.wait(timeout=serving.graceful_timeout + 5) == 0
        assert time.monotonic() - stopping < serving.graceful_timeout
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
