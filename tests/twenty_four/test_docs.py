"""The user's guide shows every endpoint of the game (tests/http/test_docs_examples.py runs its blocks against gunicorn)."""

from __future__ import annotations

import re

from tests.conftest import ROOT

GUIDE = ROOT / "docs" / "games" / "twenty-four.md"
BLOCKS = re.findall(r"```sh\n(.*?)```", GUIDE.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_the_guide_has_blocks_for_every_endpoint_of_the_game():
    text = "".join(BLOCKS)
    for path in ("/solve", "/judge", "/target", "/games", "/moves/legal", "/moves/apply", "/moves/validate", "/view", "/standings"):
        assert f"/v1/twenty-four{path}" in text, path
