"""The request-log middleware's own parts (issue 25): new request ids, read from the operating system's random source
a batch at a time, never given twice and never shared by two processes forked from one (gunicorn's workers from its
master); the body's guard, on every request that has a body and on no other."""

from __future__ import annotations

import io
import os
import re
from typing import Any

import pytest

from service.http.problems import GuardedInput
from service.http.request_log import RequestIds, RequestLog


def test_ids_are_32_hex_digits_and_never_repeat_across_batches() -> None:
    ids = RequestIds()
    given = [ids.next() for _ in range(3 * RequestIds.BATCH + 5)]  # more than three batches read
    assert all(re.fullmatch(r"[0-9a-f]{32}", one) for one in given)
    assert len(set(given)) == len(given)


def test_each_batch_is_one_read_of_the_random_source(monkeypatch: Any) -> None:
    reads: list[int] = []
    real = os.urandom

    def counted(size: int) -> bytes:
        reads.append(size)
        return real(size)

    monkeypatch.setattr(os, "urandom", counted)
    ids = RequestIds()
    for _ in range(2 * RequestIds.BATCH + 1):
        ids.next()
    assert reads == [16 * RequestIds.BATCH] * 3


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_never_gives_the_ids_its_parent_read() -> None:
    ids = RequestIds()
    ids.next()  # the parent has read a batch: BATCH - 1 ids wait in it
    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover  (the child: send its first ids, and leave at once)
        os.close(reading)
        os.write(writing, "".join(ids.next() for _ in range(4)).encode())
        os._exit(0)
    os.close(writing)
    with os.fdopen(reading, "rb") as pipe:
        sent = pipe.read().decode()
    os.waitpid(child, 0)
    in_child = {sent[start : start + 32] for start in range(0, len(sent), 32)}
    in_parent = {ids.next() for _ in range(RequestIds.BATCH - 1)}  # every id the parent had read before the fork
    assert len(in_child) == 4 and not in_child & in_parent


@pytest.mark.parametrize(
    ("headers", "guarded"),
    [
        ({}, False),  # RFC 9112, 6.3: a request with neither header has no body
        ({"CONTENT_LENGTH": "2"}, True),
        ({"CONTENT_LENGTH": "0"}, True),
        ({"HTTP_TRANSFER_ENCODING": "chunked"}, True),
        ({"CONTENT_LENGTH": "2", "HTTP_TRANSFER_ENCODING": "chunked"}, True),
    ],
)
def test_the_body_is_read_through_the_guard_whenever_the_request_may_have_one(headers: dict[str, str], guarded: bool) -> None:
    seen: list[Any] = []

    def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        seen.append(environ["wsgi.input"])
        start_response("200 OK", [("Content-Length", "0")])
        return []

    stream = io.BytesIO(b"{}")
    RequestLog(app, False)({"REQUEST_METHOD": "POST", "PATH_INFO": "/", "wsgi.input": stream, **headers}, lambda *args: None)
    assert isinstance(seen[0], GuardedInput) is guarded and (seen[0] is stream) is not guarded
