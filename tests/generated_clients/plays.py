"""What both generated clients play, written once: the conformance cases of every game, and one whole seeded game of
every game under one simple policy, with the same game played in process (Flask's test client) as the oracle."""

from __future__ import annotations

from typing import Any

from service.games import GAME_PACKAGES
from service.http.referee import game_web

SLUGS = list(GAME_PACKAGES)

# One seeded game per game, short ones (24 Kings with one shuffle only: the pile's end ends it), every field given,
# the defaults too: the game's plays test how moves and states flow through a client, the requests as the conformance
# cases send them (defaults left out) are those cases' business.
KINGS_RULES = {"hands": "standard", "subjects_count": False, "no_harm_no_foul": False, "static_castles": False, "equal_opportunity": False}
NEW_GAMES: dict[str, dict[str, Any]] = {
    "24-kings": {
        "players": ["ann", "bob", "cy"],
        "seed": 7,
        "rules": KINGS_RULES | {"shuffle_me_out": True, "face_up_consequences": False, "ghoul_raiser": False},
        "dealer": 0,
        "direction": "clockwise",
        "sealed": False,
    },
    "twenty-four": {"players": ["ann", "bob"], "seed": 7, "rules": {"face_cards": False, "dynamic_target": False, "hands": 1}, "sealed": False},
    "three-kings": {"players": ["ann", "bob"], "seed": 18, "rules": {"scoring": "three_kings_wins", "play_it_out": False}, "dealer": 0, "sealed": False},
    "1923": {"players": ["ann", "bob"], "seed": 7, "target": 21, "sealed": False},
    "twenty-four-1718": {"players": ["ann", "bob", "cy", "dee"], "seed": 1718, "rules": {"honors": "point", "games": 1}, "sealed": False},
}
STRIDE = 7  # the policy: at step n, the listed move at index n * STRIDE modulo the number listed (the TS player's too)
MOST_MOVES = 400  # a game still going after this many moves fails the test
CLAIM = "1 + 1"  # a template's expression: a wrong claim is still a legal move in Twenty-Four (rules.md §3)


def conformance_cases() -> list[tuple[str, int, dict[str, Any]]]:
    """(slug, index, case) of every game's worked requests; ``path`` made absolute as GET /conformance shows it."""
    return [
        (slug, index, {"name": case.name, "method": case.method, "path": f"/v1/{slug}{case.path}", "body": case.body})
        for slug in SLUGS
        for index, case in enumerate(game_web(slug).conformance())
    ]


def chosen(moves: list[dict[str, Any]], step: int) -> dict[str, Any]:
    """The policy's move among those listed, a template filled: its ``fill`` dropped, an expression given."""
    move = moves[step * STRIDE % len(moves)]
    if "fill" not in move:
        return move
    assert set(move["fill"]) == {"expression"}, f"the player does not know how to fill {move['fill']}"
    return {key: value for key, value in move.items() if key != "fill"} | {"expression": CLAIM}


def oracle_game(client: Any, slug: str) -> dict[str, Any]:
    """The whole game played in process: the moves chosen and the final state, which every client must reach."""
    state = client.post(f"/v1/{slug}/games", json=NEW_GAMES[slug]).get_json()["state"]
    moves = []
    for step in range(MOST_MOVES + 1):
        report = client.post(f"/v1/{slug}/moves/legal", json={"state": state}).get_json()
        listed = report["moves"]
        if not listed or report["phase"] == "over":  # over, a match may still list its next deal (24 Kings)
            return {"moves": moves, "state": state}
        move = chosen(listed, step)
        moves.append(move)
        state = client.post(f"/v1/{slug}/moves/apply", json={"state": state, "move": move}).get_json()["state"]
    raise AssertionError(f"{slug}: the game did not end within {MOST_MOVES} moves")
