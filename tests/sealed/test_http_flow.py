"""A whole sealed game through HTTP, and every way a token is refused (issue 15: private views and sealed deals)."""

from __future__ import annotations

import random
from typing import Any

import pytest
import requests

from service.core.cards import parse_card

from .keys import OTHER_KEY, TEST_KEY, TEST_SEALER, as_seat, sealed_app, sealed_deal

PLAYERS = ["ann", "bob", "cy", "dee"]
LISTING_NOTES = ("call_valid", "face_up_choices")  # the referee's notes on a listed move, not part of a move


def new_sealed(client, players: list[str] = PLAYERS) -> dict[str, Any]:
    """A sealed deal over HTTP: the server shuffles."""
    reply = client.post("/v1/24-kings/games", json={"players": players, "sealed": True})
    assert reply.status_code == 200, reply.get_json()
    return reply.get_json()


def unsealed(body: dict[str, Any]) -> dict[str, Any]:
    """The hidden part, opened with the test key: the oracle the answers are checked against."""
    return TEST_SEALER.open(body["sealed"])["hidden"]


def cards_in_pack(state: dict[str, Any]) -> int:
    """Every card of a state's plain data, named or counted (independent of the engine's own count)."""
    zones = [player["hand"] for player in state["players"]] + [state["draw_pile"], state["face_down"], state["set_aside"]]
    castles = sum(1 + len(castle["kings"]) for castle in state["castles"])
    return castles + len(state["face_up"]) + sum(len(zone["cards"]) + zone["hidden"] for zone in zones)


def assert_public(state: dict[str, Any]) -> None:
    """What the table may see: no pile order, no seed, no hand until the game is over."""
    assert state["draw_pile"]["cards"] == [] and state["face_down"]["cards"] == []
    assert state["seed"] == 0
    if state["phase"] != "over":
        assert all(player["hand"]["cards"] == [] for player in state["players"])
    assert cards_in_pack(state) == 104


def as_move(listed: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in listed.items() if key not in LISTING_NOTES}


def test_plain_json_stays_the_default(keyed):
    reply = keyed.post("/v1/24-kings/games", json={"players": PLAYERS, "seed": 11}).get_json()
    assert "sealed" not in reply
    assert all(len(player["hand"]["cards"]) == 7 for player in reply["state"]["players"])
    assert len(reply["state"]["draw_pile"]["cards"]) == 104 - 4 - len(reply["state"]["face_up"]) - 28


def test_a_sealed_new_game_answers_the_public_state_a_token_and_a_key_per_seat(keyed):
    body = new_sealed(keyed)
    assert_public(body["state"])
    hidden = unsealed(body)
    plain = keyed.post("/v1/24-kings/games", json={"players": PLAYERS, "seed": int(hidden["fields"]["seed"])}).get_json()
    assert body["state"]["castles"] == plain["state"]["castles"] and body["castle_phase"] == plain["castle_phase"]
    assert hidden["hands"] == [player["hand"]["cards"] for player in plain["state"]["players"]]
    assert hidden["draw_pile"] == plain["state"]["draw_pile"]["cards"]
    assert sorted(body["seat_keys"]) == sorted(PLAYERS) and len(set(body["seat_keys"].values())) == len(PLAYERS)
    assert body["sealed_move"] == 0


def test_the_server_shuffles_every_sealed_deal(keyed):
    seeds = {int(unsealed(new_sealed(keyed))["fields"]["seed"]) for _ in range(5)}
    assert len(seeds) == 5


def test_a_whole_sealed_game_through_http(keyed):
    """Every step: the public state hides every card, the token carries the table on, each player sees their own hand."""
    rng = random.Random(5)
    body = sealed_deal(PLAYERS, 23)
    keys = body["seat_keys"]
    state, token, steps = body["state"], body["sealed"], 0
    while state["phase"] != "over":
        acting = state["players"][state["to_act"]]["name"]
        legal = keyed.post("/v1/24-kings/moves/legal", json={"state": state, "sealed": token, "player": acting, "seat_key": keys[acting]}).get_json()
        assert legal["player"] == acting and legal["moves"]
        other = next(name for name in PLAYERS if name != acting)
        hidden_legal = keyed.post("/v1/24-kings/moves/legal", json={"state": state, "sealed": token, "player": other, "seat_key": keys[other]}).get_json()
        assert hidden_legal == {"player": acting, "phase": state["phase"], "moves": [], "counts": {}}
        calls = [m for m in legal["moves"] if m["action"] == "call_hand"]
        choice = calls[0] if steps >= 60 and calls else rng.choice([m for m in legal["moves"] if m["action"] != "call_hand"] or calls)
        move = as_move(choice)
        mine = {"state": state, "sealed": token, "player": acting, "seat_key": keys[acting], "move": move}
        verdict = keyed.post("/v1/24-kings/moves/validate", json=mine).get_json()
        assert verdict["legal"] is True
        reply = keyed.post("/v1/24-kings/moves/apply", json=mine)
        assert reply.status_code == 200, reply.get_json()
        answer = reply.get_json()
        assert answer["sealed_move"] == steps + 1 and reply.headers["Sealed-Move"] == str(steps + 1)
        assert reply.headers["Sealed-Token"] == answer["sealed"]
        assert_public(answer["state"])
        assert answer["sealed"] != token
        hidden = unsealed(answer)
        seat = PLAYERS.index(acting)
        assert answer["view"]["player"] == acting
        if answer["state"]["phase"] != "over":
            assert answer["view"]["players"][seat]["hand"]["cards"] == hidden["hands"][seat]
        for index, name in enumerate(PLAYERS):
            view = keyed.post("/v1/24-kings/view", json=as_seat(answer, name, keys)).get_json()
            assert view["players"][index]["hand"]["cards"] == (
                hidden["hands"][index] if answer["state"]["phase"] != "over" else answer["state"]["players"][index]["hand"]["cards"]
            )
            assert view["draw_pile"] == {"count": len(hidden["draw_pile"])}
        state, token, steps = answer["state"], answer["sealed"], steps + 1
    assert state["outcome"] is not None and steps > 10
    shown = [len(player["hand"]["cards"]) for player in state["players"] if player["status"] == "in"]
    assert shown and all(count == 7 for count in shown)  # at the end the hands still in are shown, for The Calculus


def problem_of(reply) -> dict[str, Any]:
    assert reply.status_code == 422 and reply.mimetype == "application/problem+json"
    problem: dict[str, Any] = reply.get_json()
    return problem


def test_a_tampered_token_is_a_422_problem_at_sealed(keyed):
    body = new_sealed(keyed)
    token = body["sealed"]
    tampered = token[:50] + ("A" if token[50] != "A" else "B") + token[51:]
    problem = problem_of(keyed.post("/v1/24-kings/view", json=as_seat(body, "ann", sealed=tampered)))
    assert problem["type"] == "urn:kings-referee:problem:sealed-token"
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [("/sealed", "sealed_token_invalid")]


def test_a_token_from_a_server_with_another_key_is_refused_and_rotation_keeps_it(keyed):
    body = new_sealed(keyed)
    request = as_seat(body, "ann")
    foreign = sealed_app(SEAL_KEYS=OTHER_KEY).test_client()
    assert problem_of(foreign.post("/v1/24-kings/view", json=request))["errors"][0]["code"] == "sealed_token_invalid"
    rotated = sealed_app(SEAL_KEYS=f"{OTHER_KEY},{TEST_KEY}").test_client()
    assert rotated.post("/v1/24-kings/view", json=request).status_code == 200


def test_a_token_beside_another_tables_state_is_refused(keyed):
    first, second = new_sealed(keyed), new_sealed(keyed)
    reply = keyed.post("/v1/24-kings/moves/legal", json=as_seat(first, "ann", state=second["state"]))
    assert problem_of(reply)["errors"] == [{"pointer": "/sealed", "code": "sealed_token_mismatch", "message": problem_of(reply)["errors"][0]["message"]}]


def test_a_sealed_deal_needs_whose_answer_it_is(keyed):
    body = new_sealed(keyed)
    problem = problem_of(keyed.post("/v1/24-kings/moves/legal", json={"state": body["state"], "sealed": body["sealed"]}))
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [("/player", "player_required")]


def test_a_player_judges_only_their_own_moves(keyed):
    """A verdict on another player's move would tell which cards they hold."""
    body = new_sealed(keyed)
    acting = body["state"]["players"][body["state"]["to_act"]]["name"]
    hidden = unsealed(body)
    card = hidden["hands"][PLAYERS.index(acting)][0]
    move = {"player": acting, "action": "face_down_discard", "card": card}
    other = next(name for name in PLAYERS if name != acting)
    for path in ("/v1/24-kings/moves/validate", "/v1/24-kings/moves/apply"):
        reply = keyed.post(path, json=as_seat(body, other, move=move))
        assert [(e["pointer"], e["code"]) for e in problem_of(reply)["errors"]] == [("/move/player", "not_your_move")]


def test_an_unknown_player_is_bad_input(keyed):
    body = new_sealed(keyed)
    reply = keyed.post("/v1/24-kings/moves/legal", json={"state": body["state"], "sealed": body["sealed"], "player": "zed", "seat_key": "x"})
    assert [e["pointer"] for e in problem_of(reply)["errors"]] == ["/player"]


def test_state_check_opens_the_token(keyed):
    body = new_sealed(keyed)
    check = keyed.post("/v1/24-kings/state/check", json={"state": body["state"], "sealed": body["sealed"]})
    assert check.get_json() == {"valid": True, "problems": []}
    broken = keyed.post("/v1/24-kings/state/check", json={"state": body["state"], "sealed": body["sealed"][:-4] + "AAAA"})
    assert problem_of(broken)["type"] == "urn:kings-referee:problem:sealed-token"


def test_the_public_state_alone_reads_as_a_physical_table(keyed):
    """Without its token the public state is a table whose hands and pile are unseen: no move names a card of the hand,
    each says how to name one (``card_choices``, or how many cards a call reveals) and that the drawn card must be named."""
    body = new_sealed(keyed)
    moves = keyed.post("/v1/24-kings/moves/legal", json={"state": body["state"]}).get_json()["moves"]
    assert {"face_down_discard", "face_up_discard", "call_hand"} <= {m["action"] for m in moves}
    assert not [m for m in moves if "card" in m]
    call = next(m for m in moves if m["action"] == "call_hand")
    assert call["reveal_unseen"] == 7
    assert all(m["card_choices"] and m["drawn_unseen"] for m in moves if m is not call)


def test_the_mover_sees_the_cards_they_drew(keyed):
    body = sealed_deal(PLAYERS, 3)
    acting = body["state"]["players"][body["state"]["to_act"]]["name"]
    seat = PLAYERS.index(acting)
    hidden = unsealed(body)
    card = next(c for c in hidden["hands"][seat] if not parse_card(c).is_king)
    move = {"player": acting, "action": "face_up_discard", "card": card}
    answer = keyed.post("/v1/24-kings/moves/apply", json=as_seat(body, acting, move=move)).get_json()
    drew = next(e for e in answer["events"] if e["type"] == "drew")
    assert drew["cards"] == [hidden["draw_pile"][-1]]  # the top of the pile (top last), as the rule book deals it
    assert answer["state"]["face_up"][-1] == card


@pytest.mark.slow
def test_gunicorn_workers_share_one_development_key(server):
    """`make run` without KINGS_SEAL_KEYS: a token sealed by one worker opens in every other."""
    body = requests.post(f"{server}/v1/24-kings/games", json={"players": PLAYERS, "sealed": True}, timeout=10).json()
    request = as_seat(body, "ann")
    statuses = {requests.post(f"{server}/v1/24-kings/view", json=request, timeout=10).status_code for _ in range(30)}
    assert statuses == {200}


def test_player_shapes_the_answers_of_a_plain_state_too(keyed):
    """A client showing one seat of a plain (unsealed) game asks with player and gets that seat's answers."""
    plain = keyed.post("/v1/24-kings/games", json={"players": PLAYERS, "seed": 11}).get_json()
    state = plain["state"]
    acting = state["players"][state["to_act"]]["name"]
    other = next(name for name in PLAYERS if name != acting)
    assert keyed.post("/v1/24-kings/moves/legal", json={"state": state, "player": other}).get_json()["moves"] == []
    card = state["players"][state["to_act"]]["hand"]["cards"][0]
    move = {"player": acting, "action": "face_down_discard", "card": card}
    answer = keyed.post("/v1/24-kings/moves/apply", json={"state": state, "player": acting, "move": move}).get_json()
    assert "sealed" not in answer and answer["view"]["player"] == acting
    assert answer["state"]["draw_pile"]["cards"]  # a plain state stays whole: the client holds it already
    plain_answer = keyed.post("/v1/24-kings/moves/apply", json={"state": state, "move": move}).get_json()
    assert "view" not in plain_answer and plain_answer["events"] == answer["events"]  # the mover sees all of their own move


# -- Twenty-Four's standings of a sealed deal: its public state and its token, no seat key -------------------------------
def _solution(cards: list[str], target: int) -> str | None:
    """A correct claim over the four cards by brute force (the Twenty-Four tests' oracle), fully bracketed, or None."""
    from tests.twenty_four import oracle

    return oracle.solution(tuple({"A": 1}.get(card[:-1]) or int(card[:-1]) for card in cards), target)


def test_a_sealed_twenty_four_deal_has_standings_from_its_public_state_and_token(keyed):
    """Cards won are public (rules.md §5): the standings of a sealed deal need its token (the piles it counts), no key."""
    for _ in range(20):  # a deal whose first four cards make 24 (most do)
        deal = keyed.post("/v1/twenty-four/games", json={"players": ["ann", "bob"], "sealed": True}).get_json()
        claim = _solution(deal["state"]["table"], deal["state"]["target"])
        if claim is not None:
            break
    assert claim is not None
    move = {"action": "claim", "player": "bob", "expression": claim}
    body = {"state": deal["state"], "sealed": deal["sealed"], "player": "bob", "seat_key": deal["seat_keys"]["bob"], "move": move}
    after = keyed.post("/v1/twenty-four/moves/apply", json=body).get_json()
    won = {player["name"]: len(player["won"]) for player in after["state"]["players"]}
    assert won == {"ann": 0, "bob": 4}  # the four cards, to the one who made 24 (rules.md §3)
    reply = keyed.post("/v1/twenty-four/standings", json={"state": after["state"], "sealed": after["sealed"]})
    assert reply.status_code == 200, reply.get_json()
    assert {row["player"]: row["this_hand"] for row in reply.get_json()["standings"]} == won
    assert reply.headers["Sealed-Move"] == "1"  # the token to send next, as every answer to a valid token carries
    refused = keyed.post("/v1/twenty-four/standings", json={"state": after["state"], "sealed": deal["sealed"]})  # another state's token
    assert refused.status_code == 422 and refused.get_json()["errors"][0]["code"] == "sealed_token_mismatch"
