"""1923 on the engine kit (service.core.kit): its facts, its hooks, and what each player may see."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from service.core.kit import Engine, Seen
from service.core.problems import InvalidInput, Problem
from service.core.protocol import GameInfo
from service.core.records import Listed, Option
from service.core.zones import Zone

from . import moves
from .moves import ACTIONS, Move
from .state import MatchState, read, state_problems
from .table import MAX_PLAYERS, MIN_PLAYERS

INFO = GameInfo(
    slug="1923",
    title="1923",
    summary="Blackjack values; win a game with 19 to 23, closest to 23; sets until the pack runs out; Ace benefit and damage; a match to N points.",
    rule_book="1923 — A magnificent card game",
    rules_version="2",  # 2: the revised reading (an Ace as its holder would count it, decks and players, a real table)
    players=(MIN_PLAYERS, MAX_PLAYERS),
    options={
        "decks": "How many standard decks the table plays with: ceil(players / 3), or fewer (at least 1), never more (rules.md §1.2).",
        "target": "The points that win the match (N, default 21; rules.md §6.1).",
    },
)


@dataclass(frozen=True, slots=True)
class View:
    """The table as one player sees it: their own cards but the last taken, counts of everyone else's, no pile order, no seed."""

    player: str
    state: MatchState

    def to_dict(self) -> dict[str, object]:
        return {"player": self.player, "state": self.state.to_dict() | {"seed": None}}


def view(state: MatchState, player: str) -> View:
    """§7.2: a player knows the cards of their hand except the one taken last (the unknown card, §3.2)."""
    if state.seat_index(player) is None:
        raise InvalidInput([Problem("/player", "unknown_player", f"{player!r} is not at this table")])
    seats = []
    for seat in state.seats:
        hand = seat.hand
        if seat.name == player:
            seen = min(len(hand.cards), max(hand.size - 1, 0))
            hand = Zone(hand.cards[:seen], hand.size - seen)
        else:
            hand = Zone(hidden=hand.size)
        seats.append(replace(seat, hand=hand))
    return View(player, replace(state, seats=tuple(seats), pile=Zone(hidden=state.pile.size)))


class Nineteen23(Engine[MatchState, Move]):
    """1923 on the engine kit: its hooks; every call is a pure function of its arguments."""

    INFO = INFO
    ZONES: ClassVar[Mapping[str, Seen]] = {"/players/*/hand": "owner", "/pile": "nobody", "/dead": "everyone", "/players/*/won": "everyone"}
    COUNTED_ACTIONS = ACTIONS

    read = staticmethod(read)
    state_problems = staticmethod(state_problems)
    read_move = staticmethod(moves.move_from_dict)
    legal_moves = staticmethod(moves.options)
    move_reasons = staticmethod(moves.move_reasons)
    play = staticmethod(moves.play)
    step = staticmethod(moves.play)  # a legal move's play never refuses
    view = staticmethod(view)
    report_facts = staticmethod(moves.report_facts)

    def closeness(self, refused: Move, option: Option) -> int:
        assert isinstance(option, Listed)  # legal_moves lists Listed records
        return moves.closeness(refused, option)

    def to_act(self, state: MatchState) -> None:
        return None  # nobody is "to act": every unlocked player may

    def phase(self, state: MatchState) -> str:
        return state.phase

    def outcome(self, state: MatchState) -> Mapping[str, Any] | None:
        """At the end of the match: the points, the winners and the rule that decided (§6)."""
        if state.outcome is None:
            return None
        return {"points": {seat.name: seat.points for seat in state.seats}, **state.outcome.to_dict()}
