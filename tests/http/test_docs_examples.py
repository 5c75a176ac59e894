"""Every ``sh`` block of each game's guide (docs/games/*.md) runs as written against the live server."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import run_shell

ROOT = Path(__file__).resolve().parents[2]
GUIDES = sorted((ROOT / "docs" / "games").glob("*.md"))
SH_BLOCK = re.compile(r"```sh\n(.*?)```", re.DOTALL)
# Each curl also reports its status on stderr, so a server error cannot hide behind `curl -s`
# and the answer it pipes or writes to a file is untouched.
STATUS_REPORTING_CURL = 'curl() { command curl -w "%{stderr}[http %{http_code}]\\n" "$@"; }\n'


def sh_blocks(path: Path) -> list[str]:
    return SH_BLOCK.findall(path.read_text(encoding="utf-8"))


def test_every_registered_game_has_a_guide():
    from service.games import GAME_PACKAGES

    assert {path.stem for path in GUIDES} >= set(GAME_PACKAGES)


@pytest.mark.parametrize("guide", GUIDES, ids=[path.stem for path in GUIDES])
def test_the_guides_curl_examples_work_as_written(server, tmp_path, guide):
    blocks = sh_blocks(guide)
    assert blocks, f"{guide.name} has no sh example"
    port = server.rsplit(":", 1)[1]
    script = STATUS_REPORTING_CURL + "\n".join(blocks).replace("127.0.0.1:8000", f"127.0.0.1:{port}")
    # timeout: a hang guard, not a speed bound (the 1718 guide took 120 s on a loaded machine)
    result = run_shell(script, tmp_path, timeout=900)
    assert result.returncode == 0, result.stderr
    statuses = re.findall(r"\[http (\d{3})\]", result.stderr)
    assert statuses and all(int(status) < 500 for status in statuses), result.stderr[-2000:]
