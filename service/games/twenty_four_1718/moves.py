"""Moves: declare, play a card (rules.md §5-§9). The hooks the engine kit runs: the legal moves, every
reason a move is illegal, the step that plays a legal one. The kit (:mod:`service.core.kit`) verifies,
judges and applies with them. The input state is never changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, get_args

from service.core.cards import Card, card_texts
from service.core.reading import Reader
from service.core.verdicts import Reason

from .declarations import Claim, claim_faults, declare
from .flow import Event, next_hand, settle, tally_of
from .hand import score_card, score_declarations, score_trick
from .pack import honors_of
from .state import MAX_NAME, TableState, Trick
from .tricks import Obligation, obligation, refusal, winning_position

Action = Literal["declare", "play"]
ACTIONS: tuple[Action, ...] = get_args(Action)
MAX_DECLARED_SEQUENCES = 4


@dataclass(frozen=True, slots=True)
class Move:
    """A proposed move. A ``declare`` may state what the player announces (``sequences``, ``point`` as
    (count, sum)) for the referee to check; without them the referee announces the hand's true declaration."""

    player: str
    action: Action
    card: Card | None = None
    sequences: tuple[tuple[Card, ...], ...] | None = None
    point: tuple[int, int] | None = None

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"player": self.player, "action": self.action}
        if self.card is not None:
            data["card"] = str(self.card)
        if self.sequences is not None:
            data["sequences"] = [card_texts(run) for run in self.sequences]
        if self.point is not None:
            data["point"] = {"count": self.point[0], "sum": self.point[1]}
        return data


# -- legal moves ----------------------------------------------------------------------------------
def duty_of(state: TableState) -> Obligation:
    """What the rules ask of the player to act in the play of the cards."""
    return obligation(state.acting.hand, state.trick.cards, state.trump)


def own_declaration(state: TableState, seat: int) -> Move:
    """The declaration of ``seat``'s hand as dealt, announced in full."""
    declared = declare([state.players[seat].hand], state.trump)
    point = declared.points[0]
    return Move(state.players[seat].name, "declare", sequences=tuple(tuple(run.cards) for run in declared.sequences), point=(point.count, point.total))


def legal_moves(state: TableState) -> list[Move]:
    """Every legal move of the player to act: their declaration, or each card the duty allows."""
    if state.phase == "over":
        return []
    if state.phase == "declare":
        return [own_declaration(state, state.to_act)]
    return _plays(state, duty_of(state))


def _plays(state: TableState, duty: Obligation) -> list[Move]:
    name = state.acting.name
    return [Move(name, "play", card) for card in duty.plays]


def report_facts(state: TableState) -> dict[str, object]:
    """What the legal report says beside the moves: the trumps, the honors, and in the play the duty the moves follow."""
    facts: dict[str, object] = {"trump": state.trump, "honors": card_texts(honors_of(state.trump, state.hand_honors))}
    if state.phase == "play":
        facts["duty"] = duty_of(state).to_dict()
    return facts


# -- judging a move --------------------------------------------------------------------------------
def move_reasons(state: TableState, move: Move) -> list[Reason]:
    """Every reason ``move`` is illegal in ``state``; empty when it is legal."""
    if state.phase == "over":
        return [Reason("match_over", "10.3", "", "the match is over: no move can be made")]
    seat = state.seat_of(move.player)
    if seat is None:
        return [Reason("unknown_player", "1.2", "/player", f"{move.player!r} is not at this table")]
    reasons = []
    turn = seat == state.to_act
    if not turn:
        rule = "5.2" if state.phase == "declare" else "7.1"
        reasons.append(Reason("not_your_turn", rule, "/player", f"it is {state.acting.name!r}'s turn, not {move.player!r}'s"))
    if move.action == "declare":
        reasons += _declare_reasons(state, seat, move, turn)
    else:
        reasons += _play_reasons(state, seat, move, turn)
    return reasons


def _declare_reasons(state: TableState, seat: int, move: Move, turn: bool) -> list[Reason]:
    if state.phase == "play":
        return [Reason("declarations_over", "5.2", "/action", "every player has declared: the play of the cards is under way")]
    reasons = []
    if move.card is not None:
        reasons.append(Reason("unexpected_field", "5.2", "/card", "a declaration plays no card"))
    if not turn:
        return reasons
    faults = claim_faults(declare([state.players[seat].hand], state.trump), 0, Claim(move.sequences, move.point))
    return reasons + [Reason(fault.code, fault.rule, f"/{fault.field}", f"{move.player!r}: {fault.message}") for fault in faults]


def _play_reasons(state: TableState, seat: int, move: Move, turn: bool) -> list[Reason]:
    if state.phase == "declare":
        return [Reason("declare_first", "5.2", "/action", f"the declarations come first: {state.acting.name!r} declares next")]
    reasons = []
    if move.sequences is not None or move.point is not None:
        pointer = "/sequences" if move.sequences is not None else "/point"
        reasons.append(Reason("unexpected_field", "7.1", pointer, "playing a card declares nothing"))
    card = move.card
    if card is None:
        return [*reasons, Reason("card_required", "7.1", "/card", "play needs the card played")]
    if card not in state.players[seat].hand:
        return [*reasons, Reason("card_not_in_hand", "7.1", "/card", f"{move.player!r} does not hold {card}")]
    if turn:
        duty = duty_of(state)
        fault = refusal(duty, card)
        if fault is not None:
            reasons.append(Reason(fault[0], duty.rule, "/card", fault[1]))
    return reasons


# -- applying a move -------------------------------------------------------------------------------
def step(state: TableState, move: Move) -> tuple[TableState, tuple[Event, ...]]:
    """The state after a legal ``move`` and what happened."""
    events: list[Event] = []
    if move.action == "declare":
        return _declare(state, events), tuple(events)
    assert move.card is not None  # the kit verified the move: a play names its card
    return _play(state, move.card, events), tuple(events)


def _declare(state: TableState, events: list[Event]) -> TableState:
    """Announce the acting player's declaration; after the dealer's, score the sequence and the Point (§5, §6)."""
    seat = state.to_act
    announced = own_declaration(state, seat).to_dict()
    events.append(
        {"type": "declared", "player": announced["player"], "seat": seat, "sequences": announced["sequences"], "point": announced["point"], "rule": "5.2"}
    )
    if seat != state.dealer:
        return replace(state, to_act=(seat + 1) % state.seats)
    seats = state.seats
    in_order = [state.players[(state.leader + offset) % seats].hand for offset in range(seats)]
    tally = score_declarations(tally_of(state), declare(in_order, state.trump), state.leader)
    return settle(replace(state, phase="play", to_act=state.leader), tally, events)


def _play(state: TableState, card: Card, events: list[Event]) -> TableState:
    """Play a card; a full trick is taken, its honors scored, and after the last trick the card (§7-§9)."""
    seat = state.to_act
    player = state.players[seat]
    state = state.with_seat(seat, replace(player, hand=tuple(held for held in player.hand if held != card)))
    events.append({"type": "played", "player": player.name, "seat": seat, "card": str(card)})
    cards = (*state.trick.cards, card)
    if len(cards) < state.seats:
        return replace(state, trick=Trick(state.trick.leader, cards), to_act=(seat + 1) % state.seats)
    winner = (state.trick.leader + winning_position(cards, state.trump)) % state.seats
    number = len(state.tricks) + 1
    events.append({"type": "trick_taken", "trick": number, "player": state.players[winner].name, "seat": winner, "cards": card_texts(cards), "rule": "7.6"})
    state = replace(state, tricks=(*state.tricks, Trick(state.trick.leader, cards)), trick=Trick(winner), to_act=winner)
    tally = score_trick(tally_of(state), winner, cards, state.trump, state.hand_honors, number)
    last = number == state.shape.hand_size
    if last:
        tally = score_card(tally, state.tricks_taken(), state.leader)
    state = settle(state, tally, events)
    if not last or tally.winner is not None:
        return state
    return next_hand(state, events)


# -- reading a move --------------------------------------------------------------------------------
def move_from_dict(data: Mapping[str, Any]) -> Move:
    """Read a move; raises :class:`InvalidInput` with pointers for malformed fields (not for illegal moves)."""
    reader: Reader[Card] = Reader()
    player = reader.name(data.get("player"), "/player", MAX_NAME)
    action = reader.choice(data, "action", "", ACTIONS)
    card = reader.card(data["card"], "/card") if data.get("card") is not None else None
    sequences = None
    if data.get("sequences") is not None:
        runs = data["sequences"]
        if not isinstance(runs, list) or len(runs) > MAX_DECLARED_SEQUENCES:
            reader.problem("/sequences", "bad_sequences", f"sequences is a list of at most {MAX_DECLARED_SEQUENCES} lists of cards")
        else:
            sequences = tuple(reader.cards(run, f"/sequences/{index}") for index, run in enumerate(runs))
    point = None
    if data.get("point") is not None:
        fields = reader.mapping(data["point"], "/point", '{"count": n, "sum": n}')
        point = (reader.integer(fields, "count", "/point", 0, 13), reader.integer(fields, "sum", "/point", 0, 85))
    reader.done()
    return Move(player, action, card, sequences, point)
