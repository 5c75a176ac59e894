"""1923's endpoints through the one client, and its command-line subcommands, answered by the app in process (no network)."""

from __future__ import annotations

import argparse
import json

import pytest
from card_referee_client import RefereeError

from service.games.nineteen_twenty_three.cli import cards_by_player
from tests.client.in_process import command, in_process


@pytest.fixture
def referee(client):
    return in_process(client)


def run(referee, *argv: str) -> str:
    return command(referee, "1923", *argv)


def hands(cards: dict[str, list[str]]) -> list[dict[str, object]]:
    return [{"player": name, "cards": held} for name, held in cards.items()]


def test_every_endpoint_of_the_game(referee):
    game = referee.game("1923")
    state = game.new_game({"players": ["ann", "bob"], "seed": 3, "target": 5})["state"]
    assert game.check_state(state)["valid"]
    assert game.legal_moves(state)["counts"] == {"take": 2, "lock": 2, "reveal": 0, "draw": 0, "war": 0}
    assert game.validate(state, {"action": "reveal"})["legal"] is False
    assert len(game.apply(state, {"action": "take", "player": "ann"})["state"]["players"][0]["hand"]["cards"]) == 3
    assert game.view(state, "bob")["player"] == "bob"
    table = game.game_from_table({"players": ["ann", "bob"], "decks": 1, "won": {"ann": ["AH"]}, "dead": ["2C"], "points": {"bob": 2}, "set": 2})["state"]
    assert table["pile"]["hidden"] == 52 - 2 - 4
    assert game.invoke("judge", {"hands": hands({"ann": ["AH", "9C", "2D"], "bob": ["10C", "7D"]})})["winner"] == "ann"
    drawn = {"hands": hands({"ann": ["10H", "8D"], "bob": ["10C", "8S"]}), "draws": hands({"ann": ["AS"], "bob": ["KS"]}), "pile": 10}
    assert game.invoke("judge", drawn)["decided_by"] == "draw"
    assert game.invoke("sets/score", {"won": {"ann": ["AH", "7C"], "bob": ["AS"]}})["points"] == {"ann": 3, "bob": -1}
    assert game.invoke("matches/standings", {"sets": [{"points": {"ann": 22, "bob": 0}, "cards": {"ann": 20, "bob": 1}}], "target": 21})["winners"] == ["ann"]
    assert game.rules()["slug"] == "1923" and game.conformance()["cases"]
    with pytest.raises(RefereeError) as refused:
        game.invoke("judge", {"hands": hands({"ann": ["AH"]})})
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
