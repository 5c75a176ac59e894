"""The production setup on loopback: the project's gunicorn, and Debian's nginx on deploy/nginx.conf in front of it."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest

from benchmarks.http_bench import free_port
from benchmarks.soak_proxy import nginx_binary, start_nginx, stop


@pytest.fixture(scope="session")
def backend(server) -> int:
    """The suite's gunicorn (tests/conftest.py: the packaged settings, 2 sync workers, fewer than the 6 slow clients): its port."""
    return int(server.rsplit(":", 1)[1])


def nginx_in_front(tmp_path, upstream: int) -> Iterator[int]:
    if nginx_binary() is None:
        pytest.skip("Debian's nginx is not installed (apt-get install nginx-light; .ci/run installs it): the proxy tests need it")
    port = free_port()
    proxy = start_nginx(tmp_path / "nginx", port, upstream)
    yield port
    stop(proxy)


@pytest.fixture
def proxy(tmp_path, backend) -> Iterator[int]:
    """A fresh nginx (fresh rate-limit zones) on the very deploy/nginx.conf, in front of ``backend``: its port."""
    yield from nginx_in_front(tmp_path, backend)


@pytest.fixture
def proxy_to_nothing(tmp_path) -> Iterator[int]:
    """nginx in front of a port nobody listens on."""
    yield from nginx_in_front(tmp_path, free_port())


class Recorder(BaseHTTPRequestHandler):
    """An upstream that records what nginx sends it (the moment it arrived, the headers, the body) and answers 200."""

    seen: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:
        arrived = time.monotonic()
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.seen.append({"arrived": arrived, "headers": dict(self.headers), "body": body})
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    do_GET = do_POST

    def log_message(self, *_: Any) -> None:
        pass


@pytest.fixture
def recorded(tmp_path) -> Iterator[tuple[int, list[dict[str, Any]]]]:
    """nginx on deploy/nginx.conf in front of a recording upstream: (nginx's port, what the upstream received)."""
    upstream = ThreadingHTTPServer(("127.0.0.1", free_port()), Recorder)
    Recorder.seen = []
    thread = threading.Thread(target=upstream.serve_forever, daemon=True)
    thread.start()
    try:
        for port in nginx_in_front(tmp_path, upstream.server_address[1]):
            yield port, Recorder.seen
    finally:
        upstream.shutdown()
        upstream.server_close()
