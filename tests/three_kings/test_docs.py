"""Every ``sh`` block of docs/games/three-kings.md runs as written against a live gunicorn (only the port differs)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT, run_shell

GUIDE = ROOT / "docs" / "games" / "three-kings.md"


def blocks(fence: str) -> list[str]:
    return [part.split("```", 1)[0] for part in GUIDE.read_text(encoding="utf-8").split(f"```{fence}\n")[1:]]


@pytest.mark.slow
def test_every_curl_block_works(server, tmp_path):
    port = server.rsplit(":", 1)[1]
    outputs = []
    for block in blocks("sh"):
        script = block.replace("127.0.0.1:8000", f"127.0.0.1:{port}")
        result = run_shell(script, tmp_path, timeout=60)
        assert result.returncode == 0, result.stderr
        outputs.append(result.stdout)
    text = "".join(outputs)
    assert '"sum":"6 + 5 = 11"' in text and '"winners":["bob"]' in text
    assert '"set_available"' in text and '"too_many_copies"' in text  # a problem document is spaced differently
    # The game at a real table: the take before the set, ann's show out of turn, the game over at the show (rules.md §5.2, §10.4).
    assert '"open":[{"player":"ann","action":"show_kings"}]' in text
    assert "['set', 'drew', 'turn']" in text and "['showed_kings', 'three_kings', 'game_over']" in text
    assert '{"reason": "three_kings", "scores": {"ann": 37, "bob": 0}, "three_kings": "ann", "winners": ["ann"]}' in text
    answer = json.loads((tmp_path / "after-set.json").read_text())
    assert [event["type"] for event in answer["events"]] == ["set", "drew", "may_take_king"]  # she holds a King, the table shows one


def test_the_python_example_is_the_client_api():
    (code,) = blocks("python")
    assert '.game("three-kings")' in code and "legal_moves(state)" in code
