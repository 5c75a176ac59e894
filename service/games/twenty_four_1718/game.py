"""Twenty-Four (1718) behind the one interface every game implements (service.core.protocol.Game)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.core.problems import InvalidInput, Problem
from service.core.protocol import GameInfo

from .flow import match_winners
from .moves import LegalReport, Move, Transition, Verdict, apply_move, judge, legal_moves, legal_report, move_from_dict
from .state import TableState, state_from_dict, state_problems
from .view import PlayerView

INFO = GameInfo(
    slug="twenty-four-1718",
    title="Twenty-Four (1718)",
    summary="A trick-taking game for four or five: declarations (sequence, Point), tricks with honors, chips of four points to 24.",
    rule_book="Twenty-Four, after L'Académie universelle des jeux (1718)",
    rules_version="1",
    players=(4, 5),
    options={
        "honors": "point: the honors are the trumps A 2 3 4 5; face: 9 10 J Q K; alternate: the point in odd hands of a game, the face cards in even ones; "
        "alternate_games: the point in odd games of the match, the face cards in even ones.",
        "games": "How many games of 24 points the match is played to; the standings count games won.",
    },
)


class TwentyFour1718:
    """The referee of Twenty-Four (1718): each method is one of the engine's functions."""

    @property
    def info(self) -> GameInfo:
        return INFO

    def read_state(self, data: Mapping[str, Any]) -> TableState:
        return state_from_dict(data)

    def read_move(self, data: Mapping[str, Any]) -> Move:
        return move_from_dict(data)

    def check_state(self, state: TableState) -> list[Problem]:
        return state_problems(state)

    def legal_moves(self, state: TableState) -> Sequence[Move]:
        return legal_moves(state)

    def legal_report(self, state: TableState) -> LegalReport:
        return legal_report(state)

    def judge(self, state: TableState, move: Move) -> Verdict:
        return judge(state, move)

    def apply(self, state: TableState, move: Move) -> Transition:
        return apply_move(state, move)

    def view(self, state: TableState, player: str) -> PlayerView:
        seat = state.seat_of(player)
        if seat is None:
            raise InvalidInput([Problem("/player", "unknown_player", f"{player!r} is not at this table")])
        return PlayerView(state, seat)

    def is_terminal(self, state: TableState) -> bool:
        return state.phase == "over"

    def returns(self, state: TableState) -> Mapping[str, Any] | None:
        """Once the match is over: games won per player and the match's winners (several on a tie)."""
        if state.phase != "over":
            return None
        return {"games_won": {player.name: player.games_won for player in state.players}, "winners": match_winners(state)}


GAME = TwentyFour1718()
