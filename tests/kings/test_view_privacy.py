"""No view ever contains another player's card or the pile order (issue 15), over random games.

Two independent checks at every step of every random game, for every seat:

- noninterference: deal the cards that seat cannot see (the other hands, the
  draw pile, the face-down pile) differently, change the seed: the seat's view,
  and the events of another player's move as the seat sees them, must not change;
- an oracle kept by the test from the rule book: every card the view names is
  in the seat's own hand, or was put in sight of the whole table (castles,
  face-up pile, cards set aside, a called hand), or the game is over.

Through the engine (view.py) and through HTTP with sealed tokens.
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import replace
from functools import cache
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.core.cards import Card, CardError, parse_card
from service.core.records import Transition
from service.core.sealing import Seal, open_table
from service.games.kings import GAME
from service.games.kings.moves import Move, legal_moves
from service.games.kings.rules import HAND_SET_NAMES, OPTION_NAMES, Rules
from service.games.kings.sealed import SPLIT
from service.games.kings.start import new_game
from service.games.kings.state import GameState, Zone, state_from_dict
from service.games.kings.view import player_view, visible_event
from tests.sealed.keys import TEST_SEALER, as_seat, sealed_app, sealed_deal, sealed_state

apply_move = GAME.apply

NAMES = ["ann", "bob", "cy", "dee", "eve"]
IN_SIGHT_OF_ALL = {"face_up_discard", "dump_king", "play_king", "dethrone"}  # rules.md §9.2-9.5: the card goes face up or onto a castle


def named_cards(data: Any) -> set[Card]:
    """Every card a piece of plain data names, wherever it is (keys and values)."""
    found: set[Card] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            found |= named_cards(key) | named_cards(value)
    elif isinstance(data, list | tuple):
        for item in data:
            found |= named_cards(item)
    elif isinstance(data, str):
        with contextlib.suppress(CardError):
            found.add(parse_card(data))
    return found


def table_cards(state: GameState) -> set[Card]:
    """The cards the whole table sees now: castles, face-up pile, cards set aside; every hand once the game is over."""
    seen = {castle.card for castle in state.castles} | {king for castle in state.castles for king in castle.kings}
    seen |= set(state.face_up) | set(state.set_aside.cards)
    if state.phase == "over":
        seen |= {card for player in state.players for card in player.hand.cards}
    return seen


def moved_in_sight(move: Move) -> set[Card]:
    """What a move shows the table: the card it plays face up or onto a castle, a called hand, GHOUL-RAISER's takes."""
    shown = set(move.take_face_up) | set(move.reveal or ())
    if move.action in IN_SIGHT_OF_ALL and move.card is not None:
        shown.add(move.card)
    return shown


def redealt(state: GameState, keep: set[int], rng: random.Random) -> GameState:
    """The same table to the seats in ``keep``: every card none of them sees dealt anew, in the same places' sizes, and another seed."""
    over = state.phase == "over"
    seats = [seat for seat in range(len(state.players)) if seat not in keep and not over]
    pool = [card for seat in seats for card in state.players[seat].hand.cards] + list(state.draw_pile.cards) + list(state.face_down.cards)
    rng.shuffle(pool)
    players = list(state.players)
    for seat in seats:
        size = players[seat].hand.size
        players[seat] = replace(players[seat], hand=Zone(tuple(pool[:size])))
        pool = pool[size:]
    pile_size = state.draw_pile.size
    return replace(
        state,
        players=tuple(players),
        draw_pile=Zone(tuple(pool[:pile_size])),
        face_down=Zone(tuple(pool[pile_size:])),
        seed=rng.randrange(2**53),
    )


def same_move_unseen(state: GameState, move: Move, rng: random.Random) -> Move:
    """A move the other seats cannot tell from ``move``: a face-down discard of any card of the hand."""
    if move.action != "face_down_discard":
        return move
    return move._replace(card=rng.choice(state.acting.hand.cards))


def random_move(state: GameState, rng: random.Random, step: int) -> Move:
    options = legal_moves(state)
    calls = [option.move for option in options if option.move.action == "call_hand"]
    others = [option for option in options if option.move.action != "call_hand"]
    if calls and (step > 50 or not others or rng.random() < 0.02):
        return calls[0]
    option = rng.choice(others)
    if option.face_up_choices and rng.random() < 0.5:  # GHOUL-RAISER: take the draws from the face-up pile
        return option.move._replace(take_face_up=(rng.choice(option.face_up_choices),))
    return option.move


def random_rules(rng: random.Random) -> Rules:
    return Rules(rng.choice(HAND_SET_NAMES), **{name: rng.random() < 0.4 for name in OPTION_NAMES})  # type: ignore[arg-type]


def check_views(before: GameState, transition: Transition, public: set[Card], rng: random.Random) -> None:
    after = transition.state
    for seat, player in enumerate(after.players):
        view = player_view(after, player.name).to_dict()
        events = [visible_event(event, player.name) for event in transition.events]
        allowed = public | set(player.hand.cards) | set(before.players[seat].hand.cards)
        leaked = named_cards([view, events]) - allowed
        assert not leaked, f"{player.name} sees {sorted(map(str, leaked))}, which they may not"
        assert view == player_view(redealt(after, {seat}, rng), player.name).to_dict(), f"{player.name}'s view depends on cards they cannot see"
        mover = before.to_act
        if seat != mover and transition.move.action != "call_hand" and after.phase != "over":
            twin_state = redealt(before, {seat, mover}, rng)
            twin = apply_move(twin_state, same_move_unseen(twin_state, transition.move, rng))
            if twin.state.phase != "over":
                assert [visible_event(event, player.name) for event in twin.events] == events, "another player's move tells this seat a hidden card"
                assert player_view(twin.state, player.name).to_dict() == view


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_no_view_names_a_card_its_player_may_not_see(seed, players):
    rng = random.Random(seed)
    state = new_game(NAMES[:players], random_rules(rng), seed=seed, dealer=rng.randrange(players)).state
    public = table_cards(state)
    for step in range(80):
        if state.phase == "over":
            break
        move = random_move(state, rng, step)
        transition = apply_move(state, move)
        public |= moved_in_sight(move) | table_cards(transition.state)
        check_views(state, transition, public, rng)
        state = transition.state


def test_another_players_draws_and_face_down_discards_are_not_named():
    """The events of the rule book's moves as another seat sees them (rules.md §9.1, §10)."""
    drew = {"type": "drew", "player": "ann", "cards": ["5H", "KS"], "unseen": 0, "from": "draw_pile"}
    assert visible_event(drew, "bob") == {**drew, "cards": [], "unseen": 2}
    assert visible_event(drew, "ann") == drew
    ghoul = {**drew, "from": "face_up", "rule": "18"}
    assert visible_event(ghoul, "bob") == ghoul  # taken from the face-up pile, in sight of all
    down = {"type": "discarded", "player": "ann", "card": "5H", "face": "down"}
    assert visible_event(down, "bob") == {**down, "card": None}
    up = {**down, "face": "up"}
    assert visible_event(up, "bob") == up
    assert visible_event({"type": "something_new", "player": "ann", "cards": ["5H"]}, "bob") == {"type": "something_new", "player": "ann"}


# -- through HTTP, with sealed tokens -------------------------------------------------------------------------------
@cache
def http_app() -> Flask:
    """Built on first use, so collecting this module costs nothing."""
    return sealed_app()


def sealed_body(state: GameState, seal: Seal) -> dict[str, Any]:
    """``state`` sealed in the match ``seal`` (so the match's seat keys open it), as the app would seal it."""
    return sealed_state(state, seal)


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_no_answer_through_http_names_a_card_its_player_may_not_see(seed, players):
    client = http_app().test_client()
    rng = random.Random(seed)
    names = NAMES[:players]
    body = sealed_deal(names, seed, Rules(ghoul_raiser=True))  # the engine's deal of a chosen seed, sealed with the app's key
    keys = body["seat_keys"]
    state, token = body["state"], body["sealed"]
    public: set[Card] = named_cards(state)
    for step in range(30):
        if state["phase"] == "over":
            break
        acting = state["players"][state["to_act"]]["name"]
        whole, _ = _opened(state, token)
        move = random_move(whole, rng, step)
        answer = client.post("/v1/24-kings/moves/apply", json={**as_seat(body, acting, keys, state=state, sealed=token), "move": move.to_dict()}).get_json()
        after, seal = _opened(answer["state"], answer["sealed"])
        public |= moved_in_sight(move) | table_cards(after)
        own = set(whole.acting.hand.cards) | set(after.players[whole.to_act].hand.cards)
        leaked = named_cards([answer["state"], answer["events"], answer["view"], answer["move"]]) - public - own
        assert not leaked, f"the mover's answer names {sorted(map(str, leaked))}"
        for seat, name in enumerate(names):
            request = as_seat(answer, name, keys)
            view = client.post("/v1/24-kings/view", json=request).get_json()
            legal = client.post("/v1/24-kings/moves/legal", json=request).get_json()
            mine = set(after.players[seat].hand.cards)
            assert not named_cards([view, legal]) - public - mine, f"{name}'s answers name cards they may not see"
            twin = sealed_body(redealt(after, {seat}, rng), seal)
            assert twin["state"] == answer["state"] and twin["seat_keys"] == keys
            twin_view = client.post("/v1/24-kings/view", json=as_seat(twin, name))
            assert twin_view.get_json() == view
            assert client.post("/v1/24-kings/moves/legal", json=as_seat(twin, name)).get_json() == legal
            assert len(twin_view.data) == len(client.post("/v1/24-kings/view", json=request).data)  # the answer's size too
            assert len(twin["sealed"]) == len(answer["sealed"])  # the token's length tells nothing of the cards unseen
        state, token = answer["state"], answer["sealed"]


def _opened(public: dict[str, Any], token: str) -> tuple[GameState, Seal]:
    """The whole state behind a public state and its token, and its match, opened with the test key (the oracle, not the app)."""
    opened = open_table(SPLIT, TEST_SEALER, "24-kings", state_from_dict(public), token)
    return opened.state, opened.seal
