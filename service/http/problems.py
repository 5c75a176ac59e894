"""RFC 9457 problem documents for every error, and strict JSON request bodies.

Every 4xx/5xx answer is ``application/problem+json`` with ``type``, ``title``,
``status``, ``detail``, ``instance`` and ``errors`` (a JSON pointer, a code and
a message per problem), so a client can act on each one.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Iterator, Mapping
from http import HTTPStatus
from itertools import islice
from typing import Any

import orjson
from flask import Response, request
from marshmallow import Schema, ValidationError
from werkzeug.exceptions import BadRequest, HTTPException, RequestEntityTooLarge, UnprocessableEntity, UnsupportedMediaType

from schemas.base import LeanSchema
from schemas.fields import Unsure
from service.core.caches import memo, per_game
from service.core.problems import MAX_PROBLEMS, InvalidInput, problem_type
from service.core.verdicts import IllegalMove
from service.games import GAME_PACKAGES, registered
from service.tournaments.rows import BadRows

from .lengths import check_lengths, merged

PROBLEM_MIME = "application/problem+json"
JSON_ONLY = frozenset({"application/json"})
MAX_JSON_DEPTH = 32
MAX_CONTAINERS = 25_000  # arrays and objects in one body
MAX_VALUES = 100_000  # values in one body
MAX_ERRORS = MAX_PROBLEMS  # a problem document lists the first 100 errors and counts the rest
TOO_DEEP = f"the JSON nests deeper than {MAX_JSON_DEPTH} levels"
log = logging.getLogger(__name__)


class MalformedJson(BadRequest):
    """The body is not JSON this service reads: bad syntax, NaN/Infinity, duplicate keys, nesting too deep, too many values.

    ``code`` is the problem's code (``malformed_json``, ``duplicate_key``, ``too_deep``...).
    """

    def __init__(self, description: str, code: str = "malformed_json") -> None:
        super().__init__(description)
        self.problem_code = code


class UnreadableBody(BadRequest):
    """The request body could not be read: the server's reader failed on it (a bad chunk size, a chunk without its CRLF)."""

    problem_code = "unreadable_body"


class UnsupportedCoding(UnsupportedMediaType):
    """A body sent with a content coding this service does not read (it reads none but ``identity``): a 415 with
    ``Accept-Encoding: identity``, so the client can tell a coding to drop from a media type to change (RFC 9110 §12.5.3).
    Its problem code is its parent's (``_WHOLE_BODY_CODES``)."""

    def get_headers(self, environ: Any = None, scope: Any = None) -> list[tuple[str, str]]:
        return [*super().get_headers(environ, scope), ("Accept-Encoding", "identity")]


class GuardedInput:
    """The WSGI input stream, whose faults are a 400 problem, not a 500.

    gunicorn parses a chunked body as the application reads it, and raises its own errors (``InvalidChunkSize``,
    ``ChunkMissingTerminator``, ``NoMoreData``) from ``read``; whichever reader meets them (:func:`request_bytes`,
    werkzeug's form parser), they are the client's fault. The request-log middleware wraps every request's input
    in one (:class:`service.http.request_log.RequestLog`). The service names no server's classes: any exception but
    an HTTP one, raised while the body is read, is an :class:`UnreadableBody`.
    """

    __slots__ = ("_stream",)

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def read(self, *size: int) -> bytes:
        return self._guarded("read", size)

    def readline(self, *size: int) -> bytes:
        return self._guarded("readline", size)

    def _guarded(self, method: str, size: tuple[int, ...]) -> bytes:
        try:
            data: bytes = getattr(self._stream, method)(*size)
        except HTTPException:
            raise
        except Exception as error:
            raise UnreadableBody(f"the request body could not be read ({type(error).__name__}): check its chunked encoding or its length") from error
        return data

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.readline, b"")

    def close(self) -> None:
        close = getattr(self._stream, "close", None)
        if close is not None:
            close()


def problem_response(
    status: int,
    detail: str,
    errors: Iterable[Mapping[str, object]] = (),
    *,
    slug: str | None = None,
    title: str | None = None,
    headers: Mapping[str, str] | None = None,
    total: int | None = None,
    extra: Mapping[str, object] | None = None,
) -> Response:
    """A problem document; ``slug`` names its kind (:data:`~service.core.problems.PROBLEM_KINDS`: one type URI in every
    game), else ``about:blank`` (RFC 9457 §4.2.1: a plain HTTP status, 404, 405, 406, 413, 415, titled by its phrase).

    At most :data:`MAX_ERRORS` errors are listed, the first ones; ``errors_omitted`` counts the rest
    (``total``, when the caller knows it, saves going through them).
    """
    iterator = iter(errors)
    listed = [dict(error) for error in islice(iterator, MAX_ERRORS + 1)]
    body: dict[str, Any] = {
        "type": problem_type(slug) if slug else "about:blank",
        "title": title or HTTPStatus(status).phrase,
        "status": status,
        "detail": detail,
        "instance": request.path,
        "errors": listed[:MAX_ERRORS],
    }
    if len(listed) > MAX_ERRORS:
        body["errors_omitted"] = (total if total is not None else len(listed) + sum(1 for _ in iterator)) - MAX_ERRORS
    body |= extra or {}  # a check that stopped at its cap: truncated, and what it saw past the cap
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_MIME)
    response.headers.update(headers or {})
    return response


def _code_for(message: object) -> str:
    """A schema message's code, as the check that refused the value gave it (:class:`schemas.fields.CodedMessage`);
    ``invalid`` for a message given none (tests/schemas/test_codes.py finds none in the schemas' fields)."""
    code = getattr(message, "code", None)
    return code if isinstance(code, str) else "invalid"


def pointer_errors(messages: Any, pointer: str = "") -> list[dict[str, str]]:
    """Flatten marshmallow's nested error messages into one error per JSON pointer."""
    return list(iter_pointer_errors(messages, pointer))


def iter_pointer_errors(messages: Any, pointer: str = "") -> Iterator[dict[str, str]]:
    """:func:`pointer_errors` one at a time, so a problem document words only the errors it lists."""
    if isinstance(messages, Mapping):
        for key, value in messages.items():
            where = pointer if key == "_schema" else f"{pointer}/{str(key).replace('~', '~0').replace('/', '~1')}"
            yield from iter_pointer_errors(value, where)
    elif isinstance(messages, list | tuple):
        for item in messages:
            if isinstance(item, Mapping | list):
                yield from iter_pointer_errors(item, pointer)
            else:
                yield {"pointer": pointer, "code": _code_for(item), "message": str(item)}
    else:
        yield {"pointer": pointer, "code": _code_for(messages), "message": str(messages)}


def count_messages(messages: Any) -> int:
    """How many errors :func:`pointer_errors` would give, without wording them (75,000 unknown fields: ≈ 5 ms)."""
    if isinstance(messages, Mapping):
        items: Iterable[Any] = messages.values()
    elif isinstance(messages, list | tuple):
        items = messages
    else:
        return 1
    total = 0
    for item in items:
        if isinstance(item, str) or (type(item) is list and len(item) == 1 and isinstance(item[0], str)):  # the usual leaves (coded messages), counted at once
            total += 1
        elif isinstance(item, Mapping | list):
            total += count_messages(item)
        else:
            total += 1
    return total


def invalid_body(messages: Any) -> Response:
    """The 422 for a body that does not fit its schema: one error per JSON pointer (the first 100 worded)."""
    total = count_messages(messages)
    return problem_response(
        422,
        f"the request body does not fit the schema: {total} problem(s)",
        iter_pointer_errors(messages),
        slug="invalid-body",
        title="Invalid request body",
        total=total,
    )


def from_http_exception(error: HTTPException) -> Response:
    if isinstance(error, OtherGameState):
        return problem_response(
            422,
            error.description,
            [{"pointer": "/state", "code": "other_game_state", "message": error.description}],
            slug="other-game-state",
            title="Another game's state",
        )
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    if status == 422 and "messages" in data:
        return invalid_body(data["messages"])
    headers = {k: v for k, v in error.get_headers() if k.lower() in ("allow", "accept-encoding")}
    detail = error.description or HTTPStatus(status).phrase
    slug, title = _BODY_FAULTS.get(type(error), (None, None))
    code = getattr(error, "problem_code", None) or _whole_body_code(error)  # the whole body is at fault
    errors = [{"pointer": "", "code": code, "message": detail}] if code else []
    return problem_response(status, detail, errors, slug=slug, title=title, headers=headers)


# The statuses about the body as a whole (a 404 or a 405 is about the URL: no place in the body, no error listed).
_WHOLE_BODY_CODES: dict[type[HTTPException], str] = {RequestEntityTooLarge: "body_too_large", UnsupportedMediaType: "unsupported_media_type"}


def _whole_body_code(error: HTTPException) -> str | None:
    """The code of a refusal of the whole body, a kind's subclasses included (a 415 for a content coding is a 415)."""
    return next((code for kind, code in _WHOLE_BODY_CODES.items() if isinstance(error, kind)), None)


_BODY_FAULTS: dict[type[HTTPException], tuple[str, str]] = {
    MalformedJson: ("malformed-json", "Malformed JSON"),
    UnreadableBody: ("unreadable-body", "Unreadable request body"),
}


def from_invalid_input(error: InvalidInput) -> Response:
    found = f"the first {len(error.problems)} problem(s); the check stopped there" if error.truncated else f"{len(error.problems)} problem(s)"
    errors = [p.to_dict() for p in error.problems]
    return problem_response(422, f"the request describes no real table: {found}", errors, slug="invalid-input", title="Impossible table", extra=error.summary())


def from_illegal_move(error: IllegalMove) -> Response:
    errors = [{"pointer": r.pointer, "code": r.code, "message": r.message, "rule": r.rule} for r in error.reasons]  # in the body's frame (referee.in_body)
    return problem_response(422, str(error), errors, slug="illegal-move", title="Illegal move")


def from_bad_rows(error: BadRows) -> Response:
    rows = ", ".join(map(str, sorted({p.row for p in error.problems})))
    errors = [p.to_dict() for p in error.problems]
    return problem_response(422, f"{len(error.problems)} problem(s) in row(s) {rows}", errors, slug="bad-rows", title="Bad result rows")


def from_unexpected(error: Exception) -> Response:
    log.exception("unexpected error on %s", request.path)
    return problem_response(500, "the referee failed unexpectedly; the request was not judged", slug="internal", title="Internal Server Error")


# -- strict JSON --------------------------------------------------------------------------------
def _no_constants(name: str) -> None:
    raise MalformedJson(f"{name} is not a JSON number; this service refuses NaN and Infinity")


# Built once: json.loads with a keyword builds a new decoder for every call.
def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    value = dict(pairs)
    if len(value) != len(pairs):
        raise _duplicate_key()
    return value


def _duplicate_key() -> MalformedJson:
    return MalformedJson("an object in the body names the same key twice; send each key once", code="duplicate_key")


_DECODER = json.JSONDecoder(parse_constant=_no_constants, object_pairs_hook=_no_duplicate_keys)
_STRINGS = re.compile(rb'"[^"]*"')
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")  # then a run of 19 digits is one substring test
_LONG_DIGITS = b"0" * 19
_NOT_STRUCTURE = bytes(sorted(set(range(256)) - set(b'"[]{},:')))
_ONE_BRACKET_KIND = bytes.maketrans(b"{}", b"[]")


def skeleton(raw: bytes) -> bytes:
    """The structure of a JSON text: its brackets, braces, commas and colons outside strings, at C speed.

    Escaped backslashes and quotes go first; then every byte but quotes and the structure is
    dropped, and the strings with them: most strings hold no structure and shrink to ``""`` (an
    empty string, or two strings with no structure between them, which valid JSON cannot have
    anyway), so one ``replace`` removes them and the regular expression is left little or nothing.
    """
    if b"\\" in raw:
        raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    bones = raw.translate(None, _NOT_STRUCTURE).replace(b'""', b"")
    if b'"' in bones:
        bones = _STRINGS.sub(b"", bones)
    return bones


def json_depth(raw: bytes, limit: int | None = None) -> int:
    """How deep arrays and objects nest in a document already known to be valid JSON.

    Objects' braces read as brackets (valid JSON pairs them anyway), and the innermost pairs are
    peeled off until none are left: one ``replace`` removes exactly the pairs that are innermost
    now, so the number of peels is the depth. With a ``limit`` it stops after ``limit + 1`` peels
    (the answer is then ``limit + 1``: deeper than the limit) or when a peel removes nothing (not
    JSON: the parser will say why), so a deep 1 MiB body costs at most ``limit`` passes.
    """
    return _depth(skeleton(raw), limit)


def _depth(bones: bytes, limit: int | None) -> int:
    brackets = bones.translate(_ONE_BRACKET_KIND, b",:")
    depth = 0
    while brackets and (limit is None or depth <= limit):
        peeled = brackets.replace(b"[]", b"")
        if len(peeled) == len(brackets):
            break  # unbalanced: not JSON, which the parser refuses with a better message
        brackets = peeled
        depth += 1
    return depth


def check_structure(raw: bytes) -> None:
    """Refuse, before parsing, a body whose structure costs more than any real request needs.

    At most :data:`MAX_CONTAINERS` arrays and objects, :data:`MAX_VALUES` values (a comma or an
    opening bracket starts one), nesting at most :data:`MAX_JSON_DEPTH` deep (the count stops at the
    limit). The worst valid body (10,000 rows of a standings sheet) holds ≈ 10,000 objects and
    40,000 values. Counted with the strings' brackets and commas (an over-estimate), a body with
    few of them breaks no limit, which skips the skeleton for nearly every request.
    """
    brackets = raw.count(b"[") + raw.count(b"{")
    if brackets <= MAX_JSON_DEPTH and brackets + raw.count(b",") < MAX_VALUES:
        return
    bones = skeleton(raw)
    containers = bones.count(b"[") + bones.count(b"{")
    if containers > MAX_CONTAINERS:
        raise MalformedJson(f"the body holds {containers} arrays and objects; at most {MAX_CONTAINERS} are read", code="too_many_containers")
    values = bones.count(b",") + containers + 1
    if values > MAX_VALUES:
        raise MalformedJson(f"the body holds about {values} values; at most {MAX_VALUES} are read", code="too_many_values")
    if containers > MAX_JSON_DEPTH and _depth(bones, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise MalformedJson(TOO_DEEP, code="too_deep")


# Why duplicate keys are found by counting colons and not by the standard decoder's ``object_pairs_hook`` (the
# library's way, :func:`standard_json`; orjson has none), issue 26: CPU µs of :func:`strict_json` / of the structure
# check and the standard decoder with the hook, best of 7 rounds on 2 shared cores (2026-11-27): the /hands body of
# benchmarks/bodies.py (187 B) 3.9 / 12.5, /moves/apply (1.8 KB) 24.9 / 69.4, the largest bodies of
# benchmarks/worst_bodies.py: 1718 standings (95 KB) 1,131 / 3,708, 1923 match standings (180 KB) 2,654 / 6,702.
def _same_keys(raw: bytes, value: Any) -> bool:
    """Whether ``value`` (orjson's reading of ``raw``) holds as many keys as ``raw`` names: colons outside strings.

    With no backslash in it, a body's strings are written back by orjson as they were sent, so
    their own colons count the same on both sides and plain counts compare; escapes (``\\u003a``
    is a colon) need the strings out of both first.
    """
    written = orjson.dumps(value)
    if b"\\" in raw:
        return skeleton(written).count(b":") == skeleton(raw).count(b":")
    return written.count(b":") == raw.count(b":")


def strict_json(raw: bytes) -> Any:
    """Parse a request body, refusing NaN/Infinity, invalid UTF-8, duplicate keys, and structure past the caps.

    :func:`check_structure` runs first, at C speed, so no refused body is parsed. orjson reads
    (twice as fast); it accepts only strict RFC 8259 JSON, which the standard decoder reads the
    same, except integers of 19 digits or more, which orjson may read as floats: a body with such a
    run of digits is read by the standard decoder. So is whatever orjson refuses (bad JSON, but also
    lone surrogates, which the standard decoder accepts): it decides and words it. orjson keeps the
    last of two equal keys; the body then holds more keys than the value written back: a duplicate.
    """
    if not raw.strip():
        raise MalformedJson("the request body is empty; send a JSON object")
    check_structure(raw)
    if _LONG_DIGITS in raw.translate(_DIGITS_AS_ZERO):
        return standard_json(raw)
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return standard_json(raw)
    if b":" in raw and not _same_keys(raw, value):
        raise _duplicate_key()
    return value


def standard_json(raw: bytes) -> Any:
    """The standard decoder's reading of a body, with every refusal as a :class:`MalformedJson`.

    It reads what orjson refuses, so it also refuses what no answer could carry back: a number
    longer than Python converts (4,300 digits) and a string with a lone surrogate (``"\\ud800"``),
    which is not text and which no output format could write.
    """
    try:
        value = _DECODER.decode(raw.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise MalformedJson(f"the body is not UTF-8: {error.reason} at byte {error.start}") from error
    except json.JSONDecodeError as error:
        raise MalformedJson(f"the body is not valid JSON: {error.msg} at line {error.lineno} column {error.colno}") from error
    except RecursionError as error:
        raise MalformedJson(TOO_DEEP, code="too_deep") from error
    except ValueError as error:  # int(): more digits than sys.get_int_max_str_digits()
        raise MalformedJson(f"a number in the body is too long to read: {error}") from error
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")  # only this fallback path pays for the check
    except UnicodeEncodeError as error:
        raise MalformedJson("a string in the body holds a lone surrogate (e.g. \\ud800), which is not text") from error
    return value


def body_media_type(accepted: frozenset[str] = JSON_ONLY) -> str:
    """The body's media type, ``""`` when none is declared, or a 415 naming the types the view takes.

    Every view takes JSON (``application/json`` or ``application/*+json``). Checked in the view,
    not before every request: a POST to a path that does not take one is a 404 or 405 first.
    A body sent with a content coding (``Content-Encoding: gzip``) is a 415 too (RFC 9110 §8.4):
    it is not read, so its bytes must never be judged as the media type they are not.
    """
    req = request
    coding = req.environ.get("HTTP_CONTENT_ENCODING")
    if coding is not None and coding.strip(" \t").lower() not in ("", "identity"):
        raise UnsupportedCoding(f"send the body uncompressed: Content-Encoding {coding[:40]!r} is not read")
    declared = req.environ.get("CONTENT_TYPE")
    if declared in accepted:  # exactly a type the view takes, as clients send it: nothing to parse (≈ 1.4 µs)
        return str(declared)
    mimetype: str = req.mimetype
    if mimetype and mimetype not in accepted and not req.is_json:
        raise UnsupportedMediaType(f"send the body as {' or '.join(sorted(accepted))}, not {mimetype}")
    return mimetype


def json_body() -> Any:
    """The request's JSON body, strictly parsed; a body sent with no media type is a 415, never guessed to be ``{}``."""
    if not body_media_type():
        raise UnsupportedMediaType("send the body as application/json; this request declares no Content-Type")
    return strict_json(request_bytes())


def _declared_length(environ: Mapping[str, Any]) -> int | None:
    """``Content-Length`` as werkzeug reads it (None when absent or chunked, 0 when not a number), from the environ directly."""
    declared = environ.get("CONTENT_LENGTH")
    if declared is None or "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
        return None
    declared = declared.strip(" \t")
    return int(declared) if declared.isascii() and declared.isdigit() else 0


def request_bytes() -> bytes:
    """The request body, read straight from the WSGI input, or a 413 when it is over the limit.

    A declared length within the limit is one ``read`` (werkzeug's guarded stream costs ≈ 5 µs a
    request for the same). A chunked body, which the server ends, is read to one byte past the
    limit, so that a body over it is a 413 and not, as werkzeug would have it, cut at the limit and
    then refused as bad JSON. Anything else (a declared length over the limit, a stream the server
    does not end) is werkzeug's to answer.
    """
    req = request
    environ, limit = req.environ, req.max_content_length
    length = _declared_length(environ)
    if length is not None and (limit is None or length <= limit):
        data: bytes = environ["wsgi.input"].read(length)
        return data
    if length is None and limit is not None and environ.get("wsgi.input_terminated"):
        body: bytes = environ["wsgi.input"].read(limit + 1)
        if len(body) > limit:
            raise RequestEntityTooLarge()
        return body
    return req.get_data(cache=True)


class BodyDoesNotFit(UnprocessableEntity):
    """A 422 whose marshmallow messages become one problem per JSON pointer (see :func:`from_http_exception`)."""

    def __init__(self, messages: Any) -> None:
        super().__init__()
        self.data = {"messages": messages}


class OtherGameState(UnprocessableEntity):
    """A body whose ``state`` is another game's: one problem naming that game, not one per field this game lacks."""

    def __init__(self, here: str, other: str) -> None:
        title = registered(other).engine.info.title
        super().__init__(f"the state is a {title} state, not a {registered(here).engine.info.title} one: send it to /v1/{other}/, whose fields it has")


@memo(per_game("_state_fields", "(game's URL name): the field names of its state", 16 * 1024, __name__))  # read on refusals only
def _state_fields(slug: str) -> frozenset[str]:
    from .referee import game_web  # the referee endpoints import this module

    return frozenset(game_web(slug).state_schema().load_fields)


def refused_body(data: Any, messages: Any) -> UnprocessableEntity:
    """The refusal of a body that does not fit its schema: :class:`OtherGameState` when its ``state`` holds fields
    this endpoint's game does not read and every one of them is another game's state field (found by the names
    alone, on the refusal path only), else :class:`BodyDoesNotFit` with every message."""
    state = data.get("state") if isinstance(data, Mapping) else None
    parts = request.path.split("/")
    here = parts[2] if len(parts) > 3 and parts[1] == "v1" else ""
    if isinstance(state, Mapping) and here in GAME_PACKAGES and not set(state) <= _state_fields(here):
        other = next((slug for slug in GAME_PACKAGES if slug != here and set(state) <= _state_fields(slug)), None)
        if other is not None:
            return OtherGameState(here, other)
    return BodyDoesNotFit(messages)


def load_body(schema: Schema, data: Any) -> Any:
    """``data`` loaded by ``schema``, or :class:`BodyDoesNotFit` with every problem.

    A body the schema's fast path vouches for (:meth:`schemas.base.LeanSchema.plain_load`) is loaded at once: that
    path holds every list bound itself, before any item of a list is read. Any other body has every list bound of
    the schema checked first, on the parsed body (:func:`.lengths.check_lengths`): a list past its bound is refused
    without any item of it being loaded, beside every other problem of the body.
    """
    if isinstance(schema, LeanSchema):
        try:
            return schema.plain_load(data)
        except Unsure:
            pass
    refusals, loadable = check_lengths(schema, data)
    try:
        loaded = schema.load(loadable)
    except ValidationError as error:
        raise refused_body(data, merged(refusals, error.messages) if refusals is not None else error.messages) from error
    if refusals is not None:
        raise refused_body(data, refusals)
    return loaded
