"""Shared fixtures: the golden cases each game keeps in its package, table helpers, a served gunicorn."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import requests

from service.games.kings.castles import Castle, parse_castle

ROOT = Path(__file__).resolve().parents[1]


def run_shell(script: str, cwd: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    """Run a document's shell example as a reader would: bash, stopping at the first failure.

    Its ``python3`` is the project's interpreter (first on PATH): a version manager's shim in front of the
    machine's python3 (pyenv's here) costs about 0.1 s per call, and a guide calls python3 some 150 times.
    ``timeout`` is a hang guard, never a speed bound.
    """
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    return subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)


# What runs a real browser, a server process, a proxy, a generated client, a fresh venv or a fuzzer is slow by
# what it is: `make test` runs it, `make test-fast` (the in-process suite, under 2 minutes on 2 cores) does not.
SLOW_BY_PLACE = (
    "tests/browser/",
    "tests/generated_clients/",
    "tests/client_package/",
    "tests/serving/",
    "tests/cli/test_processes.py",
    "tests/cli/test_documented_commands.py",
    "tests/http/test_docs_examples.py",
    "tests/http/test_gunicorn.py",
)

# Property tests of many random bodies or games, each several seconds: `make test` runs them.
SLOW_BY_NAME = (
    "tests/http/test_lean_schema.py::test_mutations_load_identically",
    "tests/http/test_strict_json.py::test_json_depth_matches_a_recursive_walk",
    "tests/http/test_openapi.py::test_errors_are_documented_as_problem_json",
    "tests/kings/test_view_privacy.py::test_no_answer_through_http_names_a_card_its_player_may_not_see",
    "tests/nineteen_twenty_three/test_selfplay.py::test_a_few_matches_thoroughly",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        where = Path(str(item.path)).resolve().relative_to(ROOT).as_posix()
        named = f"{where}::{item.name.split('[')[0]}"
        if where.startswith(SLOW_BY_PLACE) or "schemathesis" in where or where.endswith("/test_docs.py") or named in SLOW_BY_NAME:
            item.add_marker(pytest.mark.slow)


def golden_file(game: str, name: str) -> dict[str, Any]:
    """One golden file as the game's package keeps it (``service/games/<game>/golden/``); missing fails loudly."""
    path = ROOT / "service" / "games" / game / "golden" / name
    assert path.is_file(), f"golden file {path} is missing"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def golden_cases(name: str) -> list[dict[str, Any]]:
    """The cases of one of 24 Kings' golden files; an empty file fails loudly, never skips."""
    cases: list[dict[str, Any]] = golden_file("kings", name)["cases"]
    assert cases, f"{name} holds no cases"
    return cases


@pytest.fixture(scope="session")
def app():
    """The Flask tutorial's fixtures: one app for the session, a test client per test."""
    from service import create_app

    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


def make_castles(*texts: str) -> list[Castle]:
    """Castles from short texts: ``"4H"`` or ``"4H+KH"`` (Kings after ``+``)."""
    return [parse_castle(text) for text in texts]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """gunicorn as `make run` starts it, bound to loopback for the test; stopped afterwards.

    Its log goes to a file (a pipe nobody reads would fill and stall the workers).
    """
    port = free_port()
    env = {**os.environ, "PORT": str(port), "WEB_CONCURRENCY": "2", "PYTHONPATH": str(ROOT)}
    log_path = tmp_path_factory.mktemp("gunicorn") / "gunicorn.log"
    log = log_path.open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:service.serving", "--bind", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:  # the master listens before its workers boot: a first poll may be refused or time out
            requests.get(f"{url}/healthz", timeout=1)
            break
        except requests.RequestException:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"gunicorn did not start: {log_path.read_text(errors='replace')}")
            time.sleep(0.1)
    yield url
    stop(process)
    log.close()


def stop(process: subprocess.Popen[bytes]) -> None:
    """Ask gunicorn to stop, and insist if it has not within its graceful timeout."""
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def register_game(monkeypatch: pytest.MonkeyPatch, slug: str, package: str, *, engine: Any = None, scorer: Any = None, commands: Any = None) -> None:
    """Register a game for one test, as its registry line would: its package and the parts it has (the others None)."""
    import importlib
    from types import SimpleNamespace

    from service.core.protocol import GameInfo
    from service.games import GAME_PACKAGES, REGISTRY, RegisteredGame, registered

    module = importlib.import_module(package)
    stub = SimpleNamespace(info=GameInfo(slug=slug, title=slug, summary="for tests", rule_book="none", rules_version="0", players=(2, 2)))

    def load() -> RegisteredGame:
        own = getattr(module, "GAME", None)
        found = engine if engine is not None else own if own is not None and own.info.slug == slug else stub
        return RegisteredGame(slug, module, found, _no_web, scorer, commands)

    monkeypatch.setitem(REGISTRY, slug, load)
    monkeypatch.setitem(GAME_PACKAGES, slug, package)
    registered.cache_clear()  # the memo of parts forgets an earlier test's game of the same name


def _no_web() -> Any:
    raise AssertionError("a game registered for a test has no HTTP adapter")
