"""24 Kings behind the interface every game implements (:class:`service.core.protocol.Game`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.core.problems import Problem
from service.core.protocol import GameInfo

from .hands import as_number
from .moves import LegalMove, LegalReport, Move, Transition, Verdict, apply_move, judge, legal_moves, legal_report, move_from_dict
from .rules import OPTION_DESCRIPTIONS
from .state import MAX_PLAYERS, MIN_PLAYERS, GameState, state_from_dict, state_problems
from .view import PlayerView, player_view

INFO = GameInfo(
    slug="24-kings",
    title="24 Kings",
    summary="Two decks, four castles, eight Kings, 24 hands: build hands whose worth the castles set, call HAND!, and The Calculus scores every player.",
    rule_book='24, KINGS: A GAME ("24 HANDS, 8 KINGS"), by Dr. Ryan Matthew Thurman',
    rules_version="1.0",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    options=OPTION_DESCRIPTIONS,
)


class KingsGame:
    """The referee of 24 Kings: each method is one of the engine's functions."""

    info = INFO

    def read_state(self, data: Mapping[str, Any]) -> GameState:
        return state_from_dict(data)

    def read_move(self, data: Mapping[str, Any]) -> Move:
        return move_from_dict(data)

    def check_state(self, state: GameState) -> list[Problem]:
        return state_problems(state)

    def legal_moves(self, state: GameState) -> list[LegalMove]:
        return legal_moves(state)

    def legal_report(self, state: GameState) -> LegalReport:
        return legal_report(state)

    def judge(self, state: GameState, move: Move) -> Verdict:
        return judge(state, move)

    def apply(self, state: GameState, move: Move) -> Transition:
        return apply_move(state, move)

    def view(self, state: GameState, player: str) -> PlayerView:
        return player_view(state, player)

    def is_terminal(self, state: GameState) -> bool:
        return state.phase == "over"

    def returns(self, state: GameState) -> dict[str, int | float | None] | None:
        """Each player's score once the game is over (a player whose hand was never shown has none)."""
        if state.phase != "over":
            return None
        return {p.name: None if p.half_score is None else as_number(p.half_score) for p in state.players}
