"""The service runs without the client package: the image (Dockerfile) installs the serving pins only, and the
registry loads every game's cli module when the app starts. Only the ``kings`` command needs the client."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import ROOT

WITHOUT_CLIENT = """
import importlib.abc, sys

class NoClient(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "card_referee_client" or name.startswith("card_referee_client."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, NoClient())
from service import create_app
from service.games import REGISTRY, registered

app = create_app({"TESTING": True})
assert [registered(slug).commands is not None for slug in REGISTRY] == [True] * len(REGISTRY)
answer = app.test_client().get("/v1/games")
assert answer.status_code == 200, answer.status_code
assert "card_referee_client" not in sys.modules
try:
    import card_referee_client
except ModuleNotFoundError:
    print("served without the client")
"""


def test_the_app_and_every_games_commands_load_without_the_client():
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_CLIENT],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0 and done.stdout.strip().endswith("served without the client"), done.stderr[-2000:]
