"""The README's engine examples in Python run as written (a newcomer's clone once failed on an import they still showed).

The client example needs a server and is the client package's test; the engine blocks run here, in process, and
the values their comments promise are checked against the rule book's figures, not recomputed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from service.games import registered

README = Path(__file__).resolve().parent.parent / "README.md"


def engine_blocks() -> list[str]:
    """The README's ```python blocks that use the engines (``service.``), in order."""
    blocks = re.findall(r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), flags=re.S | re.M)
    return [block for block in blocks if "from service." in block]


def test_the_readme_shows_the_engine_blocks():
    assert len(engine_blocks()) == 2


def test_the_registry_block_runs_on_a_real_state_and_move():
    state_json = registered("24-kings").web().examples()["state"]
    namespace: dict[str, Any] = {"state_json": state_json, "move_json": {"player": "nobody", "action": "call_hand"}}
    exec(engine_blocks()[0], namespace)
    verdict = namespace["kings"].judge(namespace["state"], namespace["kings"].read_move(namespace["move_json"]))
    assert not verdict.legal and verdict.reasons


def test_the_24_kings_block_runs_and_gives_what_its_comments_say():
    namespace: dict[str, Any] = {}
    exec(engine_blocks()[1], namespace)
    # rules.md: Super Kingdom QH JH 10H 9H 8H 7H on castles 5H and 10S scores 3 * (5 + 10) = 45, the Pointer 3S 3 more
    assert namespace["as_number"](namespace["split"].half_score) == 3 * (5 + 10) + 3
    reason = namespace["verdict"].reasons[0]
    assert (reason.code, reason.rule) == ("not_your_turn", "9.8")  # cy is to act first after the deal (§9.8)
    assert namespace["GAME"].can_move(namespace["state"], namespace["Move"]("ann", "call_hand")) is False
    assert namespace["after"].state != namespace["state"]
