"""The strict body parser: its depth count agrees with a recursive walk on any JSON."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from werkzeug.wrappers import Request

from service.http.problems import MAX_JSON_DEPTH, TOO_DEEP, MalformedJson, _declared_length, json_depth, standard_json, strict_json

TEXT = st.text(alphabet='ab[]{}"\\\n/u', max_size=6)
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | TEXT, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3), max_leaves=20
)


def depth(value):
    if isinstance(value, dict | list):
        return 1 + max((depth(child) for child in (value.values() if isinstance(value, dict) else value)), default=0)
    return 0


@settings(max_examples=500, deadline=None)
@given(VALUES, st.booleans())
def test_json_depth_matches_a_recursive_walk(value, ascii_only):
    assert json_depth(json.dumps(value, ensure_ascii=ascii_only).encode()) == depth(value)


def test_the_bound_is_inclusive():
    assert strict_json(b"[" * MAX_JSON_DEPTH + b"]" * MAX_JSON_DEPTH)
    with pytest.raises(MalformedJson, match="deeper"):
        strict_json(b"[" * (MAX_JSON_DEPTH + 1) + b"]" * (MAX_JSON_DEPTH + 1))


def typed(value):
    """A value with every scalar's type beside it, so that 1, 1.0 and True compare unequal."""
    if isinstance(value, dict):
        return {key: typed(child) for key, child in value.items()}
    if isinstance(value, list):
        return [typed(child) for child in value]
    return (type(value).__name__, value)


def standard_reading(raw: bytes):
    """What the body parser answered before orjson read first: the standard decoder alone."""
    try:
        if not raw.strip():
            raise MalformedJson("the request body is empty; send a JSON object")
        value = standard_json(raw)
        if json_depth(raw) > MAX_JSON_DEPTH:
            raise MalformedJson(TOO_DEEP)
        return typed(value)
    except MalformedJson as error:
        return ("refused", str(error))


def reading(raw: bytes):
    try:
        return typed(strict_json(raw))
    except MalformedJson as error:
        return ("refused", str(error))


AWKWARD_NUMBERS = st.sampled_from([2**64, -(2**63) - 1, 10**30, 1e308, 5e-324, -0.0, 0.1])
ANY_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | AWKWARD_NUMBERS | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=12,
)
ODD_TEXTS = st.sampled_from(
    [
        b"NaN",
        b"[Infinity]",
        b'{"a": -Infinity}',
        b'"\\ud800"',
        b'["\\udc00x"]',
        b"\xff",
        b'"\xc3"',
        b"1e999",
        b'{"a":1,"a":2}',
        b"[1,]",
        b"\xef\xbb\xbf{}",
        b" \n{} ",
        b"{}\x00",
        b"[" * 40 + b"]" * 40,
        b"tru",
        b"01",
        b"-",
        b'"\t"',
        b"[1e5, 1E-5, -0]",
        b'"\\u00e9\\/"',
    ]
)


@settings(max_examples=500, deadline=None)
@given(st.one_of(ANY_VALUES.map(lambda v: json.dumps(v).encode()), ODD_TEXTS), st.data())
def test_orjson_first_answers_as_the_standard_decoder_alone(raw, data):
    if data.draw(st.booleans()):  # damage it: cut, or overwrite one byte
        cut = data.draw(st.integers(0, len(raw)))
        raw = raw[:cut] if data.draw(st.booleans()) else raw[:cut] + bytes([data.draw(st.integers(0, 255))]) + raw[cut + 1 :]
    ours, theirs = reading(raw), standard_reading(raw)
    if ours == ("refused", str(MalformedJson(TOO_DEEP))) and theirs[0] == "refused":
        return  # deep and also malformed: the structure check, before parsing, speaks first
    assert ours == theirs


@pytest.mark.parametrize(
    "content_length, transfer_encoding",
    [
        ("120", None),
        ("0", None),
        ("-5", None),
        (" 7", None),
        ("\t7 ", None),
        ("\n7", None),
        ("1e3", None),
        ("²", None),
        ("abc", None),
        (None, None),
        ("120", "chunked"),
        ("120", "gzip, Chunked"),
        ("120", "gzip"),
        (None, "chunked"),
    ],
)
def test_the_declared_length_is_read_as_werkzeug_reads_it(content_length, transfer_encoding):
    environ = {"CONTENT_LENGTH": content_length, "HTTP_TRANSFER_ENCODING": transfer_encoding}
    environ = {key: value for key, value in environ.items() if value is not None}
    assert _declared_length(environ) == Request(environ).content_length


def test_a_number_longer_than_python_converts_is_malformed_json_not_a_server_error(client):
    body = b'{"players": [' + b"1" * 5000 + b"]}"
    response = client.post("/v1/24-kings/games", data=body, content_type="application/json")
    assert response.status_code == 400 and response.get_json()["errors"][0]["code"] == "malformed_json"
    assert "too long" in response.get_json()["detail"]


def test_a_lone_surrogate_is_malformed_json(client):
    response = client.post("/v1/24-kings/games", data=b'{"players": ["ann", "b\\ud800"]}', content_type="application/json")
    assert response.status_code == 400 and "lone surrogate" in response.get_json()["detail"]
    paired = client.post("/v1/24-kings/games", data=b'{"players": ["ann", "b\\ud83d\\ude00"], "seed": 1}', content_type="application/json")
    assert paired.status_code == 200 and paired.get_json()["state"]["players"][1]["name"] == "b\U0001f600"
