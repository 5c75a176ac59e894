"""The `kings` command line against a real gunicorn, and `kings serve` itself."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest
import requests
from openpyxl import load_workbook

from service.games.kings.web import CALCULUS_REQUEST
from tests.conftest import ROOT, free_port, stop


def kings(*args: str, url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "service.cli", "--url", url, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def test_hands_as_text_and_json(server):
    text = kings("hands", "QH JH 10H 9H 8H 7H 3S", "--castles", "5H,9C,4D,10S", url=server)
    assert text.returncode == 0 and "Best score: 48" in text.stdout and "Valid HAND! call: yes" in text.stdout
    as_json = kings("--json", "hands", "QS JD 10C JS 10D 9C AH", "--castles", "5H,9C,4D,10S", "--rule", "hands=quick", url=server)
    assert json.loads(as_json.stdout)["best"]["score"] == 31


def test_score_a_table_file(server, tmp_path):
    table = tmp_path / "table.json"
    table.write_text(json.dumps(CALCULUS_REQUEST))
    result = kings("score", str(table), url=server)
    assert result.returncode == 0 and "Winner(s): bob" in result.stdout and "HAND! by bob: valid" in result.stdout


def test_standings_to_xlsx(server, tmp_path):
    out = tmp_path / "standings.xlsx"
    result = kings("standings", str(ROOT / "examples" / "results-points.csv"), "-o", str(out), url=server)
    assert result.returncode == 0 and "ann" in result.stdout.splitlines()[1]
    rows = list(load_workbook(out).worksheets[0].iter_rows(values_only=True))
    assert rows[1][:3] == (1, "ann", 49)


def test_new_game(server, tmp_path):
    out = tmp_path / "game.json"
    result = kings("new-game", "--players", "ann,bob,cy", "--seed", "7", "-o", str(out), url=server)
    assert result.returncode == 0 and "Seed 7." in result.stdout and "bob plays first." in result.stdout
    assert json.loads(out.read_text())["state"]["seed"] == 7


def test_refusals_and_silence_are_explained(server, tmp_path):
    refused = kings("hands", "QH QH QH", "--castles", "5H,9C,4D,10S", url=server)
    assert refused.returncode == 65 and "third_copy" in refused.stderr
    silent = kings("hands", "QH", "--castles", "5H,9C,4D,10S", url=f"http://127.0.0.1:{free_port()}")
    assert silent.returncode == 69 and "no referee answers at" in silent.stderr
    missing = kings("score", str(tmp_path / "nope.json"), url=server)
    assert missing.returncode == 74 and "cannot read or write a file" in missing.stderr
    bad_castle = kings("hands", "QH", "--castles", "5H,9C+XX,4D,10S", url=server)
    assert bad_castle.returncode == 65 and "castle '9C+XX'" in bad_castle.stderr


def test_kings_serve_runs_gunicorn():
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", str(port)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "WEB_CONCURRENCY": "1"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                assert requests.get(f"http://127.0.0.1:{port}/healthz", timeout=1).json() == {"status": "ok"}
                break
            except requests.RequestException:  # refused, or accepted before a worker booted
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("kings serve did not answer")
                time.sleep(0.1)
    finally:
        stop(process)


def test_the_console_script_is_installed():
    """`make install` installs the project, so `kings` is on the venv's PATH."""
    script = os.path.join(os.path.dirname(sys.executable), "kings")
    result = subprocess.run([script, "--help"], capture_output=True, text=True, timeout=30, check=False)
    assert result.returncode == 0 and "new-game" in result.stdout
