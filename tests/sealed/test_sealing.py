"""The sealer: tokens round-trip, keys rotate, and any change or foreign key is refused, never guessed at."""

from __future__ import annotations

import base64
import json
import os
import re
import subprocess
import sys

import pytest
from cryptography.fernet import Fernet

from service import create_app
from service.core.sealing import KEYS_VARIABLE, TOKEN_FORMAT, SealedTokenError, Sealer, SealingConfigError, sealer_from, share_development_key
from tests.conftest import ROOT, free_port

from .keys import OTHER_KEY, TEST_KEY, TEST_SEALER

PAYLOAD = {"format": TOKEN_FORMAT, "game": "24-kings", "hidden": {"draw_pile": ["5H", "KS"]}}


def unissued(data: dict) -> dict:
    """What was sealed, without the time the sealer adds (checked on its own below)."""
    assert isinstance(data.pop("issued"), int)
    return data


def refused_code(sealer: Sealer, token: str) -> str:
    with pytest.raises(SealedTokenError) as caught:
        sealer.open(token)
    [problem] = caught.value.problems
    assert problem.pointer == "/sealed"
    return problem.code


def test_a_token_opens_to_what_was_sealed_and_hides_it():
    token = TEST_SEALER.seal(PAYLOAD)
    assert unissued(TEST_SEALER.open(token)) == PAYLOAD
    assert b'["5H","KS"]' not in base64.urlsafe_b64decode(token)  # encrypted, not only signed
    assert b"draw_pile" not in base64.urlsafe_b64decode(token)


def test_rotation_the_first_key_seals_and_every_key_opens():
    old = Sealer.from_keys([OTHER_KEY])
    rotated = Sealer.from_keys([TEST_KEY, OTHER_KEY])
    old_token = old.seal(PAYLOAD)
    assert unissued(rotated.open(old_token)) == PAYLOAD  # tokens sealed before the rotation still open
    new_token = rotated.seal(PAYLOAD)
    assert unissued(Sealer.from_keys([TEST_KEY]).open(new_token)) == PAYLOAD  # sealed under the first key
    assert refused_code(old, new_token) == "sealed_token_invalid"
    assert refused_code(TEST_SEALER, old_token) == "sealed_token_invalid"  # the old key rotated out


def test_a_token_sealed_under_a_foreign_key_is_refused():
    foreign = Fernet(Fernet.generate_key()).encrypt(json.dumps(PAYLOAD).encode()).decode()
    assert refused_code(TEST_SEALER, foreign) == "sealed_token_invalid"


@pytest.mark.parametrize("position", [0, 10, 40, 80, -2])
def test_any_changed_character_is_refused(position):
    token = TEST_SEALER.seal(PAYLOAD)
    raw = bytearray(base64.urlsafe_b64decode(token))
    raw[position] ^= 0x01
    assert refused_code(TEST_SEALER, base64.urlsafe_b64encode(bytes(raw)).decode()) == "sealed_token_invalid"


@pytest.mark.parametrize("token", ["", "not a token", "é" * 10, "A" * 20_000, "gAAAAA"])
def test_text_that_is_no_token_is_refused(token):
    assert refused_code(TEST_SEALER, token) == "sealed_token_invalid"


def test_a_token_of_another_format_is_refused_not_read():
    assert refused_code(TEST_SEALER, TEST_SEALER.seal({**PAYLOAD, "format": 0})) == "sealed_token_format"
    assert refused_code(TEST_SEALER, TEST_SEALER.seal({"hidden": {}})) == "sealed_token_format"


def test_keys_are_read_comma_separated_with_spaces():
    sealer = sealer_from(f" {TEST_KEY} , {OTHER_KEY} ,", None)
    assert unissued(Sealer.from_keys([OTHER_KEY]).open(sealer_from(OTHER_KEY, None).seal(PAYLOAD))) == PAYLOAD
    assert unissued(Sealer.from_keys([TEST_KEY]).open(sealer.seal(PAYLOAD))) == PAYLOAD
    assert not sealer.development


def test_a_bad_key_stops_the_start_without_echoing_it():
    with pytest.raises(SealingConfigError) as caught:
        sealer_from(f"{TEST_KEY},not-a-fernet-key", None)
    assert "key 2" in str(caught.value) and "not-a-fernet-key" not in str(caught.value)


def test_production_without_keys_is_a_startup_error_that_says_what_to_set(monkeypatch):
    monkeypatch.delenv(KEYS_VARIABLE, raising=False)
    monkeypatch.setenv("KINGS_ENV", "production")
    with pytest.raises(SealingConfigError, match=KEYS_VARIABLE) as caught:
        create_app({"TESTING": True})
    assert "Fernet" in str(caught.value)


def test_production_with_keys_starts(monkeypatch):
    monkeypatch.setenv("KINGS_ENV", "production")
    monkeypatch.setenv(KEYS_VARIABLE, Fernet.generate_key().decode())  # not the test key: production refuses that one
    app = create_app({"TESTING": True})
    assert not app.extensions["sealer"].development


def test_development_without_keys_one_key_per_process(monkeypatch):
    """Two apps of one process (two threads, or a test and its app) open each other's tokens."""
    monkeypatch.delenv(KEYS_VARIABLE, raising=False)
    monkeypatch.delenv("KINGS_ENV", raising=False)
    first, second = create_app({"TESTING": True}), create_app({"TESTING": True})
    assert first.extensions["sealer"].development
    assert unissued(second.extensions["sealer"].open(first.extensions["sealer"].seal(PAYLOAD))) == PAYLOAD


def test_share_development_key_gives_workers_one_key_only_when_none_is_set():
    environ: dict[str, str] = {}
    assert share_development_key(environ)
    Fernet(environ[KEYS_VARIABLE].encode())  # a real key, which forked workers inherit
    kept = {KEYS_VARIABLE: TEST_KEY}
    assert not share_development_key(kept) and kept[KEYS_VARIABLE] == TEST_KEY
    production = {"KINGS_ENV": "production"}
    assert not share_development_key(production) and KEYS_VARIABLE not in production  # the start must fail instead


@pytest.mark.slow
@pytest.mark.parametrize(
    ("key", "said"),
    [(None, f"KINGS_ENV=production needs {KEYS_VARIABLE}"), (TEST_KEY, "the test suite's key")],
    ids=["no-key", "test-key"],
)
def test_gunicorn_in_production_without_keys_stops_and_says_what_to_set(tmp_path, key, said):
    """As an operator would meet it: the service does not come up, and its log names the variable to set."""
    env = {name: value for name, value in os.environ.items() if name != KEYS_VARIABLE}
    env |= {"KINGS_ENV": "production", "WEB_CONCURRENCY": "1", "PYTHONPATH": str(ROOT)} | ({KEYS_VARIABLE: key} if key else {})
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "-c", "python:service.serving", "--bind", f"127.0.0.1:{port}"]
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode != 0
    assert said in result.stderr + result.stdout and "Fernet.generate_key()" in result.stderr + result.stdout


# -- keys anyone may know (issue 29) ---------------------------------------------------------------------
def repeated(byte: int) -> str:
    return base64.urlsafe_b64encode(bytes([byte]) * 32).decode()


def standard_spelling(key: str) -> str:
    """The same 32 bytes in standard base64 (+ and /), which Fernet accepts as well."""
    return base64.b64encode(base64.urlsafe_b64decode(key)).decode()


KNOWN = {
    "test-key": TEST_KEY,
    "other-test-key": OTHER_KEY,
    "test-key-spelled-standard": standard_spelling(TEST_KEY),
    "all-zero": repeated(0),
    "all-ff": repeated(0xFF),
    "all-A": repeated(ord("A")),
}


@pytest.mark.parametrize("key", KNOWN.values(), ids=KNOWN.keys())
@pytest.mark.parametrize("position", [1, 2])
def test_production_refuses_a_key_anyone_may_know_and_says_how_to_make_one(key, position):
    keys = [key, Fernet.generate_key().decode()][:: 1 if position == 1 else -1]
    with pytest.raises(SealingConfigError) as caught:
        sealer_from(",".join(keys), "production")
    message = str(caught.value)
    assert f"key {position}" in message and "Fernet.generate_key()" in message and key not in message


@pytest.mark.parametrize("key", KNOWN.values(), ids=KNOWN.keys())
def test_development_still_takes_them(key):
    assert unissued(sealer_from(key, None).open(sealer_from(key, "development").seal(PAYLOAD))) == PAYLOAD


def test_a_fresh_key_with_repeats_is_no_repeated_byte():
    almost = base64.urlsafe_b64encode(bytes(31) + b"\x01").decode()
    assert not sealer_from(almost, "production").development


def test_every_key_printed_in_the_repository_is_refused_in_production():
    """A key written in the tests or the docs is public: production must know it (service.core.sealing.PUBLISHED_KEYS)."""
    printed = set()
    for folder in ("tests", "docs", "examples", "deploy"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in {".py", ".md", ".yaml", ".yml", ".json", ".env", ".conf"} and path.is_file():
                for found in re.findall(r"(?<![A-Za-z0-9_+/-])[A-Za-z0-9_-]{43}=(?![A-Za-z0-9_+/=-])", path.read_text(errors="replace")):
                    printed.add(found)
    assert {TEST_KEY, OTHER_KEY} <= printed
    for key in printed:
        with pytest.raises(SealingConfigError):
            sealer_from(key, "production")


def test_python_in_production_with_an_all_zero_key_does_not_start():
    """As the image would run it: building the app stops the process, and the message says how to make a key."""
    env = {key: value for key, value in os.environ.items() if key != KEYS_VARIABLE}
    env |= {"KINGS_ENV": "production", KEYS_VARIABLE: repeated(0), "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", "import service; service.create_app()"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "one byte repeated" in result.stderr and "Fernet.generate_key()" in result.stderr
