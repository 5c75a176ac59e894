"""The one pointer frame, kept by every registered game: a verdict's reasons and /moves/apply's 422 errors carry
the same pointers, and each resolves against the request body as it was sent (RFC 6901)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from service.games import GAME_PACKAGES
from service.http.referee import game_web

SLUGS = list(GAME_PACKAGES)
STEPS = 12


def resolve(document: Any, pointer: str) -> Any:
    """RFC 6901, written here as the oracle: every token must name a member or an index that exists."""
    if pointer == "":
        return document
    assert pointer.startswith("/"), pointer
    node = document
    for token in pointer[1:].split("/"):
        key = token.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict):
            assert key in node, f"{pointer!r}: no member {key!r}"
            node = node[key]
        elif isinstance(node, list):
            assert key.isdigit() and (key == "0" or not key.startswith("0")) and int(key) < len(node), f"{pointer!r}: no index {key!r}"
            node = node[int(key)]
        else:
            raise AssertionError(f"{pointer!r}: {token!r} goes below a {type(node).__name__}")
    return node


def test_the_oracle_refuses_what_does_not_resolve():
    body = {"move": {"card": "5H", "a/b": [1]}}
    assert resolve(body, "/move/card") == "5H" and resolve(body, "/move/a~1b/0") == 1
    for pointer in ("/move/cards", "/move/card/0", "/move/a~1b/1", "/move/a~1b/01", "/state"):
        with pytest.raises(AssertionError):
            resolve(body, pointer)


def refusals(move: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """Moves near a legal one that a referee may refuse: another player's, an unknown player's, another action."""
    near = [{**move, "player": "nobody-sits-here"}, {**move, "action": "no-such-action" if move.get("action") != "set_aside" else "claim"}]
    near += [{**move, "player": name} for name in names if name != move.get("player")][:2]
    return near


@pytest.mark.parametrize("slug", SLUGS)
def test_validate_and_apply_point_alike_into_the_body(client, slug):
    root = f"/v1/{slug}"
    state = game_web(slug).examples()["state"]
    names = [seat["name"] for seat in state.get("players", []) if isinstance(seat, dict) and "name" in seat]
    chance = random.Random(f"pointers-{slug}")
    checked = 0
    for _ in range(STEPS):
        report = client.post(f"{root}/moves/legal", json={"state": state}).get_json()
        whole = [move for move in report["moves"] if not move.get("fill")]
        if not whole:
            break
        chosen = chance.choice(whole)
        sendable = {
            key: value
            for key, value in chosen.items()
            if key not in ("correct", "call_valid", "card_choices", "face_up_choices", "reveal_unseen", "drawn_unseen")
        }
        for refused in refusals(sendable, names):
            body = {"state": state, "move": refused}
            verdict = client.post(f"{root}/moves/validate", json=body)
            if verdict.status_code != 200 or verdict.get_json()["legal"]:
                continue  # a move the schema refuses (422 before any verdict), or one that happens to be legal
            reasons = verdict.get_json()["reasons"]
            applied = client.post(f"{root}/moves/apply", json=body)
            assert applied.status_code == 422, (slug, refused)
            errors = applied.get_json()["errors"]
            assert [r["pointer"] for r in reasons] == [e["pointer"] for e in errors], (slug, refused)
            assert [r["code"] for r in reasons] == [e["code"] for e in errors]
            for pointer in [r["pointer"] for r in reasons]:
                assert pointer == "/move" or pointer.startswith("/move/"), (slug, pointer)
                resolve(body, pointer)
            for alternative in verdict.get_json()["alternatives"]:
                assert alternative != refused, "an alternative is never the refused move itself"
            checked += 1
        after = client.post(f"{root}/moves/apply", json={"state": state, "move": sendable})
        assert after.status_code == 200, (slug, sendable, after.get_json())
        state = after.get_json()["state"]
        assert client.post(f"{root}/state/check", json={"state": state}).get_json() == {"valid": True, "problems": []}
    assert checked, f"{slug}: no refused move was judged"


@pytest.mark.parametrize("slug", SLUGS)
def test_a_bad_states_problems_resolve_against_the_body(client, slug):
    state = dict(game_web(slug).examples()["state"])
    players = state.get("players")
    if isinstance(players, list) and players and isinstance(players[0], dict):
        state["players"] = [{**players[0], "name": ""}, *players[1:]]
    body = {"state": state}
    answer = client.post(f"/v1/{slug}/state/check", json=body)
    problems = answer.get_json()["problems"] if answer.status_code == 200 else answer.get_json()["errors"]
    assert problems
    for problem in problems:
        resolve(body, problem["pointer"])
