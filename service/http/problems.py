"""RFC 9457 problem documents for every error, and strict JSON request bodies.

Every 4xx/5xx answer is ``application/problem+json`` with ``type``, ``title``,
``status``, ``detail``, ``instance`` and ``errors`` (a JSON pointer, a code and
a message per problem), so a client can act on each one.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Mapping
from http import HTTPStatus
from typing import Any

import orjson
from flask import Response, request
from marshmallow import Schema, ValidationError
from werkzeug.exceptions import BadRequest, HTTPException, RequestEntityTooLarge, UnprocessableEntity, UnsupportedMediaType

from service.core.problems import InvalidInput
from service.core.verdicts import IllegalMove
from service.games import GAME_PACKAGES
from service.tournaments.rows import BadRows

PROBLEM_MIME = "application/problem+json"
JSON_ONLY = frozenset({"application/json"})
MAX_JSON_DEPTH = 32
TOO_DEEP = f"the JSON nests deeper than {MAX_JSON_DEPTH} levels"
log = logging.getLogger(__name__)

# Codes for marshmallow's stock messages, so clients need not parse English.
_MESSAGE_CODES = {
    "Unknown field.": "unknown_field",
    "Missing data for required field.": "required",
    "Field may not be null.": "not_nullable",
    "Not a valid string.": "not_a_string",
    "Not a valid integer.": "not_an_integer",
    "Not a valid number.": "not_a_number",
    "Not a valid boolean.": "not_a_boolean",
    "Not a valid list.": "not_a_list",
    "Invalid input type.": "not_an_object",
}


class MalformedJson(BadRequest):
    """The body is not JSON this service reads: bad syntax, NaN/Infinity, nesting too deep."""


def problem_response(
    status: int,
    detail: str,
    errors: Iterable[Mapping[str, object]] = (),
    *,
    slug: str | None = None,
    title: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> Response:
    """A problem document; ``slug`` names a domain problem type, else ``about:blank`` (RFC 9457 §4.2.1)."""
    body = {
        "type": problem_type(slug) if slug else "about:blank",
        "title": title or HTTPStatus(status).phrase,
        "status": status,
        "detail": detail,
        "instance": request.path,
        "errors": [dict(error) for error in errors],
    }
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_MIME)
    response.headers.update(headers or {})
    return response


def problem_type(slug: str) -> str:
    """A domain problem's type URN, naming the game whose endpoint answered (``urn:twenty-four:problem:invalid-input``),
    or the referee for endpoints of no game (``urn:referee:problem:...``)."""
    parts = request.path.split("/")
    owner = parts[2] if len(parts) > 3 and parts[1] == "v1" and parts[2] in GAME_PACKAGES else "referee"
    return f"urn:{owner}:problem:{slug}"


_MESSAGE_PREFIX_CODES = {
    "Must be one of": "not_an_option",
    "Length must be": "bad_length",
    "Longer than": "bad_length",
    "Shorter than": "bad_length",
    "Must be greater": "out_of_range",
    "Must be less": "out_of_range",
}


def _code_for(message: str) -> str:
    if " is not a card" in message:
        return "bad_card"
    prefix = next((code for start, code in _MESSAGE_PREFIX_CODES.items() if message.startswith(start)), None)
    return prefix or _MESSAGE_CODES.get(message, "invalid")


def pointer_errors(messages: Any, pointer: str = "") -> list[dict[str, str]]:
    """Flatten marshmallow's nested error messages into one error per JSON pointer."""
    if isinstance(messages, Mapping):
        errors = []
        for key, value in messages.items():
            where = pointer if key == "_schema" else f"{pointer}/{str(key).replace('~', '~0').replace('/', '~1')}"
            errors += pointer_errors(value, where)
        return errors
    if isinstance(messages, list | tuple):
        errors = []
        for item in messages:
            errors += (
                pointer_errors(item, pointer)
                if isinstance(item, Mapping | list)
                else [{"pointer": pointer, "code": _code_for(str(item)), "message": str(item)}]
            )
        return errors
    return [{"pointer": pointer, "code": _code_for(str(messages)), "message": str(messages)}]


def invalid_body(messages: Any) -> Response:
    """The 422 for a body that does not fit its schema: one error per JSON pointer."""
    errors = pointer_errors(messages)
    return problem_response(
        422, f"the request body does not fit the schema: {len(errors)} problem(s)", errors, slug="invalid-body", title="Invalid request body"
    )


def from_http_exception(error: HTTPException) -> Response:
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    if status == 422 and "messages" in data:
        return invalid_body(data["messages"])
    headers = {k: v for k, v in error.get_headers() if k.lower() == "allow"}
    detail = error.description or HTTPStatus(status).phrase
    slug = "malformed-json" if isinstance(error, MalformedJson) else None
    errors = [{"pointer": "", "code": slug.replace("-", "_"), "message": detail}] if slug else []
    return problem_response(status, detail, errors, slug=slug, headers=headers)


def from_invalid_input(error: InvalidInput) -> Response:
    return problem_response(
        422,
        f"the request describes no real table: {len(error.problems)} problem(s)",
        [p.to_dict() for p in error.problems],
        slug="invalid-input",
        title="Impossible table",
    )


def from_illegal_move(error: IllegalMove) -> Response:
    errors = [{"pointer": "/move" + r.pointer, "code": r.code, "message": r.message, "rule": r.rule} for r in error.reasons]
    return problem_response(422, str(error), errors, slug="illegal-move", title="Illegal move")


def from_bad_rows(error: BadRows) -> Response:
    rows = sorted({p.row for p in error.problems})
    return problem_response(
        422,
        f"{len(error.problems)} problem(s) in row(s) {', '.join(map(str, rows))}",
        [p.to_dict() for p in error.problems],
        slug="bad-rows",
        title="Bad result rows",
    )


def from_unexpected(error: Exception) -> Response:
    log.exception("unexpected error on %s", request.path)
    return problem_response(500, "the referee failed unexpectedly; the request was not judged", slug="internal", title="Internal Server Error")


# -- strict JSON --------------------------------------------------------------------------------
def _no_constants(name: str) -> None:
    raise MalformedJson(f"{name} is not a JSON number; this service refuses NaN and Infinity")


# Built once: json.loads with a keyword builds a new decoder for every call.
_DECODER = json.JSONDecoder(parse_constant=_no_constants)
_STRINGS = re.compile(rb'"[^"]*"')
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")  # then a run of 19 digits is one substring test
_LONG_DIGITS = b"0" * 19
_NOT_STRUCTURE = bytes(sorted(set(range(256)) - set(b'"[]{}')))
_ONE_BRACKET_KIND = bytes.maketrans(b"{}", b"[]")


def json_depth(raw: bytes) -> int:
    """How deep arrays and objects nest in a document already known to be valid JSON.

    At C speed: drop escaped backslashes and quotes, keep only quotes and
    brackets (objects' braces read as brackets: valid JSON pairs them
    anyway), drop the strings, and peel the innermost pairs off until none
    are left: one ``replace`` removes exactly the pairs that are innermost
    now, so the number of peels is the depth. Most strings hold no bracket
    and shrink to ``""``; removing every ``""`` pair first (an empty string,
    or two strings with no structure between them, merged) leaves the
    regular expression nothing to do in the common case.
    """
    if b"\\" in raw:
        raw = raw.replace(b"\\\\", b"").replace(b'\\"', b"")
    brackets = raw.translate(_ONE_BRACKET_KIND, _NOT_STRUCTURE).replace(b'""', b"")
    if b'"' in brackets:
        brackets = _STRINGS.sub(b"", brackets)
    depth = 0
    while brackets:
        brackets = brackets.replace(b"[]", b"")
        depth += 1
    return depth


def strict_json(raw: bytes) -> Any:
    """Parse a request body, refusing NaN/Infinity, invalid UTF-8 and nesting deeper than MAX_JSON_DEPTH.

    orjson reads first (twice as fast); it accepts only strict RFC 8259 JSON, which the standard
    decoder reads the same, except integers of 19 digits or more, which orjson may read as floats:
    a body with such a run of digits is read by the standard decoder. So is whatever orjson refuses
    (bad JSON, but also lone surrogates, which the standard decoder accepts): it decides and words it.
    """
    if not raw.strip():
        raise MalformedJson("the request body is empty; send a JSON object")
    try:
        value = standard_json(raw) if _LONG_DIGITS in raw.translate(_DIGITS_AS_ZERO) else orjson.loads(raw)
    except orjson.JSONDecodeError:
        value = standard_json(raw)
    # Fewer brackets than the bound cannot nest deeper than it: the count is cheaper than the depth.
    if raw.count(b"[") + raw.count(b"{") > MAX_JSON_DEPTH and json_depth(raw) > MAX_JSON_DEPTH:
        raise MalformedJson(TOO_DEEP)
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
        raise MalformedJson(TOO_DEEP) from error
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
    """
    req = request
    declared = req.environ.get("CONTENT_TYPE")
    if declared in accepted:  # exactly a type the view takes, as clients send it: nothing to parse (≈ 1.4 µs)
        return str(declared)
    mimetype: str = req.mimetype
    if mimetype and mimetype not in accepted and not req.is_json:
        raise UnsupportedMediaType(f"send the body as {' or '.join(sorted(accepted))}, not {mimetype}")
    return mimetype


def json_body() -> Any:
    """The request's JSON body, strictly parsed; a body sent with no media type reads as ``{}``, as webargs read it."""
    return strict_json(request_bytes()) if body_media_type() else {}


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


def load_body(schema: Schema, data: Any) -> Any:
    """``data`` loaded by ``schema``, or :class:`BodyDoesNotFit` with every problem."""
    try:
        return schema.load(data)
    except ValidationError as error:
        raise BodyDoesNotFit(error.messages) from error
