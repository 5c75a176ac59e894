"""Properties over random positions (hypothesis): states round-trip and check clean, legal and validate agree,
views never show a card the player may not see, applying never changes its input."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.cards import ONE_DECK
from service.games.twenty_four_1718 import GAME
from service.games.twenty_four_1718.moves import Move
from service.games.twenty_four_1718.start import new_match
from service.games.twenty_four_1718.state import TableState

from .selfplay import NAMES


def position(seed: int, moves: int) -> TableState:
    """A match after ``moves`` random legal moves (or its end)."""
    rng = random.Random(seed)
    state = new_match(NAMES[: 4 + seed % 2], rng.choice(["point", "face", "alternate"]), 2, seed).state  # type: ignore[arg-type]
    for _ in range(moves):
        if GAME.is_terminal(state):
            break
        state = GAME.apply(state, rng.choice(GAME.legal_moves(state))).state
    return state


positions = st.builds(position, st.integers(0, 10_000), st.integers(0, 150))


@settings(max_examples=60, deadline=None)
@given(positions)
def test_a_state_round_trips_and_checks_clean(state):
    assert GAME.check_state(state) == []
    assert GAME.read_state(state.to_dict()) == state


@settings(max_examples=60, deadline=None)
@given(positions, st.data())
def test_legal_and_validate_agree_on_every_card_and_action(state, data):
    listed = {move.to_dict().__repr__() for move in GAME.legal_moves(state)}
    for move in GAME.legal_moves(state):
        assert GAME.judge(state, move).legal
    name = data.draw(st.sampled_from([player.name for player in state.players]))
    card = data.draw(st.sampled_from(ONE_DECK))
    for move in (Move(name, "play", card), Move(name, "declare")):
        verdict = GAME.judge(state, move)
        if verdict.legal:
            if move.action == "play":
                assert repr(move.to_dict()) in listed
            else:
                assert state.phase == "declare" and name == state.acting.name
        else:
            assert verdict.reasons
            for alternative in verdict.alternatives:
                assert GAME.judge(state, alternative.move).legal and alternative.move != move


@settings(max_examples=60, deadline=None)
@given(positions)
def test_a_view_shows_only_what_its_player_may_see(state):
    for seat, player in enumerate(state.players):
        view = GAME.view(state, player.name).to_dict()
        assert view["hand"] == [str(card) for card in player.hand]
        declared = {card for made in view["declarations"] for run in made["sequences"] for card in run}
        allowed = {str(card) for card in player.hand} | {str(card) for card in state.trick.cards} | {view["turn_up"]} | declared
        shown = set(_cards_in({key: value for key, value in view.items() if key != "honors"}))  # the honors' names are a rule, not a holding
        assert shown <= allowed, (seat, shown - allowed)
        hidden = {str(card) for card in state.stock.cards}
        hidden |= {str(card) for other in state.players if other is not player for card in other.hand} - declared
        assert not shown & hidden


def _cards_in(value: object):
    """Every string in a view that is a card's text."""
    texts = {str(card) for card in ONE_DECK}
    if isinstance(value, str):
        if value in texts:
            yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _cards_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from _cards_in(item)


@settings(max_examples=40, deadline=None)
@given(positions)
def test_applying_never_changes_the_state_given(state):
    if GAME.is_terminal(state):
        return
    before = state.to_dict()
    for move in GAME.legal_moves(state):
        GAME.apply(state, move)
    assert state.to_dict() == before
