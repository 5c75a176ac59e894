"""Moves: take another card, lock, reveal (rules.md §3); list the legal ones, judge a proposed one, apply it.

Players act independently, not in turns: any player who has not locked may
take a card or lock, in any order, and the state records who took each card
(§3.6). Once everyone has locked, the one move left is the reveal, which
judges the game (§4), hands its cards to the winner, and deals the next game,
or plays out the set's end and scores it (§5), or ends the match (§6).

These are 1923's hooks on the engine kit (:mod:`service.core.kit`):
:func:`move_reasons` lists every reason a move is illegal, :func:`play`
checks and makes one (the check plans the reveal the step follows, once),
:func:`closeness` orders the alternatives. The input state is never changed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, get_args

from service.core.cards import Card, card_texts
from service.core.names import have_not, possessive
from service.core.problems import excess_copies
from service.core.reading import Reader
from service.core.records import Listed
from service.core.verdicts import IllegalMove, Reason
from service.core.zones import Zone

from .dealing import Event, deal_game, fresh_seats, lock_as_they_stand, mixed_pack, take_cards
from .judging import Judgement, judge_game, judge_last_war
from .scoring import match_result, score_set
from .state import MatchState
from .table import DEAL, pack_of, token

Action = Literal["take", "lock", "reveal", "draw", "war"]
ACTIONS: tuple[str, ...] = get_args(Action)
RULE_OF_ACTION = {"take": "3.2", "lock": "3.3", "reveal": "3.5", "draw": "4.4", "war": "5.2"}
PHASE_OF_ACTION = {"take": "play", "lock": "play", "reveal": "reveal", "draw": "draw", "war": "war"}
STEP_OF_PHASE = {"play": "take or lock", "reveal": "the reveal", "draw": "the tie-break draw", "war": "the last game of war"}


@dataclass(frozen=True, slots=True)
class Move:
    """A proposed move. ``take`` and ``lock`` name the player; ``reveal``, ``draw`` and ``war`` name nobody.

    With cards the referee cannot see (a real table), the move that turns them
    names them: the reveal gives ``hands`` (each hand in full, in the order
    taken, §7.3) and may give the tie-break draws and the last war's cards at
    once; ``draw`` gives ``draws`` (the tie-break cards drawn, §4.4); ``war``
    gives ``last_war`` (the card each player turned in the set's last game, §5.2).
    """

    action: Action
    player: str | None = None
    hands: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    draws: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    last_war: tuple[tuple[str, Card], ...] = ()

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"action": self.action}
        if self.player is not None:
            data["player"] = self.player
        if self.hands:
            data["hands"] = {name: card_texts(cards) for name, cards in self.hands}
        if self.draws:
            data["draws"] = {name: card_texts(cards) for name, cards in self.draws}
        if self.last_war:
            data["last_war"] = {name: str(card) for name, card in self.last_war}
        return data


# -- legal moves --------------------------------------------------------------------------------------
def legal_moves(state: MatchState) -> list[Move]:
    """Take and lock for every player not locked yet (§3.2, §3.3); the reveal once everyone has locked (§3.5).

    At a real table the reveal may come at any moment of play: it shows every hand whole (§7.3). A tie that
    waits for draws is followed by ``draw`` (§4.4), the set's last game by ``war`` (§5.2).
    """
    if state.phase == "over":
        return []
    if state.phase != "play":
        return [Move(state.phase)]  # reveal, draw and war are both a phase and its move
    takes = [Move(action, seat.name) for seat in state.seats if not seat.locked for action in ("take", "lock")]
    return [*takes, Move("reveal")] if state.deal == "physical" else takes


def options(state: MatchState) -> list[Listed[Move]]:
    """The legal moves as listed: at a real table the reveal, draw and war are templates naming the cards to fill in."""
    fills = _fills(state)
    return [Listed(move, fills.get(move.action, {})) for move in legal_moves(state)]


def _fills(state: MatchState) -> dict[str, dict[str, str]]:
    if state.deal != "physical":
        return {}
    fills = {
        "draw": {"draws": "the cards each tied player draws, in order (rules.md §4.4)"},
        "war": {"last_war": "the card each player turns in the set's last game (rules.md §5.2)"},
    }
    if any(not seat.hand.known for seat in state.seats):
        fills["reveal"] = {"hands": 'every hand the referee has not seen in full, by player, in the order taken: {"ann": ["10H", "9H"], ...} (rules.md §7.3)'}
    return fills


def report_facts(state: MatchState) -> dict[str, object]:
    """What /moves/legal says beside the moves: who may still act, the pile; with unseen cards the reveal is a form
    whose ``reveal_requires`` fields must be filled, and at a real table ``table_step`` names the step the table
    enters next, the field its move fills and who turns the cards (the reveal, a tie-break draw, the last war)."""
    facts: dict[str, object] = {"players": [] if state.phase == "over" else list(state.unlocked), "pile": state.pile.size}
    if state.phase in ("play", "reveal") and state.deal == "physical" and any(not seat.hand.known for seat in state.seats):
        facts["reveal_requires"] = ["hands"]
    step = table_step(state)
    if step is not None:
        facts["table_step"] = step
    return facts


def table_step(state: MatchState) -> dict[str, object] | None:
    """What a real table must turn next, as the move that names it: never a card, only the step and who turns."""
    names = [seat.name for seat in state.seats]
    if state.deal != "physical" or state.phase == "over":
        return None
    if state.phase == "draw":
        judgement = judge_game(_seat_hands(state), dict(state.draws), state.pile.size + state.drawn)
        return {"action": "draw", "requires": ["draws"], "players": list(judgement.missing), "round": judgement.draw_round, "rule": "4.4"}
    if state.phase == "war":
        return {"action": "war", "requires": ["last_war"], "players": names, "rule": "5.2"}
    return {"action": "reveal", "requires": ["hands"], "players": names, "rule": "3.5"}


def _seat_hands(state: MatchState) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    return tuple((seat.name, seat.hand.cards) for seat in state.seats)


# -- the reveal: judging the game and what follows ---------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RevealPlan:
    """What a reveal (or a draw) does: the hands shown, the judgement, the tie-break draws, the pile after them, the last war.

    ``pending``: a real table's tie still waits for draws, so the game goes on in phase draw (§4.4);
    ``revealed``: the move showed the hands (a reveal), rather than drawing for hands already shown.
    """

    hands: tuple[tuple[str, tuple[Card, ...]], ...]
    judgement: Judgement
    draws: Mapping[str, tuple[Card, ...]]
    pile: Zone[Card]
    last_war: tuple[tuple[str, Card], ...]
    pending: bool = False
    revealed: bool = True


@dataclass(frozen=True, slots=True)
class WarPlan:
    """What the set's last game of war does (§5.2): the card each player turned and the pile after them."""

    last_war: tuple[tuple[str, Card], ...]
    pile: Zone[Card]


def _shown_hands(state: MatchState, move: Move, reasons: list[Reason]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """Each hand in full: as the referee knows it, or as the move shows it (§7.3).

    At a real table players need not log their takes: a hand shown may hold more cards than the takes logged
    (never fewer), and the cards beyond them come out of the counted pile. A hand the referee dealt is shown
    exactly as it knows it.
    """
    given = dict(move.hands)
    names = {seat.name for seat in state.seats}
    reasons += [Reason("unknown_player", "3.5", f"/hands/{token(name)}", f"{name!r} is not at the table") for name in given if name not in names]
    hands = []
    for seat in state.seats:
        hand, shown = seat.hand, given.get(seat.name)
        at = f"/hands/{token(seat.name)}"
        if shown is None:
            if not hand.known:
                unseen = f"{hand.hidden} of its cards" if hand.hidden < hand.size else "any of its cards"
                reasons.append(
                    Reason(
                        "reveal_required",
                        "7.3",
                        at,
                        f"the reveal must show {possessive(seat.name)} whole hand, as hands/{seat.name}: the referee has not seen {unseen}",
                    )
                )
            shown = hand.cards
        elif len(shown) < hand.size or (len(shown) != hand.size and state.deal != "physical"):
            least = "at least " if state.deal == "physical" else ""
            reasons.append(Reason("reveal_mismatch", "7.3", at, f"{seat.name!r} holds {least}{hand.size} cards (the takes logged), not {len(shown)}"))
        elif shown[: len(hand.cards)] != hand.cards:
            reasons.append(
                Reason("reveal_mismatch", "7.3", at, f"{possessive(seat.name)} hand is known to start {' '.join(card_texts(hand.cards))} in the order taken")
            )
        hands.append((seat.name, shown))
    unlogged = sum(len(shown) for _, shown in hands) - sum(seat.hand.size for seat in state.seats)
    if unlogged > state.pile.size:
        reasons.append(
            Reason("reveal_mismatch", "7.3", "/hands", f"the hands show {unlogged} card(s) beyond the takes logged; the pile held {state.pile.size}")
        )
    return tuple(hands)


def _judge_from_pile(state: MatchState, hands: tuple[tuple[str, tuple[Card, ...]], ...]) -> tuple[Judgement, dict[str, tuple[Card, ...]], Zone[Card]]:
    """§4.4 with a pile the referee knows: whenever the judgement needs draws, the tied players draw from its top in seat order."""
    pile = list(state.pile.cards)
    size = len(pile)
    draws: dict[str, tuple[Card, ...]] = {}
    judgement = judge_game(hands, draws, size)
    while judgement.needs:
        for name in judgement.needs:
            draws[name] = (*draws.get(name, ()), pile.pop())
        judgement = judge_game(hands, draws, size)
    return judgement, draws, Zone(tuple(pile))


def _judge_counted(
    hands: tuple[tuple[str, tuple[Card, ...]], ...], given: Mapping[str, tuple[Card, ...]], pile: int, earlier: Mapping[str, int], reasons: list[Reason]
) -> tuple[Judgement, dict[str, tuple[Card, ...]], Zone[Card]]:
    """§4.4 with a counted pile of ``pile`` cards: the table names the draws; a tie still short of them waits (phase draw).

    ``earlier`` counts the draws of each player already in the state: a draw beyond what the tie-break
    reaches is a reason at its place in the move.
    """
    names = {name for name, _ in hands}
    reasons += [Reason("unknown_player", "4.4", f"/draws/{token(name)}", f"{name!r} is not at the table") for name in given if name not in names]
    judgement = judge_game(hands, given, pile)
    kept: dict[str, tuple[Card, ...]] = {}
    for name, cards in given.items():
        used = judgement.draws_used.get(name, 0) + (name in judgement.needs)
        if len(cards) > used and name in names:
            reasons.append(
                Reason(
                    "draw_not_needed",
                    "4.4",
                    f"/draws/{token(name)}/{max(used - earlier.get(name, 0), 0)}",
                    f"{name!r} draws {used} card(s) in this tie-break, not {len(cards)}",
                )
            )
        if cards[:used]:
            kept[name] = cards[:used]
    return judgement, kept, Zone(hidden=pile - sum(len(cards) for cards in kept.values()))


def _last_war(
    state: MatchState, move: Move, pile: Zone[Card], reasons: list[Reason], required: bool = False
) -> tuple[tuple[tuple[str, Card], ...], Zone[Card]]:
    """§5.2: with at least one but fewer than two cards per player left, each player turns one more card.

    At a real table the cards come with the move that turns them: a reveal may give them at once; else the
    game of war is a step of its own (phase war, ``required``).
    """
    count = len(state.seats)
    names = [seat.name for seat in state.seats]
    needed = count <= pile.size < DEAL * count
    if pile.known:
        if move.last_war:
            reasons.append(Reason("unexpected_field", "5.2", "/last_war", "the referee knows the pile: it turns the last war's cards itself"))
        if not needed:
            return (), pile
        turned = tuple(zip(names, reversed(pile.cards[-count:]), strict=True))
        return turned, Zone(pile.cards[:-count])
    given = dict(move.last_war)
    if not needed:
        if given:
            reasons.append(
                Reason("unexpected_field", "5.2", "/last_war", f"{pile.size} card(s) are left for {count} players: the set ends without a last game of war")
            )
        return (), pile
    if not given and not required:
        return (), pile  # the table turns them with the war move that follows
    if sorted(given) != sorted(names):
        reasons.append(
            Reason(
                "last_war_required",
                "5.2",
                "/last_war",
                f"{pile.size} card(s) are left for {count} players: the set ends with a game of war; give the card each player turned",
            )
        )
        return (), pile
    return tuple((name, given[name]) for name in names), Zone(hidden=pile.hidden - count)


def _impossible_cards(state: MatchState, move: Move) -> list[Reason]:
    """Cards a move shows that cannot be unseen at this table: every copy the decks hold is already elsewhere.

    The move's places are told apart from the state's (both may be ``/draws/...``) while they are counted.
    """
    known = {seat.name: len(seat.hand.cards) for seat in state.seats}
    claimed = [(f"#/hands/{token(name)}/{at}", card) for name, cards in move.hands for at, card in enumerate(cards) if at >= known.get(name, 0)]
    claimed += [(f"#/draws/{token(name)}/{at}", card) for name, cards in move.draws for at, card in enumerate(cards)]
    claimed += [(f"#/last_war/{token(name)}", card) for name, card in move.last_war]
    if not claimed:
        return []
    return [
        Reason("card_impossible", "1.2", problem.pointer[1:], problem.message)
        for problem in excess_copies([*state.known_cards(), *claimed], pack_of(state.rules.decks))
        if problem.pointer.startswith("#")
    ]


def _plan_reveal(state: MatchState, move: Move, reasons: list[Reason]) -> RevealPlan | None:
    hands = _shown_hands(state, move, reasons)
    reasons += _impossible_cards(state, move)
    if reasons:
        return None
    if state.pile.known:
        if move.draws:
            reasons.append(Reason("unexpected_field", "4.4", "/draws", "the referee knows the pile: the tie-break draws are its own"))
        judgement, draws, pile = _judge_from_pile(state, hands)
    else:
        unlogged = sum(len(cards) for _, cards in hands) - sum(seat.hand.size for seat in state.seats)
        judgement, draws, pile = _judge_counted(hands, dict(move.draws), state.pile.size - unlogged, {}, reasons)
        if judgement.needs:
            if move.last_war:
                reasons.append(Reason("unexpected_field", "5.2", "/last_war", "the tie still waits for its draws: the last war comes after them"))
            return RevealPlan(hands, judgement, draws, pile, (), pending=True)
    last_war, pile = _last_war(state, move, pile, reasons)
    return RevealPlan(hands, judgement, draws, pile, last_war)


def _plan_draw(state: MatchState, move: Move, reasons: list[Reason]) -> RevealPlan | None:
    """§4.4 at a real table: the hands are shown, and the move names the tie-break cards the tied players drew."""
    if not move.draws:
        reasons.append(Reason("draws_required", "4.4", "/draws", "the draw names the card each tied player drew"))
    reasons += _impossible_cards(state, move)
    if reasons:
        return None
    before = dict(state.draws)
    given = dict(before)
    for name, cards in move.draws:
        given[name] = (*given.get(name, ()), *cards)
    hands = _seat_hands(state)
    earlier = {name: len(cards) for name, cards in before.items()}
    judgement, draws, pile = _judge_counted(hands, given, state.pile.size + state.drawn, earlier, reasons)
    if judgement.needs:
        return RevealPlan(hands, judgement, draws, pile, (), pending=True, revealed=False)
    last_war, pile = _last_war(state, move, pile, reasons)
    return RevealPlan(hands, judgement, draws, pile, last_war, revealed=False)


# -- judging a move --------------------------------------------------------------------------------------------
def move_reasons(state: MatchState, move: Move) -> list[Reason]:
    """Every reason ``move`` is illegal in ``state``; empty when it is legal."""
    return _checked(state, move)[0]


def _checked(state: MatchState, move: Move) -> tuple[list[Reason], RevealPlan | WarPlan | None]:
    """The reasons against ``move`` and, for a legal reveal, draw or war, what it does: it is planned once per judging."""
    if state.phase == "over":
        return [Reason("match_over", "6.1", "", "the match is over: no move can be made")], None
    reasons: list[Reason] = []
    rule = RULE_OF_ACTION[move.action]
    if state.phase in ("draw", "war") and move.action != state.phase:
        step = STEP_OF_PHASE[state.phase]
        return [Reason("out_of_step", rule, "/action", f"the table's next step is {step} (rules.md §{RULE_OF_ACTION[state.phase]}), not {move.action}")], None
    if move.action in ("reveal", "draw", "war"):
        if move.player is not None:
            reasons.append(Reason("unexpected_field", rule, "/player", f"every player's cards are turned together: {move.action} names no player"))
        if move.action == "draw" or move.action == "war":
            if state.phase != move.action:
                step = STEP_OF_PHASE[state.phase]
                return [*reasons, Reason("out_of_step", rule, "/action", f"the table's next step is {step}, not {move.action}")], None
            shown = {"hands": bool(move.hands), "draws": move.action == "war" and bool(move.draws)}  # a draw may end the set: its last war may come with it
            reasons += [Reason("unexpected_field", rule, f"/{field}", f"{move.action} does not show {field}") for field, given in shown.items() if given]
            if move.action == "war":
                return reasons, _plan_war(state, move, reasons)
            return reasons, _plan_draw(state, move, reasons)
        if state.phase != "reveal" and not (state.phase == "play" and state.deal == "physical"):
            reasons.append(Reason("not_all_locked", "3.5", "/action", f"the cards are revealed once every player has locked; {have_not(state.unlocked)}"))
            return reasons, None
        plan = _plan_reveal(state, move, reasons)
        return reasons, plan
    index = state.seat_index(move.player)
    if move.player is not None and index is None:
        reasons.append(Reason("unknown_player", rule, "/player", f"{move.player!r} is not at this table"))
    if move.player is None:
        reasons.append(Reason("player_required", rule, "/player", f"{move.action} names the player who makes it"))
    elif index is not None and state.seats[index].locked:
        reasons.append(Reason("already_locked", "3.3", "/player", f"{move.player!r} has locked and can take no more cards"))
    for field, given in (("hands", move.hands), ("draws", move.draws), ("last_war", move.last_war)):
        if given:
            reasons.append(Reason("unexpected_field", rule, f"/{field}", f"only the reveal, a draw or war shows cards, not {move.action}"))
    return reasons, None


def _plan_war(state: MatchState, move: Move, reasons: list[Reason]) -> WarPlan | None:
    """§5.2: the set's last game; the referee turns its own pile's cards, a real table names them in the move."""
    reasons += _impossible_cards(state, move)
    last_war, pile = _last_war(state, move, state.pile, reasons, required=True)
    return None if reasons else WarPlan(last_war, pile)


def closeness(refused: Move, option: Listed[Move]) -> int:
    """The legal moves the player most likely meant: their own first, then the same action, then the rest."""
    if option.move.player is not None and option.move.player == refused.player:
        return 0
    return 1 if option.move.action == refused.action else 2


# -- applying a move ------------------------------------------------------------------------------------------------
def play(state: MatchState, move: Move) -> tuple[MatchState, tuple[Event, ...]]:
    """The state after ``move`` and what happened, checked and planned once; raises :class:`IllegalMove` if it is illegal."""
    reasons, plan = _checked(state, move)
    if reasons:
        raise IllegalMove(move, reasons)
    events: list[Event] = []
    if isinstance(plan, WarPlan):
        return _finish_set(replace(state, pile=plan.pile), plan.last_war, events), tuple(events)
    if plan is not None:
        return _reveal(state, plan, events), tuple(events)
    index = state.seat_index(move.player)
    assert index is not None
    seat = state.seats[index]
    if move.action == "lock":
        after = state.with_seat(index, replace(seat, locked=True))
        events.append({"type": "locked", "player": seat.name, "cards": seat.hand.size, "rule": "3.3"})
        return lock_as_they_stand(after, events) if not after.unlocked else after, tuple(events)
    after, (card,) = take_cards(state, [index])
    events.append(
        {"type": "took", "player": seat.name, "card": str(card) if card else None, "cards": seat.hand.size + 1, "pile": after.pile.size, "rule": "3.2"}
    )
    return lock_as_they_stand(after, events) if after.pile.size == 0 else after, tuple(events)


def _award(state: MatchState, winner: str | None, cards: Sequence[Card]) -> MatchState:
    """The winner adds the cards to those won this set (§4.7); without a winner they are dead."""
    index = state.seat_index(winner)
    if index is None:
        return replace(state, dead=Zone((*state.dead.cards, *cards), state.dead.hidden))
    seat = state.seats[index]
    return state.with_seat(index, replace(seat, won=(*seat.won, *cards)))


def _reveal(state: MatchState, plan: RevealPlan, events: list[Event]) -> MatchState:
    judgement = plan.judgement
    if plan.revealed:
        events.append({"type": "revealed", "hands": {name: card_texts(cards) for name, cards in plan.hands}, "rule": "3.5"})
    if plan.pending:
        shown = dict(plan.hands)
        seats = tuple(replace(seat, hand=Zone(shown[seat.name]), locked=True) for seat in state.seats)
        taken = tuple(seat.name for seat in seats for _ in seat.hand.cards)  # the reveal settles every hand: as many takes as cards
        draws = tuple((seat.name, plan.draws[seat.name]) for seat in state.seats if seat.name in plan.draws)
        events.append({"type": "draws_needed", "tied": list(judgement.needs), "missing": list(judgement.missing), "round": judgement.draw_round, "rule": "4.4"})
        return replace(state, seats=seats, taken=taken, pile=plan.pile, draws=draws, phase="draw")
    events.append({"type": "judged", **judgement.to_dict(), "draws": {name: card_texts(cards) for name, cards in plan.draws.items()}})
    cards = [card for _, hand in plan.hands for card in hand] + [card for drawn in plan.draws.values() for card in drawn]
    state = _award(state, judgement.winner, cards)
    state = replace(state, seats=tuple(replace(seat, hand=Zone(), locked=False) for seat in state.seats), taken=(), pile=plan.pile, draws=())
    if state.pile.size >= DEAL * len(state.seats) or (not plan.last_war and state.pile.size >= len(state.seats)):
        return deal_game(replace(state, game_number=state.game_number + 1), events)  # another game, or the last game of war (§5.2)
    return _finish_set(state, plan.last_war, events)


def _finish_set(state: MatchState, last_war: Sequence[tuple[str, Card]], events: list[Event]) -> MatchState:
    """§5.2-§5.3: the last game of war if one was played, the dead cards, then the set is scored."""
    if last_war:
        winner, step = judge_last_war(last_war)
        events.append({"type": "last_war", "winner": winner, **step.to_dict()})
        state = _award(state, winner, [card for _, card in last_war])
    if state.pile.size:
        events.append({"type": "dead_cards", "cards": card_texts(state.pile.cards), "hidden": state.pile.hidden, "rule": "5.3"})
        state = replace(state, dead=Zone((*state.dead.cards, *state.pile.cards), state.dead.hidden + state.pile.hidden), pile=Zone())
    return _end_set(state, events)


def _end_set(state: MatchState, events: list[Event]) -> MatchState:
    """§5.4-§6: score the set, and either end the match or mix the whole pack for the next set."""
    score = score_set([(seat.name, seat.won) for seat in state.seats])
    state = replace(
        state,
        seats=tuple(
            replace(seat, points=seat.points + points, match_cards=seat.match_cards + len(seat.won))
            for seat, points in zip(state.seats, score.points, strict=True)
        ),
    )
    events.append({"type": "set_scored", "set": state.set_number, **score.to_dict(), "totals": {seat.name: seat.points for seat in state.seats}})
    result = match_result({s.name: s.points for s in state.seats}, {s.name: s.match_cards for s in state.seats}, state.rules.target)
    pack = pack_of(state.rules.decks)
    if result is not None:
        events.append({"type": "match_over", **result.to_dict()})
        pile = Zone(tuple(pack.cards())) if state.deal == "service" else Zone(hidden=pack.size)
        return replace(state, seats=fresh_seats(state), pile=pile, dead=Zone(), phase="over", outcome=result)
    number = state.set_number + 1
    pile = Zone(mixed_pack(state.rules.decks, state.seed, number)) if state.deal == "service" else Zone(hidden=pack.size)
    events.append({"type": "new_set", "set": number, "rule": "5.1"})
    return deal_game(replace(state, seats=fresh_seats(state), pile=pile, dead=Zone(), set_number=number, game_number=1), events)


# -- reading a move from plain data ----------------------------------------------------------------------------------
def move_from_dict(data: Mapping[str, Any]) -> Move:
    """Read a move; raises :class:`InvalidInput` for malformed fields (an illegal move is a verdict, not an error)."""
    reader: Reader[Card] = Reader()
    action = data.get("action")
    if action not in ACTIONS:
        reader.problem("/action", "bad_action", f"action must be one of {', '.join(ACTIONS)}, not {action!r}")
    player = data.get("player")
    if player is not None and not isinstance(player, str):
        reader.problem("/player", "bad_player", "player is the name of the player making the move")
    hands = tuple((name, reader.cards(cards, f"/hands/{token(name)}")) for name, cards in reader.mapping(data.get("hands", {}), "/hands").items())
    draws = tuple((name, reader.cards(cards, f"/draws/{token(name)}")) for name, cards in reader.mapping(data.get("draws", {}), "/draws").items())
    war = tuple((name, reader.card(text, f"/last_war/{token(name)}")) for name, text in reader.mapping(data.get("last_war", {}), "/last_war").items())
    reader.done()
    return Move(
        action,  # type: ignore[arg-type]  # checked above
        player if isinstance(player, str) else None,
        hands,
        draws,
        tuple((name, card) for name, card in war if card is not None),
    )
