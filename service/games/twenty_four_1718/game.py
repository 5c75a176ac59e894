"""Twenty-Four (1718) on the engine kit (service.core.kit): its facts and its hooks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from service.core.kit import Engine, Seen
from service.core.problems import InvalidInput, Problem
from service.core.protocol import GameInfo

from .flow import match_winners
from .moves import Move, move_from_dict, move_reasons, options, report_facts, step
from .state import TableState, read, state_problems
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


class TwentyFour1718(Engine[TableState, Move]):
    """The referee of Twenty-Four (1718): its hooks; the kit judges, verifies, applies and reports."""

    INFO = INFO
    ZONES: ClassVar[Mapping[str, Seen]] = {"/players/*/hand": "owner", "/stock/cards": "nobody", "/tricks": "everyone", "/trick/cards": "everyone"}

    read = staticmethod(read)
    state_problems = staticmethod(state_problems)
    read_move = staticmethod(move_from_dict)
    legal_moves = staticmethod(options)
    move_reasons = staticmethod(move_reasons)
    step = staticmethod(step)
    report_facts = staticmethod(report_facts)

    def view(self, state: TableState, player: str) -> PlayerView:
        seat = state.seat_of(player)
        if seat is None:
            raise InvalidInput([Problem("/player", "unknown_player", f"{player!r} is not at this table")])
        return PlayerView(state, seat)

    def to_act(self, state: TableState) -> str | None:
        return None if state.phase == "over" else state.acting.name

    def phase(self, state: TableState) -> str:
        return state.phase

    def outcome(self, state: TableState) -> Mapping[str, Any] | None:
        """Once the match is over: games won per player and the match's winners (several on a tie)."""
        if state.phase != "over":
            return None
        return {"games_won": {player.name: player.games_won for player in state.players}, "winners": match_winners(state)}


GAME = TwentyFour1718()
