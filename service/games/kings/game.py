"""24 Kings on the engine kit (:mod:`service.core.kit`): its facts and its hooks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from service.core.kit import Engine, Seen
from service.core.protocol import GameInfo
from service.core.records import Option

from . import moves
from .hands import as_number
from .moves import LegalMove, Move, move_from_dict
from .rules import OPTION_DESCRIPTIONS
from .state import MAX_PLAYERS, MIN_PLAYERS, GameState, read, state_problems
from .view import player_view

INFO = GameInfo(
    slug="24-kings",
    title="24 Kings",
    summary="Two decks, four castles, eight Kings, 24 hands: build hands whose worth the castles set, call HAND!, and The Calculus scores every player.",
    rule_book='24, KINGS: A GAME ("24 HANDS, 8 KINGS"), by Dr. Ryan Matthew Thurman',
    rules_version="1.0",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    options=OPTION_DESCRIPTIONS,
)


class KingsGame(Engine[GameState, Move]):
    """The referee of 24 Kings: its hooks; the kit judges, verifies, applies and reports."""

    INFO = INFO
    ZONES: ClassVar[Mapping[str, Seen]] = {
        "/players/*/hand": "owner",
        "/draw_pile": "nobody",
        "/face_down": "nobody",
        "/set_aside": "everyone",  # the face-up pile's cards (§10) and a false caller's shown hand (§11): public
        "/face_up": "everyone",
        "/castles": "everyone",
    }

    read = staticmethod(read)
    state_problems = staticmethod(state_problems)
    read_move = staticmethod(move_from_dict)
    legal_moves = staticmethod(moves.legal_moves)
    move_reasons = staticmethod(moves.move_reasons)
    step = staticmethod(moves.step)
    view = staticmethod(player_view)

    def closeness(self, refused: Move, option: Option) -> int:
        assert isinstance(option, LegalMove)  # legal_moves lists LegalMove records
        return moves.closeness(refused, option)

    def verdict_details(self, state: GameState, move: Move) -> Mapping[str, Any]:
        valid = moves.call_valid(state, move)
        return {"call_valid": valid} if valid is not None else {}

    def to_act(self, state: GameState) -> str | None:
        """The player to act; once the game is over, its next dealer, who deals the next game (rules.md §28)."""
        return state.acting.name if state.phase != "over" else state.players[moves.next_dealer(state)].name

    def phase(self, state: GameState) -> str:
        return state.phase

    def outcome(self, state: GameState) -> dict[str, int | float | None] | None:
        """Each player's score once the game is over (a player whose hand was never shown has none)."""
        if state.phase != "over":
            return None
        return {p.name: None if p.half_score is None else as_number(p.half_score) for p in state.players}
