"""Moves: list the legal ones, give the reasons one is not, play it (rules.md §3-§7, §10).

The hooks of the engine kit (:mod:`service.core.kit`, wired in :mod:`.game`): the kit verifies,
judges (with its one alternatives policy) and applies. The input state is never changed.

What the player to act may do is worked out once, in :func:`choices_of`;
the legal list is those choices, and a move is legal exactly when it is one
of them, so the list and the verdict cannot disagree.  The detailed checks
only explain why a move is not among them. A move naming unseen cards is
played through to check them, so validate and apply cannot disagree either.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal, get_args

from service.core.cards import KING
from service.core.kit import Closed, read_all
from service.core.names import possessive
from service.core.problems import InvalidInput, Problem
from service.core.records import Listed
from service.core.verdicts import IllegalMove, Reason
from service.core.zones import Zone

from .cards import RANK_CARDS, Card, card_texts, copies_of, rank_text
from .sets import RankSet, all_sets, is_set, sum_text, table_counts
from .state import GameState, Player, Reader, kings_in, may_take_king, possibly_held

Action = Literal["draw", "set", "take_king", "discard", "pass", "show_kings"]
ACTIONS: tuple[str, ...] = get_args(Action)
RULE_OF_ACTION = {"draw": "3.1", "set": "4.2", "take_king": "5.2", "discard": "3.3", "pass": "3.4", "show_kings": "10.4"}
TURN_ACTIONS = frozenset({"set", "discard"})  # the turn's one action (§3.2); a King taken never is one
FIELDS_OF_ACTION: dict[str, frozenset[str]] = {
    "draw": frozenset({"drawn"}),
    "set": frozenset({"hand_card", "table_cards", "drawn", "turned"}),
    "take_king": frozenset({"turned"}),
    "discard": frozenset({"card"}),
    "pass": frozenset(),
    "show_kings": frozenset(),
}
Event = dict[str, Any]
LegalMove = Listed["Move"]  # a legal move as listed: a set notes its sum; a template says what to fill


@dataclass(frozen=True, slots=True)
class Move:
    """A proposed move. ``drawn`` names cards drawn from a counted (unseen) pile; ``turned``
    names the cards turned face up when the move empties the table and the pile is unseen."""

    player: str
    action: Action
    card: Card | None = None
    hand_card: Card | None = None
    table_cards: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()
    turned: tuple[Card, ...] = ()

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"player": self.player, "action": self.action}
        if self.card is not None:
            data["card"] = str(self.card)
        if self.hand_card is not None:
            data["hand_card"] = str(self.hand_card)
        if self.table_cards:
            data["table_cards"] = card_texts(self.table_cards)
        if self.drawn:
            data["drawn"] = card_texts(self.drawn)
        if self.turned:
            data["turned"] = card_texts(self.turned)
        return data


# -- what the player to act may do -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Choices:
    """Everything the player to act may do, worked out once (§3.2)."""

    draw: bool
    sets: tuple[RankSet, ...]
    sure_set: RankSet | None  # a set made with a card the referee sees in the hand: it forbids a discard
    take_king: bool
    discards: tuple[int, ...]
    pass_turn: bool
    show_kings: bool


NO_CHOICES = Choices(False, (), None, False, (), False, False)


def choices_of(state: GameState) -> Choices:
    if state.phase == "over":
        return NO_CHOICES
    hand = state.acting.hand
    known = state.known_ranks() if hand.hidden else None
    show = can_show_kings(state, state.to_act, known)
    if state.phase == "draw":
        return replace(NO_CHOICES, draw=True, show_kings=show)
    take_king = may_take_king(state)  # never compulsory, before or after the set or discard (§5.2)
    if state.phase == "kings":  # the set or discard is made: only Kings to take, or the end of the turn
        return replace(NO_CHOICES, take_king=take_king, pass_turn=True, show_kings=show)
    held = [card.rank for card in hand.cards]
    ranks = held
    if known is not None:  # unseen cards may be any rank the pack still has a copy of
        ranks = held + [rank for rank in RANK_CARDS if rank not in held and known[rank] < copies_of(rank, len(state.players))]
    table = table_counts(card.rank for card in state.table)
    sets = all_sets((rank for rank in ranks if rank != KING), table)
    held_ranks = set(held)
    sure_set = next((found for found in sets if found.hand in held_ranks), None)
    # A discard shows its card: one that makes a set with the table proves a set was there to take (§3.3, §10.1).
    made = {found.hand for found in sets}
    discards = () if sure_set else tuple(dict.fromkeys(rank for rank in ranks if rank != KING and rank not in made))
    return Choices(False, tuple(sets), sure_set, take_king, discards, _can_pass(state, hand, known), show)


def _can_pass(state: GameState, hand: Zone[Card], known: Counter[int] | None) -> bool:
    """Before the set or discard, only a hand of Kings (or nothing) passes, a table King to take or not; unseen cards
    are then shown to be Kings (§3.4)."""
    if any(card.rank != KING for card in hand.cards):
        return False
    return known is None or known[KING] + hand.hidden <= copies_of(KING, len(state.players))


def can_show_kings(state: GameState, seat: int, known: Counter[int] | None = None) -> bool:
    """Any player with unseen cards, in or out of turn, may show three Kings while the game goes on, when the pack
    leaves enough Kings unaccounted for (§7.1, §10.4)."""
    hand = state.players[seat].hand
    if state.phase == "over" or state.three_kings is not None or not hand.hidden:
        return False
    counts = state.known_ranks() if known is None else known
    missing = 3 - kings_in(hand)
    return 0 < missing <= hand.hidden and counts[KING] + missing <= copies_of(KING, len(state.players))


def legal_moves(state: GameState) -> list[LegalMove]:
    """Every legal move of the player to act, each distinct choice (by ranks) once."""
    choices = choices_of(state)  # none once the game is over
    name = state.acting.name
    moves = [Listed(Move(name, "draw"))] if choices.draw else []
    moves += [
        Listed(
            Move(name, "set", hand_card=RANK_CARDS[found.hand], table_cards=(RANK_CARDS[found.low], RANK_CARDS[found.high])),
            notes={"sum": found.sum_text()},
        )
        for found in choices.sets
    ]
    if choices.take_king:
        moves.append(Listed(Move(name, "take_king")))
    moves += [Listed(Move(name, "discard", card=RANK_CARDS[rank])) for rank in choices.discards]
    if choices.pass_turn:
        moves.append(Listed(Move(name, "pass")))
    if choices.show_kings:
        moves.append(Listed(Move(name, "show_kings")))
    if state.draw_pile.hidden:
        moves = [_as_template(state, legal) for legal in moves]
    return moves


def _as_template(state: GameState, legal: LegalMove) -> LegalMove:
    """A move that empties the table of an unseen pile needs the turned cards named (§10.3): it is listed as a template
    whose ``fill`` says so. Whether it does is found by playing it, so the list, validate and apply cannot disagree."""
    move = legal.move
    if not ((move.action == "set" and len(state.table) == 2) or (move.action == "take_king" and len(state.table) == 1)):
        return legal
    needed = next((problem for problem in _play_problems(state, move) if problem.code == "turned_required"), None)
    if needed is None:
        return legal
    return replace(legal, fill={"turned": needed.message})


def out_of_turn_moves(state: GameState) -> list[LegalMove]:
    """What the players not to act may do now: show three Kings, at a table where their hands are unseen (§10.4)."""
    if not any(player.hand.hidden for player in state.players):
        return []  # no hand unseen (a game the service dealt): nobody may show Kings (can_show_kings), so the pack is not counted
    known = state.known_ranks()
    return [Listed(Move(player.name, "show_kings")) for seat, player in enumerate(state.players) if seat != state.to_act and can_show_kings(state, seat, known)]


# -- judging a move ----------------------------------------------------------------------
CLOSED = Closed("game_over", "7", "game", "2.1")  # a finished game (§7), a player not at the table (§2.1, the players)


def _rule_reasons(state: GameState, move: Move) -> list[Reason]:
    """Every reason ``move`` breaks a rule of play in ``state`` (the unseen cards it names aside)."""
    seat = CLOSED.opening(state.phase == "over", state.seat_of(move.player), move.player)
    if isinstance(seat, list):
        return seat
    reasons = _field_reasons(state, move)
    if move.action == "show_kings":
        return reasons or _show_reasons(state, seat)
    if seat != state.to_act:
        reasons.append(Reason("not_your_turn", "3.5", "/player", f"it is {possessive(state.acting.name)} turn, not {possessive(move.player)}"))
    if (state.phase == "draw") != (move.action == "draw"):
        reasons.append(
            Reason("must_draw", "3.1", "/action", "a turn starts with a draw")
            if state.phase == "draw"
            else Reason("already_drew", "3.1", "/action", "this turn's card is drawn: now a set or a discard, a King taken, or a pass")
        )
    elif state.phase == "kings" and move.action in TURN_ACTIONS:
        reasons.append(Reason("action_made", "3.2", "/action", "this turn's set or discard is made: now only a table King taken, or a pass to end the turn"))
    if seat == state.to_act and not reasons:
        choices = choices_of(state)
        reasons = _choice_reasons(state, move, choices)
        if not reasons and not _is_listed(move, choices):
            reasons = [Reason("not_allowed", RULE_OF_ACTION[move.action], "/action", f"{move.action} is not open to {move.player!r} now")]
    return reasons


def move_reasons(state: GameState, move: Move) -> list[Reason]:
    """Every reason ``move`` is illegal in ``state``; empty when it is legal. A move that names unseen cards, or may
    empty the table of an unseen pile, is played through: cards named that are never drawn or turned, or turned cards
    missing, are reasons here exactly as they are apply's 422 problems (§10.2, §10.3)."""
    reasons = _rule_reasons(state, move)
    if reasons or not (move.drawn or move.turned or (state.draw_pile.hidden and move.action in ("set", "take_king"))):
        return reasons
    return [Reason(problem.code, _RULE_OF_PROBLEM[problem.code], problem.pointer, problem.message) for problem in _play_problems(state, move)]


_RULE_OF_PROBLEM = {"turned_required": "10.3", "too_many_turned": "10.3", "too_many_draws": "10.2"}


def _play_problems(state: GameState, move: Move) -> list[Problem]:
    """The problems with the unseen cards ``move`` names, found by playing it (the move otherwise legal)."""
    try:
        _play(state, move)
    except InvalidInput as refused:
        return list(refused.problems)
    return []


def _is_listed(move: Move, choices: Choices) -> bool:
    action = move.action
    if action == "set":
        hand, table = move.hand_card, move.table_cards
        return hand is not None and len(table) == 2 and RankSet(hand.rank, *sorted(c.rank for c in table)) in choices.sets
    if action == "discard":
        return move.card is not None and move.card.rank in choices.discards
    return {"draw": choices.draw, "take_king": choices.take_king, "pass": choices.pass_turn, "show_kings": choices.show_kings}[action]


def _field_reasons(state: GameState, move: Move) -> list[Reason]:
    """Fields the action does not use, fields it lacks, and cards named from an unseen pile that cannot be there."""
    rule = RULE_OF_ACTION[move.action]
    used = FIELDS_OF_ACTION[move.action]
    given = {
        name
        for name, present in (
            ("card", move.card is not None),
            ("hand_card", move.hand_card is not None),
            ("table_cards", bool(move.table_cards)),
            ("drawn", bool(move.drawn)),
            ("turned", bool(move.turned)),
        )
        if present
    }
    reasons = [Reason("unexpected_field", rule, f"/{name}", f"{move.action} uses no {name}") for name in sorted(given - used)]
    needed = {"set": ("hand_card", "table_cards"), "discard": ("card",)}.get(move.action, ())
    reasons += [Reason("field_required", rule, f"/{name}", f"{move.action} needs {name}") for name in needed if name not in given]
    if move.action == "set" and move.table_cards and len(move.table_cards) != 2:
        reasons.append(Reason("two_table_cards", "4.1", "/table_cards", f"a set takes exactly two cards from the table, not {len(move.table_cards)}"))
    if (move.drawn or move.turned) and not state.draw_pile.hidden:
        field = "drawn" if move.drawn else "turned"
        reasons.append(Reason("cards_not_needed", "10.2", f"/{field}", "the draw pile is known card by card: the referee deals from it itself"))
    elif move.drawn or move.turned:
        reasons += _unseen_pile_reasons(state, move)
    return reasons


def _unseen_pile_reasons(state: GameState, move: Move) -> list[Reason]:
    reasons = []
    if len(move.drawn) > 1:
        reasons.append(Reason("too_many_draws", "10.2", "/drawn", f"{move.action} draws one card, not {len(move.drawn)}"))
    counts = state.known_ranks()
    limit = len(state.players)
    for field, cards in (("drawn", move.drawn), ("turned", move.turned)):
        for index, card in enumerate(cards):
            counts[card.rank] += 1
            if counts[card.rank] > copies_of(card.rank, limit):
                reasons.append(
                    Reason(
                        "not_in_pile",
                        "10.2",
                        f"/{field}/{index}",
                        f"{card} cannot come from the draw pile: every {rank_text(card.rank)} of the pack is elsewhere",
                    )
                )
    return reasons


def _choice_reasons(state: GameState, move: Move, choices: Choices) -> list[Reason]:
    """Why the player to act cannot make ``move``, in the terms of the rules."""
    player = state.acting
    action = move.action
    if action == "set":
        return _set_reasons(state, player, move, choices)
    if action == "discard":
        return _discard_reasons(state, player, move.card, choices)
    if action == "take_king" and not choices.take_king:
        reasons = []
        if not any(card.rank == KING for card in state.table):
            reasons.append(Reason("no_king_on_table", "5.2", "/action", "there is no King on the table to take"))
        if not possibly_held(state, player.hand, KING):
            reasons.append(Reason("no_king_in_hand", "5.2", "/action", f"{player.name!r} holds no King to match the table's King"))
        return reasons
    if action == "pass" and not choices.pass_turn:
        return [_no_pass_reason(choices, player)]
    return []


def _show_reasons(state: GameState, seat: int) -> list[Reason]:
    """A show is open to any player, in or out of turn (§10.4); it needs unseen cards that can be the missing Kings."""
    if can_show_kings(state, seat):
        return []
    name = state.players[seat].name
    return [
        Reason(
            "cannot_show_three_kings",
            "10.4",
            "/action",
            f"{name!r} cannot show three Kings: not enough unseen cards, or not enough Kings left in the pack",
        )
    ]


def _set_reasons(state: GameState, player: Player, move: Move, choices: Choices) -> list[Reason]:
    hand_card, table_cards = move.hand_card, move.table_cards
    if hand_card is None or len(table_cards) != 2:
        return []  # already named by the field checks
    reasons = []
    if hand_card.is_king or any(card.is_king for card in table_cards):
        pointer = "/hand_card" if hand_card.is_king else f"/table_cards/{next(i for i, c in enumerate(table_cards) if c.is_king)}"
        reasons.append(Reason("king_in_set", "5.1", pointer, "a King has no value and is never part of a set"))
    elif not is_set(hand_card.rank, *(card.rank for card in table_cards)):
        ranks = " ".join(str(card) for card in (hand_card, *table_cards))
        reasons.append(Reason("not_a_set", "4.1", "/table_cards", f"{ranks}: no two of them add up to the third"))
    if not possibly_held(state, player.hand, hand_card.rank):
        reasons.append(Reason("card_not_in_hand", "4.2", "/hand_card", f"{player.name!r} holds no {rank_text(hand_card.rank)}"))
    on_table = Counter(card.rank for card in state.table)
    shown = on_table.copy()
    for index, card in enumerate(table_cards):
        on_table[card.rank] -= 1
        if on_table[card.rank] < 0:
            other = "other " if shown[card.rank] else ""  # "other" only when the table has one, already named
            reasons.append(Reason("not_on_table", "4.2", f"/table_cards/{index}", f"the table shows no {other}{rank_text(card.rank)}"))
    return reasons


def _discard_reasons(state: GameState, player: Player, card: Card | None, choices: Choices) -> list[Reason]:
    if card is None:
        return []
    reasons = []
    if card.is_king:
        reasons.append(Reason("king_discard", "5.1", "/card", "a King is never discarded"))
    if not possibly_held(state, player.hand, card.rank):
        reasons.append(Reason("card_not_in_hand", "3.3", "/card", f"{player.name!r} holds no {rank_text(card.rank)}"))
    shown = None if card.is_king else next((found for found in choices.sets if found.hand == card.rank), None)
    found = choices.sure_set or shown  # the discarded card is seen: a set it makes was there to take
    if found is not None:
        reasons.append(
            Reason(
                "set_available",
                "3.3",
                "/action",
                f"a set can be taken ({rank_text(found.hand)} with {rank_text(found.low)} {rank_text(found.high)}: "
                f"{found.sum_text()}), so no discard is allowed",
            )
        )
    return reasons


def _no_pass_reason(choices: Choices, player: Player) -> Reason:
    if choices.sure_set is not None:
        return Reason("set_available", "3.4", "/action", "a set can be taken: a pass before it is only for a hand of Kings")
    if any(not card.is_king for card in player.hand.cards):
        return Reason("discard_available", "3.4", "/action", f"{player.name!r} holds a card other than a King and must discard")
    return Reason("unseen_not_kings", "10.4", "/action", "a pass shows every unseen card as a King, and the pack has too few Kings left")


# -- applying a move ---------------------------------------------------------------------
class _Turn:
    """The state as a move unfolds: draws, the table refilled, Kings counted, the end (§3, §6, §7)."""

    def __init__(self, state: GameState, move: Move) -> None:
        self.state = state
        self.seat = state.to_act
        self.events: list[Event] = []
        self.drawn = list(move.drawn)
        self.turned = list(move.turned)
        self.over = False

    @property
    def player(self) -> Player:
        return self.state.players[self.seat]

    def set_hand(self, cards: tuple[Card, ...], hidden: int) -> None:
        self.state = self.state.with_player(self.seat, replace(self.player, hand=Zone(cards, hidden)))

    def draw(self, why: str) -> None:
        """One card from the pile to the hand; with an unseen pile the card is seen only when named (§10.2)."""
        pile = self.state.draw_pile
        if not pile.size:
            return
        hand = self.player.hand
        if pile.cards:
            card: Card | None = pile.cards[-1]
            self.state = replace(self.state, draw_pile=Zone(pile.cards[:-1]))
        else:
            card = self.drawn.pop(0) if self.drawn else None
            self.state = replace(self.state, draw_pile=Zone(hidden=pile.hidden - 1))
        if card is None:
            self.set_hand(hand.cards, hand.hidden + 1)
        else:
            self.set_hand((*hand.cards, card), hand.hidden)
        self.events.append(
            {
                "type": "drew",
                "player": self.player.name,
                "cards": [] if card is None else [str(card)],
                "unseen": int(card is None),
                "why": why,
                "rule": "3.1" if why == "turn" else "4.4",
            }
        )
        self.count_kings()

    def refill(self) -> None:
        """An emptied table gets four new cards; Kings among them go to the player who emptied it, and again while it is empty (§6)."""
        while not self.over and not self.state.table and self.state.draw_pile.size:
            pile = self.state.draw_pile
            count = min(4, pile.size)
            if pile.cards:
                cards = tuple(reversed(pile.cards[-count:]))
                self.state = replace(self.state, draw_pile=Zone(pile.cards[:-count]))
            else:
                if len(self.turned) < count:
                    raise InvalidInput(
                        [
                            Problem(
                                "/turned",
                                "turned_required",
                                f"the table was emptied: name the {count} cards turned face up from the pile, {len(self.turned)} named so far (rules.md §10.3)",
                            )
                        ]
                    )
                cards = tuple(self.turned[:count])
                del self.turned[:count]
                self.state = replace(self.state, draw_pile=Zone(hidden=pile.hidden - count))
            kings = tuple(card for card in cards if card.is_king)
            self.state = replace(self.state, table=tuple(card for card in cards if not card.is_king))
            hand = self.player.hand
            self.set_hand(hand.cards + kings, hand.hidden)
            self.events.append(
                {"type": "table_refilled", "cards": card_texts(cards), "kings_to": self.player.name if kings else None, "kings": card_texts(kings), "rule": "6"}
            )
            self.count_kings()

    def count_kings(self) -> None:
        """Three Kings in one hand end the game at once, unless it is played out (§7.1, §9)."""
        if self.state.three_kings is not None or kings_in(self.player.hand) < 3:
            return
        name = self.player.name
        self.state = replace(self.state, three_kings=name)
        self.events.append({"type": "three_kings", "player": name, "rule": "7.1"})
        if not self.state.rules.play_it_out:
            self.finish()

    def finish(self) -> None:
        self.state = replace(self.state, phase="over")
        outcome = self.state.expected_outcome()
        self.state = replace(self.state, outcome=outcome)
        self.events.append({"type": "game_over", **outcome.to_dict(), "rule": "8"})
        self.over = True

    def next_turn(self, passed: bool) -> None:
        """The turn passes to the left; with the pile empty it starts at the action, and all passing in a row ends the game (§3.5, §7.2)."""
        state = self.state
        passes = state.passes + 1 if passed and not state.draw_pile.size else 0
        seat = (self.seat + 1) % len(state.players)
        self.state = replace(state, to_act=seat, passes=passes, phase="draw" if state.draw_pile.size else "play")
        if passes == len(state.players):
            self.finish()
            return
        self.events.append({"type": "turn", "player": state.players[seat].name, "phase": self.state.phase})

    def take_from_hand(self, wanted: Card) -> Card:
        """Take a card of ``wanted``'s rank from the hand, the very card if it is there; an unseen card is shown as it is named."""
        hand = self.player.hand
        cards = list(hand.cards)
        index = cards.index(wanted) if wanted in cards else next((i for i, c in enumerate(cards) if c.rank == wanted.rank), None)
        if index is None:
            self.set_hand(hand.cards, hand.hidden - 1)
            return wanted
        card = cards.pop(index)
        self.set_hand(tuple(cards), hand.hidden)
        return card

    def take_from_table(self, wanted: Card) -> Card:
        cards = list(self.state.table)
        index = cards.index(wanted) if wanted in cards else next(i for i, c in enumerate(cards) if c.rank == wanted.rank)
        card = cards.pop(index)
        self.state = replace(self.state, table=tuple(cards))
        return card

    def leftovers(self) -> list[Problem]:
        problems = []
        if self.drawn:
            problems.append(Problem("/drawn", "too_many_draws", f"{len(self.drawn)} named draw(s) were never drawn"))
        if self.turned:
            problems.append(Problem("/turned", "too_many_turned", f"{len(self.turned)} named card(s) were never turned face up"))
        return problems


def play(state: GameState, move: Move) -> tuple[GameState, list[Event]]:
    """Make ``move``: raises :class:`IllegalMove` if it is illegal, :class:`InvalidInput` if it names the wrong unseen cards.
    Its rules are checked, then it is played once: the unseen cards it names are checked by playing it (:func:`move_reasons`)."""
    reasons = _rule_reasons(state, move)
    if reasons:
        raise IllegalMove(move, reasons)
    return _play(state, move)


def _play(state: GameState, move: Move) -> tuple[GameState, list[Event]]:
    """Play a move that keeps the rules of play; raises :class:`InvalidInput` if it names the wrong unseen cards."""
    turn = _Turn(state, move)
    if move.action == "show_kings":  # in or out of turn: the shower's hand, whoever's turn it is (§10.4)
        seat = state.seat_of(move.player)
        assert seat is not None  # verified
        turn.seat = seat
    name = move.player
    action = move.action
    if action == "draw":
        turn.draw("turn")
        if not turn.over:
            turn.state = replace(turn.state, phase="play")
    elif action == "set":
        assert move.hand_card is not None  # verified
        taken = (turn.take_from_hand(move.hand_card), *(turn.take_from_table(card) for card in move.table_cards))
        turn.state = turn.state.with_player(turn.seat, replace(turn.player, pile=turn.player.pile + taken))
        turn.events.append({"type": "set", "player": name, "cards": card_texts(taken), "sum": sum_text(*(card.rank for card in taken)), "rule": "4.2"})
        turn.draw("set")  # the extra card first, then the emptied table is refilled (the rule book's order, §6.2)
        turn.refill()
    elif action == "take_king":
        _take_king(turn)
    elif action == "discard":
        assert move.card is not None  # verified
        card = turn.take_from_hand(move.card)
        turn.state = replace(turn.state, table=(*turn.state.table, card))
        turn.events.append({"type": "discarded", "player": name, "card": str(card), "rule": "3.3"})
    elif action == "pass":
        if state.phase == "play":  # nothing was done: the hand is Kings only, and shown (§3.4)
            hand = turn.player.hand
            turn.set_hand(hand.cards + (RANK_CARDS[KING],) * hand.hidden, 0)
        turn.events.append({"type": "passed", "player": name, "rule": "3.4"})
        turn.count_kings()
    else:  # show_kings
        hand = turn.player.hand
        missing = 3 - kings_in(hand)
        turn.set_hand(hand.cards + (RANK_CARDS[KING],) * missing, hand.hidden - missing)
        turn.events.append({"type": "showed_kings", "player": name, "rule": "10.4"})
        turn.count_kings()
    problems = turn.leftovers()
    if problems:
        raise InvalidInput(problems)
    if not turn.over and action not in ("draw", "show_kings"):
        _end_or_keep_turn(turn, state, action)
    return turn.state, turn.events


def _end_or_keep_turn(turn: _Turn, before: GameState, action: str) -> None:
    """After the set or discard the turn stays while its player may take a King (phase kings); a pass ends it,
    and so does a take that leaves nothing to take once the set or discard is made (§3.2, §5.2)."""
    done = action in TURN_ACTIONS or before.phase == "kings"
    if action == "pass" or (done and not may_take_king(turn.state)):
        turn.next_turn(passed=not done)
    elif done:
        turn.state = replace(turn.state, phase="kings")
        if action in TURN_ACTIONS:
            turn.events.append({"type": "may_take_king", "player": turn.player.name, "rule": "3.2"})


def _take_king(turn: _Turn) -> None:
    """The table's King joins the hand, matched by a King already there (shown, if it was unseen) (§5.2).

    Kings are counted before an emptied table is refilled: a third King ends the game at once (§7.1), so
    no card is turned after it (and none need be named from an unseen pile).
    """
    hand = turn.player.hand
    if not kings_in(hand):
        hand = Zone((*hand.cards, RANK_CARDS[KING]), hand.hidden - 1)
    king = turn.take_from_table(RANK_CARDS[KING])
    turn.set_hand((*hand.cards, king), hand.hidden)
    turn.events.append({"type": "took_king", "player": turn.player.name, "card": str(king), "rule": "5.2"})
    turn.count_kings()
    turn.refill()


# -- reading a move from plain data ----------------------------------------------------------
def read_move(data: Mapping[str, Any]) -> Move:
    """Read a move; raises :class:`InvalidInput` with pointers for malformed fields (not for illegal moves), up to the one cap."""
    return read_all(_read_move, data, Reader())


def _read_move(data: Mapping[str, Any], reader: Reader) -> Move:
    problems = reader.found
    player = data.get("player")
    if not isinstance(player, str):
        problems.append(Problem("/player", "bad_player", "player is the name of the player making the move"))
    action = data.get("action")
    if action not in ACTIONS:
        problems.append(Problem("/action", "bad_action", f"action must be one of {', '.join(ACTIONS)}, not {action!r}"))
    unknown = sorted(set(data) - {"player", "action", *FIELDS_OF_ACTION["set"], "card", "sum", "fill"})  # sum, fill: a listed move's notes
    problems.extend(Problem(f"/{key}", "unknown_field", f"a move has no field {key!r}") for key in unknown)
    card = reader.card(data["card"], "/card") if data.get("card") is not None else None
    hand_card = reader.card(data["hand_card"], "/hand_card") if data.get("hand_card") is not None else None
    move = Move(
        player=str(player),
        action=action if action in ACTIONS else "pass",
        card=card,
        hand_card=hand_card,
        table_cards=reader.cards(data.get("table_cards", []), "/table_cards"),
        drawn=reader.cards(data.get("drawn", []), "/drawn"),
        turned=reader.cards(data.get("turned", []), "/turned"),
    )
    return move
