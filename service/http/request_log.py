"""Request ids, and one JSON line per request (the access log) and per failure (the error log).

Every answer carries ``X-Request-ID``: the client's own when it sent a usable one
(1 to 128 letters, digits and ``._:-``; a proxy's id passes through), else a new
one. The id is in the access line of the request and in every log line written
while it is served, so an operator can follow one request from the proxy to the
traceback. Lines go to standard output as JSON (python-json-logger): ``time``,
``level``, ``logger``, ``message``, and for the access log ``method``, ``path``,
``status``, ``duration_ms``, ``bytes``, ``remote_addr``, ``request_id``.
"""

from __future__ import annotations

import logging
import re
import sys
import time
import uuid
from typing import Any

from flask import Flask, Response, g, has_request_context, request
from pythonjsonlogger.json import JsonFormatter

REQUEST_ID_HEADER = "X-Request-ID"
_USABLE_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
LOGGER = "service"  # the package's loggers: service.access, service.http.problems (unexpected errors)...
access_log = logging.getLogger("service.access")


class RequestIdFilter(logging.Filter):
    """Adds the request id to every line logged while a request is served."""

    def filter(self, record: logging.LogRecord) -> bool:
        if has_request_context() and not hasattr(record, "request_id"):
            record.request_id = g.get("request_id")
        return True


class StdoutHandler(logging.StreamHandler[Any]):
    """Writes to whatever ``sys.stdout`` is when a line is written (test runners swap it)."""

    def __init__(self) -> None:
        super().__init__()

    @property
    def stream(self) -> Any:
        return sys.stdout

    @stream.setter
    def stream(self, value: Any) -> None:
        pass


def json_handler() -> logging.Handler:
    handler = StdoutHandler()
    handler.setFormatter(
        JsonFormatter("{asctime}{levelname}{name}{message}", style="{", rename_fields={"asctime": "time", "levelname": "level", "name": "logger"})
    )
    handler.addFilter(RequestIdFilter())
    return handler


def init_request_log(app: Flask) -> None:
    """Request ids on every answer; JSON access and error lines on standard output (``ACCESS_LOG`` false: no access lines)."""
    logger = logging.getLogger(LOGGER)
    if not any(getattr(handler, "kings_json", False) for handler in logger.handlers):  # once per process, however many apps
        handler = json_handler()
        handler.kings_json = True  # type: ignore[attr-defined]
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
    access = bool(app.config.get("ACCESS_LOG", True))

    @app.before_request
    def start() -> None:
        g.started = time.perf_counter()
        sent = request.headers.get(REQUEST_ID_HEADER)
        g.request_id = sent if sent is not None and _USABLE_ID.fullmatch(sent) else uuid.uuid4().hex

    @app.after_request
    def finish(response: Response) -> Response:
        request_id = g.get("request_id") or uuid.uuid4().hex  # a request refused before routing has none yet
        response.headers[REQUEST_ID_HEADER] = request_id
        if access:
            started = g.get("started")
            access_log.info(
                "request",
                extra={
                    "method": request.method,
                    "path": request.path,
                    "status": response.status_code,
                    "duration_ms": round((time.perf_counter() - started) * 1000, 3) if started else None,
                    "bytes": response.content_length,
                    "remote_addr": request.remote_addr,
                    "request_id": request_id,
                },
            )
        return response
