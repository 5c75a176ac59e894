"""Starting a game and each hand: the draw for the first dealer, the target, the deal, the cards turned up (rules.md §2, §3.1, §5, §7).

Every shuffle is seeded (:func:`pack.shuffled`) and labelled by what it is for,
so the same seed always gives the same dealer, targets, piles and rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from service.core.cards import Card, card_texts
from service.core.problems import InvalidInput, Problem
from service.core.seeds import MAX_SEED as MAX_SEED  # the schemas bound a seed with it
from service.core.seeds import drawn_seed, seed_problems

from .pack import pack_for, shuffled
from .standings import leaders as _leaders
from .state import (
    MAX_HANDS,
    HandResult,
    Rules,
    Seat,
    TwentyFourState,
    check_state,
    dealt_sizes,
    next_showing,
    pile_schedule,
    roster_problems,
)
from .target import DEFAULT_TARGET, TARGET_CARDS, dynamic_target

Event = dict[str, Any]


@dataclass(frozen=True, slots=True)
class NewGame:
    """A game just dealt, and how: the draw for the first dealer, the target, the first four cards."""

    state: TwentyFourState
    events: tuple[Event, ...]

    def to_dict(self) -> dict[str, object]:
        return {"state": self.state.to_dict(), "seed": self.state.seed, "events": list(self.events)}


def _check_start(names: Sequence[str], rules: Rules, dealer: int | None, seed: int | None = None) -> None:
    """Raise with every problem of a new game's table: its players, its seed (a dealt game's), the first dealer, the hands."""
    problems = roster_problems(names) + seed_problems(seed)
    if dealer is not None and names and not 0 <= dealer < len(names):
        problems.append(Problem("/dealer", "seat_out_of_range", f"seat {dealer} does not exist at a table of {len(names)} (seats count from 0)"))
    if not 1 <= rules.hands <= MAX_HANDS:
        problems.append(Problem("/rules/hands", "bad_hands", f"a game has 1 to {MAX_HANDS} hands, not {rules.hands}"))
    if problems:
        raise InvalidInput(problems)


def new_game(names: Sequence[str], rules: Rules | None = None, seed: int | None = None, dealer: int | None = None) -> NewGame:
    """Seat the players in the order given, find the first dealer (by the draw unless ``dealer`` is given), deal hand 1."""
    rules = rules or Rules()
    _check_start(names, rules, dealer, seed)
    seed = drawn_seed(seed)
    events: list[Event] = []
    if dealer is None:
        dealer, draws = draw_for_dealer(len(names), rules.face_cards, seed)
        events.append(
            {
                "type": "drew_for_deal",
                "rule": "2.2",
                "draws": [{name: str(card) for name, card in zip((names[seat] for seat in seats), cards, strict=True)} for seats, cards in draws],
                "dealer": names[dealer],
            }
        )
    state = TwentyFourState(rules=rules, players=tuple(Seat(name) for name in names), dealer=dealer, seed=seed)
    state, dealt = start_hand(state)
    return NewGame(check_state(state), (*events, *dealt))


def draw_for_dealer(players: int, face_cards: bool, seed: int) -> tuple[int, list[tuple[list[int], list[Card]]]]:
    """Every player draws a card; the highest deals first; equal highest draw again among themselves (§2.2).

    Answers the dealer's seat and each draw (the seats drawing and their cards).
    """
    drawing = list(range(players))
    draws: list[tuple[list[int], list[Card]]] = []
    while True:
        pack = shuffled(pack_for(face_cards).cards(), seed, f"draw/{len(draws)}")
        cards = [pack.pop() for _ in drawing]
        draws.append((drawing, cards))
        best = max(card.rank for card in cards)
        drawing = [seat for seat, card in zip(drawing, cards, strict=True) if card.rank == best]
        if len(drawing) == 1:
            return drawing[0], draws


def start_hand(state: TwentyFourState) -> tuple[TwentyFourState, list[Event]]:
    """Set the hand's target, shuffle, deal the whole pack into the piles and turn up the first four (§2.3, §7)."""
    hand = len(state.results) + 1
    pack = pack_for(state.rules.face_cards).cards()
    events: list[Event] = []
    target, target_cards = DEFAULT_TARGET, tuple[Card, ...]()
    if state.rules.dynamic_target:
        eight = tuple(shuffled(pack, state.seed, f"target/{hand}")[-TARGET_CARDS:])
        chosen = dynamic_target(eight)
        target, target_cards = chosen.target, eight
        events.append({"type": "target_set", "rule": "7", "hand": hand} | chosen.to_dict())
    deck = shuffled(pack, state.seed, f"deal/{hand}")
    count = len(state.players)
    piles: list[list[Card]] = [[] for _ in range(count)]
    for index, card in enumerate(reversed(deck)):  # the top card first, to the dealer's right, then on to the right
        piles[(state.dealer - 1 - index) % count].append(card)
    players = tuple(replace(seat, pile=tuple(pile), won=()) for seat, pile in zip(state.players, piles, strict=True))
    state = replace(state, players=players, target=target, target_cards=target_cards, table=(), barred=(), set_aside=(), phase="round")
    events.append(
        {
            "type": "dealt",
            "rule": "2.3",
            "hand": hand,
            "dealer": state.players[state.dealer].name,
            "target": target,
            "piles": dealt_sizes(len(deck), count, state.dealer),
        }
    )
    state, shown = turn_up(state)
    return state, events + shown


def turn_up(state: TwentyFourState) -> tuple[TwentyFourState, list[Event]]:
    """Turn up the next four cards (§3.1), or, with fewer than four left, end the hand (§5) and deal the next one."""
    pack_size = pack_for(state.rules.face_cards).size
    schedule = pile_schedule(pack_size, len(state.players), state.dealer, state.rounds_done)
    assert schedule is not None  # a checked state has played no more rounds than its piles hold
    sizes = list(schedule.sizes)
    seats = next_showing(sizes, schedule.next_start)
    if seats is None:
        return end_hand(state)
    piles = [list(seat.pile) for seat in state.players]
    table = tuple(piles[seat].pop() for seat in seats)
    players = tuple(replace(seat, pile=tuple(pile)) for seat, pile in zip(state.players, piles, strict=True))
    state = replace(state, players=players, table=table, barred=())
    return state, [
        {"type": "turned_up", "rule": "3.1", "round": state.rounds_done + 1, "cards": card_texts(table), "piles": [state.players[seat].name for seat in seats]}
    ]


def end_hand(state: TwentyFourState) -> tuple[TwentyFourState, list[Event]]:
    """Set the last cards aside, score the hand (cards won), then deal the next hand or end the game (§5)."""
    leftover = tuple(card for seat in state.players for card in seat.pile)
    set_aside = state.set_aside + leftover
    points = tuple(len(seat.won) for seat in state.players)
    unseen = sum(seat.unseen for seat in state.players)  # never more than 0: both packs are whole fours
    result = HandResult(state.target, points, len(set_aside) + unseen)
    players = tuple(replace(seat, pile=(), unseen=0) for seat in state.players)
    state = replace(state, players=players, table=(), barred=(), set_aside=set_aside, results=(*state.results, result))
    events: list[Event] = []
    if leftover:
        events.append({"type": "set_aside", "rule": "3.1", "cards": card_texts(leftover), "why": "fewer than four cards left"})
    events.append(
        {
            "type": "hand_over",
            "rule": "5.1",
            "hand": len(state.results),
            "points": dict(zip(_names(state), points, strict=True)),
            "winners": _leaders(_names(state), points),
        }
    )
    if len(state.results) == state.rules.hands:
        totals = [sum(result.points[seat] for result in state.results) for seat in range(len(state.players))]
        events.append({"type": "game_over", "rule": "5.2", "totals": dict(zip(_names(state), totals, strict=True)), "winners": _leaders(_names(state), totals)})
        return replace(state, phase="over"), events
    next_dealer = replace(state, dealer=(state.dealer + 1) % len(state.players))
    state, dealt = start_hand(next_dealer) if state.deal == "service" else begin_table_hand(next_dealer)
    return state, events + dealt


# -- a game dealt with real cards (rules.md §10) ------------------------------------------------
def from_table(names: Sequence[str], rules: Rules | None = None, dealer: int | None = None) -> NewGame:
    """A game at a real table: the players draw for the first dealer with named cards unless ``dealer`` is given;
    then each hand waits for its target's eight cards (option) and each round for its four cards, all named by moves."""
    rules = rules or Rules()
    _check_start(names, rules, dealer)
    state = TwentyFourState(rules=rules, players=tuple(Seat(name) for name in names), deal="physical", phase="draw", drawing=tuple(names))
    if dealer is None:
        return NewGame(check_state(state), ())
    state, events = begin_table_hand(replace(state, dealer=dealer, phase="target", drawing=()))
    return NewGame(check_state(state), tuple(events))


def begin_table_hand(state: TwentyFourState) -> tuple[TwentyFourState, list[Event]]:
    """A real table's hand: the eight cards of a dynamic target first (the table names them), else the deal at once."""
    players = tuple(replace(seat, pile=(), won=(), unseen=0) for seat in state.players)
    state = replace(state, players=players, table=(), barred=(), set_aside=(), target=DEFAULT_TARGET, target_cards=(), drawing=(), drawn=())
    if state.rules.dynamic_target:
        return replace(state, phase="target"), []
    return deal_counted(state)


def deal_counted(state: TwentyFourState) -> tuple[TwentyFourState, list[Event]]:
    """The real deal: every pile a count of face-down cards (§2.3, §10.1); the table then turns the first four."""
    count = len(state.players)
    sizes = dealt_sizes(pack_for(state.rules.face_cards).size, count, state.dealer)
    players = tuple(replace(seat, unseen=size) for seat, size in zip(state.players, sizes, strict=True))
    state = replace(state, players=players, phase="turn")
    hand = len(state.results) + 1
    return state, [{"type": "dealt", "rule": "2.3", "hand": hand, "dealer": state.players[state.dealer].name, "target": state.target, "piles": sizes}]


def await_turn(state: TwentyFourState) -> tuple[TwentyFourState, list[Event]]:
    """After a round at a real table: wait for the next four cards to be named, or end the hand when none are left."""
    schedule = pile_schedule(pack_for(state.rules.face_cards).size, len(state.players), state.dealer, state.rounds_done)
    assert schedule is not None  # a checked state has played no more rounds than its piles hold
    if next_showing(list(schedule.sizes), schedule.next_start) is None:
        return end_hand(state)
    return replace(state, table=(), barred=(), phase="turn"), []


def _names(state: TwentyFourState) -> list[str]:
    return [seat.name for seat in state.players]
