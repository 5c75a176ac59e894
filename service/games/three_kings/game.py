"""The referee of Three Kings behind the shared protocol (:class:`service.core.protocol.Game`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from service.core.protocol import GameInfo

from .cards import MAX_PLAYERS, MIN_PLAYERS
from .moves import LegalMove, LegalReport, Move, Transition, Verdict, apply_move, judge, legal_moves, legal_report, read_move
from .rules import OPTION_DESCRIPTIONS
from .state import GameState, View, read_state, state_problems, view

INFO = GameInfo(
    slug="three-kings",
    title="Three Kings",
    summary="Draw, then take a set of three where two cards add up to the third (one from the hand, two from the table), "
    "or discard; three Kings in one hand end the game.",
    rule_book="Three Kings, by Jimmy Kaplowitz and JC Ravage",
    rules_version="1",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    options=OPTION_DESCRIPTIONS,
)


@dataclass(frozen=True, slots=True, eq=False)
class ThreeKings:
    """Stateless: every call gets the whole table. One instance, hashed by identity (its info holds a dict)."""

    info: GameInfo = INFO

    def read_state(self, data: Mapping[str, Any]) -> GameState:
        return read_state(data)

    def read_move(self, data: Mapping[str, Any]) -> Move:
        return read_move(data)

    def check_state(self, state: GameState) -> list[Any]:
        return state_problems(state)

    def legal_moves(self, state: GameState) -> list[LegalMove]:
        return legal_moves(state)

    def legal_report(self, state: GameState) -> LegalReport:
        return legal_report(state)

    def judge(self, state: GameState, move: Move) -> Verdict:
        return judge(state, move)

    def apply(self, state: GameState, move: Move) -> Transition:
        return apply_move(state, move)

    def view(self, state: GameState, player: str) -> View:
        return view(state, player)

    def is_terminal(self, state: GameState) -> bool:
        return state.phase == "over"

    def returns(self, state: GameState) -> Mapping[str, Any] | None:
        return state.outcome.to_dict() if state.outcome else None


GAME = ThreeKings()
