"""An independent referee for tests: counts legal moves and checks invariants from a state's plain data alone.

Written from rules.md without the engine's code: brute force over every hand
card and every pair of table cards, Counter arithmetic for the pack.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, permutations
from typing import Any

from .tables import RANKS, pack_counts, rank_of

VALUE = {rank: index + 1 for index, rank in enumerate(RANKS)}


@cache  # 13^3 triples at most; the self-play checks ask millions of times
def makes_set(a: str, b: str, c: str) -> bool:
    if "K" in (a, b, c):
        return False
    return any(VALUE[x] + VALUE[y] == VALUE[z] for x, y, z in permutations((a, b, c)))


def move_counts(data: dict[str, Any]) -> dict[str, int]:
    """How many distinct legal moves of each action the player to act has (hands known).

    The reading (revised): a table King may be taken by a player holding one, after the draw, before or after the
    set or discard and never instead of it, never forced; once the set or discard is made the turn stays (phase
    kings) only for the takes and a pass; a pass before it is for a hand of Kings (or nothing) alone."""
    if data["phase"] == "over":
        return {}
    if data["phase"] == "draw":
        return {"draw": 1}
    hand = [rank_of(card) for card in data["players"][data["to_act"]]["hand"]["cards"]]
    table = [rank_of(card) for card in data["table"]]
    take = int("K" in hand and "K" in table)
    if data["phase"] == "kings":
        return {action: count for action, count in {"take_king": take, "pass": 1}.items() if count}
    sets = {(h, tuple(sorted(pair, key=VALUE.get))) for h in hand for pair in combinations(table, 2) if makes_set(h, *pair)}
    counts = {"set": len(sets), "take_king": take}
    if not sets:
        counts["discard"] = len({rank for rank in hand if rank != "K"})
    counts["pass"] = int(all(rank == "K" for rank in hand))
    return {action: count for action, count in counts.items() if count}


def invariant_problems(data: dict[str, Any]) -> list[str]:
    """What a state of a dealt game (every card known) must satisfy, checked by hand."""
    players = data["players"]
    problems = []
    held = Counter(rank_of(card) for player in players for zone in (player["hand"]["cards"], player["pile"]) for card in zone)
    held += Counter(rank_of(card) for card in data["table"] + data["draw_pile"]["cards"])
    if held != pack_counts(len(players)):
        problems.append(f"conservation: {held - pack_counts(len(players))} extra, {pack_counts(len(players)) - held} missing")
    for player in players:
        pile = [rank_of(card) for card in player["pile"]]
        if len(pile) % 3 or not all(makes_set(*pile[i : i + 3]) for i in range(0, len(pile), 3)):
            problems.append(f"{player['name']}'s pile is not sets: {pile}")
        kings = sum(rank_of(card) == "K" for card in player["hand"]["cards"])
        if kings >= 3 and data["three_kings"] is None:
            problems.append(f"{player['name']} holds three Kings unrecorded")
        if player["hand"]["hidden"]:
            problems.append("a dealt game has no unseen card")
    if data["three_kings"] and not data["rules"]["play_it_out"] and data["phase"] != "over":
        problems.append("three Kings held and the game goes on")
    if (data["phase"] == "over") != (data["outcome"] is not None):
        problems.append("phase and outcome disagree")
    if data["phase"] == "draw" and not data["draw_pile"]["cards"]:
        problems.append("a draw phase with nothing to draw")
    return problems


def expected_result(data: dict[str, Any]) -> dict[str, Any]:
    """The scores and winners of a finished game, by rules.md §8."""
    method, holder = data["rules"]["scoring"], data["three_kings"]
    if method == "three_kings_wins":
        return {"scores": None, "winners": [holder] if holder else []}
    sign = 1 if method == "bonus" else -1
    scores = {p["name"]: sum(VALUE[rank_of(c)] for c in p["pile"]) + (15 * sign if p["name"] == holder else 0) for p in data["players"]}
    best = max(sign * points for points in scores.values())
    return {"scores": scores, "winners": [name for name, points in scores.items() if sign * points == best]}
