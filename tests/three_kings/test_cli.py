"""``kings three-kings ...`` and the one client, against the app in process (no network)."""

from __future__ import annotations

import json

import pytest
from card_referee_client import RefereeError

from tests.client.in_process import command, in_process


def run(client, *argv: str):
    return command(in_process(client), "three-kings", *argv)


def test_sets_command(client):
    text = run(client, "sets", "6 K 2 9", "--table", "5 J 3 K")
    assert text == "  6 with 5 J: 6 + 5 = 11\n  2 with 3 5: 2 + 3 = 5\ntake a King: yes; discard: no"


def test_score_command(client):
    assert (
        run(client, "score", "--method", "penalty", "--pile", "ann=6 5 J", "--pile", "bob=2 3 5", "--three-kings", "bob")
        == "  ann: 22\n  bob: -5\nwinners: bob"
    )
    assert run(client, "score", "--method", "three_kings_wins", "--pile", "ann=", "--pile", "bob=") == "  (method 1: no points)\nwinners: nobody"


def test_a_game_from_the_command_line(client, tmp_path):
    saved = tmp_path / "game.json"
    text = run(client, "new-game", "--players", "ann,bob", "--seed", "4", "--scoring", "bonus", "-o", str(saved))
    assert text.startswith("Seed 4; scoring bonus.") and text.endswith("bob draws first.")  # the dealer is seat 0: bob on the left
    assert "bob (draw):" in run(client, "legal", str(saved))
    events = run(client, "apply", str(saved), json.dumps({"player": "bob", "action": "draw"}), "-o", str(tmp_path / "after.json"))
    assert json.loads(events.splitlines()[0])["type"] == "drew"
    assert json.loads((tmp_path / "after.json").read_text())["state"]["phase"] in ("play", "over")


def test_the_client_raises_the_problem(client):
    with pytest.raises(RefereeError) as refused:
        in_process(client).game("three-kings").invoke("sets", {"hand": ["7"] * 5, "table": []})
    assert refused.value.status == 422 and refused.value.errors[0]["pointer"] == "/hand/4"


def test_every_endpoint_of_the_game(client):
    tk = in_process(client).game("three-kings")
    variant = next(field for field in ("rules", "options") if field in tk.operations["games"].body_fields)  # the wire's name for the settings
    state = tk.new_game({"players": ["ann", "bob"], "seed": 3, variant: {"scoring": "bonus"}})["state"]
    assert tk.check_state(state) == {"valid": True, "problems": []}
    move = tk.legal_moves(state)["moves"][0]
    assert tk.validate(state, move)["legal"] and tk.apply(state, move)["state"]["phase"] != "draw"
    assert tk.view(state, "bob")["player"] == "bob"
    assert tk.game_from_table({"players": ["ann", "bob"], "table": ["5", "J", "3", "K"]})["state"]["draw_pile"]["hidden"] == 41
    assert tk.invoke("score", {"method": "bonus", "piles": {"ann": ["6", "5", "J"], "bob": []}})["winners"] == ["ann"]
    assert tk.rules()["slug"] == "three-kings" and tk.conformance()["cases"]
