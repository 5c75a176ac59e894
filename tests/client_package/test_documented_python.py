"""Every Python example of the client in the README, the guides and the client's own README runs as written against a
live gunicorn (only the port differs): the client they show is the one that ships. (Other Python blocks, fragments of
the engine's API, are not programs.)"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

FENCE = re.compile(r"^```python\n(.*?)^```", re.M | re.S)
DOCUMENTS = [ROOT / "README.md", ROOT / "clients" / "python" / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
EXAMPLES = [(document, block) for document in DOCUMENTS for block in FENCE.findall(document.read_text(encoding="utf-8")) if "card_referee_client" in block]


def test_the_examples_are_found():
    """A scan that found nothing would test nothing."""
    assert {document.name for document, _ in EXAMPLES} >= {"README.md", "three-kings.md", "twenty-four.md", "1923.md"}


@pytest.mark.slow
@pytest.mark.parametrize(("document", "block"), EXAMPLES, ids=[f"{d.relative_to(ROOT)}#{i}" for i, (d, _) in enumerate(EXAMPLES)])
def test_every_python_example_runs(server: str, tmp_path: Path, document: Path, block: str):
    code = block.replace("http://127.0.0.1:8000", server)
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
