"""Every ``kings`` command the README and the docs show, run as written against a live gunicorn (the ``server``
fixture), from a directory holding a copy of ``examples/``, in the order written (a command may read a file an
earlier one wrote). A command expects exit 0 unless its comment says ``exit N``. Pipes (``|``) and ``< FILE`` are
honoured; ``kings serve`` is left out (tests/client/test_cli.py starts it)."""

from __future__ import annotations

import io
import json
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from service import cli
from service.games import GAME_PACKAGES, game_package
from tests.conftest import ROOT

DOCUMENTS = [ROOT / "README.md", ROOT / "docs" / "cli.md", *sorted((ROOT / "docs" / "games").glob("*.md"))]
# The README's short names for files that examples/ holds.
SHORT_NAMES = {"table.json": "examples/24-kings/table.json", "results.csv": "examples/results-points.csv"}
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
EXPECTED = re.compile(r"#.*\bexit (\d+)")


def documented_commands(document: Path) -> list[str]:
    """The ``kings`` lines of the document's shell blocks, ``.venv/bin/`` dropped."""
    found = []
    for language, block in FENCE.findall(document.read_text(encoding="utf-8")):
        if language not in ("sh", "bash", "shell", "text", ""):
            continue
        for line in block.splitlines():
            line = line.strip().removeprefix(".venv/bin/")
            if line.startswith("kings ") and not line.startswith("kings serve"):
                found.append(line)
    return found


def run_line(line: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    """Run one documented line in this process; its exit status (the last stage's, or the first that failed) and stderr."""
    tokens = shlex.split(line, comments=True)
    stages: list[list[str]] = [[]]
    for token in tokens:
        if token == "|":
            stages.append([])
        else:
            stages[-1].append(token)
    piped = b""
    for stage in stages:
        assert stage[0] == "kings", line
        argv = stage[1:]
        data = piped
        if "<" in argv:
            at = argv.index("<")
            data = Path(argv[at + 1]).read_bytes()
            argv = argv[:at] + argv[at + 2 :]
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
        code = cli.main(argv)
        out, err = capsys.readouterr()
        if code != 0:
            return code, err
        piped = out.encode()
    return 0, ""


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, server: str) -> Path:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    for short, path in SHORT_NAMES.items():
        shutil.copy(tmp_path / path, tmp_path / short)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KINGS_URL", server)  # the documented lines name no --url: KINGS_URL is how they reach the server
    return tmp_path


@pytest.mark.parametrize("document", DOCUMENTS, ids=[str(d.relative_to(ROOT)) for d in DOCUMENTS])
def test_every_documented_command_runs_as_written(document, workdir, capsys, monkeypatch):
    failures = []
    for line in documented_commands(document):
        expected = int(match.group(1)) if (match := EXPECTED.search(line)) else 0
        code, err = run_line(line, capsys, monkeypatch)
        if code != expected:
            failures.append(f"{line}\n  exit {code}, expected {expected}: {err.strip()}")
    assert failures == []


def test_the_cli_guide_shows_the_shared_commands_of_every_game():
    lines = documented_commands(ROOT / "docs" / "cli.md")
    for slug in GAME_PACKAGES:
        for command in ("check", "legal", "validate", "apply"):
            assert any(line.startswith(f"kings {slug} {command} ") for line in lines), (slug, command)


def test_the_readme_shows_commands():
    """The README's command section is read: a test of nothing if it found no lines."""
    assert len(documented_commands(ROOT / "README.md")) >= 8


@pytest.mark.parametrize("slug", list(GAME_PACKAGES))
def test_every_game_has_example_inputs_its_engine_accepts(slug):
    """examples/<game>/: a valid state, a legal move and an illegal one, as the game's engine (not the CLI) judges them."""
    game = game_package(slug).GAME
    folder = ROOT / "examples" / slug
    state = json.loads((folder / "state.json").read_text(encoding="utf-8"))["state"]
    body = json.loads((folder / "move.json").read_text(encoding="utf-8"))
    illegal = json.loads((folder / "illegal-move.json").read_text(encoding="utf-8"))
    assert body["state"] == state == illegal["state"]
    read = game.read_state(state)
    assert game.judge(read, game.read_move(body["move"])).to_dict()["legal"] is True
    assert game.judge(read, game.read_move(illegal["move"])).to_dict()["legal"] is False
