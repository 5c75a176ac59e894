"""Random self-play through the engine: whole matches, with the pack conserved at every step.

At every step of every match: the state is a real table (checked whole), the
pack is exactly its cards (every card known, each as often as the decks hold
it), every listed move is judged legal, a sample of unlisted moves is refused
with reasons, and no player's view shows a card that player may not see.
Every match ends.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from service.core.cards import Pack
from service.games.nineteen_twenty_three import GAME
from service.games.nineteen_twenty_three.moves import ACTIONS, Move, legal_moves
from service.games.nineteen_twenty_three.start import new_match
from service.games.nineteen_twenty_three.state import MatchState, state_from_dict, state_problems

apply_move, judge = GAME.apply, GAME.judge

STEP_CAP = 5_000


def every_card(state: MatchState) -> Counter:
    return Counter(card for _, card in state.known_cards())


def view_leaks(state: MatchState, name: str) -> list[str]:
    """What the view of ``name`` shows that the player may not see (§7.2)."""
    seen = GAME.view(state, name).to_dict()["state"]
    leaks = []
    for player, real in zip(seen["players"], state.seats, strict=True):
        shown = player["hand"]["cards"]
        if player["name"] != name and shown:
            leaks.append(f"{player['name']}'s hand")
        if player["name"] == name and real.hand.size and len(shown) >= real.hand.size:
            leaks.append("the unknown card")
    if seen["pile"]["cards"] or seen["seed"] is not None:
        leaks.append("the pile")
    return leaks


def play(number: int, thorough: bool) -> MatchState:
    rng = random.Random(number)
    count = rng.randint(2, 9)
    names = [f"p{index}" for index in range(count)]
    state, _ = new_match(names, decks=rng.choice([None, None, *range(1, -(-count // 3) + 1)]), target=rng.choice([5, 13, 21]), seed=number)
    pack = Counter(Pack(decks=state.rules.decks).cards())
    keep_taking = rng.uniform(0.3, 0.8)
    for _ in range(STEP_CAP):
        assert every_card(state) == pack and not state_problems(state)
        if state.phase == "over":
            return state
        options = legal_moves(state)
        if thorough:
            assert state_from_dict(json.loads(json.dumps(state.to_dict()))) == state
            assert all(judge(state, option).legal for option in options)
            unlisted = [Move(action, player) for action in ACTIONS for player in [*names, "zed", None]]  # type: ignore[arg-type]
            for move in unlisted:
                if move not in options:
                    verdict = judge(state, move)
                    assert not verdict.legal and verdict.reasons and all(judge(state, alt.move).legal and alt.move != move for alt in verdict.alternatives)
            assert not [leak for name in names for leak in view_leaks(state, name)]
        takes = [option for option in options if option.action == "take"]
        locks = [option for option in options if option.action != "take"]
        move = rng.choice(takes if takes and (rng.random() < keep_taking or not locks) else locks)
        state = apply_move(state, move).state
    raise AssertionError(f"match {number} did not end in {STEP_CAP} moves")


def test_a_few_matches_thoroughly():
    for number in range(20):
        assert play(number, thorough=True).outcome is not None


@pytest.mark.slow
def test_a_thousand_matches():
    ends = Counter()
    for number in range(1000):
        final = play(10_000 + number, thorough=number % 25 == 0)
        ends[final.outcome.decided_by] += 1
    assert ends["first_to_target"] > 0
