"""Sealed deals of the kit games, from their engine's zones (issue 28): a hostile client gets nothing, and a seat's
answers never change when the cards it cannot see are dealt differently (noninterference, engine and HTTP).

The oracle of what a seat may not see is each game's :class:`~tests.sealed.kit_games.Case`, written from the
rule book, never the split under test.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from service.core.sealing import Seal, new_match, token_size
from service.http.referee import verdict_for

from .keys import OTHER_KEY, TEST_SEALER, sealed_app
from .kit_games import CASES, Case, words_of
from .test_hostile_client import Clock

PRIVATE = ("/view", "/moves/legal", "/moves/validate", "/moves/apply")
by_slug = pytest.mark.parametrize("case", CASES, ids=[case.slug for case in CASES])


def deal(case: Case, seed: int) -> tuple[Any, dict[str, Any]]:
    state = case.deal(list(case.players), seed)
    return state, case.sealed(state, Seal(new_match()))


def request(case: Case, path: str, body: dict[str, Any], state: Any, seat: str, key: str | None) -> dict[str, Any]:
    sent: dict[str, Any] = {"state": body["state"], "sealed": body["sealed"], "player": seat}
    if key is not None:
        sent["seat_key"] = key
    if path in ("/moves/validate", "/moves/apply"):
        sent["move"] = case.quiet_move(state, seat)
    return sent


def assert_403_naming_no_card(reply: Any, code: str, unseen: list[str]) -> None:
    assert reply.status_code == 403, reply.get_json()
    problem = reply.get_json()
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [("/seat_key", code)]
    assert not set(unseen) & words_of(problem)
    assert "Sealed-Token" not in reply.headers


# -- the deal ---------------------------------------------------------------------------------------------------------
@by_slug
def test_a_sealed_deal_answers_the_public_part_a_token_and_a_key_per_seat(keyed, case):
    reply = keyed.post(f"/v1/{case.slug}/games", json={"players": list(case.players), "sealed": True})
    assert reply.status_code == 200, reply.get_json()
    body = reply.get_json()
    assert sorted(body["seat_keys"]) == sorted(case.players) and len(set(body["seat_keys"].values())) == len(case.players)
    assert "seed" not in body and body["sealed_move"] == 0
    whole = case.split.join(case.split.read_public(body["state"]), TEST_SEALER.open(body["sealed"])["hidden"])
    assert case.unseen(whole, case.players[0]) and not case.leaked(whole, case.players[0], body["state"])  # no unseen card in the public state
    assert whole.seed != 0 and body["state"]["seed"] == 0


@by_slug
def test_a_chosen_seed_is_refused_with_sealed(keyed, case):
    reply = keyed.post(f"/v1/{case.slug}/games", json={"players": list(case.players), "sealed": True, "seed": 7})
    assert reply.status_code == 422
    assert [(e["pointer"], e["code"]) for e in reply.get_json()["errors"]] == [("/seed", "seed_with_sealed")]


# -- one token opened every seat; a seat-key swap ---------------------------------------------------------------------
@by_slug
@pytest.mark.parametrize("path", PRIVATE)
def test_no_seat_is_answered_without_its_own_key(keyed, case, path):
    state, body = deal(case, 41)
    other = deal(case, 41)[1]["seat_keys"]  # the same cards in another match
    for seat in case.players:
        unseen = case.unseen(state, seat)
        reply = keyed.post(f"/v1/{case.slug}{path}", json=request(case, path, body, state, seat, None))
        assert_403_naming_no_card(reply, "seat_key_required", unseen)
        for holder in case.players:
            if holder != seat:
                reply = keyed.post(f"/v1/{case.slug}{path}", json=request(case, path, body, state, seat, body["seat_keys"][holder]))
                assert_403_naming_no_card(reply, "seat_key_refused", unseen)
        reply = keyed.post(f"/v1/{case.slug}{path}", json=request(case, path, body, state, seat, other[seat]))
        assert_403_naming_no_card(reply, "seat_key_refused", unseen)
        reply = keyed.post(f"/v1/{case.slug}{path}", json=request(case, path, body, state, seat, body["seat_keys"][seat]))
        assert reply.status_code in (200, 422), reply.get_json()  # answered: a move out of turn is refused as such, not for the key


@by_slug
def test_a_move_of_the_table_is_taken_with_any_seats_key_and_never_without_one(keyed, case):
    if case.table_move is None:
        pytest.skip("this game has no move of the table itself")
    _state, body = deal(case, 42)
    base = {"state": body["state"], "sealed": body["sealed"], "move": case.table_move}
    assert keyed.post(f"/v1/{case.slug}/moves/apply", json={**base, "player": "bob"}).status_code == 403
    assert keyed.post(f"/v1/{case.slug}/moves/apply", json={**base, "player": "bob", "seat_key": body["seat_keys"]["ann"]}).status_code == 403
    reply = keyed.post(f"/v1/{case.slug}/moves/apply", json={**base, "player": "bob", "seat_key": body["seat_keys"]["bob"]})
    assert reply.status_code == 200, reply.get_json()
    assert reply.get_json()["sealed_move"] == 1 and "sealed" in reply.get_json()


# -- tokens that end, and their lengths -------------------------------------------------------------------------------
@by_slug
def test_an_expired_token_is_refused_and_a_fresh_one_goes_on(case):
    clock = Clock()
    client = sealed_app(SEAL_CLOCK=clock, SEAL_TTL="1h").test_client()
    body = client.post(f"/v1/{case.slug}/games", json={"players": list(case.players), "sealed": True}).get_json()
    ask = {"state": body["state"], "sealed": body["sealed"], "player": "ann", "seat_key": body["seat_keys"]["ann"]}
    clock.now += 3000
    reply = client.post(f"/v1/{case.slug}/view", json=ask)
    assert reply.status_code == 200
    fresh = reply.headers["Sealed-Token"]
    clock.now += 3000
    expired = client.post(f"/v1/{case.slug}/view", json=ask)
    assert expired.status_code == 422
    assert [(e["pointer"], e["code"]) for e in expired.get_json()["errors"]] == [("/sealed", "sealed_token_expired")]
    assert client.post(f"/v1/{case.slug}/view", json={**ask, "sealed": fresh}).status_code == 200


@by_slug
def test_tokens_are_of_one_length_whatever_they_hide(case):
    deals = [deal(case, seed)[1] for seed in range(12)]
    hidden_lengths = {len(json.dumps(TEST_SEALER.open(body["sealed"])["hidden"])) for body in deals}
    assert len(hidden_lengths) > 1  # the hidden parts differ in length: the test could fail
    assert len({len(body["sealed"]) for body in deals}) == 1


@by_slug
def test_a_token_of_another_key_or_another_table_opens_nothing(case):
    state, body = deal(case, 43)
    other = sealed_app(SEAL_KEYS=OTHER_KEY).test_client()
    ask = {"state": body["state"], "sealed": body["sealed"], "player": "ann", "seat_key": body["seat_keys"]["ann"]}
    assert other.post(f"/v1/{case.slug}/view", json=ask).get_json()["errors"][0]["code"] == "sealed_token_invalid"
    moves = [case.engine.read_move(case.quiet_move(state, seat)) for seat in case.players]
    legal = [move for move in moves if case.engine.can_move(state, move)] or [case.engine.legal_moves(state)[0].move]  # a quiet move, else any
    after = case.engine.apply(state, legal[0]).state  # the same table a move on
    later = case.sealed(after, Seal(new_match()))
    client = sealed_app().test_client()
    assert client.post(f"/v1/{case.slug}/view", json={**ask, "state": later["state"]}).get_json()["errors"][0]["code"] == "sealed_token_mismatch"


# -- noninterference --------------------------------------------------------------------------------------------------
def variants(case: Case, seed: int, seat: str, count: int = 4) -> list[Any]:
    state = case.deal(list(case.players), seed)
    rng = random.Random(seed)
    others = [case.reshuffle(state, seat, rng) for _ in range(count)]
    assert any(sorted(case.unseen(other, seat)) != sorted(case.unseen(state, seat)) or other != state for other in others)
    return [state, *others]


def transition_or_verdict(case: Case, state: Any, move: Any, seat: str) -> Any:
    """The seat's answer to its move: the transition as it sees it, or the verdict refusing it."""
    if not case.engine.can_move(state, move):
        return verdict_for(case.engine.judge(state, move).to_dict(), seat)
    return {**case.split.transition_for(case.engine.apply(state, move), seat), "state": None}


@by_slug
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_through_the_engine_a_seat_sees_nothing_of_what_it_cannot_see(case, seed):
    for seat in case.players:
        states = variants(case, seed, seat)
        assert len({json.dumps(case.engine.view(state, seat).to_dict(), sort_keys=True) for state in states}) == 1
        assert len({json.dumps(case.split.legal_for(state, case.engine.legal_report(state), seat), sort_keys=True) for state in states}) == 1
        assert len({json.dumps(case.split.plain(case.split.public(state)), sort_keys=True) for state in states}) == 1
        moves = [case.quiet_move(states[0], seat)]
        if case.others_move is not None:  # a card another seat takes is as unseen to this seat as before (and to its taker)
            moves += [case.others_move(states[0], other) for other in case.players if other != seat]  # its own take shows it its old unknown card
        for sent in moves:
            move = case.engine.read_move(sent)
            answers = {json.dumps(transition_or_verdict(case, state, move, seat), sort_keys=True) for state in states}
            assert len(answers) == 1, sent


@by_slug
@pytest.mark.parametrize("seed", [4, 5])
def test_through_http_a_seats_answers_never_change_with_the_cards_it_cannot_see(keyed, case, seed):
    for seat in case.players:
        match = Seal(new_match())
        bodies = [case.sealed(state, match) for state in variants(case, seed, seat)]
        assert len({json.dumps(body["state"], sort_keys=True) for body in bodies}) == 1
        for path in PRIVATE:
            answers = set()
            for state, body in zip(variants(case, seed, seat), bodies, strict=True):
                reply = keyed.post(f"/v1/{case.slug}{path}", json=request(case, path, body, state, seat, body["seat_keys"][seat]))
                assert reply.status_code in (200, 422), reply.get_json()
                answer = reply.get_json()
                answer.pop("sealed", None)  # the token differs (it holds the cards), its length does not
                answer.pop("instance", None)  # a problem's request id
                answers.add(json.dumps([reply.status_code, answer], sort_keys=True))
            assert len(answers) == 1, path


# -- the fixed size fits the largest hidden part -------------------------------------------------------------------------
@by_slug
def test_the_largest_hidden_part_there_can_be_fits_the_fixed_size(case):
    """Per table shape: every card of the pack hidden, each written as long as a card can be, a long match."""
    for state, largest in case.largest():
        size = token_size(case.split, state)
        payload = {"format": 2, "game": case.slug, "match": new_match(), "move": 10**9, "public": "f" * 64, "hidden": largest}
        token = TEST_SEALER.seal(payload, size)
        assert len(token) == len(case.sealed(state, Seal(new_match()))["sealed"])
        with pytest.raises(ValueError, match="fixed size"):
            TEST_SEALER.seal({**payload, "pad": "x" * size}, size)


@by_slug
def test_the_card_a_seat_takes_is_told_to_nobody_not_even_its_taker(keyed, case):
    """1923's unknown card (§3.2): the taker's answer names every card of its hand but the one it just took."""
    if case.others_move is None or case.taken is None:
        pytest.skip("this game has no card a seat takes unseen")
    state, body = deal(case, 46)
    for seat in case.players:
        sent = {**request(case, "/view", body, state, seat, body["seat_keys"][seat]), "move": case.others_move(state, seat)}
        reply = keyed.post(f"/v1/{case.slug}/moves/apply", json=sent)
        assert reply.status_code == 200, reply.get_json()
        answer = reply.get_json()
        whole = case.split.join(case.split.read_public(answer["state"]), TEST_SEALER.open(answer["sealed"])["hidden"])
        taken = case.taken(whole, seat)
        answer.pop("sealed")
        assert taken not in words_of(answer)
