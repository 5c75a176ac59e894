"""Moves: claim with an expression, or the table sets the four cards aside (rules.md §3). The engine kit's hooks.

A claim is a move any player who is not barred may make with any readable
expression: a wrong one is a legal move whose consequence is a bar for the
round (§3.3), so its verdict is ``legal`` with the claim's own check beside
it; a claim that cannot be read is refused and bars nobody (§3.6). :func:`move_reasons` gives why a move cannot be made at all;
:func:`step` plays a legal one; the kit (:mod:`service.core.kit`) judges,
verifies and applies with them. The input state is never changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from service.core.cards import Card, CardListError, card_texts, parse_cards
from service.core.problems import InvalidInput, Problem
from service.core.verdicts import Reason

from .expressions import UNREADABLE, Check, bounds_problems, check
from .pack import values_of
from .solver import Solutions, solve
from .standings import Standings, standings
from .start import Event, await_turn, turn_up
from .state import TABLE_STEPS, TwentyFourState, check_state
from .table import RULE_OF_STEP, apply_step, card_reasons, step_fill

Action = Literal["claim", "set_aside", "draw", "set_target", "turn_up"]
ACTIONS: tuple[str, ...] = ("claim", "set_aside", "draw", "set_target", "turn_up")
SET_ASIDE_REASONS: tuple[str, ...] = ("time_up", "agreed")  # time is up; all players agree there is no solution (§3.4)
RULE_OF_ACTION = {"claim": "3.2", "set_aside": "3.4"} | RULE_OF_STEP


@dataclass(frozen=True, slots=True)
class Move:
    """A claim (``player`` and ``expression``), the table setting the cards aside (``reason``, no player),
    or, at a real table, the table naming the cards it turns (``cards``: the draw, the target's eight, a round's four)."""

    action: Action
    player: str | None = None
    expression: str | None = None
    reason: str | None = None
    cards: tuple[Card, ...] | None = None

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"action": self.action}
        if self.player is not None:
            data["player"] = self.player
        if self.expression is not None:
            data["expression"] = self.expression
        if self.reason is not None:
            data["reason"] = self.reason
        if self.cards is not None:
            data["cards"] = card_texts(self.cards)
        return data


@dataclass(frozen=True, slots=True)
class LegalMove:
    """A legal move. A listed claim is a template: ``fill`` says what the player must add (an expression);
    no expression is ever shown while the cards are in play (rules.md §3.7)."""

    move: Move
    fill: Mapping[str, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, object]:
        data = self.move.to_dict()
        if self.fill:
            data["fill"] = dict(self.fill)
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
    reason = data.get("reason")
    if action == "claim":
        if player is None:
            problems.append(Problem("/player", "player_required", "a claim names the player who knocked"))
        if not isinstance(expression, str):
            problems.append(Problem("/expression", "expression_required", 'a claim gives its expression as text, e.g. "(2 + 4 / 10) * 10"'))
        else:
            problems += bounds_problems(expression)
    elif expression is not None:
        problems.append(Problem("/expression", "unexpected_field", "only a claim has an expression"))
    cards: tuple[Card, ...] | None = None
    if action in RULE_OF_STEP:
        raw = data.get("cards")
        if not isinstance(raw, list) or not all(isinstance(card, str | Card) for card in raw):  # a schema hands over cards already read
            problems.append(Problem("/cards", "cards_required", 'this table move names the cards turned, as a list such as ["7H", "AS"]'))
        else:
            try:
                cards = tuple(parse_cards(raw))
            except CardListError as error:
                problems += [Problem(f"/cards/{index}", "bad_card", message) for index, message in error.problems]
    elif data.get("cards") is not None:
        problems.append(Problem("/cards", "unexpected_field", "only the table's draw, set_target and turn_up name cards"))
    if action == "set_aside" and reason not in SET_ASIDE_REASONS:
        problems.append(Problem("/reason", "reason_required", f"the table sets the cards aside for a reason: {' or '.join(SET_ASIDE_REASONS)}, not {reason!r}"))
    elif action != "set_aside" and reason is not None:
        problems.append(Problem("/reason", "unexpected_field", "only setting the cards aside has a reason"))
    if problems:
        raise InvalidInput(problems)
    return Move(action, player, expression, reason, cards)  # type: ignore[arg-type]  # action is one of ACTIONS


# -- listing and judging -------------------------------------------------------------------
def solutions_on_table(state: TwentyFourState) -> Solutions:
    """Every distinct solution for the four cards face up and the hand's target."""
    return solve(values_of(state.table), state.target)


def claim_template(state: TwentyFourState) -> dict[str, str]:
    """What a claim must add, said without a worked answer (rules.md §3.7)."""
    values = ", ".join(map(str, values_of(state.table)))
    return {"expression": f"an expression using {values} once each, with + − × ÷ and parentheses, that makes {state.target} (it may end = {state.target})"}


def legal_moves(state: TwentyFourState) -> list[LegalMove]:
    """A claim template for each player not barred, then the table's two ways to set the cards aside; nothing once over."""
    if state.phase == "over":
        return []
    step = TABLE_STEPS.get(state.phase)
    if step is not None:  # a real table must name the cards it turns: that is the only move
        return [LegalMove(Move(step), step_fill(state, step))]  # type: ignore[arg-type]  # a step is an action
    template = claim_template(state)
    claims = [LegalMove(Move("claim", seat.name), template) for seat in state.players if seat.name not in state.barred]
    return [*claims, *(LegalMove(Move("set_aside", reason=reason)) for reason in SET_ASIDE_REASONS)]


def move_reasons(state: TwentyFourState, move: Move) -> list[Reason]:
    """Every reason ``move`` cannot be made in ``state``; empty when it can."""
    if state.phase == "over":
        return [Reason("game_over", "5.2", "", "the game is over: every hand has been played")]
    step = TABLE_STEPS.get(state.phase)
    if move.action in RULE_OF_STEP or step is not None:
        return _step_reasons(state, move, step)
    if move.action == "set_aside":
        if move.player is not None:
            return [Reason("table_move", "3.4", "/player", "setting the cards aside is the table's decision, not one player's: the move names no player")]
        return []
    if move.player is None:
        return []
    if state.seat_of(move.player) is None:
        return [Reason("unknown_player", RULE_OF_ACTION[move.action], "/player", f"{move.player!r} is not at this table")]
    if move.player in state.barred:
        return [Reason("player_barred", "3.3", "/player", f"{move.player!r} claimed wrongly and may not claim again on these four cards")]
    if move.expression is None:  # a listed claim is a template: the player fills in the expression
        return [Reason("expression_required", "3.2", "/expression", "a claim gives the player's expression")]
    return _typing_reasons(check(move.expression, values_of(state.table), state.target))


def _step_reasons(state: TwentyFourState, move: Move, step: str | None) -> list[Reason]:
    """Why a real table's step cannot be taken: not a real table, not the step due, a player named, or its cards (§10)."""
    rule = RULE_OF_ACTION[move.action]
    if step is None:
        why = "the service dealt this game and turns its cards itself" if state.deal == "service" else "four cards are in play: claim or set them aside"
        return [Reason("wrong_step", rule, "/action", f"{move.action} is not the step now: {why}")]
    if move.action != step:
        return [Reason("wrong_step", RULE_OF_STEP[step], "/action", f"the table must first enter {step}: {step_fill(state, step)['cards']}")]
    if move.player is not None:
        return [Reason("table_move", rule, "/player", f"{step} is the table's move, not one player's: the move names no player")]
    return card_reasons(state, step, move.cards or ())


def _typing_reasons(claim: Check) -> list[Reason]:
    """A claim the referee cannot read is a typing slip (rules.md §3.6): refused with each fault, barring nobody."""
    if claim.readable:
        return []
    return [
        Reason(fault.code, fault.rule, "/expression", f"{fault.message} (at character {fault.at}); a claim that cannot be read bars nobody: type it again")
        for fault in claim.faults
        if fault.code in UNREADABLE
    ]


def claim_check(state: TwentyFourState, move: Move) -> Check | None:
    """A legal claim's check against the four cards and the target (a verdict says it beside ``legal``)."""
    return check(move.expression, values_of(state.table), state.target) if move.action == "claim" and move.expression is not None else None


# -- applying -------------------------------------------------------------------------------
def step(state: TwentyFourState, move: Move) -> tuple[TwentyFourState, tuple[Event, ...]]:
    """The state after a legal ``move`` and what happened: a right claim wins the four cards (§3.2); a wrong one
    bars the player (§3.3) and, when everyone is barred, the cards are set aside (§3.5); then the next four show."""
    if move.action in RULE_OF_STEP:
        state, stepped = apply_step(state, move.action, move.cards or ())
        return check_state(state), tuple(stepped)
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
        why = "every player is barred"  # the last who might claim is barred: aside at once, with no move (§3.5)
    else:
        why = "time is up" if move.reason == "time_up" else "the players agree there is no solution"
    found = solutions_on_table(state)
    events.append(
        {
            "type": "set_aside",
            "rule": "3.4",
            "cards": card_texts(state.table),
            "why": why,
            "reason": move.reason if move.action == "set_aside" else "all_barred",
            "solvable": found.solvable,
            "solutions": len(found.solutions),
            "solution": found.solutions[0].text if found.solvable else None,
        }
    )
    state = replace(state, set_aside=state.set_aside + state.table, table=())
    return _next_round(state, events)


def _next_round(state: TwentyFourState, events: list[Event]) -> tuple[TwentyFourState, tuple[Event, ...]]:
    state, more = turn_up(state) if state.deal == "service" else await_turn(state)
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
        data["players"] = [{"name": seat.name, "pile": seat.pile_size, "won": card_texts(seat.won)} for seat in self.state.players]
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
    return standings(names, [result.points for result in state.results], state.rules.hands, this_hand)
