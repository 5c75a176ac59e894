"""The user's guide's curl blocks run as written against a live gunicorn (only the port differs)."""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from tests.conftest import ROOT

GUIDE = ROOT / "docs" / "games" / "twenty-four.md"
BLOCKS = re.findall(r"```sh\n(.*?)```", GUIDE.read_text(encoding="utf-8"), flags=re.DOTALL)


@pytest.mark.slow
@pytest.mark.parametrize("block", BLOCKS, ids=[f"block-{index}" for index in range(len(BLOCKS))])
def test_every_curl_block_works_as_written(server, tmp_path, block):
    port = server.rsplit(":", 1)[1]
    script = block.replace("127.0.0.1:8000", f"127.0.0.1:{port}")
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert answers and all("status" not in answer or answer["status"] == 422 for answer in answers), result.stdout


def test_the_guide_has_blocks_for_every_endpoint_of_the_game():
    text = "".join(BLOCKS)
    for path in ("/solve", "/judge", "/target", "/games", "/moves/legal", "/moves/apply", "/moves/validate", "/view", "/standings"):
        assert f"/v1/twenty-four{path}" in text, path
