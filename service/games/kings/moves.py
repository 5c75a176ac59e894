"""Moves: list the legal ones, judge a proposed one, apply it (rules.md §9-§11, §18).

Modelled on pokerkit: :func:`verify_move` raises :class:`IllegalMove` with
every reason, :func:`can_move` answers a bool, :func:`judge` gives the full
verdict (reasons, rule sections, JSON pointers and the nearest legal
alternatives), and :func:`apply_move` returns a frozen :class:`Transition`.
The input state is never changed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, get_args

from service.core.cards import Card, card_texts
from service.core.problems import InvalidInput, Problem
from service.core.verdicts import IllegalMove, Reason
from service.games.kings.pack import COPIES_PER_CARD, third_copies

from .calculus import winners_of
from .castles import CASTLE_COUNT, Castle
from .drawing import Event, draw_cards
from .hands import Scorer, Split, scorer_for
from .state import GameState, JsonReader, Outcome, Player, Zone

Action = Literal["face_down_discard", "face_up_discard", "dump_king", "play_king", "dethrone", "call_hand"]
ACTIONS: tuple[str, ...] = get_args(Action)
KING_ACTIONS = frozenset({"dump_king", "play_king", "dethrone"})
DISCARDS = frozenset({"face_down_discard", "face_up_discard"})
CASTLE_ACTIONS = frozenset({"play_king", "dethrone"})
DRAWS_AFTER = {"face_down_discard": 1, "face_up_discard": 1, "dump_king": 2, "play_king": 2, "dethrone": 2}
RULE_OF_ACTION = {"face_down_discard": "9.1", "face_up_discard": "9.2", "dump_king": "9.3", "play_king": "9.4", "dethrone": "9.5", "call_hand": "11"}
MAX_ALTERNATIVES = 6


@dataclass(frozen=True, slots=True)
class Move:
    """A proposed move. ``castle`` is 1..4; ``take_face_up`` is GHOUL-RAISER's draws
    from the face-up pile; ``drawn`` names the cards drawn from a counted pile;
    ``reveal`` shows a caller's cards the referee could not see."""

    player: str
    action: Action
    card: Card | None = None
    castle: int | None = None
    take_face_up: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()
    reveal: tuple[Card, ...] | None = None

    def __post_init__(self) -> None:
        """Accept any sequences of cards, keep tuples, so a Move stays hashable."""
        # Tested one by one, not looped: the legal-move lists build many Moves, nearly all with tuples already.
        if type(self.take_face_up) is not tuple:
            object.__setattr__(self, "take_face_up", tuple(self.take_face_up))
        if type(self.drawn) is not tuple:
            object.__setattr__(self, "drawn", tuple(self.drawn))
        if self.reveal is not None and type(self.reveal) is not tuple:
            object.__setattr__(self, "reveal", tuple(self.reveal))

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"player": self.player, "action": self.action}
        if self.card is not None:
            data["card"] = str(self.card)
        if self.castle is not None:
            data["castle"] = self.castle
        if self.take_face_up:
            data["take_face_up"] = card_texts(self.take_face_up)
        if self.drawn:
            data["drawn"] = card_texts(self.drawn)
        if self.reveal is not None:
            data["reveal"] = card_texts(self.reveal)
        return data


@dataclass(frozen=True, slots=True)
class LegalMove:
    """A legal move, with what a client needs to present it."""

    move: Move
    call_valid: bool | None = None
    face_up_choices: tuple[Card, ...] = ()

    def to_dict(self) -> dict[str, object]:
        data = self.move.to_dict()
        if self.call_valid is not None:
            data["call_valid"] = self.call_valid
        if self.face_up_choices:
            data["face_up_choices"] = card_texts(self.face_up_choices)
        return data


@dataclass(frozen=True, slots=True)
class Verdict:
    legal: bool
    reasons: tuple[Reason, ...]
    alternatives: tuple[LegalMove, ...]
    call_valid: bool | None = None

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {
            "legal": self.legal,
            "reasons": [reason.to_dict() for reason in self.reasons],
            "alternatives": [alt.to_dict() for alt in self.alternatives],
        }
        if self.call_valid is not None:
            data["call_valid"] = self.call_valid
        return data


@dataclass(frozen=True, slots=True)
class Transition:
    """What a move did: the state after it and the events, in order."""

    move: Move
    state: GameState
    events: tuple[Event, ...]

    def to_dict(self) -> dict[str, object]:
        return {"move": self.move.to_dict(), "state": self.state.to_dict(), "events": list(self.events)}


@dataclass(frozen=True, slots=True)
class LegalReport:
    """The answer to "what may be played now?": who acts, in which phase, every move, and how many of each action."""

    state: GameState
    moves: tuple[LegalMove, ...]

    def to_dict(self) -> dict[str, object]:
        return {
            "player": self.state.acting.name if self.state.phase != "over" else None,
            "phase": self.state.phase,
            "moves": [move.to_dict() for move in self.moves],
            "counts": dict(Counter(move.move.action for move in self.moves)),
        }


# -- legal moves ----------------------------------------------------------------------
def legal_report(state: GameState) -> LegalReport:
    return LegalReport(state, tuple(legal_moves(state)))


def legal_moves(state: GameState) -> list[LegalMove]:
    """Every legal move of the player to act, each distinct choice once (two 5H are one choice).

    With unseen cards in the hand, a face-down discard of an unseen card is
    listed as one move without a card.
    """
    if state.phase == "over":
        return []
    player = state.acting
    distinct = sorted(set(player.hand.cards), key=lambda c: (c.rank, c.suit))
    moves: list[LegalMove] = []
    for card in distinct:
        moves.append(LegalMove(Move(player.name, "face_down_discard", card)))
        if not card.is_king:
            moves.append(LegalMove(Move(player.name, "face_up_discard", card)))
    if player.hand.hidden:
        moves.append(LegalMove(Move(player.name, "face_down_discard")))
    if state.phase == "kingdom-discard":
        return moves
    choices = tuple(sorted(set(state.face_up), key=lambda c: (c.rank, c.suit))) if state.rules.ghoul_raiser else ()
    for king in (card for card in distinct if card.is_king):
        moves.append(LegalMove(Move(player.name, "dump_king", king), face_up_choices=choices))
        for number, castle in enumerate(state.castles, start=1):
            if not _castle_reasons(state, "play_king", king, castle):
                moves.append(LegalMove(Move(player.name, "play_king", king, number), face_up_choices=choices))
            if not _castle_reasons(state, "dethrone", king, castle):
                moves.append(LegalMove(Move(player.name, "dethrone", king, number), face_up_choices=choices))
    call_valid = scorer_for(state.castles, state.rules).is_valid_call(player.hand.cards) if player.hand.known else None
    moves.append(LegalMove(Move(player.name, "call_hand"), call_valid=call_valid))
    return moves


# -- judging a move -----------------------------------------------------------------------
def _castle_reasons(state: GameState, action: str, king: Card, castle: Castle, number: int | None = None) -> list[Reason]:
    """Why ``king`` cannot be played on / dethrone ``castle`` (§9.4, §9.5, §19)."""
    name = f"castle {number}" if number else "the castle"
    reasons = []
    if king.suit != castle.suit and not state.rules.equal_opportunity:
        reasons.append(
            Reason(
                "suit_mismatch",
                "9.4" if action == "play_king" else "9.5",
                "/card",
                f"{king} is not of {name}'s suit ({castle.suit}); only EQUAL OPPORTUNITY allows that",
            )
        )
    if castle.is_double_king:
        reasons.append(Reason("castle_is_double_king", "4", "/castle", f"{name} is a Double King and takes no further King"))
    elif action == "dethrone" and castle.card.is_king:
        reasons.append(Reason("castle_card_is_king", "9.5", "/castle", f"{name}'s own card is a King ({castle.card}): there is no Subject to restore"))
    elif action == "dethrone" and not castle.is_crowned:
        reasons.append(Reason("castle_not_crowned", "9.5", "/castle", f"{name} has no King to dethrone"))
    return reasons


def _holds(state: GameState, player: Player, card: Card) -> bool:
    """Whether ``card`` is (or, with unseen cards, may be) in the player's hand."""
    if card in player.hand.cards:
        return True
    if not player.hand.hidden:
        return False
    elsewhere = sum(1 for _, known in state.known_cards() if known == card)
    return elsewhere < COPIES_PER_CARD


def move_reasons(state: GameState, move: Move) -> list[Reason]:
    """Every reason ``move`` is illegal in ``state``; empty when it is legal."""
    if state.phase == "over":
        return [Reason("game_over", "11", "", "the game is over: no move can be made")]
    seat = state.player_index(move.player)
    if seat is None:
        return [Reason("unknown_player", "9.8", "/player", f"{move.player!r} is not at this table")]
    player = state.players[seat]
    reasons: list[Reason] = []
    if player.status == "out":
        reasons.append(Reason("player_out", "11", "/player", f"{player.name!r} is out after a false call"))
    elif seat != state.to_act:
        reasons.append(Reason("not_your_turn", "9.8", "/player", f"it is {state.acting.name!r}'s turn, not {player.name!r}'s"))
    if state.phase == "kingdom-discard" and move.action not in DISCARDS:
        reasons.append(Reason("wrong_phase", "9.7", "/action", f"{player.name!r} drew two and must now discard one card (face down, or a non-King face up)"))
    reasons += _card_reasons(state, player, move)
    reasons += _field_reasons(state, move)
    king, number = move.card, move.castle
    if move.action in CASTLE_ACTIONS and king is not None and king.is_king and number is not None and 1 <= number <= CASTLE_COUNT:
        reasons += _castle_reasons(state, move.action, king, state.castles[number - 1], number)
    return reasons


def _card_reasons(state: GameState, player: Player, move: Move) -> list[Reason]:
    action, card = move.action, move.card
    rule = RULE_OF_ACTION[action]
    if action == "call_hand":
        return _reveal_reasons(state, player, move)
    if card is None:
        if action == "face_down_discard" and player.hand.hidden:
            return []  # an unseen card goes face down unseen
        return [Reason("card_required", rule, "/card", f"{action} needs the card it uses")]
    reasons = []
    if not _holds(state, player, card):
        reasons.append(Reason("card_not_in_hand", rule, "/card", f"{player.name!r} does not hold {card}"))
    if action == "face_up_discard" and card.is_king:
        reasons.append(Reason("king_needs_dump", "9.2", "/card", f"{card} is a King: a King goes face up only by dump_king (or face down)"))
    if action in KING_ACTIONS and not card.is_king:
        reasons.append(Reason("not_a_king", rule, "/card", f"{action} needs a King, and {card} is not one"))
    return reasons


def _reveal_reasons(state: GameState, player: Player, move: Move) -> list[Reason]:
    if move.reveal is None:
        if player.hand.known:
            return []
        return [
            Reason("reveal_required", "11", "/reveal", f"the referee cannot see {player.hand.hidden} of {player.name!r}'s cards: a call must reveal all seven")
        ]
    reasons = []
    if len(move.reveal) != player.hand.size:
        reasons.append(Reason("reveal_mismatch", "11", "/reveal", f"{player.name!r} holds {player.hand.size} cards, not {len(move.reveal)}"))
    missing = Counter(player.hand.cards) - Counter(move.reveal)
    if missing:
        shown = " ".join(str(c) for c in missing.elements())
        reasons.append(Reason("reveal_mismatch", "11", "/reveal", f"the revealed cards leave out {shown}, which the hand is known to hold"))
    return reasons


def _field_reasons(state: GameState, move: Move) -> list[Reason]:
    """Fields that the action does not use, or uses wrongly, each named."""
    reasons = []
    action = move.action
    if action in CASTLE_ACTIONS and move.castle is None:
        reasons.append(Reason("castle_required", RULE_OF_ACTION[action], "/castle", f"{action} needs the castle (1-4)"))
    if move.castle is not None and (action not in CASTLE_ACTIONS or not 1 <= move.castle <= CASTLE_COUNT):
        why = "castles are numbered 1 to 4" if action in CASTLE_ACTIONS else f"{action} uses no castle"
        reasons.append(Reason("bad_castle", RULE_OF_ACTION[action], "/castle", why))
    if action == "call_hand" and move.card is not None:
        reasons.append(Reason("unexpected_field", "11", "/card", "call_hand uses no card: the whole hand is shown"))
    if move.reveal is not None and action != "call_hand":
        reasons.append(Reason("unexpected_field", RULE_OF_ACTION[action], "/reveal", "only call_hand reveals a hand"))
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
    if state.draw_pile.known and state.draw_pile.size:
        return [Reason("drawn_not_needed", "10", "/drawn", "the draw pile is known card by card: the referee deals the draws itself")]
    draws = 0 if state.phase == "kingdom-discard" else DRAWS_AFTER.get(move.action, 0) - len(move.take_face_up)
    if len(move.drawn) > draws:
        return [Reason("too_many_draws", rule, "/drawn", f"{move.action} draws {max(draws, 0)} card(s) from the pile, not {len(move.drawn)}")]
    drawn = {f"/drawn/{index}": card for index, card in enumerate(move.drawn)}
    return [
        Reason("drawn_impossible", "1", p.pointer, f"{drawn[p.pointer]} cannot be in the draw pile: both copies are elsewhere")
        for p in third_copies([*state.known_cards(), *drawn.items()])
        if p.pointer in drawn
    ]


def verify_move(state: GameState, move: Move) -> None:
    """Raise :class:`IllegalMove` with every reason if ``move`` is illegal."""
    reasons = move_reasons(state, move)
    if reasons:
        raise IllegalMove(move, reasons)


def can_move(state: GameState, move: Move) -> bool:
    return not move_reasons(state, move)


def judge(state: GameState, move: Move) -> Verdict:
    """The verdict on a move: legal or not, every reason, and the nearest legal alternatives."""
    reasons = move_reasons(state, move)
    call_valid = None
    if move.action == "call_hand" and not reasons:
        call_valid = scorer_for(state.castles, state.rules).is_valid_call(_caller_cards(state, move))
    if not reasons:
        return Verdict(True, (), (), call_valid)
    return Verdict(False, tuple(reasons), tuple(_alternatives(state, move, reasons)))


def _alternatives(state: GameState, move: Move, reasons: Sequence[Reason]) -> list[LegalMove]:
    """Same card, other action or castle; then same action, other card: the moves the player likely meant."""
    if any(r.code in ("game_over", "unknown_player", "player_out", "not_your_turn") for r in reasons):
        return []
    options = legal_moves(state)

    def closeness(option: LegalMove) -> int:
        same_card = move.card is not None and option.move.card == move.card
        same_action = option.move.action == move.action
        if same_card and same_action:
            return 0  # other castle
        if same_card:
            return 1
        return 2 if same_action else 3

    ranked = sorted((o for o in options if closeness(o) < 3), key=closeness)
    return ranked[:MAX_ALTERNATIVES]


# -- applying a move ----------------------------------------------------------------------------
def apply_move(state: GameState, move: Move) -> Transition:
    """The state after ``move`` and what happened; raises :class:`IllegalMove` if it is illegal."""
    verify_move(state, move)
    seat = state.to_act
    if move.action == "call_hand":
        return _call(state, seat, move)
    events: list[Event] = []
    after = state
    if state.phase == "kingdom-discard":
        after = _discard(after, seat, move, events)
        return Transition(move, _pass_turn(after, events), tuple(events))
    if move.action in DISCARDS:
        after = _discard(after, seat, move, events)
    else:
        after = _king_action(after, seat, move, events)
    after = _take_face_up(after, seat, move, events)
    drawn = draw_cards(after, seat, DRAWS_AFTER[move.action] - len(move.take_face_up), move.drawn)
    after = drawn.state
    events += drawn.events
    if drawn.ran_dry:
        after = _finish(after, "draw_pile_exhausted", None, events)
    elif move.action in KING_ACTIONS:
        after = replace(after, phase="kingdom-discard")
    else:
        after = _pass_turn(after, events)
    return Transition(move, after, tuple(events))


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


def _take_face_up(state: GameState, seat: int, move: Move, events: list[Event]) -> GameState:
    """GHOUL-RAISER draws (§18), taken from the pile as it was before this action."""
    if not move.take_face_up:
        return state
    pile = list(state.face_up)
    for card in move.take_face_up:
        pile.reverse()  # take the copy nearest the top that was there before the action
        pile.remove(card)
        pile.reverse()
    player = state.players[seat]
    hand = Zone(player.hand.cards + move.take_face_up, player.hand.hidden)
    events.append({"type": "drew", "player": player.name, "cards": card_texts(move.take_face_up), "unseen": 0, "from": "face_up", "rule": "18"})
    return replace(state.with_player(seat, replace(player, hand=hand)), face_up=tuple(pile))


def _pass_turn(state: GameState, events: list[Event]) -> GameState:
    seat = state.next_in_play(state.to_act)
    events.append({"type": "turn", "player": state.players[seat].name})
    return replace(state, to_act=seat, phase="kingdom-action")


def _caller_cards(state: GameState, move: Move) -> tuple[Card, ...]:
    hand = state.acting.hand
    return move.reveal if move.reveal is not None else hand.cards


def _score(scorer: Scorer, state: GameState, seat: int, cards: Sequence[Card]) -> tuple[GameState, Split]:
    player = state.players[seat]
    split = scorer.best_split(cards)
    return state.with_player(seat, replace(player, hand=Zone(tuple(cards)), half_score=split.half_score)), split


def _call(state: GameState, seat: int, move: Move) -> Transition:
    scorer = scorer_for(state.castles, state.rules)
    cards = _caller_cards(state, move)
    name = state.players[seat].name
    events: list[Event] = []
    if scorer.is_valid_call(cards):
        state, _ = _score(scorer, state, seat, cards)
        events.append({"type": "hand_called", "player": name, "valid": True, "cards": card_texts(cards), "rule": "11"})
        return Transition(move, _finish(state, "valid_call", name, events), tuple(events))
    state, split = _score(scorer, state, seat, cards)
    caller = state.players[seat]
    state = state.with_player(seat, replace(caller, hand=Zone(), status="out"))
    state = replace(state, set_aside=Zone(state.set_aside.cards + tuple(cards), state.set_aside.hidden))
    events.append({"type": "hand_called", "player": name, "valid": False, "cards": card_texts(cards), "rule": "11"})
    events.append({"type": "player_out", "player": name, "score": split.to_dict()["score"], "split": split.to_dict(), "rule": "11"})
    still_in = [index for index, player in enumerate(state.players) if player.status == "in"]
    if len(still_in) == 1:
        return Transition(move, _finish(state, "last_player_left", None, events), tuple(events))
    return Transition(move, _pass_turn(state, events), tuple(events))


def _finish(state: GameState, reason: Literal["valid_call", "last_player_left", "draw_pile_exhausted"], caller: str | None, events: list[Event]) -> GameState:
    """The Calculus (§15-§17): score every player still in, at current values; crown the winners.

    A player whose hand the referee cannot see is left unscored (and cannot win);
    ``/calculus`` scores them once their cards are shown.
    """
    scorer = scorer_for(state.castles, state.rules)
    scores = []
    unscored = []
    for seat, player in enumerate(state.players):
        if player.status == "in" and player.half_score is None:
            if not player.hand.known:
                unscored.append(player.name)
                continue
            state, split = _score(scorer, state, seat, player.hand.cards)
            scores.append({"player": player.name, **split.to_dict()})
    winners = winners_of([(p.name, p.half_score) for p in state.players if p.half_score is not None])
    outcome = Outcome(reason, caller, tuple(scorer.values), winners)
    events.append(
        {
            "type": "game_over",
            "reason": reason,
            "caller": caller,
            "castle_values": list(scorer.values),
            "scores": scores,
            "unscored": unscored,
            "winners": list(winners),
            "rule": "17",
        }
    )
    return replace(state, phase="over", outcome=outcome)


# -- reading a move from JSON -------------------------------------------------------------------------
def move_from_dict(data: Mapping[str, Any]) -> Move:
    """Read a move; raises :class:`InvalidInput` with pointers for malformed fields (not for illegal moves)."""
    reader = JsonReader()
    problems = reader.problems
    player = data.get("player")
    if not isinstance(player, str):
        problems.append(Problem("/player", "bad_player", "player is the name of the player making the move"))
    action = data.get("action")
    if action not in ACTIONS:
        problems.append(Problem("/action", "bad_action", f"action must be one of {', '.join(ACTIONS)}, not {action!r}"))
    card = reader.card(data["card"], "/card") if data.get("card") is not None else None
    castle = data.get("castle")
    if castle is not None and (isinstance(castle, bool) or not isinstance(castle, int)):
        problems.append(Problem("/castle", "bad_castle", "castle is a number from 1 to 4"))
    reveal = reader.cards(data["reveal"], "/reveal") if data.get("reveal") is not None else None
    move = Move(
        player=str(player),
        action=action if action in ACTIONS else "call_hand",
        card=card,
        castle=castle if isinstance(castle, int) else None,
        take_face_up=reader.cards(data.get("take_face_up", []), "/take_face_up"),
        drawn=reader.cards(data.get("drawn", []), "/drawn"),
        reveal=reveal,
    )
    if problems:
        raise InvalidInput(problems)
    return move
