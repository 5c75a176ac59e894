"""The engine is pure Python: importing every engine module loads no web framework, schema library or JSON encoder."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ["analysis", "chips", "declarations", "flow", "game", "hand", "moves", "pack", "start", "state", "tricks", "view", "tournament"]


def test_the_engine_imports_without_flask_marshmallow_or_orjson():
    modules = ", ".join(f"service.games.twenty_four_1718.{name}" for name in ENGINE)
    code = f"import sys, {modules}; bad = [m for m in ('flask', 'werkzeug', 'marshmallow', 'orjson') if m in sys.modules]; print(bad); sys.exit(bool(bad))"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
