"""Twenty-Four on the engine kit: its facts and the hooks; the kit judges, verifies, applies and reports."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from service.core.cards import card_texts
from service.core.kit import Engine
from service.core.protocol import GameInfo

from . import moves
from .moves import ACTIONS, Move
from .state import MAX_PLAYERS, MIN_PLAYERS, TABLE_STEPS, TwentyFourState, read, state_problems

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


class TwentyFour(Engine[TwentyFourState, Move]):
    """The referee of Twenty-Four."""

    INFO = INFO
    ZONES: ClassVar[Mapping[str, Any]] = {"/players/*/pile": "nobody", "/players/*/won": "everyone", "/table": "everyone", "/set_aside": "everyone"}
    COUNTED_ACTIONS = ACTIONS

    read = staticmethod(read)
    state_problems = staticmethod(state_problems)
    read_move = staticmethod(moves.move_from_dict)
    legal_moves = staticmethod(moves.legal_moves)
    move_reasons = staticmethod(moves.move_reasons)
    step = staticmethod(moves.step)
    view = staticmethod(moves.view)

    def to_act(self, state: TwentyFourState) -> None:
        return None  # anyone not barred may claim, and the table turns the cards: there is no player to act

    def phase(self, state: TwentyFourState) -> str:
        return state.phase

    def report_facts(self, state: TwentyFourState) -> Mapping[str, Any]:
        return {
            "step": TABLE_STEPS.get(state.phase),  # what a real table must enter next, if it must
            "hand": state.hand,
            "round": state.rounds_done + 1 if state.phase in ("round", "turn") else None,
            "table": card_texts(state.table),
            "target": state.target,
            "barred": list(state.barred),
        }

    def verdict_details(self, state: TwentyFourState, move: Move) -> Mapping[str, Any]:
        claim = moves.claim_check(state, move)
        return {"claim": claim.to_dict()} if claim is not None else {}

    def outcome(self, state: TwentyFourState) -> Mapping[str, Any] | None:
        """The final totals per player once every hand is played (points are cards won)."""
        if state.phase != "over":
            return None
        return {row.player: row.total for row in moves.table_standings(state).rows}
