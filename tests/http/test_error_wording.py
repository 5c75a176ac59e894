"""Errors a person can act on (issue 30): what was typed wrong is named, and messages read as sentences.

Every expected text is written here by hand.
"""

from __future__ import annotations

import pytest

FOUR = ["ann", "bob", "cy", "dee"]


def post(client, path, body, status=200):
    answer = client.post(path, json=body)
    assert answer.status_code == status, answer.get_json()
    return answer.get_json()


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("10", "'10' is not a card: it has a rank but no suit; add one of S, H, D, C or ♠ ♥ ♦ ♣ (e.g. '10H')"),
        ("T H", "'T H' is not a card: the space is the problem; write the rank and the suit together, e.g. 'TH'"),
    ],
)
def test_a_mistyped_card_in_a_body_says_what_to_change_with_the_code_bad_card(client, typed, message):
    body = {"castles": [{"card": typed}, {"card": "3H"}, {"card": "4D"}, {"card": "10S"}], "players": [{"name": "ann", "cards": ["7H"]}]}
    problem = post(client, "/v1/24-kings/calculus", body, 422)
    assert [(e["pointer"], e["code"], e["message"]) for e in problem["errors"]] == [("/castles/0/card", "bad_card", message)]


@pytest.mark.parametrize("slug", ["24-kings", "three-kings", "twenty-four-1718"])
def test_a_move_out_of_turn_names_whose_turn_it_is_in_a_sentence(client, slug):
    state = post(client, f"/v1/{slug}/games", {"players": FOUR, "seed": 2})["state"]
    legal = post(client, f"/v1/{slug}/moves/legal", {"state": state})
    move = legal["moves"][0]
    other = next(name for name in FOUR if name != move["player"])
    verdict = post(client, f"/v1/{slug}/moves/validate", {"state": state, "move": move | {"player": other}})
    turn = [r["message"] for r in verdict["reasons"] if r["code"] == "not_your_turn"]
    assert turn == [f"it is {move['player']}'s turn, not {other}'s"]


def test_a_reveal_before_every_lock_lists_who_has_not_locked_as_a_sentence(client):
    state = post(client, "/v1/1923/games", {"players": ["ann", "bob", "cy"], "seed": 2})["state"]
    verdict = post(client, "/v1/1923/moves/validate", {"state": state, "move": {"action": "reveal"}})
    assert [r["message"] for r in verdict["reasons"] if r["code"] == "not_all_locked"] == [
        "the cards are revealed once every player has locked; ann, bob and cy have not"
    ]
    for name in ("ann", "bob"):
        state = post(client, "/v1/1923/moves/apply", {"state": state, "move": {"action": "lock", "player": name}})["state"]
    verdict = post(client, "/v1/1923/moves/validate", {"state": state, "move": {"action": "reveal"}})
    assert [r["message"] for r in verdict["reasons"] if r["code"] == "not_all_locked"] == ["the cards are revealed once every player has locked; cy has not"]


def test_a_card_a_hand_does_not_hold_names_the_hand_counted_from_the_leader(client):
    hands = [  # rules.md §12.2's five hands, from the leader (ann), the dealer last; trumps from 5H turned up
        ["AC", "2C", "3C", "4C", "5C", "2S", "3S", "8D", "9D", "KH"],
        ["8S", "9S", "10S", "JS", "QS", "AD", "2D", "6C", "7C", "2H"],
        ["8H", "9H", "10H", "JH", "QH", "3D", "4D", "5D", "6D", "7D"],
        ["KS", "4S", "6S", "AH", "3H", "10D", "QD", "8C", "10C", "QC"],
        ["AS", "5S", "7S", "4H", "6H", "7H", "JD", "KD", "9C", "JC"],
    ]
    body = {"hands": hands, "turn_up": "5H", "tricks": [["2S", "3S", "8H", "KS", "AS"]]}  # the second card is the leader's own 3S
    problem = post(client, "/v1/twenty-four-1718/score", body, 422)
    assert [(e["pointer"], e["code"], e["message"]) for e in problem["errors"]] == [
        ("/tricks/0/1", "card_not_in_hand", "hand 2 (the leader's is hand 1) does not hold 3S at this point of the play")
    ]
