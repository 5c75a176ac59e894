"""Twenty-Four's commands and its endpoints through the one client, against the app in process (no network)."""

from __future__ import annotations

import pytest
from card_referee_client import RefereeError

from tests.client.in_process import command, in_process


@pytest.fixture
def referee(client):
    return in_process(client)


def run(referee, *argv):
    return command(referee, "twenty-four", *argv)


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
    judged = run(referee, "judge", "1 + 2 + 3 + 4", "1", "2", "3", "4", "--json")  # --json: the answer itself, not the text
    assert judged["correct"] is False and judged["value"] == "10"


def test_target(referee):
    text = run(referee, "target", "AS", "3H", "5D", "7C", "9S", "10H", "2D", "KC", "--face-cards")
    assert text == "Removed high: KC 10H; removed low: AS 2D; summed: 3H 5D 7C 9S = 24"


def test_new_game(referee, tmp_path):
    """The pack is Ace to 10 of four suits, 40 cards (rules.md §1.1): the piles and the first table hold them all."""
    saved = tmp_path / "game.json"
    text = run(referee, "new-game", "ann", "bob", "--seed", "4", "-o", str(saved))
    lines = text.splitlines()
    assert lines[0].startswith("Seed 4; ") and lines[1].startswith("Table: ") and lines[1].endswith("; make 24.")
    state = run(referee, "legal", str(saved), "--json")
    assert state["moves"]
    answer = run(referee, "new-game", "--players", "ann,bob", "--seed", "4", "--dealer", "1", "--json")
    piles = [len(player["pile"]) for player in answer["state"]["players"]]
    assert answer["state"]["dealer"] == 1 and sum(piles) + len(answer["state"]["table"]) == 40


def test_a_refusal_reaches_the_cli_as_the_problem(referee):
    with pytest.raises(RefereeError) as refused:
        run(referee, "solve", "KS", "2S", "3S", "4S")
    assert refused.value.errors[0]["code"] == "not_in_pack"


def test_every_endpoint_of_the_game(referee):
    game = referee.game("twenty-four")
    assert game.invoke("solve", {"values": [2, 4, 10, 10]})["count"] == 1
    assert game.invoke("solve", {"cards": ["2S", "4H", "10D", "10C"], "notation": "ascii"})["solutions"] == ["10 * (2 + 4 / 10)"]
    assert game.invoke("judge", {"values": [3, 3, 8, 8], "expression": "8 / (3 - 8 / 3)"})["correct"] is True
    assert game.invoke("target", {"cards": ["AS", "AH", "2S", "2H", "10S", "10H", "9C", "4D"]})["target"] == 17
    variant = {"face_cards": True, "dynamic_target": True, "hands": 2}
    body = {"players": ["ann", "bob"], "seed": 4, "dealer": 1, next(f for f in ("rules", "options") if f in game.operations["games"].body_fields): variant}
    state = game.new_game(body)["state"]
    assert state["dealer"] == 1 and state.get("rules", state.get("options")) == variant
    assert game.check_state(state) == {"valid": True, "problems": []}
    move = game.legal_moves(state)["moves"][-1]
    assert game.validate(state, move)["legal"] is True
    after = game.apply(state, move)["state"]
    assert len(after["set_aside"]) == 4
    assert game.view(after, "ann")["seed"] is None
    assert game.invoke("standings", {"state": after})["leaders"] == ["ann", "bob"]
    assert game.rules()["slug"] == "twenty-four"
