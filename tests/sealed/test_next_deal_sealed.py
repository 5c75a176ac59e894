"""A sealed match goes on by the deal move (issue 27): the next dealer applies it through /moves/apply with their seat
key; the next game is sealed in the same match, its seed stays in the token, and each seat learns only its own hand."""

from __future__ import annotations

import json
from typing import Any

from service.core.sealing import Seal, new_match
from service.games.kings import GAME
from service.games.kings.moves import Move
from service.games.kings.rules import Rules
from service.games.kings.start import new_game

from .keys import TEST_SEALER, as_seat, sealed_state

NAMES = ["ann", "bob"]


def finished_in_match(seal: Seal) -> dict[str, Any]:
    """ann deals (seat 0), bob acts first and calls HAND! falsely: ann is the last one in, the game is over."""
    state = new_game(NAMES, Rules(), 8, 0, "clockwise").state
    return sealed_state(GAME.apply(state, Move("bob", "call_hand")).state, seal)


def words(answer: Any) -> set[str]:
    return set(json.dumps(answer).replace('"', " ").replace(",", " ").replace("[", " ").replace("]", " ").split())


def test_the_next_dealer_deals_the_sealed_match_on_through_moves_apply(keyed):
    seal = Seal(new_match(), 4)
    over = finished_in_match(seal)
    assert over["state"]["phase"] == "over"
    legal = keyed.post("/v1/24-kings/moves/legal", json=as_seat(over, "bob")).get_json()
    assert legal["player"] == "bob" and legal["moves"] == [{"player": "bob", "action": "deal"}]  # ann dealt: bob deals next
    assert keyed.post("/v1/24-kings/moves/legal", json=as_seat(over, "ann")).get_json()["moves"] == []  # not ann's move
    reply = keyed.post("/v1/24-kings/moves/apply", json=as_seat(over, "bob", move={"player": "bob", "action": "deal"}))
    assert reply.status_code == 200, reply.get_json()
    answer = reply.get_json()
    assert answer["sealed_move"] == 5 and "seat_keys" not in answer
    opened = TEST_SEALER.open(answer["sealed"])
    assert opened["match"] == seal.match  # the same match: its seat keys serve the next game
    hidden = opened["hidden"]
    state = answer["state"]
    assert state["phase"] == "kingdom-action" and state["dealer"] == 1 and state["to_act"] == 0 and state["match"]["games"] == 1
    assert state["seed"] == 0 and all(player["hand"]["cards"] == [] for player in state["players"])  # public: counts only
    assert answer["view"]["players"][1]["hand"]["cards"] == hidden["hands"][1]  # bob sees his own new hand
    ann_only = set(hidden["hands"][0]) - set(hidden["hands"][1]) - {c["card"] for c in state["castles"]} - set(state["face_up"])
    assert ann_only and not ann_only & words(answer)  # nothing of ann's new hand reaches bob
    assert answer["events"][0]["type"] == "game_dealt"
    view = keyed.post("/v1/24-kings/view", json=as_seat(answer, "ann", over["seat_keys"])).get_json()
    assert view["players"][0]["hand"]["cards"] == hidden["hands"][0]


def test_the_sealed_deal_comes_from_the_sealed_seed(keyed):
    """The same sealed finished game always goes on with the same deal: the seed inside the token decides it."""
    over = finished_in_match(Seal(new_match()))
    move = {"player": "bob", "action": "deal"}
    first = keyed.post("/v1/24-kings/moves/apply", json=as_seat(over, "bob", move=move)).get_json()
    again = keyed.post("/v1/24-kings/moves/apply", json=as_seat(over, "bob", move=move)).get_json()
    assert TEST_SEALER.open(first["sealed"])["hidden"] == TEST_SEALER.open(again["sealed"])["hidden"]
