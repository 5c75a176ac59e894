"""An announced sequence that names a card twice (rules.md §13.4: the cards of a sequence are shown): the card the
declarer neither holds nor played is one fault, at their hand, however often the announcement names it."""

from __future__ import annotations

import copy

from service.http.referee import game_web


def test_a_card_named_twice_in_a_sequence_and_not_held_is_one_problem(client):
    state = copy.deepcopy(game_web("twenty-four-1718").examples()["state"])
    assert "6H" not in state["players"][0]["hand"]  # eve holds it, every hand seen
    state["claims"][0]["sequences"] = [["AC", "2C", "3C", "4C", "6H", "6H"]]
    answer = client.post("/v1/twenty-four-1718/state/check", json={"state": state}).get_json()
    assert answer["valid"] is False
    not_held = [(p["pointer"], p["code"]) for p in answer["problems"] if p["code"] == "announced_card_not_held"]
    assert not_held == [("/state/players/0/hand", "announced_card_not_held")]
