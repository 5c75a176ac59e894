"""The client package's wheel, built offline from a copy of clients/python (builds in parallel workers never share a
build directory), with the setuptools and wheel of the project's venv."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

SOURCE = ROOT / "clients" / "python"


def build_client_wheel(work: Path) -> Path:
    """``card_referee_client-<version>-py3-none-any.whl`` in ``work``; nothing is fetched."""
    source = work / "source"
    shutil.copytree(SOURCE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    out = work / "wheel"
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index", "--wheel-dir", str(out), str(source)]
    subprocess.run(command, check=True, capture_output=True, timeout=120, cwd=work)
    [built] = out.glob("card_referee_client-*.whl")
    return built
