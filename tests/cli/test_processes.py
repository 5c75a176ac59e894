"""``kings`` as a separate process against the live gunicorn: KINGS_URL from the environment, a state on standard input."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import ROOT


def test_a_piped_state_and_kings_url(server):
    done = subprocess.run(
        [sys.executable, "-m", "service.cli", "24-kings", "legal", "-", "--json"],
        input=(ROOT / "examples" / "24-kings" / "state.json").read_bytes(),
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "KINGS_URL": server},
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["player"] == "bob"  # examples/24-kings/state.json: bob is to act
