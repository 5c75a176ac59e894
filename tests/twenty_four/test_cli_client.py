"""The CLI subcommands and the client's methods, against the app through a RefereeClient whose calls go to the Flask test client."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from service.client import RefereeClient, RefereeError
from service.games.twenty_four import cli
from service.games.twenty_four.client import TwentyFourClient


class InProcessReferee(RefereeClient):
    """A RefereeClient that answers from the Flask test client instead of a network."""

    def __init__(self, flask_client: Any) -> None:
        super().__init__("http://in-process")
        self.flask_client = flask_client

    def call(self, method: str, path: str, body: Any = None) -> dict[str, Any]:
        response = self.flask_client.open(path, method=method, json=body)
        answer = response.get_json()
        if response.status_code >= 400:
            raise RefereeError(response.status_code, answer["title"], answer["detail"], answer["type"], tuple(answer["errors"]))
        return answer  # type: ignore[no-any-return]


@pytest.fixture
def referee(client):
    return InProcessReferee(client)


def run(referee, *argv):
    parser = argparse.ArgumentParser()
    cli.add_commands(parser.add_subparsers())
    args = parser.parse_args(argv)
    return args.run(args, referee)


def test_solve_2_4_10_10(referee):
    assert run(referee, "solve", "2", "4", "10", "10") == "2 4 10 10 make 24 in 1 distinct way:\n  10 × (2 + 4 ÷ 10)"


def test_solve_cards_with_another_target_in_ascii(referee):
    text = run(referee, "solve", "KS", "QH", "2D", "AC", "--face-cards", "--target", "26", "--ascii")
    assert text.startswith("13 12 2 1 make 26 in ") and "13 + 12 + 2 - 1" in text


def test_solve_says_when_there_is_no_way(referee):
    assert run(referee, "solve", "1", "1", "5", "9") == "1 1 5 9 cannot make 24."


def test_judge_right_and_wrong(referee):
    assert run(referee, "judge", "(2 + 4 / 10) * 10", "2", "4", "10", "10") == "Correct: (2 + 4 / 10) * 10 = 24"
    text = run(referee, "judge", "-1 + 2 * 3 * 4 + 1", "1", "2", "3", "4")
    assert text.splitlines() == [
        "Wrong:",
        "  -1 + 2 * 3 * 4 + 1",
        "  ^ unary_minus (§4.3): a minus sign before a number or '(' is not allowed: each operator joins two parts",
        "  " + " " * 17 + "^ number_reused (§4.1): 1 is on the table once, and is used more often",  # the second 1 is at offset 17
    ]
    assert run(referee, "judge", "1 + 2 + 3 + 4", "1", "2", "3", "4").startswith("Wrong (it makes 10):")


def test_target(referee):
    text = run(referee, "target", "AS", "3H", "5D", "7C", "9S", "10H", "2D", "KC", "--face-cards")
    assert text == "Removed high: KC 10H; removed low: AS 2D; summed: 3H 5D 7C 9S = 24"


def test_a_refusal_reaches_the_cli_as_the_problem(referee):
    with pytest.raises(RefereeError) as refused:
        run(referee, "solve", "KS", "2S", "3S", "4S")
    assert refused.value.errors[0]["code"] == "not_in_pack"


def test_every_client_method(referee):
    client = TwentyFourClient(referee)
    assert client.solve([2, 4, 10, 10])["count"] == 1
    assert client.solve(["2S", "4H", "10D", "10C"], notation="ascii")["solutions"] == ["10 * (2 + 4 / 10)"]
    assert client.judge([3, 3, 8, 8], "8 / (3 - 8 / 3)")["correct"] is True
    assert client.target(["AS", "AH", "2S", "2H", "10S", "10H", "9C", "4D"])["target"] == 17
    game = client.new_game(["ann", "bob"], seed=4, dealer=1, face_cards=True, dynamic_target=True, hands=2)
    state = game["state"]
    assert state["dealer"] == 1 and state["rules"] == {"face_cards": True, "dynamic_target": True, "hands": 2}
    assert client.check_state(state) == {"valid": True, "problems": []}
    move = client.legal_moves(state)["moves"][-1]
    assert client.validate(state, move)["legal"] is True
    after = client.apply(state, move)["state"]
    assert len(after["set_aside"]) == 4
    assert client.view(after, "ann")["seed"] is None
    assert client.standings(after)["leaders"] == ["ann", "bob"]
    assert client.rules()["slug"] == "twenty-four"
