"""The curl examples of docs/sealed-deals.md run as written against the live server, as each game's guide does."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.http.test_docs_examples import ROOT, STATUS_REPORTING_CURL, sh_blocks

GUIDE = ROOT / "docs" / "sealed-deals.md"


@pytest.mark.slow
def test_the_sealed_deals_curl_examples_work_as_written(server, tmp_path):
    blocks = sh_blocks(GUIDE)
    assert blocks, "docs/sealed-deals.md has no sh example"
    port = server.rsplit(":", 1)[1]
    script = STATUS_REPORTING_CURL + "\n".join(blocks).replace("127.0.0.1:8000", f"127.0.0.1:{port}")
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    statuses = [int(status) for status in re.findall(r"\[http (\d{3})\]", result.stderr)]
    assert statuses[:-1] and all(status == 200 for status in statuses[:-1]), result.stderr[-2000:]
    assert statuses[-1] == 422  # the tampered token
    assert "sealed_token_invalid" in result.stdout and "'hidden': 7" in result.stdout
