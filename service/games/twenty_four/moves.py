"""Moves: claim with an expression, or set the four cards aside (rules.md §3). The hooks the engine kit runs.

A claim is a move any player who is not barred may make, whatever the
expression: a wrong one is a legal move whose consequence is a bar for the
round (§3.3), so its verdict is ``legal`` with the claim's own check beside
it. :func:`move_reasons` gives why a move cannot be made at all; :func:`step`
plays a legal one. The kit (:mod:`service.core.kit`) judges, verifies and
applies with them. The input state is never changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from service.core.cards import card_texts
from service.core.problems import InvalidInput, Problem
from service.core.verdicts import Reason

from .expressions import Check, bounds_problems, check
from .pack import values_of
from .solver import Solutions, solve
from .standings import Standings, standings
from .start import Event, turn_up
from .state import TwentyFourState, check_state

Action = Literal["claim", "set_aside"]
ACTIONS: tuple[str, ...] = ("claim", "set_aside")
RULE_OF_ACTION = {"claim": "3.2", "set_aside": "3.4"}


@dataclass(frozen=True, slots=True)
class Move:
    """A claim (``player`` and ``expression``) or setting the cards aside (``player`` optional: the table agrees)."""

    action: Action
    player: str | None = None
    expression: str | None = None

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"action": self.action}
        if self.player is not None:
            data["player"] = self.player
        if self.expression is not None:
            data["expression"] = self.expression
        return data


@dataclass(frozen=True, slots=True)
class LegalMove:
    """A legal move. A listed claim stands for that player's claim with any expression; the one shown is the
    simplest solution when there is one (``correct`` says whether it reaches the target)."""

    move: Move
    correct: bool | None = None
    fill: tuple[str, ...] = ()  # a listed move is whole: the expression shown may be sent as it is

    def to_dict(self) -> dict[str, object]:
        data = self.move.to_dict()
        if self.correct is not None:
            data["correct"] = self.correct
        return data


# -- reading a move -------------------------------------------------------------------------
def move_from_dict(data: Mapping[str, Any]) -> Move:
    """A move from its plain data; every problem at once (pointers relative to the move)."""
    problems = []
    action = data.get("action")
    if action not in ACTIONS:
        problems.append(Problem("/action", "bad_action", f"action is one of {', '.join(ACTIONS)}, not {action!r}"))
    player = data.get("player")
    if player is not None and not isinstance(player, str):
        problems.append(Problem("/player", "bad_name", "player is a name (a string)"))
    expression = data.get("expression")
    if action == "claim":
        if player is None:
            problems.append(Problem("/player", "player_required", "a claim names the player who knocked"))
        if not isinstance(expression, str):
            problems.append(Problem("/expression", "expression_required", 'a claim gives its expression as text, e.g. "(2 + 4 / 10) * 10"'))
        else:
            problems += bounds_problems(expression)
    elif expression is not None:
        problems.append(Problem("/expression", "unexpected_field", "only a claim has an expression"))
    if problems:
        raise InvalidInput(problems)
    return Move("claim" if action == "claim" else "set_aside", player, expression)


# -- listing and judging -------------------------------------------------------------------
def solutions_on_table(state: TwentyFourState) -> Solutions:
    """Every distinct solution for the four cards face up and the hand's target."""
    return solve(values_of(state.table), state.target)


def legal_moves(state: TwentyFourState) -> list[LegalMove]:
    """A claim for each player not barred, then setting the cards aside; nothing once the game is over."""
    if state.phase == "over":
        return []
    found = solutions_on_table(state)
    expression = found.solutions[0].text if found.solvable else " + ".join(map(str, values_of(state.table)))
    claims = [LegalMove(Move("claim", seat.name, expression), found.solvable) for seat in state.players if seat.name not in state.barred]
    return [*claims, LegalMove(Move("set_aside"))]


def move_reasons(state: TwentyFourState, move: Move) -> list[Reason]:
    """Every reason ``move`` cannot be made in ``state``; empty when it can."""
    if state.phase == "over":
        return [Reason("game_over", "5.2", "", "the game is over: every hand has been played")]
    if move.player is None:
        return []
    rule = RULE_OF_ACTION[move.action]
    if state.seat_of(move.player) is None:
        return [Reason("unknown_player", rule, "/player", f"{move.player!r} is not at this table")]
    if move.action == "claim" and move.player in state.barred:
        return [Reason("player_barred", "3.3", "/player", f"{move.player!r} claimed wrongly and may not claim again on these four cards")]
    return []


def claim_check(state: TwentyFourState, move: Move) -> Check | None:
    """A legal claim's check against the four cards and the target (a verdict says it beside ``legal``)."""
    return check(move.expression, values_of(state.table), state.target) if move.action == "claim" and move.expression is not None else None


# -- applying -------------------------------------------------------------------------------
def step(state: TwentyFourState, move: Move) -> tuple[TwentyFourState, tuple[Event, ...]]:
    """The state after a legal ``move`` and what happened: a right claim wins the four cards (§3.2); a wrong one
    bars the player (§3.3) and, when everyone is barred, the cards are set aside (§3.5); then the next four show."""
    events: list[Event] = []
    if move.action == "claim" and move.player is not None and move.expression is not None:
        result = check(move.expression, values_of(state.table), state.target)
        events.append({"type": "claimed", "rule": "3.2", "player": move.player} | result.to_dict())
        if result.correct:
            seat = state.seat_of(move.player)
            assert seat is not None  # the kit verified the move: the player sits here
            winner = state.players[seat]
            players = list(state.players)
            players[seat] = replace(winner, won=winner.won + state.table)
            events.append({"type": "won", "rule": "3.2", "player": move.player, "cards": card_texts(state.table)})
            state = replace(state, players=tuple(players), table=())
            return _next_round(state, events)
        state = replace(state, barred=(*state.barred, move.player))
        events.append({"type": "barred", "rule": "3.3", "player": move.player})
        if len(state.barred) < len(state.players):
            return state, tuple(events)
        why = "every player is barred"
    else:
        why = "the players set the cards aside"
    found = solutions_on_table(state)
    events.append(
        {
            "type": "set_aside",
            "rule": "3.4",
            "cards": card_texts(state.table),
            "why": why,
            "solvable": found.solvable,
            "solutions": len(found.solutions),
            "solution": found.solutions[0].text if found.solvable else None,
        }
    )
    state = replace(state, set_aside=state.set_aside + state.table, table=())
    return _next_round(state, events)


def _next_round(state: TwentyFourState, events: list[Event]) -> tuple[TwentyFourState, tuple[Event, ...]]:
    state, more = turn_up(state)
    return check_state(state), (*events, *more)


# -- what a player sees, and the standings -----------------------------------------------------
@dataclass(frozen=True, slots=True)
class View:
    """The table as ``player`` sees it: every pile as a count (nobody sees a face-down card, their own
    included), and no seed (it would tell every pile)."""

    state: TwentyFourState
    player: str

    def to_dict(self) -> dict[str, object]:
        data = self.state.to_dict()
        data["players"] = [{"name": seat.name, "pile": len(seat.pile), "won": card_texts(seat.won)} for seat in self.state.players]
        data["seed"] = None
        data["player"] = self.player
        data["may_claim"] = self.state.phase == "round" and self.player not in self.state.barred
        return data


def view(state: TwentyFourState, player: str) -> View:
    if state.seat_of(player) is None:
        raise InvalidInput([Problem("/player", "unknown_player", f"{player!r} is not at this table")])
    return View(state, player)


def table_standings(state: TwentyFourState) -> Standings:
    """The standings of the table: finished hands, plus the cards won so far in the hand being played."""
    names = [seat.name for seat in state.players]
    this_hand = [len(seat.won) for seat in state.players] if state.phase == "round" else None
    return standings(names, [result.points for result in state.results], state.options.hands, this_hand)
