"""The rules engine is pure Python: importing all of it loads no web framework."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_engine_imports_without_flask():
    code = (
        "import sys, service.games.kings.moves, service.games.kings.start, service.games.kings.calculus; "
        "bad = [m for m in ('flask', 'werkzeug', 'marshmallow') if m in sys.modules]; print(bad); sys.exit(bool(bad))"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
