"""What a table chooses: the scoring method and whether to play it out (rules.md §8, §9)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from service.core.problems import Problem
from service.core.records import PlainForm

Scoring = Literal["three_kings_wins", "bonus", "penalty"]
SCORINGS: tuple[str, ...] = get_args(Scoring)

SCORING_DESCRIPTIONS: dict[str, str] = {
    "three_kings_wins": "Method 1: whoever holds three Kings wins; nobody scores points.",
    "bonus": "Method 2: each player scores the values in their pile; the three-Kings player adds 15; highest wins.",
    "penalty": "Method 3: each player scores the values in their pile; the three-Kings player subtracts 15; lowest wins.",
}
OPTION_DESCRIPTIONS: dict[str, str] = {
    "scoring": "three_kings_wins | bonus | penalty (default three_kings_wins)",
    "play_it_out": "Three Kings do not end the game; it ends when the draw pile is empty and every player has passed in turn (bonus or penalty only).",
}


@dataclass(frozen=True, slots=True)
class Rules:
    scoring: Scoring = "three_kings_wins"
    play_it_out: bool = False

    to_dict = PlainForm()


def rules_problems(rules: Rules, pointer: str) -> list[Problem]:
    """Method 1 has no points to count when three Kings no longer end the game (§9)."""
    if rules.play_it_out and rules.scoring == "three_kings_wins":
        return [Problem(f"{pointer}/play_it_out", "play_it_out_needs_points", "play_it_out is scored by bonus or penalty, not three_kings_wins (rules.md §9)")]
    return []
