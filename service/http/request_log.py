"""Request ids, and one JSON line per request (the access log) and per failure (the error log).

Every answer carries ``X-Request-ID``: the client's own when it sent a usable one
(1 to 128 letters, digits and ``._:-``; a proxy's id passes through), else a new
one. The id is in the access line of the request and in every log line written
while it is served, so an operator can follow one request from the proxy to the
traceback. Lines go to standard output as JSON, each encoded by orjson in one
call (:func:`json_line`): ``time``, ``level``, ``logger``, ``message``, and for
the access log ``method``, ``path``, ``status``, ``duration_ms``, ``bytes``,
``remote_addr``, ``request_id``; an error line has the traceback in ``exc_info``.

The id and the access line live in a WSGI middleware around the Flask app
(:class:`RequestLog`), not in Flask's request hooks: it reads the environ and the
status and headers the app starts its answer with, so it never goes through
Flask's context proxies or a ``logging`` record, and it times the whole request.
Together they cost a few microseconds a request (BENCHMARKS.md, issue 25). The same
middleware adds the headers every answer carries (the security headers,
:data:`service.http.security_headers.ANSWER_HEADERS`), each unless the app set its own.
"""

from __future__ import annotations

import logging
import os
import re
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

import orjson
from flask import Flask, has_request_context, request

from .problems import GuardedInput

REQUEST_ID_HEADER = "X-Request-ID"
REQUEST_ID_KEY = "kings.request_id"  # where the middleware leaves the id in the WSGI environ
MIDDLEWARE_KEY = "request_log"  # the middleware in the app's extensions (other layers wrap it: benchmarks/request_path.py)
_USABLE_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
LOGGER = "service"  # the package's loggers: service.access, service.http.problems (unexpected errors)...
ACCESS_LOGGER = "service.access"
access_log = logging.getLogger(ACCESS_LOGGER)
# Attributes every LogRecord has; anything else on a record came in ``extra`` and goes into the line.
_RECORD_FIELDS = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message", "asctime"}


class RequestIds:
    """New request ids: 128 bits each from the operating system's random source (``os.urandom``), read for
    :attr:`BATCH` ids at a time.

    ``os.urandom(16).hex()`` per request was one system call each: 1.7 µs a new id against 0.8 read 4 KiB at a
    time, one call per 256 requests (timeit, 2 shared cores at a load of 7: BENCHMARKS.md, issue 25), and the
    ids are the same unguessable bytes. Not a cache: no id is ever given twice. The ids read and not yet given are dropped in a
    forked child (``os.register_at_fork``), so two workers forked from one master never share any; a ``deque``
    gives each to one thread only.
    """

    BATCH = 256  # ids read at a time: 4 KiB of random bytes, ≈ 20 KiB of id strings held at most

    def __init__(self) -> None:
        self._ready: deque[str] = deque()
        os.register_at_fork(after_in_child=self._ready.clear)

    def next(self) -> str:
        """A new id: 32 lowercase hex digits."""
        try:
            return self._ready.popleft()
        except IndexError:
            text = os.urandom(16 * self.BATCH).hex()
            self._ready.extend(text[start : start + 32] for start in range(32, len(text), 32))
            return text[:32]


new_request_id = RequestIds().next

_second: tuple[int, str] = (-1, "")  # the last whole second formatted, and its text: one entry, replaced each second
_MILLIS = tuple(f"{milli:03d}" for milli in range(1000))  # "000" to "999": formatting one costs more than the rest of the time text


def log_time(milliseconds: int) -> str:
    """``2026-11-26 20:45:05,333``: the local time of a line, to the millisecond (logging's default format), from
    the time in whole milliseconds since the epoch (``time.time_ns() // 1_000_000``: integers, no float to split).

    Formatting the date and time costs 4 µs, a quarter of the access line; it changes once a
    second, so the text of the last second is kept (one entry, replaced when the second changes),
    and the milliseconds' three digits are read from a table made once (formatting them took
    0.5 µs of the 0.9 µs this function cost).
    """
    global _second
    whole = milliseconds // 1000
    if _second[0] != whole:
        _second = (whole, time.strftime("%Y-%m-%d %H:%M:%S,", time.localtime(whole)))
    return _second[1] + _MILLIS[milliseconds - whole * 1000]


def json_line(fields: dict[str, Any]) -> str:
    """One log line: ``fields`` as compact JSON, in their order, and a newline. What orjson cannot encode is written as text."""
    return orjson.dumps(fields, default=str, option=orjson.OPT_APPEND_NEWLINE).decode()


def current_request_id() -> str | None:
    """The id of the request being served, if any."""
    return request.environ.get(REQUEST_ID_KEY) if has_request_context() else None


class JsonLineFormatter(logging.Formatter):
    """A log record as one JSON line (without the newline, which the handler adds)."""

    def format(self, record: logging.LogRecord) -> str:
        fields: dict[str, Any] = {
            "time": log_time(int(record.created * 1000)),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        fields |= {key: value for key, value in record.__dict__.items() if key not in _RECORD_FIELDS}
        if record.exc_info:
            fields["exc_info"] = self.formatException(record.exc_info)
        if record.stack_info:
            fields["stack_info"] = self.formatStack(record.stack_info)
        return json_line(fields).rstrip("\n")


class RequestIdFilter(logging.Filter):
    """Adds the request id to every line logged while a request is served."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            request_id = current_request_id()
            if request_id is not None:
                record.request_id = request_id
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
    handler.setFormatter(JsonLineFormatter())
    handler.addFilter(RequestIdFilter())
    return handler


StartResponse = Callable[..., Any]
WsgiApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class RequestLog:
    """WSGI middleware: give the request its id (in the environ and on the answer), read its body through
    :class:`~service.http.problems.GuardedInput` when it has one (a body the server cannot read is a 400, not a 500), add the headers
    every answer carries (``answer_headers``, each unless the app set its own), and write the access line."""

    def __init__(self, app: WsgiApp, access: bool, answer_headers: Iterable[tuple[str, str]] = ()) -> None:
        self.app = app
        self.access = access
        self.answer_headers = tuple((name, value, name.lower()) for name, value in answer_headers)
        self.answer_names = frozenset(lowered for _, _, lowered in self.answer_headers)
        self.answer_pairs = [(name, value) for name, value, _ in self.answer_headers]

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        started = time.perf_counter()
        sent = environ.get("HTTP_X_REQUEST_ID")
        request_id = sent if sent is not None and _USABLE_ID.fullmatch(sent) else new_request_id()
        environ[REQUEST_ID_KEY] = request_id
        # A request with neither Content-Length nor Transfer-Encoding has no body (RFC 9112, 6.3): nothing to guard.
        if "CONTENT_LENGTH" in environ or "HTTP_TRANSFER_ENCODING" in environ:
            stream = environ.get("wsgi.input")
            if stream is not None:
                environ["wsgi.input"] = GuardedInput(stream)
        status = length = None

        def start(answer_status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            nonlocal status, length
            status, length = answer_status, None  # the last start wins (an error page may restart the answer)
            own = None  # the answer headers the app set itself (the docs' and the phone page's policies)
            for name, value in headers:
                lowered = name.lower()
                if lowered == "content-length":
                    length = value
                elif lowered in self.answer_names:
                    if own is None:
                        own = set()
                    own.add(lowered)
            if own is None:  # nearly every answer: all of them
                headers.extend(self.answer_pairs)
            else:
                headers.extend((name, value) for name, value, lowered in self.answer_headers if lowered not in own)
            headers.append((REQUEST_ID_HEADER, request_id))
            return start_response(answer_status, headers, exc_info)

        body = self.app(environ, start)
        if self.access and status is not None and access_log.isEnabledFor(logging.INFO):
            path = environ.get("PATH_INFO", "")
            sys.stdout.write(
                json_line(
                    {
                        "time": log_time(time.time_ns() // 1_000_000),
                        "level": "INFO",
                        "logger": ACCESS_LOGGER,
                        "message": "request",
                        "method": environ.get("REQUEST_METHOD"),
                        "path": path if path.isascii() else path.encode("latin-1").decode("utf-8", "replace"),
                        "status": int(status[:3]),
                        "duration_ms": int((time.perf_counter() - started) * 1e6) / 1000,  # to the µs
                        "bytes": int(length) if length is not None and length.isdigit() else None,
                        "remote_addr": environ.get("REMOTE_ADDR"),
                        "request_id": request_id,
                    }
                )
            )
        return body


def init_request_log(app: Flask, answer_headers: Iterable[tuple[str, str]] = ()) -> None:
    """Request ids and ``answer_headers`` on every answer; JSON access and error lines on standard output
    (``ACCESS_LOG`` false: no access lines)."""
    logger = logging.getLogger(LOGGER)
    if not any(getattr(handler, "kings_json", False) for handler in logger.handlers):  # once per process, however many apps
        handler = json_handler()
        handler.kings_json = True  # type: ignore[attr-defined]
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
    middleware = RequestLog(app.wsgi_app, bool(app.config.get("ACCESS_LOG", True)), answer_headers)
    app.extensions[MIDDLEWARE_KEY] = middleware
    app.wsgi_app = middleware  # type: ignore[method-assign]
