"""The production setup on loopback: the project's gunicorn, and Debian's nginx on deploy/nginx.conf in front of it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from benchmarks.http_bench import free_port, start_gunicorn
from benchmarks.soak_proxy import nginx_binary, start_nginx, stop


@pytest.fixture(scope="module")
def backend(tmp_path_factory, monkeypatch_module) -> Iterator[int]:
    """gunicorn on the packaged settings with 2 sync workers (fewer than the 6 slow clients): its port."""
    port = free_port()
    monkeypatch_module.setenv("WEB_CONCURRENCY", "2")
    server = start_gunicorn(port, tmp_path_factory.mktemp("gunicorn") / "gunicorn.log")
    yield port
    stop(server)


@pytest.fixture(scope="module")
def monkeypatch_module() -> Iterator[pytest.MonkeyPatch]:
    with pytest.MonkeyPatch.context() as patch:
        yield patch


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
