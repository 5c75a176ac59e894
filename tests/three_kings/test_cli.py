"""``kings three-kings ...`` and the Python client, against the Flask test client (no network)."""

from __future__ import annotations

import argparse
import json
from typing import Any

import pytest

from service.client import RefereeClient, RefereeError
from service.games.three_kings.cli import add_commands
from service.games.three_kings.client import ThreeKingsClient


class FlaskClient(RefereeClient):
    """A RefereeClient whose calls go to the Flask test client."""

    def __init__(self, client: Any) -> None:
        super().__init__("http://test")
        self.flask = client

    def call(self, method: str, path: str, body: Any = None) -> dict[str, Any]:
        reply = self.flask.open(path, method=method, json=body) if body is not None else self.flask.open(path, method=method)
        if reply.status_code >= 400:
            problem = reply.get_json()
            raise RefereeError(reply.status_code, problem["title"], problem["detail"], problem["type"], tuple(problem["errors"]))
        return reply.get_json()


def run(client, *argv: str):
    top = argparse.ArgumentParser()
    add_commands(top.add_subparsers(dest="command", required=True))
    args = top.parse_args(argv)
    return args.run(args, FlaskClient(client))


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
        ThreeKingsClient(FlaskClient(client)).sets(["7"] * 5, [])
    assert refused.value.status == 422 and refused.value.errors[0]["pointer"] == "/hand/4"


def test_every_client_method(client):
    tk = ThreeKingsClient(FlaskClient(client))
    state = tk.new_game(["ann", "bob"], seed=3, scoring="bonus")["state"]
    assert tk.check_state(state) == {"valid": True, "problems": []}
    move = tk.legal_moves(state)["moves"][0]
    assert tk.validate(state, move)["legal"] and tk.apply(state, move)["state"]["phase"] != "draw"
    assert tk.view(state, "bob")["player"] == "bob"
    assert tk.game_from_table(["ann", "bob"], ["5", "J", "3", "K"])["state"]["draw_pile"]["hidden"] == 41
    assert tk.score("bonus", {"ann": ["6", "5", "J"], "bob": []})["winners"] == ["ann"]
    assert tk.rules()["slug"] == "three-kings" and tk.conformance()["cases"]
