"""Chips, awarded one at a time in the order of precedence, and the stop at 24 points (rules.md §3).

Every score of a hand goes through :meth:`Tally.award`, the referee's and
``/score``'s alike, so the game stops at exactly the chip that makes six.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal, get_args

Step = Literal["turn_up", "sequence", "point", "honors", "card"]
STEPS: tuple[str, ...] = get_args(Step)  # the order of precedence
RULE_OF_STEP: dict[str, str] = {"turn_up": "4", "sequence": "5.4", "point": "6.3", "honors": "8", "card": "9"}
WINNING_CHIPS = 6  # six chips of four points: 24
POINTS_PER_CHIP = 4


@dataclass(frozen=True, slots=True)
class Award:
    """One chip scored: the step that scores it, by whom, their chips after it, and what it was for."""

    step: Step
    player: int
    total: int
    detail: Mapping[str, object]

    def to_dict(self) -> dict[str, object]:
        """What the chip was for; who scored it is the caller's to say (an event names the player, an analysis
        answer gives the position counted from 1)."""
        return {"step": self.step, "rule": RULE_OF_STEP[self.step], "chips": 1, "total": self.total, **self.detail}

    def positioned(self) -> dict[str, object]:
        """As the stand-alone answers give it: the scorer's position in the order of declaration, counted from 1 (the leader is 1)."""
        return {"step": self.step, "rule": RULE_OF_STEP[self.step], "player_position": self.player + 1, "chips": 1, "total": self.total, **self.detail}


@dataclass(frozen=True, slots=True)
class Tally:
    """The chips of a game as they grow, the awards in order, and who reached six (and at which step)."""

    chips: tuple[int, ...]
    awards: tuple[Award, ...] = ()
    winner: int | None = None

    @property
    def winning_award(self) -> Award | None:
        return self.awards[-1] if self.winner is not None else None

    def award(self, step: Step, player: int, detail: Mapping[str, object]) -> Tally:
        """One chip to ``player``; nothing once someone has six, since the game stopped there."""
        if self.winner is not None:
            return self
        chips = list(self.chips)
        chips[player] += 1
        won = chips[player] >= WINNING_CHIPS
        return replace(self, chips=tuple(chips), awards=(*self.awards, Award(step, player, chips[player], detail)), winner=player if won else None)
