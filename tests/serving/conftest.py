"""The production setup on loopback: the project's gunicorn, and Debian's nginx on deploy/nginx.conf in front of it."""

from __future__ import annotations

from collections.abc import Iterator

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
