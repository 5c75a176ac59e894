"""A hostile client against sealed 24 Kings deals (issue 28): each attack of the issue, and it gets nothing.

The attacks: one token opening every seat through /view; a seat-key swap; learning the draw pile by applying
moves as each seat in turn; replaying the original token beside a later state; a chosen seed; an expired token;
the tokens' lengths. The oracle of what is hidden is the token opened with the test key, never the app's answer.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from service.core.cards import parse_card
from service.core.sealing import DEFAULT_TTL, Seal, Sealer, SealingConfigError, new_match, parse_lifetime
from service.games.kings import GAME
from service.games.kings.moves import Move
from service.games.kings.rules import Rules
from service.games.kings.sealed import SPLIT, TOKEN_SIZE
from service.games.kings.start import new_game

from .keys import OTHER_KEY, TEST_KEY, TEST_SEALER, as_seat, sealed_app, sealed_deal, sealed_state

PLAYERS = ["ann", "bob", "cy"]
PRIVATE = ("/view", "/moves/legal", "/moves/validate", "/moves/apply")


def hidden_of(body: dict[str, Any]) -> dict[str, Any]:
    hidden: dict[str, Any] = TEST_SEALER.open(body["sealed"])["hidden"]
    return hidden


def acting_of(body: dict[str, Any]) -> str:
    name: str = body["state"]["players"][body["state"]["to_act"]]["name"]
    return name


def a_move(body: dict[str, Any], name: str) -> dict[str, Any]:
    """A face-down discard of ``name``'s first card: legal when they act (any card may go face down, rules.md §9)."""
    return {"player": name, "action": "face_down_discard", "card": hidden_of(body)["hands"][PLAYERS.index(name)][0]}


def assert_refused_naming_no_card(reply, code: str, body: dict[str, Any]) -> None:
    """403, a seat-key problem at /seat_key, and no card of the hidden part anywhere in it."""
    assert reply.status_code == 403 and reply.mimetype == "application/problem+json", reply.get_json()
    problem = reply.get_json()
    assert problem["type"] == "urn:kings-referee:problem:seat-key"
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [("/seat_key", code)]
    hidden = hidden_of(body)
    unseen = {card for hand in hidden["hands"] for card in hand} | set(hidden["draw_pile"]) | set(hidden["face_down"])
    words = set(json.dumps(problem).replace('"', " ").replace("'", " ").replace(",", " ").split())
    assert not unseen & words, f"the refusal names {sorted(unseen & words)}"
    assert "Sealed-Token" not in reply.headers  # a refused request is given no fresh token


def private_request(path: str, body: dict[str, Any], name: str, key: str | None) -> dict[str, Any]:
    request: dict[str, Any] = {"state": body["state"], "sealed": body["sealed"], "player": name}
    if key is not None:
        request["seat_key"] = key
    if path in ("/moves/validate", "/moves/apply"):
        request["move"] = a_move(body, name)
    return request


# -- one token opened every seat; a seat-key swap -----------------------------------------------------------
@pytest.mark.parametrize("path", PRIVATE)
def test_one_token_no_longer_opens_every_seat(keyed, path):
    body = sealed_deal(PLAYERS, 41)
    for name in PLAYERS:
        reply = keyed.post(f"/v1/24-kings{path}", json=private_request(path, body, name, None))
        assert_refused_naming_no_card(reply, "seat_key_required", body)


@pytest.mark.parametrize("path", PRIVATE)
def test_another_seats_key_opens_nothing(keyed, path):
    body = sealed_deal(PLAYERS, 42)
    keys = body["seat_keys"]
    for name in PLAYERS:
        for holder in PLAYERS:
            if holder != name:
                reply = keyed.post(f"/v1/24-kings{path}", json=private_request(path, body, name, keys[holder]))
                assert_refused_naming_no_card(reply, "seat_key_refused", body)


def test_a_seats_key_of_another_match_opens_nothing(keyed):
    body, other = sealed_deal(PLAYERS, 43), sealed_deal(PLAYERS, 43)  # the same cards, another match
    assert other["seat_keys"]["ann"] != body["seat_keys"]["ann"]
    reply = keyed.post("/v1/24-kings/view", json=as_seat(body, "ann", other["seat_keys"]))
    assert_refused_naming_no_card(reply, "seat_key_refused", body)
    for bad in ("", "A" * 43, body["seat_keys"]["ann"][:-1], body["seat_keys"]["ann"] + "A"):
        reply = keyed.post("/v1/24-kings/view", json=as_seat(body, "ann", {"ann": bad}))
        assert reply.status_code in (403, 422) and reply.status_code != 200


def test_with_its_own_key_each_seat_sees_its_own_hand_and_only_that(keyed):
    body = sealed_deal(PLAYERS, 44)
    hidden = hidden_of(body)
    for seat, name in enumerate(PLAYERS):
        view = keyed.post("/v1/24-kings/view", json=as_seat(body, name)).get_json()
        assert [player.get("hand") for player in view["players"]] == [{"cards": hidden["hands"][seat], "hidden": 0} if i == seat else None for i in range(3)]


def test_the_public_state_needs_no_key(keyed):
    body = sealed_deal(PLAYERS, 45)
    reply = keyed.post("/v1/24-kings/state/check", json={"state": body["state"], "sealed": body["sealed"]})
    assert reply.get_json() == {"valid": True, "problems": []}
    assert keyed.post("/v1/24-kings/moves/legal", json={"state": body["state"]}).status_code == 200  # the public state alone


# -- learning the draw pile by moving as each seat in turn ---------------------------------------------------
def test_moves_as_each_seat_in_turn_are_refused_without_that_seats_key(keyed):
    """The issue's attack: apply a move as every seat, to see each one's draw. Only the acting seat's own key moves it."""
    body = sealed_deal(PLAYERS, 46)
    acting = acting_of(body)
    for name in PLAYERS:
        for key in (None, *(body["seat_keys"][holder] for holder in PLAYERS if holder != name)):
            reply = keyed.post("/v1/24-kings/moves/apply", json=private_request("/moves/apply", body, name, key))
            assert reply.status_code == 403
    reply = keyed.post("/v1/24-kings/moves/apply", json=as_seat(body, acting, move=a_move(body, acting)))
    assert reply.status_code == 200
    drew = next(event for event in reply.get_json()["events"] if event["type"] == "drew")
    assert drew["cards"] == [hidden_of(body)["draw_pile"][-1]]  # the mover sees their own draw: the top of the pile


# -- replaying the original token after a draw ---------------------------------------------------------------
def test_a_token_opens_only_beside_its_own_state_and_the_move_number_shows_the_order(keyed):
    body = sealed_deal(PLAYERS, 47)
    acting = acting_of(body)
    after = keyed.post("/v1/24-kings/moves/apply", json=as_seat(body, acting, move=a_move(body, acting))).get_json()
    assert after["sealed_move"] == 1
    for state, token in ((after["state"], body["sealed"]), (body["state"], after["sealed"])):
        for name in PLAYERS:
            reply = keyed.post("/v1/24-kings/view", json={"state": state, "sealed": token, "player": name, "seat_key": body["seat_keys"][name]})
            assert reply.status_code == 422 and reply.get_json()["errors"][0]["code"] == "sealed_token_mismatch"
    # What a stateless referee cannot stop (docs/sealed-deals.md): the whole older pair still opens, and says it is older.
    replay = keyed.post("/v1/24-kings/view", json=as_seat(body, "ann"))
    assert replay.status_code == 200 and replay.headers["Sealed-Move"] == "0"


# -- a chosen seed ---------------------------------------------------------------------------------------------
def test_a_sealed_deal_refuses_a_chosen_seed(keyed):
    reply = keyed.post("/v1/24-kings/games", json={"players": PLAYERS, "seed": 7, "sealed": True})
    assert reply.status_code == 422
    assert [(e["pointer"], e["code"]) for e in reply.get_json()["errors"]] == [("/seed", "seed_with_sealed")]
    assert "sealed" not in reply.get_json() and "seat_keys" not in reply.get_json()
    assert keyed.post("/v1/24-kings/games", json={"players": PLAYERS, "seed": 7}).status_code == 200  # reproducible plain deals stay


# -- the follow-on game of a sealed match ----------------------------------------------------------------------
def finished_in_match(seal: Seal) -> dict[str, Any]:
    """A finished game of ``seal``'s match, sealed: ann calls HAND! falsely at once, leaving one player in."""
    state = new_game(["ann", "bob"], Rules(), 8, 0, "clockwise").state
    return sealed_state(GAME.apply(state, Move(state.acting.name, "call_hand")).state, seal)


def test_the_follow_on_game_of_a_sealed_match_is_sealed_and_keeps_the_seat_keys(keyed):
    seal = Seal(new_match(), 9)
    finished = finished_in_match(seal)
    assert finished["state"]["phase"] == "over"
    reply = keyed.post("/v1/24-kings/games/next", json={"state": finished["state"], "sealed": True, "match_token": finished["sealed"]})
    assert reply.status_code == 200, reply.get_json()
    game = reply.get_json()
    assert "seat_keys" not in game  # the match's keys carry over; a follow-on deal never hands them out again
    assert game["sealed_move"] == 10 and all(player["hand"]["cards"] == [] for player in game["state"]["players"])
    assert game["state"]["draw_pile"]["cards"] == [] and game["state"]["match"]["games"] == 1
    opened = TEST_SEALER.open(game["sealed"])
    assert opened["match"] == seal.match
    for name in ("ann", "bob"):
        view = keyed.post("/v1/24-kings/view", json=as_seat(game, name, finished["seat_keys"])).get_json()
        assert view["players"][["ann", "bob"].index(name)]["hand"]["cards"] == opened["hidden"]["hands"][["ann", "bob"].index(name)]
    stranger = sealed_deal(["ann", "bob"], 1)["seat_keys"]
    assert keyed.post("/v1/24-kings/view", json=as_seat(game, "ann", stranger)).status_code == 403


def test_a_sealed_follow_on_game_needs_the_match_token_and_refuses_a_seed(keyed):
    finished = finished_in_match(Seal(new_match()))
    base = {"state": finished["state"], "sealed": True}
    reply = keyed.post("/v1/24-kings/games/next", json=base)
    assert [(e["pointer"], e["code"]) for e in reply.get_json()["errors"]] == [("/match_token", "match_token_required")]
    reply = keyed.post("/v1/24-kings/games/next", json={**base, "match_token": finished["sealed"], "seed": 3})
    assert [(e["pointer"], e["code"]) for e in reply.get_json()["errors"]] == [("/seed", "seed_with_sealed")]
    reply = keyed.post("/v1/24-kings/games/next", json={**base, "match_token": sealed_deal(PLAYERS, 2)["sealed"]})
    assert [(e["pointer"], e["code"]) for e in reply.get_json()["errors"]] == [("/match_token", "sealed_token_mismatch")]  # another table's
    reply = keyed.post("/v1/24-kings/games/next", json={**base, "match_token": finished["sealed"][:-8] + "AAAAAAAA"})
    assert [(e["pointer"], e["code"]) for e in reply.get_json()["errors"]] == [("/match_token", "sealed_token_invalid")]


# -- tokens that end ---------------------------------------------------------------------------------------------
class Clock:
    """A clock the test moves by hand: no test sleeps."""

    def __init__(self) -> None:
        self.now = 1_900_000_000.0

    def __call__(self) -> float:
        return self.now


def test_a_token_older_than_its_lifetime_is_refused_and_every_answer_carries_a_fresh_one():
    clock = Clock()
    client = sealed_app(SEAL_CLOCK=clock, SEAL_TTL="1h").test_client()
    body = client.post("/v1/24-kings/games", json={"players": PLAYERS, "sealed": True}).get_json()
    clock.now += 3000
    reply = client.post("/v1/24-kings/view", json=as_seat(body, "ann"))
    assert reply.status_code == 200
    fresh = {**body, "sealed": reply.headers["Sealed-Token"]}
    assert fresh["sealed"] != body["sealed"] and reply.headers["Sealed-Move"] == "0"
    clock.now += 3000  # the first token is 6000 s old, the fresh one 3000 s
    expired = client.post("/v1/24-kings/view", json=as_seat(body, "ann"))
    assert expired.status_code == 422
    problem = expired.get_json()
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [("/sealed", "sealed_token_expired")]
    assert "6000 seconds ago" in problem["detail"] and "3600" in problem["detail"]
    assert client.post("/v1/24-kings/view", json=as_seat(fresh, "ann")).status_code == 200


@pytest.mark.parametrize(("text", "seconds"), [(None, DEFAULT_TTL), ("", 86400), ("600", 600), ("45s", 45), ("90m", 5400), ("24h", 86400), ("7D", 604800)])
def test_the_lifetime_is_read_in_seconds_or_with_a_unit(text, seconds):
    assert parse_lifetime(text) == seconds


@pytest.mark.parametrize("text", ["0", "-5", "1.5h", "ten", "5w"])
def test_a_bad_lifetime_stops_the_start(text):
    with pytest.raises(SealingConfigError, match="KINGS_SEAL_TTL"):
        sealed_app(SEAL_TTL=text)


# -- what the tokens' lengths tell -------------------------------------------------------------------------------
def test_tokens_are_of_one_length_whatever_they_hide():
    """Deals whose hidden parts differ in length (a 10 is written with one character more than a 9) give tokens of one length."""
    deals = [sealed_deal(PLAYERS, seed) for seed in range(12)]
    plain_lengths = {len(json.dumps(hidden_of(deal))) for deal in deals}
    assert len(plain_lengths) > 1  # the hidden parts do differ in length: the test could fail
    assert len({len(deal["sealed"]) for deal in deals}) == 1


def test_a_ten_and_a_nine_give_tokens_of_equal_length():
    state = new_game(PLAYERS, Rules(), 5, 0, "clockwise").state
    pile = list(state.draw_pile.cards)
    ten = next(i for i, card in enumerate(pile) if card.rank == 10)
    nine = parse_card(str(pile[ten]).replace("10", "9"))
    seal = Seal(new_match())
    with_ten = sealed_state(state, seal)
    with_nine = sealed_state(replace(state, draw_pile=replace(state.draw_pile, cards=(*pile[:ten], nine, *pile[ten + 1 :]))), seal)
    assert len(json.dumps(hidden_of(with_ten))) == len(json.dumps(hidden_of(with_nine))) + 1
    assert len(with_ten["sealed"]) == len(with_nine["sealed"])


def test_the_largest_hidden_part_there_can_be_fits_the_fixed_size():
    """Every card but the four castles hidden, each written as long as a card can be, ten seats, a long match: it still seals."""
    state = new_game([f"p{i}" for i in range(10)], Rules(), 5, 0, "clockwise").state
    hidden = SPLIT.hidden(state)
    longest = {"hands": [["10H"] * 10 for _ in range(10)], "draw_pile": [], "face_down": [], "fields": hidden["fields"]}
    payload = {"format": 2, "game": "24-kings", "match": new_match(), "move": 10**9, "public": "f" * 64, "hidden": longest}
    token = TEST_SEALER.seal(payload, TOKEN_SIZE)
    assert len(token) == len(sealed_deal(PLAYERS, 1)["sealed"])
    with pytest.raises(ValueError, match="fixed size"):
        TEST_SEALER.seal({**payload, "pad": "x" * TOKEN_SIZE}, TOKEN_SIZE)


def test_a_matchs_seat_keys_survive_a_key_rotation():
    """Dealt under the test key; the service then seals under another and still holds the old: the match's keys still open."""
    body = sealed_deal(PLAYERS, 48)
    rotated = sealed_app(SEAL_KEYS=f"{OTHER_KEY},{TEST_KEY}").test_client()
    assert rotated.post("/v1/24-kings/view", json=as_seat(body, "bob")).status_code == 200
    assert rotated.post("/v1/24-kings/view", json=as_seat(body, "bob", {"bob": body["seat_keys"]["ann"]})).status_code == 403
    fresh = rotated.post("/v1/24-kings/games", json={"players": PLAYERS, "sealed": True}).get_json()
    new = Sealer.from_keys([OTHER_KEY])
    assert fresh["seat_keys"]["bob"] == new.seat_key("24-kings", new.open(fresh["sealed"])["match"], "bob")  # new matches: the new key's


def test_a_follow_on_game_dealt_at_a_real_table_is_never_sealed(keyed):
    """A physical table's castles with sealed: true is a 422 that says why, never a server error."""
    finished = finished_in_match(Seal(new_match()))
    castles = [{"card": card, "kings": []} for card in ("5H", "9C", "4D", "10S")]
    body = {"state": finished["state"], "sealed": True, "match_token": finished["sealed"], "castles": castles}
    reply = keyed.post("/v1/24-kings/games/next", json=body)
    assert reply.status_code == 422, reply.get_json()
    assert [(e["pointer"], e["code"]) for e in reply.get_json()["errors"]] == [("/sealed", "sealed_physical_table")]
