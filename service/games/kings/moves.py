"""Moves: the legal ones, every reason a move is illegal, the step that plays a legal one (rules.md §9-§11, §18).

These are 24 Kings' hooks; the engine kit (:mod:`service.core.kit`) verifies,
judges (with the nearest legal alternatives, by :func:`closeness`) and applies
with them, as pokerkit's verify/can/act. The input state is never changed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple, get_args

from service.core.cards import Card, card_texts
from service.core.names import possessive
from service.core.problems import InvalidInput
from service.core.reading import Reader
from service.core.records import Transition
from service.core.verdicts import Reason
from service.games.kings.pack import COPIES_PER_CARD, full_deck

from .calculus import winners_of
from .castles import CASTLE_COUNT, Castle
from .drawing import Event, draw_cards
from .hands import Scorer, Split, scorer_for
from .rules import Rules
from .start import TableDeal, dealt_on, table_setup
from .state import EndReason, GameState, Outcome, Player, Zone, read_castle

Action = Literal["face_down_discard", "face_up_discard", "dump_king", "play_king", "dethrone", "call_hand", "reveal_hand", "deal"]
ACTIONS: tuple[str, ...] = get_args(Action)
KING_ACTIONS = frozenset({"dump_king", "play_king", "dethrone"})
DISCARDS = frozenset({"face_down_discard", "face_up_discard"})
CASTLE_ACTIONS = frozenset({"play_king", "dethrone"})
DRAWS_AFTER = {"face_down_discard": 1, "face_up_discard": 1, "dump_king": 2, "play_king": 2, "dethrone": 2}
RULE_OF_ACTION = {
    "face_down_discard": "9.1",
    "face_up_discard": "9.2",
    "dump_king": "9.3",
    "play_king": "9.4",
    "dethrone": "9.5",
    "call_hand": "11",
    "reveal_hand": "27",
    "deal": "28",
}
DECLARING = frozenset({"call_hand", "reveal_hand"})
TABLE_DEAL_FILL = (
    "the four castles the new Castle Phase founded, in order (rules.md §7); face_up (its discards) and hands (per seat, "
    "the cards of that hand the referee may see) may be added, as /games/from-table takes them (rules.md §26, §28)"
)
NAMED_CODE = {"card": "card_not_in_hand", "reveal": "reveal_impossible", "drawn": "drawn_impossible"}  # §26: a named card that cannot be there


@dataclass(frozen=True, slots=True)
class Declaration:
    """How another player whose hand the referee sees is scored at the end: a Pointer and hands,
    checked as /calculus checks them (rules.md §16, §27)."""

    player: str
    pointer: Card | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"player": self.player}
        if self.pointer is not None:
            data["pointer"] = str(self.pointer)
        if self.hands is not None:
            data["hands"] = [card_texts(hand) for hand in self.hands]
        return data


class _MoveFields(NamedTuple):
    """A move's fields, in order (see :class:`Move`)."""

    player: str
    action: Action
    card: Card | None = None
    castle: int | None = None
    take_face_up: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()
    reveal: tuple[Card, ...] | None = None
    pointer: Card | None = None
    hands: tuple[tuple[Card, ...], ...] | None = None
    declarations: tuple[Declaration, ...] = ()
    castles: tuple[Castle, ...] | None = None
    face_up: tuple[Card, ...] | None = None


class Move(_MoveFields):
    """A proposed move. ``castle`` is 1..4; ``take_face_up`` is GHOUL-RAISER's draws
    from the face-up pile; ``drawn`` names the cards drawn from a counted pile;
    ``reveal`` shows a caller's (or, at the end, a player's) cards the referee could
    not see; ``pointer`` and ``hands`` declare how those cards are scored; ``declarations``,
    on the move that ends the game, declare for the other players whose hands are seen (rules.md §27).

    A ``deal`` (the next game of the match, by its dealer, rules.md §28) names no card when the service deals;
    at a real table it names the new ``castles``, the Castle Phase's ``face_up`` discards and, in ``hands``, per
    seat the cards of that hand the referee may see (as ``/games/from-table`` takes them).

    A named tuple, not a dataclass: a legal listing builds one per listed move, and a tuple is built in a fraction
    of a frozen 12-field dataclass's time. Immutable and hashable all the same; a changed copy is ``move._replace(...)``.
    """

    __slots__ = ()

    def __new__(
        cls,
        player: str,
        action: Action,
        card: Card | None = None,
        castle: int | None = None,
        take_face_up: Sequence[Card] = (),
        drawn: Sequence[Card] = (),
        reveal: Sequence[Card] | None = None,
        pointer: Card | None = None,
        hands: Sequence[Sequence[Card]] | None = None,
        declarations: Sequence[Declaration] = (),
        castles: Sequence[Castle] | None = None,
        face_up: Sequence[Card] | None = None,
    ) -> Move:
        """Accept any sequences of cards, keep tuples, so a Move stays hashable."""
        # Tested one by one, not looped: the legal-move lists build many Moves, nearly all with tuples already.
        if type(take_face_up) is not tuple:
            take_face_up = tuple(take_face_up)
        if type(drawn) is not tuple:
            drawn = tuple(drawn)
        if reveal is not None and type(reveal) is not tuple:
            reveal = tuple(reveal)
        if hands is not None and type(hands) is not tuple:
            hands = tuple(map(tuple, hands))
        if type(declarations) is not tuple:
            declarations = tuple(declarations)
        if castles is not None and type(castles) is not tuple:
            castles = tuple(castles)
        if face_up is not None and type(face_up) is not tuple:
            face_up = tuple(face_up)
        return tuple.__new__(cls, (player, action, card, castle, take_face_up, drawn, reveal, pointer, hands, declarations, castles, face_up))

    @classmethod
    def listed(cls, player: str, action: Action, card: Card | None = None, castle: int | None = None) -> Move:
        """A move as a legal listing writes it: a player, an action, at most a card and a castle; every other field
        has its default, a tuple already, so nothing is converted (a listing builds one per listed move)."""
        return tuple.__new__(cls, (player, action, card, castle, (), (), None, None, None, (), None, None))

    def to_dict(self) -> dict[str, object]:
        player, action, card, castle, take_face_up, drawn, reveal, pointer, hands, declarations, castles, face_up = self
        data: dict[str, object] = {"player": player, "action": action}
        if card is not None:
            data["card"] = str(card)
        if castle is not None:
            data["castle"] = castle
        if take_face_up:
            data["take_face_up"] = card_texts(take_face_up)
        if drawn:
            data["drawn"] = card_texts(drawn)
        if reveal is not None:
            data["reveal"] = card_texts(reveal)
        if pointer is not None:
            data["pointer"] = str(pointer)
        if hands is not None:
            data["hands"] = [card_texts(hand) for hand in hands]
        if declarations:
            data["declarations"] = [declaration.to_dict() for declaration in declarations]
        if castles is not None:
            data["castles"] = [castle.to_dict() for castle in castles]
        if face_up is not None:
            data["face_up"] = card_texts(face_up)
        return data


class LegalMove(NamedTuple):
    """A legal move, with what a client needs to present it.

    A move that uses a card the referee cannot see is listed once, without
    ``card``, with ``card_choices``: every card it may name (rules.md §26).
    A call or reveal of a partly unseen hand says how many cards ``reveal``
    must add to the known ones (``reveal_unseen``); a draw from a counted
    pile may name up to ``drawn_unseen`` cards in ``drawn``.

    A named tuple, as :class:`Move` is: a listing builds one per listed move.
    """

    move: Move
    call_valid: bool | None = None
    face_up_choices: tuple[Card, ...] = ()
    card_choices: tuple[Card, ...] = ()
    reveal_unseen: int = 0
    drawn_unseen: int = 0
    table_deal: bool = False  # the next game's deal at a real table: the table enters what it dealt (rules.md §28)

    @property
    def fill(self) -> dict[str, str]:
        """What must be filled in before the move is sent: a card from ``card_choices``, the unseen cards in ``reveal``,
        a real table's next deal."""
        fill = {"card": "one of card_choices: the card from the unseen part of the hand"} if self.card_choices else {}
        if self.reveal_unseen:
            fill["reveal"] = f"the {self.reveal_unseen} unseen card(s) of the hand, beside the known ones"
        if self.table_deal:
            fill["castles"] = TABLE_DEAL_FILL
        return fill

    def to_dict(self) -> dict[str, object]:
        # Read in one unpacking, as Move.to_dict reads its fields: a listing writes one per listed move.
        move, call_valid, face_up_choices, card_choices, reveal_unseen, drawn_unseen, table_deal = self
        data = move.to_dict()
        if card_choices or reveal_unseen or table_deal:
            data["fill"] = self.fill
        if call_valid is not None:
            data["call_valid"] = call_valid
        if face_up_choices:
            data["face_up_choices"] = card_texts(face_up_choices)
        if card_choices:
            data["card_choices"] = card_texts(card_choices)
        if reveal_unseen:
            data["reveal_unseen"] = reveal_unseen
        if drawn_unseen:
            data["drawn_unseen"] = drawn_unseen
        return data


# -- legal moves ----------------------------------------------------------------------
def _by_face(cards: Iterable[Card]) -> list[Card]:
    """Each face once, by rank, then suit: a Card is the tuple (rank, suit), so it sorts so as it is."""
    return sorted(set(cards))


FULL_PACK_FACES: tuple[Card, ...] = tuple(_by_face(full_deck()))  # each of the 52 faces once, in the order legal moves list them


def unseen_choices(state: GameState, player: Player) -> list[Card]:
    """The cards an unseen card of ``player``'s hand may be, beyond those known there (rules.md §26)."""
    if player.hand.known:
        return []
    known = Counter(state.known_cards_unplaced())  # counted: the places of the cards are not needed here
    return [card for card in FULL_PACK_FACES if known[card] < COPIES_PER_CARD and card not in player.hand.cards]


def legal_moves(state: GameState) -> list[LegalMove]:
    """Every legal move of the player to act, each distinct choice once (two 5H are one choice).

    A move with an unseen card is listed once without its card, with the cards it may name
    (``card_choices``); a face-down discard of an unseen card may also stay unnamed.
    """
    if state.phase == "over":
        return [next_deal(state)]
    player = state.acting
    if state.phase == "reveal":
        return [LegalMove(Move.listed(player.name, "reveal_hand"), reveal_unseen=player.hand.hidden)]
    distinct = _by_face(player.hand.cards)
    unseen = unseen_choices(state, player)
    name = player.name
    draws = _counted_draws(state)
    down, up = draws.get("face_down_discard", 0), draws.get("face_up_discard", 0)  # once per listing, not per card
    moves: list[LegalMove] = []
    for card in distinct:
        moves.append(LegalMove(Move.listed(name, "face_down_discard", card), drawn_unseen=down))
        if not card.is_king:
            moves.append(LegalMove(Move.listed(name, "face_up_discard", card), drawn_unseen=up))
    if player.hand.hidden:
        moves.append(LegalMove(Move.listed(name, "face_down_discard"), card_choices=tuple(unseen), drawn_unseen=down))
        plain = tuple(card for card in unseen if not card.is_king)
        if plain:
            moves.append(LegalMove(Move.listed(name, "face_up_discard"), card_choices=plain, drawn_unseen=up))
    if state.phase == "kingdom-discard":
        return moves
    choices = tuple(_by_face(state.face_up)) if state.rules.ghoul_raiser else ()
    kings = [king for king in distinct if king.is_king]
    unseen_kings = [king for king in unseen if king.is_king]
    for action, number in KING_TARGETS if kings or unseen_kings else ():  # a hand with no King, seen or unseen, has no King move
        castle = None if number is None else state.castles[number - 1]
        if castle is not None and _castle_fault(action, castle):
            continue  # the castle takes no King at all (§4, §9.5); else a King of its suit (§9.4, §9.5, §19)
        drawn = draws.get(action, 0)
        for king in kings:
            if castle is None or _suit_fits(state.rules, king, castle):
                moves.append(LegalMove(Move.listed(name, action, king, number), face_up_choices=choices, drawn_unseen=drawn))  # type: ignore[arg-type]
        named = tuple(king for king in unseen_kings if castle is None or _suit_fits(state.rules, king, castle)) if unseen_kings else ()
        if named:
            moves.append(LegalMove(Move.listed(name, action, None, number), face_up_choices=choices, card_choices=named, drawn_unseen=drawn))  # type: ignore[arg-type]
    call_valid = scorer_for(state.castles, state.rules).is_valid_call(player.hand.cards) if player.hand.known else None
    moves.append(LegalMove(Move.listed(name, "call_hand"), call_valid=call_valid, reveal_unseen=player.hand.hidden))
    return moves


KING_TARGETS: tuple[tuple[str, int | None], ...] = (
    ("dump_king", None),
    *((action, castle) for castle in range(1, CASTLE_COUNT + 1) for action in ("play_king", "dethrone")),
)  # where a King may go, in the order legal moves list them


def _counted_draws(state: GameState) -> dict[str, int]:
    """How many of each action's draws may be named in ``drawn``: all of them from a counted pile (rules.md §22, §26)."""
    if state.phase == "kingdom-discard" or (state.draw_pile.known and state.draw_pile.size):
        return {}
    if state.draw_pile.size == 0 and state.deal == "service" and state.face_down.known:
        return {}  # the reshuffle to come gives a pile the referee deals itself
    return dict(DRAWS_AFTER)


# -- the match goes on: the next game's deal (rules.md §28) --------------------------------------------------
def next_dealer(state: GameState) -> int:
    """The seat of the next game's The Turn: the next seat in the direction of play (rules.md §28), out or not."""
    step = 1 if state.direction == "clockwise" else -1
    return (state.dealer + step) % len(state.players)


def next_deal(state: GameState) -> LegalMove:
    """The one move of a finished game: its next dealer deals the next game. The service shuffles a service-dealt
    game's (the move names no card); a real table enters what it dealt (a template: ``fill`` says what)."""
    move = Move.listed(state.players[next_dealer(state)].name, "deal")
    return LegalMove(move, table_deal=state.deal == "physical")


DEAL_FIELDS = ("card", "castle", "take_face_up", "drawn", "reveal", "pointer", "declarations")
TABLE_FIELDS = ("castles", "face_up", "hands")
SEAT_CARDS = re.compile(r"^/players/(\d+)/hand(?:/cards)?")


def deal_reasons(state: GameState, move: Move) -> list[Reason]:
    """Every reason a next deal cannot be made: the game is not over (or the move is not the deal), another seat
    deals, a field the deal does not use, and at a real table every problem of the cards it names (rules.md §26, §28)."""
    if state.phase != "over":
        return [Reason("game_not_over", "28", "/action", f"the next game is dealt once this one is over; it is in phase {state.phase}")]
    dealer = state.players[next_dealer(state)].name
    if move.action != "deal":
        return [Reason("game_over", "28", "/action", f"the game is over: the match goes on with the next game's deal, by {dealer!r} (deal)")]
    reasons = []
    if state.player_index(move.player) is None:
        reasons.append(Reason("unknown_player", "2", "/player", f"{move.player!r} is not at this table"))
    elif move.player != dealer:
        reasons.append(Reason("not_your_deal", "28", "/player", f"{dealer!r} deals the next game: The Turn passes to the next seat"))
    present = [name for name in DEAL_FIELDS if getattr(move, name) not in (None, ())]
    reasons += [Reason("unexpected_field", "28", f"/{name}", f"a deal names its cards (castles, face_up, hands), not {name}") for name in present]
    if state.deal != "physical":
        given = [name for name in TABLE_FIELDS if getattr(move, name) is not None]
        why = "the service shuffles and deals a service-dealt game: its deal names no card"
        return reasons + [Reason("unexpected_field", "28", f"/{name}", why) for name in given]
    if move.castles is None:
        return [*reasons, Reason("castles_required", "28", "/castles", "the next Castle Phase happens at the table: give the castles it founded")]
    try:
        table_setup([p.name for p in state.players], move.castles, state.rules, 0, state.direction, move.face_up or (), move.hands)
    except InvalidInput as error:
        reasons += [Reason(problem.code, "26", _dealt_pointer(problem.pointer), problem.message) for problem in error.problems]
    return reasons


def _dealt_pointer(pointer: str) -> str:
    """A problem of the state a table's deal makes, pointed at the part of the move that names it: a seat's hand
    is the move's ``/hands/n``; the total of cards, too many discards for the rest (``/face_up``)."""
    if pointer in ("", "/draw_pile"):
        return "/face_up"
    return SEAT_CARDS.sub(lambda found: f"/hands/{found.group(1)}", pointer)


def _deal(state: GameState, move: Move) -> Transition[GameState, Move]:
    """The next game (rules.md §28): dealt as ``POST /games/next`` deals it, the match carried on."""
    table = None if move.castles is None else TableDeal(move.castles, move.face_up or (), move.hands)
    game = dealt_on(state, table)
    after = game.state
    assert after.match is not None  # a follow-on game carries its match
    event: Event = {
        "type": "game_dealt",
        "game": after.match.games + 1,
        "dealer": after.players[after.dealer].name,
        "castle_phase": [turn.to_dict() for turn in game.castle_phase],
        "rule": "28",
    }
    reshuffles = tuple(event for event in game.events if event["type"] != "drew")  # the deal's draws name hidden cards
    return Transition(move, after, (event, *reshuffles))


# -- judging a move -----------------------------------------------------------------------
def _suit_fits(rules: Rules, king: Card, castle: Castle) -> bool:
    """A King goes on (or dethrones) a castle of its own suit; on any under EQUAL OPPORTUNITY (§9.4, §9.5, §19)."""
    return king.suit == castle.suit or rules.equal_opportunity


CASTLE_FAULTS = {  # why a castle takes no King at all, whichever King: (rule, what a reason says; name, card: the castle's)
    "castle_is_double_king": ("4", "{name} is a Double King and takes no further King"),
    "castle_card_is_king": ("9.5", "{name}'s own card is a King ({card}): there is no Subject to restore"),
    "castle_not_crowned": ("9.5", "{name} has no King to dethrone"),
}


def _castle_fault(action: str, castle: Castle) -> str | None:
    """Why no King may be played on / dethrone ``castle`` (a code of :data:`CASTLE_FAULTS`); None when a King of its suit may (§4, §9.5)."""
    if castle.is_double_king:
        return "castle_is_double_king"
    if action == "dethrone" and castle.card.is_king:
        return "castle_card_is_king"
    if action == "dethrone" and not castle.is_crowned:
        return "castle_not_crowned"
    return None


def _castle_reasons(state: GameState, action: str, king: Card, castle: Castle, number: int | None = None) -> list[Reason]:
    """Why ``king`` cannot be played on / dethrone ``castle`` (§9.4, §9.5, §19): the suit, then the castle's own fault.

    The legal listing asks :func:`_suit_fits` and :func:`_castle_fault` themselves: it needs no reason's words."""
    name = f"castle {number}" if number else "the castle"
    reasons = []
    if not _suit_fits(state.rules, king, castle):
        reasons.append(
            Reason(
                "suit_mismatch",
                "9.4" if action == "play_king" else "9.5",
                "/card",
                f"{king} is not of {name}'s suit ({castle.suit}); only EQUAL OPPORTUNITY allows that (§19)",
            )
        )
    fault = _castle_fault(action, castle)
    if fault is not None:
        rule, text = CASTLE_FAULTS[fault]
        reasons.append(Reason(fault, rule, "/castle", text.format(name=name, card=castle.card)))
    return reasons


def move_reasons(state: GameState, move: Move) -> list[Reason]:
    """Every reason ``move`` is illegal in ``state``; empty when it is legal."""
    if state.phase == "over" or move.action == "deal":
        return deal_reasons(state, move)
    seat = state.player_index(move.player)
    if seat is None:
        return [Reason("unknown_player", "2", "/player", f"{move.player!r} is not at this table")]
    player = state.players[seat]
    reasons: list[Reason] = []
    if player.status == "out":
        reasons.append(Reason("player_out", "11", "/player", f"{player.name!r} is out after a false call"))
    elif seat != state.to_act:
        rule = "27" if state.phase == "reveal" else "9.8"
        reasons.append(Reason("not_your_turn", rule, "/player", f"it is {possessive(state.acting.name)} turn, not {possessive(player.name)}"))
    if state.phase == "reveal" and move.action != "reveal_hand":
        reasons.append(Reason("wrong_phase", "27", "/action", "the game has ended: the players whose hands are unseen reveal them in turn (reveal_hand)"))
    elif state.phase != "reveal" and move.action == "reveal_hand":
        reasons.append(Reason("wrong_phase", "27", "/action", "hands are revealed only once the game has ended; a call reveals with call_hand"))
    elif state.phase == "kingdom-discard" and move.action not in DISCARDS:
        reasons.append(Reason("wrong_phase", "9.7", "/action", f"{player.name!r} drew two and must now discard one card (face down, or a non-King face up)"))
    reasons += _card_reasons(state, player, move)
    reasons += _field_reasons(state, move)
    reasons += named_card_reasons(state, player, move)
    king, number = move.card, move.castle
    if move.action in CASTLE_ACTIONS and king is not None and king.is_king and number is not None and 1 <= number <= CASTLE_COUNT:
        reasons += _castle_reasons(state, move.action, king, state.castles[number - 1], number)
    if not reasons and move.action in DECLARING:
        reasons += _declaration_reasons(state, player, move)
    if not reasons and move.drawn:
        reasons += _drawn_card_reasons(state, move)
    if not reasons and move.declarations:
        reasons += _declarations_reasons(state, move)
    return reasons


def _card_reasons(state: GameState, player: Player, move: Move) -> list[Reason]:
    action, card = move.action, move.card
    rule = RULE_OF_ACTION[action]
    if action in DECLARING:
        return _reveal_reasons(player, move)
    if card is None:
        if action == "face_down_discard" and player.hand.hidden:
            return []  # an unseen card goes face down unseen
        return [Reason("card_required", rule, "/card", f"{action} needs the card it uses")]
    reasons = []
    if card not in player.hand.cards and not player.hand.hidden:
        reasons.append(Reason("card_not_in_hand", rule, "/card", f"{player.name!r} does not hold {card}"))
    if action == "face_up_discard" and card.is_king:
        reasons.append(Reason("king_needs_dump", "9.2", "/card", f"{card} is a King: a King goes face up only by dump_king (or face down)"))
    if action in KING_ACTIONS and not card.is_king:
        reasons.append(Reason("not_a_king", rule, "/card", f"{action} needs a King, and {card} is not one"))
    return reasons


def named_card_reasons(state: GameState, player: Player, move: Move) -> list[Reason]:
    """The cards a move names that the referee could not see, each checked against every card known
    anywhere on the table (rules.md §26) by the one checker, :meth:`GameState.third_copies_of`.

    A card played from the unseen part of a hand and the cards a reveal adds to a hand's known ones
    are checked together here; the cards named as drawn are checked as they are drawn, against the
    table as it is then (a reshuffle may have taken the discards out of sight).
    """
    named: list[tuple[str, Card]] = []
    if move.card is not None and move.action not in DECLARING and move.card not in player.hand.cards and player.hand.hidden:
        named.append(("/card", move.card))
    if move.reveal is not None:
        known = Counter(player.hand.cards)
        for index, card in enumerate(move.reveal):
            if known[card]:
                known[card] -= 1
            else:
                named.append((f"/reveal/{index}", card))
    cards = dict(named)
    return [
        Reason(NAMED_CODE[pointer.split("/")[1]], "26", pointer, f"{cards[pointer]} cannot be there: both copies are known elsewhere on the table")
        for pointer in state.third_copies_of(named)
    ]


def _drawn_card_reasons(state: GameState, move: Move) -> list[Reason]:
    """Named draws that would be third copies when drawn: found by playing the move up to its draws."""
    _, impossible = _play(state, move)
    return [
        Reason(NAMED_CODE["drawn"], "26", f"/drawn/{index}", f"{move.drawn[index]} cannot be drawn: both copies are known elsewhere on the table")
        for index in impossible
    ]


def _reveal_reasons(player: Player, move: Move) -> list[Reason]:
    if move.reveal is None:
        if player.hand.known:
            return []
        return [
            Reason("reveal_required", "22", "/reveal", f"the referee cannot see {player.hand.hidden} of {possessive(player.name)} cards: reveal shows them all")
        ]
    reasons = []
    if len(move.reveal) != player.hand.size:
        reasons.append(Reason("reveal_mismatch", "22", "/reveal", f"{player.name!r} holds {player.hand.size} cards, not {len(move.reveal)}"))
    missing = Counter(player.hand.cards) - Counter(move.reveal)
    if missing:
        shown = " ".join(str(c) for c in missing.elements())
        reasons.append(Reason("reveal_mismatch", "22", "/reveal", f"the revealed cards leave out {shown}, which the hand is known to hold"))
    return reasons


def _declaration_reasons(state: GameState, player: Player, move: Move) -> list[Reason]:
    """A declared Pointer and hands, checked as /calculus checks them (rules.md §16, §27)."""
    if move.pointer is None and move.hands is None:
        return []
    return _split_reasons(scorer_for(state.castles, state.rules), _shown_cards(player, move), move.pointer, move.hands)


def _split_reasons(scorer: Scorer, cards: Sequence[Card], pointer: Card | None, hands: Sequence[Sequence[Card]] | None, at: str = "") -> list[Reason]:
    """What /calculus would refuse in a declared Pointer and hands (rules.md §16), with pointers under ``at``."""
    try:
        scorer.declared_split(cards, pointer, hands)
    except InvalidInput as error:
        return [Reason(problem.code, "16", at + problem.pointer, problem.message) for problem in error.problems]
    return []


def _declarations_reasons(state: GameState, move: Move) -> list[Reason]:
    """Declarations for other players, checked on the table as the move leaves it: the move must end the game,
    and each names a player still in whose hand the referee sees, declared as /calculus checks it (rules.md §16, §27)."""
    if state.outcome is not None:
        why = "the seen hands were scored as the game ended; a revealed hand declares with its own pointer and hands"
        return [Reason("declaration_after_end", "27", "/declarations", why)]
    after = _play(state, move._replace(declarations=()))[0].state
    if after.outcome is None:
        return [Reason("declaration_too_early", "27", "/declarations", "declarations are made when the game ends, and this move does not end it")]
    scorer = scorer_for(after.castles, after.rules)
    reasons: list[Reason] = []
    named: set[str] = set()
    for index, declaration in enumerate(move.declarations):
        at = f"/declarations/{index}"
        seat = after.player_index(declaration.player)
        player = None if seat is None else after.players[seat]
        if player is None:
            reasons.append(Reason("unknown_player", "2", f"{at}/player", f"{declaration.player!r} is not at this table"))
        elif declaration.player in named:
            reasons.append(Reason("declared_twice", "27", f"{at}/player", f"{declaration.player!r} is declared for once"))
        elif declaration.player == move.player and move.action in DECLARING:
            reasons.append(Reason("declare_with_move", "27", f"{at}/player", f"{move.player!r} declares with the move's own pointer and hands"))
        elif player.status == "out":
            reasons.append(Reason("player_out", "11", f"{at}/player", f"{declaration.player!r} is out after a false call, and already scored"))
        elif not player.hand.known:
            why = f"the referee cannot see {possessive(declaration.player)} hand: they declare as they reveal it (reveal_hand)"
            reasons.append(Reason("declare_on_reveal", "27", f"{at}/player", why))
        else:
            reasons += _split_reasons(scorer, player.hand.cards, declaration.pointer, declaration.hands, at)
        named.add(declaration.player)
    return reasons


def _field_reasons(state: GameState, move: Move) -> list[Reason]:
    """Fields that the action does not use, or uses wrongly, each named."""
    reasons = []
    action = move.action
    if action in CASTLE_ACTIONS and move.castle is None:
        reasons.append(Reason("castle_required", RULE_OF_ACTION[action], "/castle", f"{action} needs the castle (1-4)"))
    if move.castle is not None and (action not in CASTLE_ACTIONS or not 1 <= move.castle <= CASTLE_COUNT):
        rule, why = ("2", "castles are numbered 1 to 4") if action in CASTLE_ACTIONS else (RULE_OF_ACTION[action], f"{action} uses no castle")
        reasons.append(Reason("bad_castle", rule, "/castle", why))
    if action in DECLARING and move.card is not None:
        reasons.append(Reason("unexpected_field", RULE_OF_ACTION[action], "/card", f"{action} uses no card: the whole hand is shown"))
    if action not in DECLARING:
        for name in ("reveal", "pointer", "hands"):
            if getattr(move, name) is not None:
                reasons.append(Reason("unexpected_field", "27", f"/{name}", f"only call_hand and reveal_hand show or declare a hand, not {action}"))
    for name in ("castles", "face_up"):
        if getattr(move, name) is not None:
            reasons.append(Reason("unexpected_field", "28", f"/{name}", f"only the next game's deal names castles and discards, not {action}"))
    reasons += _ghoul_reasons(state, move)
    reasons += _drawn_reasons(state, move)
    return reasons


def _ghoul_reasons(state: GameState, move: Move) -> list[Reason]:
    if not move.take_face_up:
        return []
    if not state.rules.ghoul_raiser:
        return [Reason("ghoul_raiser_off", "18", "/take_face_up", "drawing from the face-up pile needs GHOUL-RAISER")]
    if move.action not in KING_ACTIONS or state.phase != "kingdom-action":
        return [Reason("ghoul_needs_king_action", "18", "/take_face_up", "only the draws of a King action may come from the face-up pile")]
    if len(move.take_face_up) > DRAWS_AFTER[move.action]:
        return [Reason("too_many_draws", "18", "/take_face_up", f"{move.action} grants two draws, not {len(move.take_face_up)}")]
    available = Counter(state.face_up)
    reasons = []
    for index, card in enumerate(move.take_face_up):
        if available[card] == 0:
            reasons.append(
                Reason(
                    "not_on_face_up_pile",
                    "18",
                    f"/take_face_up/{index}",
                    f"{card} is not on the face-up pile (the Kings this action puts there cannot be taken)",
                )
            )
        else:
            available[card] -= 1
    return reasons


def _drawn_reasons(state: GameState, move: Move) -> list[Reason]:
    if not move.drawn:
        return []
    rule = RULE_OF_ACTION[move.action]
    if state.phase == "kingdom-action" and move.action in DRAWS_AFTER and not _counted_draws(state):
        return [Reason("drawn_not_needed", "22", "/drawn", "the draw pile is known card by card: the referee deals the draws itself")]
    draws = 0 if state.phase != "kingdom-action" else DRAWS_AFTER.get(move.action, 0) - len(move.take_face_up)
    if len(move.drawn) > draws:
        return [Reason("too_many_draws", rule, "/drawn", f"{move.action} draws {max(draws, 0)} card(s) from the pile here, not {len(move.drawn)}")]
    return []


def call_valid(state: GameState, move: Move) -> bool | None:
    """Whether a legal call is a valid one (a verdict says it beside ``legal``); None for any other move."""
    return _call_split(state, state.acting, move)[1] if move.action == "call_hand" else None


def closeness(refused: Move, option: LegalMove) -> int:
    """Same card, other action or castle; then same action, other card; then any: the moves the player likely meant.

    Every refusal that has a legal move somewhere gets some: a move by the wrong player
    is answered with what the player to act may do.
    """
    same_card = refused.card is not None and (option.move.card == refused.card or refused.card in option.card_choices)
    same_action = option.move.action == refused.action
    if same_card and same_action:
        return 0  # other castle
    if same_card:
        return 1
    return 2 if same_action else 3


# -- applying a move ----------------------------------------------------------------------------
def step(state: GameState, move: Move) -> tuple[GameState, tuple[Mapping[str, Any], ...]]:
    """The state after a legal ``move`` and what happened."""
    played = _play(state, move)[0]
    return played.state, played.events


def _play(state: GameState, move: Move) -> tuple[Transition[GameState, Move], tuple[int, ...]]:
    """Apply a move already judged legal, but for its named draws: also the indexes of ``drawn`` that were
    third copies when drawn (rules.md §26), which only playing the move up to its draws can tell."""
    seat = state.to_act
    if move.action == "deal":
        return _deal(state, move), ()
    if move.action == "call_hand":
        return _call(state, seat, move), ()
    if move.action == "reveal_hand":
        return _reveal(state, seat, move), ()
    events: list[Event] = []
    after = state
    if state.phase == "kingdom-discard":
        after = _discard(after, seat, move, events)
        return Transition(move, _pass_turn(after, events), tuple(events)), ()
    if move.action in DISCARDS:
        after = _discard(after, seat, move, events)
    else:
        after = _king_action(after, seat, move, events)
    after = _take_face_up(after, seat, move, len(state.face_up), events)
    drawn = draw_cards(after, seat, DRAWS_AFTER[move.action] - len(move.take_face_up), move.drawn)
    after = drawn.state
    events += drawn.events
    if drawn.ran_dry:
        after = _finish(after, "draw_pile_exhausted", None, events, move.declarations)
    elif move.action in KING_ACTIONS:
        after = replace(after, phase="kingdom-discard")
    else:
        after = _pass_turn(after, events)
    return Transition(move, after, tuple(events)), drawn.impossible


def _remove_from_hand(state: GameState, seat: int, card: Card | None) -> GameState:
    player = state.players[seat]
    hand = player.hand
    if card is not None and card in hand.cards:
        cards = list(hand.cards)
        cards.remove(card)
        hand = Zone(tuple(cards), hand.hidden)
    else:  # an unseen card of the hand
        hand = Zone(hand.cards, hand.hidden - 1)
    return state.with_player(seat, replace(player, hand=hand))


def _discard(state: GameState, seat: int, move: Move, events: list[Event]) -> GameState:
    state = _remove_from_hand(state, seat, move.card)
    name = state.players[seat].name
    if move.action == "face_up_discard":
        assert move.card is not None
        events.append({"type": "discarded", "player": name, "card": str(move.card), "face": "up"})
        return replace(state, face_up=(*state.face_up, move.card))
    pile = state.face_down
    pile = Zone((*pile.cards, move.card), pile.hidden) if move.card is not None else Zone(pile.cards, pile.hidden + 1)
    events.append({"type": "discarded", "player": name, "card": str(move.card) if move.card else None, "face": "down"})
    return replace(state, face_down=pile)


def _king_action(state: GameState, seat: int, move: Move, events: list[Event]) -> GameState:
    king = move.card
    assert king is not None
    state = _remove_from_hand(state, seat, king)
    name = state.players[seat].name
    if move.action == "dump_king":
        events.append({"type": "king_dumped", "player": name, "card": str(king), "rule": "9.3"})
        return replace(state, face_up=(*state.face_up, king))
    assert move.castle is not None
    index = move.castle - 1
    before = state.castles[index]
    castles = list(state.castles)
    if move.action == "play_king":
        castles[index] = before.crowned_with(king)
        kind = "double_king" if before.top_is_king else "crowned"
        events.append(
            {
                "type": "castle_changed",
                "castle": move.castle,
                "change": kind,
                "player": name,
                "king": str(king),
                "subject": None if before.top_is_king else str(before.card),
                "before": before.to_dict(),
                "after": castles[index].to_dict(),
                "rule": "9.4",
            }
        )
        return replace(state, castles=tuple(castles))
    castles[index] = before.dethroned()
    to_pile = (*before.kings, king)
    events.append(
        {
            "type": "castle_changed",
            "castle": move.castle,
            "change": "dethroned",
            "player": name,
            "king": str(king),
            "subject": str(before.card),
            "discarded": card_texts(to_pile),
            "before": before.to_dict(),
            "after": castles[index].to_dict(),
            "rule": "9.5",
        }
    )
    return replace(state, castles=tuple(castles), face_up=state.face_up + to_pile)


def _take_face_up(state: GameState, seat: int, move: Move, before: int, events: list[Event]) -> GameState:
    """GHOUL-RAISER draws (§18), taken from the pile as it was before this action (its first ``before`` cards).

    The Kings this action laid stay on top, in their order: a take never removes them.
    """
    if not move.take_face_up:
        return state
    below, laid = list(state.face_up[:before]), state.face_up[before:]
    for card in move.take_face_up:
        below.reverse()  # take the copy nearest the top that was there before the action
        below.remove(card)
        below.reverse()
    pile = (*below, *laid)
    player = state.players[seat]
    hand = Zone(player.hand.cards + move.take_face_up, player.hand.hidden)
    events.append({"type": "drew", "player": player.name, "cards": card_texts(move.take_face_up), "unseen": 0, "from": "face_up", "rule": "18"})
    return replace(state.with_player(seat, replace(player, hand=hand)), face_up=tuple(pile))


def _pass_turn(state: GameState, events: list[Event]) -> GameState:
    seat = state.next_in_play(state.to_act)
    events.append({"type": "turn", "player": state.players[seat].name})
    return replace(state, to_act=seat, phase="kingdom-action")


def _shown_cards(player: Player, move: Move) -> tuple[Card, ...]:
    """The cards a call or reveal shows: the revealed ones, or the hand the referee sees whole."""
    return move.reveal if move.reveal is not None else player.hand.cards


def _call_split(state: GameState, player: Player, move: Move) -> tuple[Split, bool]:
    """How a caller is scored and whether the call stands: a declared split is held to the calling shape (§11, §27)."""
    scorer = scorer_for(state.castles, state.rules)
    cards = _shown_cards(player, move)
    if move.pointer is not None or move.hands is not None:
        split = scorer.declared_split(cards, move.pointer, move.hands)
        return split, scorer.declared_split_calls(cards, split, move.pointer, move.hands)
    best, calling = scorer.best_and_calling_split(cards)
    return best, calling is not None


def _scored(state: GameState, seat: int, cards: Sequence[Card], split: Split) -> GameState:
    player = state.players[seat]
    return state.with_player(seat, replace(player, hand=Zone(tuple(cards)), half_score=split.half_score))


def _call(state: GameState, seat: int, move: Move) -> Transition[GameState, Move]:
    cards = _shown_cards(state.players[seat], move)
    split, valid = _call_split(state, state.players[seat], move)
    name = state.players[seat].name
    events: list[Event] = []
    state = _scored(state, seat, cards, split)
    if valid:
        events.append({"type": "hand_called", "player": name, "valid": True, "cards": card_texts(cards), "split": split.to_dict(), "rule": "11"})
        return Transition(move, _finish(state, "valid_call", name, events, move.declarations), tuple(events))
    caller = state.players[seat]
    state = state.with_player(seat, replace(caller, hand=Zone(), status="out"))
    state = replace(state, set_aside=Zone(state.set_aside.cards + tuple(cards), state.set_aside.hidden))
    events.append({"type": "hand_called", "player": name, "valid": False, "cards": card_texts(cards), "rule": "11"})
    events.append({"type": "player_out", "player": name, "score": split.to_dict()["score"], "split": split.to_dict(), "rule": "11"})
    still_in = [index for index, player in enumerate(state.players) if player.status == "in"]
    if len(still_in) == 1:
        return Transition(move, _finish(state, "last_player_left", None, events, move.declarations), tuple(events))
    return Transition(move, _pass_turn(state, events), tuple(events))


def _reveal(state: GameState, seat: int, move: Move) -> Transition[GameState, Move]:
    """A player shows the hand the referee could not see, and is scored as declared or at best (§27)."""
    player = state.players[seat]
    cards = _shown_cards(player, move)
    scorer = scorer_for(state.castles, state.rules)
    split = declared_or_best(scorer, cards, move.pointer, move.hands)
    state = _scored(state, seat, cards, split)
    events: list[Event] = [{"type": "hand_revealed", "player": player.name, "cards": card_texts(cards), "split": split.to_dict(), "rule": "27"}]
    state = _next_reveal_or_over(state, seat, events)
    if state.outcome is not None and state.phase == "over":
        events.append({"type": "winners", "winners": list(state.outcome.winners), "rule": "17"})
    return Transition(move, state, tuple(events))


def _next_reveal_or_over(state: GameState, after: int, events: list[Event]) -> GameState:
    """Pass the reveal to the next player in the direction of play whose hand is unseen; with none left, crown the winners."""
    step = 1 if state.direction == "clockwise" else -1
    for offset in range(1, len(state.players) + 1):
        seat = (after + step * offset) % len(state.players)
        player = state.players[seat]
        if player.status == "in" and not player.hand.known:
            events.append({"type": "reveal_turn", "player": player.name, "unseen": player.hand.hidden, "rule": "27"})
            return replace(state, phase="reveal", to_act=seat)
    assert state.outcome is not None
    winners = winners_of([(p.name, p.half_score) for p in state.players if p.half_score is not None])
    return replace(state, phase="over", outcome=replace(state.outcome, winners=winners))


def _finish(state: GameState, reason: EndReason, caller: str | None, events: list[Event], declarations: Sequence[Declaration] = ()) -> GameState:
    """The Calculus (§15-§17): score every player still in whose hand is seen, at current values,
    as declared on the ending move or else at their best split (§27).

    Players whose hands are unseen then reveal them in turn (§27); the winners are
    decided once everyone is scored.
    """
    scorer = scorer_for(state.castles, state.rules)
    declared = {declaration.player: declaration for declaration in declarations}
    scores = []
    unscored = []
    for seat, player in enumerate(state.players):
        if player.status == "in" and player.half_score is None:
            if not player.hand.known:
                unscored.append(player.name)
                continue
            declaration = declared.get(player.name, Declaration(player.name))
            split = declared_or_best(scorer, player.hand.cards, declaration.pointer, declaration.hands)
            state = _scored(state, seat, player.hand.cards, split)
            scores.append({"player": player.name, **split.to_dict()})
    turns: list[Event] = []
    state = _next_reveal_or_over(replace(state, outcome=Outcome(reason, caller, tuple(scorer.values), ())), state.to_act, turns)
    assert state.outcome is not None
    events.append(
        {
            "type": "game_over",
            "reason": reason,
            "caller": caller,
            "castle_values": list(scorer.values),
            "scores": scores,
            "unscored": unscored,
            "winners": list(state.outcome.winners),
            "rule": "17",
        }
    )
    events += turns
    return state


def declared_or_best(scorer: Scorer, cards: Sequence[Card], pointer: Card | None, hands: Sequence[Sequence[Card]] | None) -> Split:
    """A hand scored as declared, or at its best split when nothing is declared (§16)."""
    if pointer is None and hands is None:
        return scorer.best_split(cards)
    return scorer.declared_split(cards, pointer, hands)


# -- reading a move from JSON -------------------------------------------------------------------------
def move_from_dict(data: Mapping[str, Any]) -> Move:
    """Read a move; raises :class:`InvalidInput` with pointers for malformed fields (not for illegal moves)."""
    reader: Reader[Card] = Reader()
    player = data.get("player")
    if not isinstance(player, str):
        reader.problem("/player", "bad_player", "player is the name of the player making the move")
    action = data.get("action")
    if action not in ACTIONS:
        reader.problem("/action", "bad_action", f"action must be one of {', '.join(ACTIONS)}, not {action!r}")
    card = reader.card(data["card"], "/card") if data.get("card") is not None else None
    castle = data.get("castle")
    if castle is not None and (isinstance(castle, bool) or not isinstance(castle, int)):
        reader.problem("/castle", "bad_castle", "castle is a number from 1 to 4")
    reveal = reader.cards(data["reveal"], "/reveal") if data.get("reveal") is not None else None
    pointer = reader.card(data["pointer"], "/pointer") if data.get("pointer") is not None else None
    declared = _hands_from(reader, data.get("hands"), "")
    move = Move(
        player=str(player),
        declarations=_declarations_from(reader, data.get("declarations")),
        action=action if action in ACTIONS else "call_hand",
        card=card,
        castle=castle if isinstance(castle, int) else None,
        take_face_up=reader.cards(data.get("take_face_up", []), "/take_face_up"),
        drawn=reader.cards(data.get("drawn", []), "/drawn"),
        reveal=reveal,
        pointer=pointer,
        hands=declared,
        castles=_castles_from(reader, data.get("castles")),
        face_up=reader.cards(data["face_up"], "/face_up") if data.get("face_up") is not None else None,
    )
    reader.done()
    return move


def _castles_from(reader: Reader[Card], data: object) -> tuple[Castle, ...] | None:
    """A deal's castles, each ``{"card", "kings"}``; those that do not read are left to the reader's problems."""
    if data is None:
        return None
    if not isinstance(data, list):
        reader.problem("/castles", "not_a_list", 'castles is a list of {"card": ..., "kings": [...]}')
        return ()
    castles = (read_castle(reader, item, f"/castles/{index}") for index, item in enumerate(data))
    return tuple(castle for castle in castles if castle is not None)


def _declarations_from(reader: Reader[Card], data: object) -> tuple[Declaration, ...]:
    if data is None:
        return ()
    if not isinstance(data, list) or not all(isinstance(item, Mapping) for item in data):
        reader.problem("/declarations", "not_a_list", "declarations is a list of {player, pointer, hands}")
        return ()
    declarations = []
    for index, item in enumerate(data):
        at = f"/declarations/{index}"
        player = item.get("player")
        if not isinstance(player, str):
            reader.problem(f"{at}/player", "bad_player", "player is the name of the player declared for")
        pointer = reader.card(item["pointer"], f"{at}/pointer") if item.get("pointer") is not None else None
        declarations.append(Declaration(str(player), pointer, _hands_from(reader, item.get("hands"), at)))
    return tuple(declarations)


def _hands_from(reader: Reader[Card], hands: object, at: str) -> tuple[tuple[Card, ...], ...] | None:
    """Declared hands at ``at`` (the move, or one of its declarations), each a list of cards."""
    if hands is None:
        return None
    if not isinstance(hands, list):
        reader.problem(f"{at}/hands", "not_a_list", "hands is a list of declared hands, each a list of cards")
        return ()
    return tuple(reader.cards(hand, f"{at}/hands/{index}") for index, hand in enumerate(hands))
