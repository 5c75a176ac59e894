"""What a real table must enter next is a template that says so (issues 26, 27).

`/moves/legal` listed a bare `draw`, a bare `deal` and, for a hand the referee only counts, a bare `declare`; each,
sent as listed, is refused. Each is now listed with `fill` naming what the table enters, and filled as the contract
test fills templates (from the state and the rule book), it validates and applies. Expected values by hand: five
players hold ten cards each (rules.md §2.2), so a Point is 3 to 10 cards (the longest suit holds at least a
quarter of the hand), and three cards of a suit are worth 1 + 2 + 3 = 6 at the least (§6.2).
"""

from __future__ import annotations

import random
from typing import Any

from service.games.twenty_four_1718 import GAME
from tests.contract.test_random_games import fill

R = "/v1/twenty-four-1718"
FIVE = ["ann", "bob", "cy", "dee", "eve"]


def post(client: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(f"{R}{path}", json=body)
    assert answer.status_code == 200, answer.get_json()
    data: dict[str, Any] = answer.get_json()
    return data


def listed(client: Any, state: dict[str, Any]) -> list[dict[str, Any]]:
    moves: list[dict[str, Any]] = post(client, "/moves/legal", {"state": state})["moves"]
    return moves


def bare(move: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in move.items() if key != "fill"}


def refused(client: Any, state: dict[str, Any], move: dict[str, Any]) -> list[str]:
    verdict = post(client, "/moves/validate", {"state": state, "move": move})
    assert not verdict["legal"]
    return [reason["code"] for reason in verdict["reasons"]]


def apply(client: Any, state: dict[str, Any], move: dict[str, Any]) -> dict[str, Any]:
    after: dict[str, Any] = post(client, "/moves/apply", {"state": state, "move": move})["state"]
    return after


def test_the_draw_the_deal_and_a_counted_declaration_are_templates_naming_their_fields(client):
    state = post(client, "/games/from-table", {"players": FIVE})["state"]  # no dealer: the table draws for one (§2.1)
    [draw] = listed(client, state)
    assert (draw["player"], draw["action"], list(draw["fill"])) == ("ann", "draw", ["drawn"])
    assert "ann, bob, cy, dee, eve" in draw["fill"]["drawn"]
    assert refused(client, state, bare(draw)) == ["drawn_count"]
    # ann, bob and dee draw Kings: only they draw again, and the template names them alone
    state = apply(client, state, {**bare(draw), "drawn": ["KS", "KH", "3D", "KD", "2C"]})
    [again] = listed(client, state)
    assert "ann, bob, dee" in again["fill"]["drawn"] and "cy" not in again["fill"]["drawn"]
    state = apply(client, state, {**bare(again), "drawn": ["5S", "JH", "9C"]})  # bob's Jack: bob deals
    [deal] = listed(client, state)
    assert (deal["player"], deal["action"], list(deal["fill"])) == ("bob", "deal", ["turn_up"])
    assert refused(client, state, bare(deal)) == ["turn_up_required"]
    alternatives = post(client, "/moves/validate", {"state": state, "move": {"player": "bob", "action": "play", "card": "2S"}})["alternatives"]
    assert alternatives == [deal]  # the alternative says what to fill too
    state = apply(client, state, {**bare(deal), "turn_up": "9H"})  # no hand seen: each is ten unseen cards
    [declare] = listed(client, state)
    assert (declare["player"], declare["action"], sorted(declare["fill"])) == ("cy", "declare", ["point", "sequences"])
    assert refused(client, state, bare(declare)) == ["announcement_required"]
    state = apply(client, state, {**bare(declare), "sequences": [], "point": {"count": 3, "sum": 6}})
    assert state["to_act"] == 3 and state["phase"] == "declare"  # dee declares next


def test_a_hand_seen_declares_without_a_template(client):
    state = post(client, "/games/from-table", {"players": FIVE, "dealer": 4, "turn_up": "5H"})["state"]
    assert all("fill" in move for move in listed(client, state))  # every hand counted: the declaration is filled in
    state = post(client, "/games", {"players": FIVE, "seed": 3})["state"]
    assert state["phase"] == "declare" and all("fill" not in move for move in listed(client, state))  # the referee dealt


def test_every_listed_move_filled_as_the_contract_fills_it_validates_and_applies_from_the_draw_to_the_play(client):
    chance = random.Random("1718-table-templates")
    state = post(client, "/games/from-table", {"players": FIVE})["state"]
    phases = set()
    for _ in range(40):
        phases.add(state["phase"])
        if state["phase"] == "play":
            break
        moves = listed(client, state)
        assert moves, state
        filled = [fill(bare(move), move.get("fill", {}), state, GAME, "twenty-four-1718") for move in moves]
        for move in filled:
            verdict = post(client, "/moves/validate", {"state": state, "move": move})
            assert verdict["legal"], (move, verdict)
        state = apply(client, state, chance.choice(filled))
    assert phases >= {"draw", "deal", "declare"} and state["phase"] == "play"
