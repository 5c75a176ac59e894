"""Random games through the engine: no card made or lost, listed moves apply, legal and validate agree,
views leak nothing, states read back to themselves."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from service.games.twenty_four import GAME
from service.games.twenty_four.moves import Move, solutions_on_table
from service.games.twenty_four.pack import pack_for
from service.games.twenty_four.start import new_game
from service.games.twenty_four.state import Rules, state_from_dict

WRONG = ["1 + 2", "-1", "9 / 0", "1 * 2 * 3 * 4 = 25"]  # readable: each bars its claimant
UNREADABLE = ["", "((", "1 2 3 4", "2 +", "* 3", "3 ^ 2", "1 + 2 ="]  # typing slips: refused, bar nobody


def cards_of(state):
    cards = list(state.table) + list(state.set_aside)
    for seat in state.players:
        cards += list(seat.pile) + list(seat.won)
    return cards


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(2, 8),
    seed=st.integers(0, 2**53 - 1),
    face_cards=st.booleans(),
    dynamic=st.booleans(),
    hands=st.integers(1, 2),
    choices=st.randoms(use_true_random=False),
)
def test_random_games_keep_every_rule(players, seed, face_cards, dynamic, hands, choices):
    names = [f"P{index}" for index in range(players)]
    state = new_game(names, Rules(face_cards, dynamic, hands), seed=seed).state
    pack = Counter(pack_for(face_cards).cards())
    points_before = 0
    while not GAME.is_terminal(state):
        assert Counter(cards_of(state)) == pack
        assert state_from_dict(state.to_dict()) == state
        listed = [filled(legal.move) for legal in GAME.legal_moves(state)]
        assert listed and all(GAME.judge(state, move).legal for move in listed)
        for name in names:  # a claim by a barred player is never listed, and always refused with a reason
            verdict = GAME.judge(state, Move("claim", name, "1 + 2"))
            assert verdict.legal is (name not in state.barred)
            assert all(GAME.judge(state, filled(alternative.move)).legal for alternative in verdict.alternatives)
        assert not GAME.judge(state, Move("claim", "nobody here", "1")).legal
        seen = GAME.view(state, choices.choice(names)).to_dict()
        hidden = {str(card) for seat in state.players for card in seat.pile}
        public = {key: value for key, value in seen.items() if key != "target_cards"}  # the eight went back into the pack, face down
        assert seen["seed"] is None and not hidden & set(_strings(public))
        move = choices.choice(listed)
        if move.action == "claim":
            slip = Move("claim", move.player, choices.choice(UNREADABLE))
            assert not GAME.judge(state, slip).legal and GAME.judge(state, slip).reasons
            found = solutions_on_table(state)
            expression = found.solutions[0].text if found.solvable and choices.random() < 0.6 else choices.choice(WRONG)
            move = replace(move, expression=expression)
        state = GAME.apply(state, move).state
        points = sum(sum(result.points) for result in state.results)
        assert points >= points_before
        points_before = points
    assert len(state.results) == hands and GAME.returns(state) is not None
    assert GAME.legal_moves(state) == []


def filled(move):
    """A listed claim is a template: fill it with a readable expression."""
    return replace(move, expression="1 + 2") if move.action == "claim" else move


def _strings(data):
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)
