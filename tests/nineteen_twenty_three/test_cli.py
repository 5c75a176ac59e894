"""1923's client methods and command-line subcommands, answered by the app in process (no network)."""

from __future__ import annotations

import argparse
import json
from typing import Any

import pytest

from service.client import RefereeClient, RefereeError
from service.games.nineteen_twenty_three.cli import add_commands, cards_by_player
from service.games.nineteen_twenty_three.client import Nineteen23Client


class InProcessReferee(RefereeClient):
    """A RefereeClient whose calls go to the Flask test client."""

    def __init__(self, flask_client: Any) -> None:
        super().__init__("http://in-process")
        self.flask_client = flask_client

    def call(self, method: str, path: str, body: Any = None) -> dict[str, Any]:
        response = self.flask_client.open(path, method=method, json=body) if body is not None else self.flask_client.open(path, method=method)
        answer = response.get_json()
        if response.status_code >= 400:
            raise RefereeError(response.status_code, answer["title"], answer["detail"], answer["type"], tuple(answer["errors"]))
        return answer


@pytest.fixture
def referee(client) -> InProcessReferee:
    return InProcessReferee(client)


def run(referee, *argv: str) -> str:
    parser = argparse.ArgumentParser()
    add_commands(parser.add_subparsers())
    args = parser.parse_args(argv)
    return args.run(args, referee)


def test_every_client_method(referee):
    game = Nineteen23Client(referee)
    state = game.new_game(["ann", "bob"], seed=3, target=5)["state"]
    assert game.check_state(state)["valid"]
    assert game.legal_moves(state)["counts"] == {"take": 2, "lock": 2, "reveal": 0, "draw": 0, "war": 0}
    assert game.validate(state, {"action": "reveal"})["legal"] is False
    assert len(game.apply(state, {"action": "take", "player": "ann"})["state"]["players"][0]["hand"]["cards"]) == 3
    assert game.view(state, "bob")["player"] == "bob"
    table = game.from_table(["ann", "bob"], decks=1, won={"ann": ["AH"]}, dead=["2C"], points={"bob": 2}, set_number=2)["state"]
    assert table["pile"]["hidden"] == 52 - 2 - 4
    assert game.judge({"ann": ["AH", "9C", "2D"], "bob": ["10C", "7D"]})["winner"] == "ann"
    assert game.judge({"ann": ["10H", "8D"], "bob": ["10C", "8S"]}, draws={"ann": ["AS"], "bob": ["KS"]}, pile=10)["decided_by"] == "draw"
    assert game.score_set({"ann": ["AH", "7C"], "bob": ["AS"]})["points"] == {"ann": 3, "bob": -1}
    assert game.standings([{"points": {"ann": 22, "bob": 0}, "cards": {"ann": 20, "bob": 1}}], target=21)["winners"] == ["ann"]
    assert game.rules()["slug"] == "1923" and game.conformance()["cases"]
    with pytest.raises(RefereeError) as refused:
        game.judge({"ann": ["AH"]})
    assert refused.value.status == 422


def test_judge_command(referee):
    text = run(referee, "judge", "ann=KH,QS,5D", "bob=10C,7D")
    assert "Winner: bob by average, takes 5 cards" in text and "average (rule 4.3): ann 25/3, bob 17/2 -> bob" in text
    assert "must draw (round 1)" in run(referee, "judge", "ann=10H,8D", "bob=10C,8S")
    assert "Winner: ann by draw" in run(referee, "judge", "ann=10H,8D", "bob=10C,8S", "--draw", "ann=AS", "--draw", "bob=2S")
    assert "No winner: 4 cards are dead" in run(referee, "judge", "ann=10H,8D", "bob=10C,8S", "--pile", "0")


def test_score_set_standings_and_new_game_commands(referee, tmp_path):
    assert run(referee, "score-set", "ann=AH,7C", "bob=AS").splitlines() == ["ann: 2 cards, 1 Ace(s) -> +3", "bob: 1 cards, 1 Ace(s) -> -1", "Set won by: ann"]
    sets = tmp_path / "sets.json"
    sets.write_text(json.dumps({"sets": [{"points": {"ann": 12, "bob": 0}, "cards": {"ann": 12, "bob": 8}}]}))
    assert run(referee, "standings", str(sets), "--target", "10").splitlines()[-1] == "Match won by ann (first_to_target, rule 6.1)"
    assert run(referee, "standings", str(sets)).splitlines()[-1] == "Match goes on: first to 21"
    assert run(referee, "new-game", "ann", "bob", "--seed", "3").startswith("Seed 3, 1 deck(s), target 21; pile 48;")


def test_cards_by_player_refuses_a_bare_card():
    with pytest.raises(argparse.ArgumentTypeError):
        cards_by_player(["AH,9C"])
