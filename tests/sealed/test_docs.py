"""The curl examples of docs/sealed-deals.md run as written against the live server, as each game's guide does."""

from __future__ import annotations

import re

import pytest

from tests.conftest import run_shell
from tests.http.test_docs_examples import ROOT, STATUS_REPORTING_CURL, sh_blocks

GUIDE = ROOT / "docs" / "sealed-deals.md"


@pytest.mark.slow
def test_the_sealed_deals_curl_examples_work_as_written(server, tmp_path):
    blocks = sh_blocks(GUIDE)
    assert blocks, "docs/sealed-deals.md has no sh example"
    port = server.rsplit(":", 1)[1]
    script = STATUS_REPORTING_CURL + "\n".join(blocks).replace("127.0.0.1:8000", f"127.0.0.1:{port}")
    result = run_shell(script, tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr
    statuses = [int(status) for status in re.findall(r"\[http (\d{3})\]", result.stderr)]
    # 24 Kings: deal, ann's view, ann's key for bob's view, a chosen seed, bob's legal moves, bob's move, a changed token;
    # Twenty-Four: deal, the table's move with cy's key; 1923: deal, ann's take (1718's requests are not curl's);
    # Three Kings: deal, bob's view
    assert statuses == [200, 200, 403, 422, 200, 200, 422, 200, 200, 200, 200, 200, 200], result.stderr[-2000:]
    out = result.stdout
    assert "'hidden': 7" in out and "move 0" in out and "keys for ['ann', 'bob', 'cy']" in out
    assert "seat_key_refused" in out and "seed_with_sealed" in out and "sealed_token_invalid" in out
    assert "move 1" in out and re.search(r"(?im)^sealed-move: 1\s*$", out)
    assert "[[], [], []]" in out and "seed 0" in out  # Twenty-Four's piles and seed are sealed
    assert "took card None" in out and "'hidden': 1" in out  # 1923: ann's own last card is hidden from her
    assert "3k hands [{'cards': [], 'hidden': 4}, {'cards': [], 'hidden': 4}]" in out and "'hidden': 41" in out  # 53 cards, 8 dealt, 4 on the table
    assert "bob sees 4 of his cards; ann {'cards': [], 'hidden': 4}" in out
    assert "with bob's key 403 seat_key_refused" in out and "with ann's key 200 12 cards" in out and "deal 200 [] hidden 12" in out
