"""docs/games/1923.md: every shell block runs as written against a live gunicorn (only the port differs)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT, run_shell

GUIDE = ROOT / "docs" / "games" / "1923.md"


@pytest.mark.slow
def test_every_curl_block_of_the_guide_works(server, tmp_path):
    blocks = re.findall(r"```sh\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) == 4
    port = server.rsplit(":", 1)[1]
    outputs = []
    for block in blocks:
        script = block.replace("127.0.0.1:8000", f"127.0.0.1:{port}")
        result = run_shell(script, tmp_path, timeout=60)
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout)
    text = "\n".join(outputs)
    assert '"winner":"bob","decided_by":"average"' in text and '"needs":"draw"' in text and '"decided_by":"none"' in text
    assert '"points":{"ann":16,"bob":15,"cy":-1}' in text and '"decided_by":"most_cards"' in text
    assert '"legal":false' in text and '"code":"not_all_locked"' in text
    # a game at a real table: an unlogged take settled by the reveal, two rounds of draws named by the table
    assert '"table_step":{"action":"reveal","requires":["hands"],"players":["ann","bob"],"rule":"3.5"}' in text
    assert '"table_step":{"action":"draw","requires":["draws"],"players":["ann","bob"],"round":1,"rule":"4.4"}' in text
    assert "play {'cards': [], 'hidden': 38} [('ann', ['10H', '6D', '2S', '10C', '6S', '2D', '5S', '7S', '5D', '2C']), ('bob', [])]" in text
    assert '"shape":"won"' in text and '"player":"ann","total":6' in text
    assert '"target":15,' in text and '"over":true,"winners":["bob"],"decided_by":"most_cards","rule":"6.2"' in text
    assert "rank,player,total,games,wins,best,worst,match_winner,match_cards,game 1,game 2,game 3\n1,bob,18,3,2,12,0,yes,23,0,12,6\n" in text
    assert (
        "\nplace,player,winner,total,cards,target,over,decided_by,rule,after game 1,after game 2,after game 3\n1,bob,yes,18,23,15,yes,most_cards,6.2,0,12,18\n"
        in text
    )
    assert '"type": "urn:kings-referee:problem:invalid-body"' in text and '"pointer": "/hands/1/cards/0"' in text
