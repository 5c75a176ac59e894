"""gunicorn settings, shipped with the package: ``gunicorn -c python:service.serving``.

`make run`, `kings serve` and the Docker image all load this module, so the
service runs the same way from a checkout, an installed wheel or a container.
It binds loopback unless told otherwise: ``KINGS_HOST=0.0.0.0`` (the Docker
image sets it) opens it to every interface. (Not ``HOST``: zsh sets that to the
machine's name.) ``PORT`` picks the port and ``WEB_CONCURRENCY`` the number of
sync workers.
"""

from __future__ import annotations

import multiprocessing
import os

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def _address(host: str, port: str) -> str:
    """``host:port``, with an IPv6 host in brackets (``[::]:8000``)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


bind = _address(os.environ.get("KINGS_HOST", DEFAULT_HOST), os.environ.get("PORT", str(DEFAULT_PORT)))
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
worker_class = "sync"
wsgi_app = "service:create_app()"
accesslog = None  # the app writes its own JSON access line, with the request id (service/http/request_log.py)
errorlog = "-"
timeout = 30
graceful_timeout = 10
# Bodies are capped at 1 MiB by the app; these bound the request line and headers.
limit_request_line = 8190
limit_request_fields = 100
# gunicorn's runtime control socket defaults to one path per user
# (~/.gunicorn/gunicorn.ctl), so two servers of the same user (the test
# fixtures start several) would take it from each other; nothing here uses it.
control_socket_disable = True
