"""The user's guide shows every endpoint of the game (tests/http/test_docs_examples.py runs its blocks against gunicorn)."""

from __future__ import annotations

import re

from tests.conftest import ROOT, run_shell

GUIDE = ROOT / "docs" / "games" / "twenty-four.md"
BLOCKS = re.findall(r"```sh\n(.*?)```", GUIDE.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_the_guide_has_blocks_for_every_endpoint_of_the_game():
    text = "".join(BLOCKS)
    for path in ("/solve", "/judge", "/target", "/games", "/games/from-table", "/moves/legal", "/moves/apply", "/moves/validate", "/view", "/standings"):
        assert f"/v1/twenty-four{path}" in text, path


def test_the_real_table_game_of_the_guide_ends_as_worked_by_hand(server, tmp_path):
    """ann wins rounds 1 and 4, bob round 3, the rest go aside: 8 cards to 4, ann wins; the slip bars nobody."""
    import json

    section = GUIDE.read_text(encoding="utf-8").split("## A game at a real table", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```sh\n(.*?)```", section, flags=re.DOTALL)
    script = block.replace("http://127.0.0.1:8000", server)
    result = run_shell(script, tmp_path, timeout=120)
    assert result.returncode == 0, result.stderr
    answers, decoder, at = [], json.JSONDecoder(), 0
    while result.stdout[at:].strip():  # curl prints no newline after an answer: read the values one after another
        at += len(result.stdout[at:]) - len(result.stdout[at:].lstrip())
        answer, at = decoder.raw_decode(result.stdout, at)
        answers.append(answer)
    slip = next(answer for answer in answers if isinstance(answer, dict) and answer.get("status") == 422)
    assert [error["code"] for error in slip["errors"]] == ["missing_operand"]
    seen = next(answer for answer in answers if isinstance(answer, dict) and "legal" in answer)
    assert (seen["legal"], seen["reasons"][0]["code"]) == (False, "card_seen")
    barred = [event["player"] for events in answers if isinstance(events, list) for event in events if event["type"] == "barred"]
    assert barred == ["bob"]
    standings = answers[-1]
    assert standings["over"] is True and standings["winners"] == ["ann"]
    assert {row["player"]: row["total"] for row in standings["standings"]} == {"ann": 8, "bob": 4}
