"""Moves: declare, play a card (rules.md §5-§9). The hooks the engine kit runs: the legal moves, every
reason a move is illegal, the step that plays a legal one. The kit (:mod:`service.core.kit`) verifies,
judges and applies with them. The input state is never changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Literal, NamedTuple, get_args

from service.core.cards import Card, card_texts
from service.core.kit import Closed
from service.core.names import possessive
from service.core.reading import Reader
from service.core.records import Listed
from service.core.verdicts import Reason

from .declarations import Claim, announced, claim_faults, claim_fields, declare
from .flow import Event, enter_deal, enter_draw, next_hand, settle, tally_of
from .hand import score_card, score_declarations, score_trick
from .pack import PLAYER_COUNTS, honor_texts
from .state import MAX_NAME, Stock, TableState, Trick
from .table import (
    RULE_DEAL,
    RULE_DECLARED,
    RULE_DRAW,
    Contradiction,
    claim_shape_reasons,
    contradictions,
    duty_reasons,
    placeable_after,
    placement,
    placement_reasons,
    playable_unseen,
    seat_label,
    unseen_play_reasons,
)
from .tricks import Obligation, obligation, refusal, winning_position

Action = Literal["declare", "play", "deal", "draw"]
ACTIONS: tuple[Action, ...] = get_args(Action)
MAX_DECLARED_SEQUENCES = 4


class Move(NamedTuple):
    """A proposed move. A ``declare`` may state what the player announces (``sequences``, ``point`` as
    (count, sum)) for the referee to check; without them the referee announces the hand's true declaration.
    A ``deal`` (a real table's next hand, by its dealer) names the turn-up, the stock cards seen, and of each hand
    the cards seen and how many are not (rules.md §13.5).

    A named tuple rather than a frozen dataclass: the legal report builds one per legal card, and a tuple is built
    in a fifth of the time (issue 25)."""

    player: str
    action: Action
    card: Card | None = None
    sequences: tuple[tuple[Card, ...], ...] | None = None
    point: tuple[int, int] | None = None
    turn_up: Card | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None
    hidden: tuple[int, ...] | None = None
    stock: tuple[Card, ...] | None = None
    drawn: tuple[Card, ...] | None = None  # a draw for the first dealer: one card per player drawing, in seat order

    @property
    def claim(self) -> Claim:
        return Claim(self.sequences, self.point)

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"player": self.player, "action": self.action}
        if self.card is not None:
            data["card"] = str(self.card)
        if self.turn_up is not None:
            data["turn_up"] = str(self.turn_up)
        if self.hands is not None:
            data["hands"] = [card_texts(hand) for hand in self.hands]
        if self.hidden is not None:
            data["hidden"] = list(self.hidden)
        if self.stock is not None:
            data["stock"] = card_texts(self.stock)
        if self.drawn is not None:
            data["drawn"] = card_texts(self.drawn)
        return claim_fields(data, self.sequences, self.point)  # the announcement's fields, written as a claim writes them


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
    """Every legal move of the player to act: their declaration, or each card the duty allows.

    At a real table the physical step is named as a form to fill: the dealer's ``deal`` (the cards come from
    the table), a ``declare`` from a hand the referee only counts (its announcement comes from the player).
    """
    if state.phase == "over":
        return []
    if state.phase in ("draw", "deal"):
        return [Move(state.acting.name, state.phase)]
    if state.phase == "declare":
        if state.acting.hidden:
            return [Move(state.acting.name, "declare")]
        return [own_declaration(state, state.to_act)]
    return _plays(state, duty_of(state))


def options(state: TableState) -> list[Move | Listed[Move]]:
    """The legal moves as listed: a real table's ``deal`` and ``draw``, and a ``declare`` from a hand the referee only
    counts, are templates whose ``fill`` names what the table enters (the move without it is refused); every other
    move is whole, as :func:`legal_moves` gives it."""
    fills = _fills(state)
    return [Listed(move, fills[move.action]) if move.action in fills else move for move in legal_moves(state)]


def _fills(state: TableState) -> dict[str, dict[str, str]]:
    if state.phase == "draw":
        names = ", ".join(state.players[seat].name for seat in state.drawing)
        return {"draw": {"drawn": f"the card each player drawing turns, in seat order: {names}; none drawn before (rules.md §2.1, §{RULE_DRAW})"}}
    if state.phase == "deal":
        return {
            "deal": {
                "turn_up": f"the dealer's turn-up, which gives the trumps; the hands seen (hands, hidden) and the stock's cards seen may be added "
                f"(rules.md §{RULE_DEAL})"
            }
        }
    if state.phase == "declare" and state.acting.hidden:
        return {
            "declare": {
                "sequences": "every sequence the player announces, each a list of cards (five or more of a suit in a row; [] for none) (rules.md §5.1)",
                "point": f'the Point announced, {{"count": n, "sum": n}}: the longest suit\'s cards and their sum (rules.md §6, §{RULE_DECLARED})',
            }
        }
    return {}


def _plays(state: TableState, duty: Obligation) -> list[Move]:
    name = state.acting.name
    if state.acting.hidden:  # the known cards the duty on the known cards allows, then every unseen card the hand may hold
        places = placement(state)
        known = [card for card in state.acting.hand if not duty_reasons(state, state.to_act, card) and placeable_after(state, state.to_act, card, places)]
        return [Move(name, "play", card) for card in (*known, *playable_unseen(state, state.to_act))]
    return [Move(name, "play", card) for card in duty.plays]


def report_facts(state: TableState) -> dict[str, object]:
    """What the legal report says beside the moves: the trumps and honors (once the turn-up is known), and in the
    play the duty the moves follow (none for a hand only counted)."""
    facts: dict[str, object] = {
        "trump": state.trump if state.trump_known else None,
        "honors": honor_texts(state.trump, state.hand_honors) if state.trump_known else [],
    }
    if state.phase == "play" and not state.acting.hidden:
        facts["duty"] = duty_of(state).to_dict()
    return facts


# -- judging a move --------------------------------------------------------------------------------
CLOSED = Closed("match_over", "10.3", "match", "1.2")  # a finished match (§10.3), a player not at the table (§1.2)


def move_reasons(state: TableState, move: Move) -> list[Reason]:
    """Every reason ``move`` is illegal in ``state``; empty when it is legal."""
    seat = CLOSED.opening(state.phase == "over", state.seat_of(move.player), move.player)
    if isinstance(seat, list):
        return seat
    reasons = []
    turn = seat == state.to_act
    if not turn:
        rule = {"declare": "5.2", "deal": RULE_DEAL, "draw": RULE_DRAW}.get(state.phase, "7.1")
        reasons.append(Reason("not_your_turn", rule, "/player", f"it is {possessive(state.acting.name)} turn, not {possessive(move.player)}"))
    if state.phase == "draw" or move.action == "draw":
        return reasons + draw_reasons(state, move)
    if state.phase == "deal" or move.action == "deal":
        return reasons + deal_reasons(state, move)
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
    if state.players[seat].hidden:
        if move.sequences is None or move.point is None:
            return [
                *reasons,
                Reason("announcement_required", RULE_DECLARED, "/point", f"{possessive(move.player)} hand is not seen: give the sequences and Point announced"),
            ]
        return reasons + claim_shape_reasons(state, seat, move.claim)
    faults = claim_faults(declare([state.players[seat].hand], state.trump), 0, move.claim)
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
        if not state.players[seat].hidden:
            return [*reasons, Reason("card_not_in_hand", "7.1", "/card", f"{move.player!r} does not hold {card}")]
        return reasons + (unseen_play_reasons(state, seat, card) if turn else [])
    if turn and state.players[seat].hidden:
        reasons += duty_reasons(state, seat, card) or placement_reasons(state, seat, card)
    elif turn:
        duty = duty_of(state)
        fault = refusal(duty, card)
        if fault is not None:
            reasons.append(Reason(fault[0], duty.rule, "/card", fault[1]))
    return reasons


def deal_reasons(state: TableState, move: Move) -> list[Reason]:
    """The real deal of a hand at a real table (§13.5): by the dealer, when the table waits for it, every card possible."""
    if state.phase != "deal":
        return [Reason("not_dealing", RULE_DEAL, "/action", "the table is not waiting for a deal: the hand under way goes on")]
    if move.action != "deal":
        return [Reason("deal_first", RULE_DEAL, "/action", f"the next hand is dealt first: {state.acting.name!r} enters the real deal")]
    if move.card is not None or move.sequences is not None or move.point is not None or move.drawn is not None:
        return [Reason("unexpected_field", RULE_DEAL, "/card", "a deal names its turn-up, stock and hands, nothing else")]
    if move.turn_up is None:
        return [Reason("turn_up_required", RULE_DEAL, "/turn_up", "the dealer's turn-up is needed: it gives the trumps")]
    seats, shape = state.seats, state.shape
    hands, hidden = dealt_shape(state, move)
    reasons = []
    if len(hands) != seats or len(hidden) != seats:
        return [Reason("hands_count", RULE_DEAL, "/hands", f"one hand per player: {seats} at this table")]
    seen: set[Card] = {move.turn_up}
    for at, cards in (("/stock", move.stock or ()), *((f"/hands/{seat}", hand) for seat, hand in enumerate(hands))):
        for card in cards:
            if card in seen:
                reasons.append(Reason("card_twice", RULE_DEAL, at, f"{card} is named twice in the deal"))
            seen.add(card)
    if len(move.stock or ()) > shape.stock - 1:
        reasons.append(Reason("stock_size", "2.2", "/stock", f"the stock under the turn-up holds {shape.stock - 1} cards at a table of {seats}"))
    for seat, (hand, count) in enumerate(zip(hands, hidden, strict=True)):
        if len(hand) + count != shape.hand_size:
            reasons.append(
                Reason(
                    "hand_size", "2.2", f"/hands/{seat}", f"{seat_label(state, seat)}: {len(hand)} cards seen and {count} unseen; a hand is {shape.hand_size}"
                )
            )
    return reasons


def draw_reasons(state: TableState, move: Move) -> list[Reason]:
    """A round of the real draw for the first dealer (§2.1, §13.6): one card for each player drawing, none drawn before."""
    if state.phase != "draw":
        return [Reason("not_drawing", RULE_DRAW, "/action", "the first dealer is known: there is no draw")]
    if move.action != "draw":
        return [Reason("draw_first", RULE_DRAW, "/action", "the players first draw for the first dealer")]
    drawing = state.drawing
    names = ", ".join(seat_label(state, seat) for seat in drawing)
    if move.drawn is None or len(move.drawn) != len(drawing):
        return [Reason("drawn_count", RULE_DRAW, "/drawn", f"one card for each player drawing, in seat order: {names}")]
    earlier = {card for cards in state.draws for card in cards}
    reasons = []
    for index, card in enumerate(move.drawn):
        if card in earlier or card in move.drawn[:index]:
            reasons.append(Reason("card_twice", RULE_DRAW, f"/drawn/{index}", f"{card} has already been drawn: a tie draws again from what is left"))
    return reasons


def dealt_shape(state: TableState, move: Move) -> tuple[tuple[tuple[Card, ...], ...], tuple[int, ...]]:
    """The hands seen and the counts unseen of a deal: no hands given, none seen; hands given without counts, all seen."""
    size = state.shape.hand_size
    hands = move.hands if move.hands is not None else ((),) * state.seats
    hidden = move.hidden if move.hidden is not None else ((size,) * state.seats if move.hands is None else (0,) * len(hands))
    return hands, hidden


# -- applying a move -------------------------------------------------------------------------------
def step(state: TableState, move: Move) -> tuple[TableState, tuple[Event, ...]]:
    """The state after a legal ``move`` and what happened."""
    events: list[Event] = []
    if move.action == "draw":
        assert move.drawn is not None  # the kit verified the move: a draw names its cards
        return enter_draw(state, move.drawn, events), tuple(events)
    if move.action == "deal":
        assert move.turn_up is not None  # the kit verified the move: a deal names its turn-up
        hands, hidden = dealt_shape(state, move)
        stock = Stock(move.turn_up, move.stock or (), state.shape.stock - 1 - len(move.stock or ()))
        return enter_deal(state, hands, hidden, stock, events), tuple(events)
    if move.action == "declare":
        declared = _announce(state, move, events) if state.deal == "physical" else _declare(state, events)
        return declared, tuple(events)
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


def _announce(state: TableState, move: Move, events: list[Event]) -> TableState:
    """A real table's declaration: what the player announces (the true one of a hand the referee sees, if they say nothing);
    the sequences' cards are shown; after the dealer's, the announcements are scored (§13.4)."""
    seat = state.to_act
    player = state.players[seat]
    if move.sequences is None or move.point is None:
        claim = own_declaration(state, seat).claim
    else:
        claim = move.claim
    shown = [card for run in claim.sequences or () for card in run if card not in player.hand]
    player = replace(player, hand=(*player.hand, *shown), hidden=player.hidden - len(shown))
    state = replace(state.with_seat(seat, player), claims=(*state.claims, claim))
    events.append({"type": "declared", "player": player.name, "seat": seat, **claim.to_dict(), "rule": RULE_DECLARED})
    if seat != state.dealer:
        return replace(state, to_act=(seat + 1) % state.seats)
    tally = score_declarations(tally_of(state), announced(state.claims, state.trump), state.leader)
    return settle(replace(state, phase="play", to_act=state.leader), tally, events)


def _play(state: TableState, card: Card, events: list[Event]) -> TableState:
    """Play a card; a full trick is taken, its honors scored, and after the last trick the card (§7-§9)."""
    seat = state.to_act
    player = state.players[seat]
    before = {found.part for found in _false_claims(state, seat)}
    if card in player.hand:
        player = replace(player, hand=tuple(held for held in player.hand if held != card))
    else:  # from the cards the referee only counts (a real table)
        player = replace(player, hidden=player.hidden - 1)
    state = state.with_seat(seat, player)
    events.append({"type": "played", "player": player.name, "seat": seat, "card": str(card)})
    _report_false_claims(replace(state, trick=Trick(state.trick.leader, (*state.trick.cards, card))), seat, before, events)
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


def _false_claims(state: TableState, seat: int) -> list[Contradiction]:
    """Each part of ``seat``'s announcement the cards known of its hand as dealt show false (a real table only)."""
    if state.deal != "physical" or state.phase != "play" or len(state.claims) != state.seats:
        return []
    position = (seat - state.leader) % state.seats
    player = state.players[seat]
    return contradictions(state.dealt_hands()[seat], player.hidden == 0, state.claims[position])


def _report_false_claims(state: TableState, seat: int, shown_before: set[str], events: list[Event]) -> None:
    """Each part of a declaration already scored that this play shows false (its sequences, its Point), reported once,
    when first shown, with the tricks that show it; its chips stand (§13.4)."""
    for found in _false_claims(state, seat):
        if found.part in shown_before:
            continue
        played = [number for number, trick in enumerate((*state.tricks, state.trick)) if any(card in found.cards for card in trick.cards)]
        events.append(
            {
                "type": "declaration_contradicted",
                "player": state.players[seat].name,
                "seat": seat,
                "declaration": f"/claims/{(seat - state.leader) % state.seats}",
                "part": found.part,
                "tricks": [number + 1 for number in played],
                "message": found.message,
                "chips_stand": True,
                "rule": RULE_DECLARED,
            }
        )


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
    turn_up = reader.card(data["turn_up"], "/turn_up") if data.get("turn_up") is not None else None
    hands = None
    if data.get("hands") is not None:
        if not isinstance(data["hands"], list) or len(data["hands"]) > max(PLAYER_COUNTS):
            reader.problem("/hands", "not_a_list", f"hands is a list of at most {max(PLAYER_COUNTS)} lists of cards")
        else:
            hands = tuple(reader.cards(hand, f"/hands/{index}") for index, hand in enumerate(data["hands"]))
    hidden = None
    if data.get("hidden") is not None:
        counts = data["hidden"]
        if not isinstance(counts, list) or len(counts) > max(PLAYER_COUNTS):
            reader.problem("/hidden", "not_a_list", "hidden is a list of counts, one per player")
        else:
            hidden = tuple(reader.integer({"count": count}, "count", f"/hidden/{index}", 0, 12) for index, count in enumerate(counts))
    stock = reader.cards(data["stock"], "/stock") if data.get("stock") is not None else None
    drawn = reader.cards(data["drawn"], "/drawn") if data.get("drawn") is not None else None
    reader.done()
    return Move(player, action, card, sequences, point, turn_up, hands, hidden, stock, drawn)
