"""Bounded checks: a state's check stops at the one cap (100 problems) and says so, for every game on the kit,
so an impossible state costs no more than a bad one."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from service.core.kit import Engine
from service.core.problems import MAX_PROBLEMS, Findings, InvalidInput, Problem
from service.games import GAME_PACKAGES, game_package
from service.http.referee import game_web

ON_THE_KIT = [slug for slug in GAME_PACKAGES if isinstance(game_package(slug).GAME, Engine)]
BAD_CARDS = 30_000


def test_findings_stop_at_the_cap_and_count_what_they_saw_past_it():
    seen = []

    def endless():
        for n in range(10**9):
            seen.append(n)
            yield Problem(f"/{n}", "bad", "bad")

    found = Findings()
    with found.bounded():
        found.extend(endless())
    assert len(found.problems) == MAX_PROBLEMS and found.truncated and found.omitted == 1
    assert len(seen) == MAX_PROBLEMS + 1, "the check stops at the first problem past the cap"
    listed = Findings()
    with listed.bounded():
        listed.extend([Problem("/a", "bad", "bad")] * 250)  # a list already built: counted whole
    assert len(listed.problems) == MAX_PROBLEMS and listed.omitted == 150
    few = Findings()
    with few.bounded():
        few.extend([Problem("/a", "bad", "bad")] * 3)
    assert len(few.problems) == 3 and not few.truncated and few.omitted == 0


def first_zone(state: dict[str, Any], pattern: str) -> list[str]:
    """The tokens of the first place in ``state`` that a zone pattern (``/players/*/pile``) names."""
    tokens = []
    node: Any = state
    for token in pattern.strip("/").split("/"):
        token = "0" if token == "*" else token
        node = node[int(token)] if isinstance(node, list) else node[token]
        tokens.append(token)
    return tokens


@pytest.mark.parametrize("slug", ON_THE_KIT)
def test_an_impossible_state_is_read_to_the_cap_and_no_further(slug):
    game = game_package(slug).GAME
    state = copy.deepcopy(game_web(slug).examples()["state"])
    pattern = next(iter(game.ZONES))
    *path, last = first_zone(state, pattern)
    holder: Any = state
    for token in path:
        holder = holder[int(token)] if isinstance(holder, list) else holder[token]
    zone = holder[int(last)] if isinstance(holder, list) else holder[last]
    bad = ["ZZ"] * BAD_CARDS
    if isinstance(zone, dict):
        zone["cards"] = bad
    else:
        holder[last] = bad
    with pytest.raises(InvalidInput) as refused:
        game.read_state(state)
    error = refused.value
    assert len(error.problems) == MAX_PROBLEMS and error.truncated and error.omitted >= 1
    assert error.summary() == {"truncated": True, "errors_omitted": error.omitted}


@pytest.mark.parametrize("slug", list(GAME_PACKAGES))
def test_a_state_holding_thirty_thousand_copies_of_a_card_names_a_hundred_problems_and_says_it_stopped(slug):
    game = game_package(slug).GAME
    state = copy.deepcopy(game_web(slug).examples()["state"])
    seat = (state.get("players") or state.get("seats"))[0]
    zone = "hand" if "hand" in seat else "pile"
    if isinstance(seat[zone], dict):
        seat[zone]["cards"] = ["AS"] * BAD_CARDS
    else:
        seat[zone] = ["AS"] * BAD_CARDS
    with pytest.raises(InvalidInput) as refused:
        game.read_state(state)
    error = refused.value
    assert len(error.problems) == MAX_PROBLEMS and error.truncated and error.omitted >= 1
