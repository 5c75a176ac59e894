"""Properties over random games (hypothesis): the legal list and the verdict agree, views leak nothing, cards are conserved.

Dealt games (every card known) and tables dealt by hand (hands and pile unseen) both.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement

from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.problems import InvalidInput
from service.games.three_kings import GAME
from service.games.three_kings.rules import Rules
from service.games.three_kings.start import new_game, table_setup

from .oracle import VALUE, invariant_problems
from .tables import RANKS, card, pack_counts, rank_of

SCORINGS = ["three_kings_wins", "bonus", "penalty"]


def unaccounted(data):
    """The ranks the referee has not seen, with how many copies are left (the unseen cards are some of these)."""
    seen = Counter(rank_of(c) for p in data["players"] for zone in (p["hand"]["cards"], p["pile"]) for c in zone)
    seen += Counter(rank_of(c) for c in data["table"] + data["draw_pile"]["cards"])
    return pack_counts(len(data["players"])) - seen


def walk(state, rng, steps):
    """Random legal moves; on a table dealt by hand, the turned cards are named (from the unseen ranks) when asked."""
    for _ in range(steps):
        moves = GAME.legal_moves(state)
        if not moves:
            break
        chosen = rng.choice(moves).move.to_dict()
        try:
            state = GAME.apply(state, GAME.read_move(chosen)).state
        except InvalidInput as error:
            assert [problem.code for problem in error.problems] == ["turned_required"]
            left = list(unaccounted(state.to_dict()).elements())
            rng.shuffle(left)
            # As many named cards as the table turns: the set's extra draw comes first, and each King turned up goes to
            # the hand and calls for more (§6.2, §10.3); too few or too many named is refused, so the walk names one more at a time.
            for count in range(1, min(len(left), state.draw_pile.size) + 1):
                chosen["turned"] = left[:count]
                try:
                    state = GAME.apply(state, GAME.read_move(chosen)).state
                    break
                except InvalidInput as again:
                    assert [problem.code for problem in again.problems] in (["turned_required"], ["too_many_turned"])
            else:
                raise AssertionError(f"no number of named cards turned the table for {chosen}")
        assert GAME.check_state(state) == []
    return state


@st.composite
def states(draw, physical=False):
    seed = draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    players = draw(st.integers(2, 5))
    scoring = draw(st.sampled_from(SCORINGS))
    rules = Rules(scoring, scoring != "three_kings_wins" and draw(st.booleans()))
    names = [f"p{i}" for i in range(players)]
    if physical:
        dealt = new_game(names, rules, seed=seed).state  # a real deal, then forgotten: hands unseen
        state = table_setup(names, dealt.table, rules, dealer=0).state
    else:
        state = new_game(names, rules, seed=seed, dealer=rng.randrange(players)).state
    return walk(state, rng, draw(st.integers(0, 80)))


def candidates(state):
    """Moves a client might send: every action, every rank, many table pairs, by the player to act and another."""
    names = [state.acting.name, state.players[(state.to_act + 1) % len(state.players)].name] if state.phase != "over" else [state.players[0].name]
    table_ranks = [*sorted({rank_of(str(c)) for c in state.table}), "7"]
    for name in names:
        for action in ("draw", "take_king", "pass", "show_kings"):
            yield {"player": name, "action": action}
        for rank in RANKS:
            yield {"player": name, "action": "discard", "card": rank}
    for rank in RANKS:  # every set the player to act might try
        for pair in combinations_with_replacement(table_ranks, 2):
            yield {"player": names[0], "action": "set", "hand_card": rank, "table_cards": list(pair)}
    yield {"player": names[-1], "action": "set", "hand_card": "2", "table_cards": table_ranks[:1] * 2}


def same_choice(data):
    """A move as a choice: who, what, and the ranks it names (the table's two in any order)."""
    return (data["player"], data["action"], data.get("card"), data.get("hand_card"), tuple(sorted(data.get("table_cards", []), key=VALUE.get)))


def check_agreement(state):
    report = GAME.legal_report(state).to_dict()
    everyone = report["moves"] + report.get("open", [])  # the player to act's moves, and the shows open to anyone (§10.4)
    listed = {same_choice(legal) for legal in everyone}
    # A template (a move emptying the table of an unseen pile) is refused until its turned cards are named (§10.3).
    templates = {same_choice(legal) for legal in everyone if "fill" in legal}
    for legal in everyone:
        verdict = GAME.judge(state, GAME.read_move(legal)).to_dict()
        if "fill" in legal:
            assert [reason["code"] for reason in verdict["reasons"]] == ["turned_required"], legal
        else:
            assert verdict == {"legal": True, "reasons": [], "alternatives": []}
    for data in candidates(state):
        move = GAME.read_move(data)
        verdict = GAME.judge(state, move).to_dict()
        assert verdict["legal"] == (same_choice(data) in listed - templates), data
        if not verdict["legal"]:
            assert verdict["reasons"] and all(reason["code"] and reason["rule"] and reason["message"] for reason in verdict["reasons"])
            for alternative in verdict["alternatives"]:
                alt = {k: v for k, v in alternative.items() if k not in ("sum", "fill")}
                assert GAME.judge(state, GAME.read_move(alt)).to_dict()["legal"] != ("fill" in alternative)


@settings(max_examples=60, deadline=None)
@given(states())
def test_dealt_games_list_and_judge_alike(state):
    check_agreement(state)
    assert invariant_problems(state.to_dict()) == []


@settings(max_examples=40, deadline=None)
@given(states(physical=True))
def test_tables_dealt_by_hand_list_and_judge_alike(state):
    check_agreement(state)
    data = state.to_dict()
    assert all(count >= 0 for count in unaccounted(data).values())
    assert sum(unaccounted(data).values()) == sum(p["hand"]["hidden"] for p in data["players"]) + data["draw_pile"]["hidden"]


@settings(max_examples=60, deadline=None)
@given(states())
def test_a_view_shows_only_the_players_own_hand(state):
    data = state.to_dict()
    for seat, player in enumerate(data["players"]):
        seen = GAME.view(state, player["name"]).to_dict()
        assert seen["draw_pile"] == {"cards": [], "hidden": len(data["draw_pile"]["cards"])}
        for other, shown in enumerate(seen["players"]):
            if other == seat:
                assert shown == player
            else:
                assert shown["hand"] == {"cards": [], "hidden": len(data["players"][other]["hand"]["cards"])}
                assert shown["pile"] == data["players"][other]["pile"]
        assert seen["table"] == data["table"]


@settings(max_examples=40, deadline=None)
@given(states(), st.integers(0, 10))
def test_states_survive_their_plain_form(state, _):
    assert GAME.read_state(state.to_dict()) == state
    assert card("JK").rank == 13
