"""Twenty-Four as a :class:`service.core.protocol.Game`: the one object the HTTP layer mounts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.core.problems import Problem
from service.core.protocol import GameInfo

from . import moves
from .moves import LegalMove, LegalReport, Move, Transition, Verdict, View
from .state import MAX_PLAYERS, MIN_PLAYERS, TwentyFourState, state_from_dict, state_problems

RULES_VERSION = "2026.11-1"

INFO = GameInfo(
    slug="twenty-four",
    title="Twenty-Four",
    summary="Four cards face up; the first player to make the target (24) with + − × ÷ and parentheses wins them.",
    rule_book="Twenty-Four (the arithmetic card game)",
    rules_version=RULES_VERSION,
    players=(MIN_PLAYERS, MAX_PLAYERS),
    options={
        "face_cards": "Jacks, Queens and Kings join the pack as 11, 12 and 13 (52 cards instead of 40)",
        "dynamic_target": "before each hand eight cards set the target: the two highest and two lowest removed, the rest summed",
        "hands": "how many hands are played; points add up and the highest total wins",
    },
)


class TwentyFour:
    """The referee of Twenty-Four."""

    @property
    def info(self) -> GameInfo:
        return INFO

    def read_state(self, data: Mapping[str, Any]) -> TwentyFourState:
        return state_from_dict(data)

    def read_move(self, data: Mapping[str, Any]) -> Move:
        return moves.move_from_dict(data)

    def check_state(self, state: TwentyFourState) -> list[Problem]:
        return state_problems(state)

    def legal_moves(self, state: TwentyFourState) -> Sequence[LegalMove]:
        return moves.legal_moves(state)

    def legal_report(self, state: TwentyFourState) -> LegalReport:
        return LegalReport(state, tuple(moves.legal_moves(state)))

    def judge(self, state: TwentyFourState, move: Move) -> Verdict:
        return moves.judge(state, move)

    def apply(self, state: TwentyFourState, move: Move) -> Transition:
        return moves.apply_move(state, move)

    def view(self, state: TwentyFourState, player: str) -> View:
        return moves.view(state, player)

    def is_terminal(self, state: TwentyFourState) -> bool:
        return state.phase == "over"

    def returns(self, state: TwentyFourState) -> Mapping[str, Any] | None:
        """The final totals per player once every hand is played (points are cards won)."""
        if state.phase != "over":
            return None
        return {row.player: row.total for row in moves.table_standings(state).rows}
