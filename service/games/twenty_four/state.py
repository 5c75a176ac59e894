"""A game of Twenty-Four as one immutable value, and the checks that make it a real table (rules.md §8).

Within a hand every card of the pack is in exactly one place: a player's
face-down pile (top last), the four cards face up, a player's won cards, or
the cards set aside. Finished hands are kept as their points. Which piles
show cards, and how big each pile is, follow from the deal and the number of
rounds played, so the state stores neither: :func:`pile_schedule` derives
them, and the check compares.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, Literal

from service.core.cards import Card, card_texts
from service.core.kit import checked, read_whole
from service.core.names import possessive
from service.core.problems import Problem
from service.core.problems import roster_problems as core_roster
from service.core.reading import Reader

from .pack import card_problems, pack_for
from .target import DEFAULT_TARGET, TARGET_CARDS, dynamic_target

Phase = Literal["draw", "target", "turn", "round", "over"]
Deal = Literal["service", "physical"]
PHASES: tuple[Phase, ...] = ("draw", "target", "turn", "round", "over")
DEALS: tuple[Deal, ...] = ("service", "physical")
TABLE_STEPS = {"draw": "draw", "target": "set_target", "turn": "turn_up"}  # a real table's phases that wait for named cards (§10)
MIN_PLAYERS, MAX_PLAYERS = 2, 8
MAX_HANDS = 100  # the rule book leaves the number of hands to the table; bounded for cost, never below 100 (rules.md §5.2)
MAX_NAME = 40
TABLE_CARDS = 4


@dataclass(frozen=True, slots=True)
class Rules:
    """The table's rules (its variant settings): face cards in the pack, a dynamic target each hand, how many hands."""

    face_cards: bool = False
    dynamic_target: bool = False
    hands: int = 1

    def to_dict(self) -> dict[str, object]:
        return {"face_cards": self.face_cards, "dynamic_target": self.dynamic_target, "hands": self.hands}


@dataclass(frozen=True, slots=True)
class Seat:
    """A player: their face-down pile (top last) and the cards they have won this hand.

    At a real table nobody knows the pile: it is a count, ``unseen`` (rules.md §10), and ``pile`` is empty.
    """

    name: str
    pile: tuple[Card, ...] = ()
    won: tuple[Card, ...] = ()
    unseen: int = 0

    @property
    def pile_size(self) -> int:
        return len(self.pile) + self.unseen

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"name": self.name, "pile": card_texts(self.pile), "won": card_texts(self.won)}
        if self.unseen:
            data["unseen"] = self.unseen
        return data


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand: its target, each seat's points (cards won), and how many cards were set aside."""

    target: int
    points: tuple[int, ...]
    set_aside: int

    def to_dict(self) -> dict[str, object]:
        return {"target": self.target, "points": list(self.points), "set_aside": self.set_aside}


@dataclass(frozen=True, slots=True)
class TwentyFourState:
    """The table between two moves. Players are listed in clockwise seat order."""

    rules: Rules
    players: tuple[Seat, ...]
    dealer: int = 0
    target: int = DEFAULT_TARGET
    target_cards: tuple[Card, ...] = ()  # the eight that set a dynamic target (they went back into the pack)
    table: tuple[Card, ...] = ()  # the four face up
    barred: tuple[str, ...] = ()  # who claimed wrongly this round
    set_aside: tuple[Card, ...] = ()  # this hand's cards won by nobody
    results: tuple[HandResult, ...] = ()  # finished hands
    seed: int = 0
    phase: Phase = "round"
    deal: Deal = "service"  # "physical": dealt with real cards at a table; piles are counts (§10)
    drawing: tuple[str, ...] = ()  # a real table's draw for the first dealer: who draws next (§10.2)
    drawn: tuple[Card, ...] = ()  # and every card drawn so far, which is not drawn again

    @property
    def hand(self) -> int:
        """The hand being played, from 1 (the last one once the game is over)."""
        return len(self.results) + (self.phase != "over")

    @property
    def rounds_done(self) -> int:
        """Rounds of this hand already won or set aside (the cards out of the piles and off the table, in fours)."""
        return (sum(len(seat.won) for seat in self.players) + len(self.set_aside)) // TABLE_CARDS

    def seat_of(self, name: str) -> int | None:
        return next((index for index, seat in enumerate(self.players) if seat.name == name), None)

    def to_dict(self) -> dict[str, object]:
        return {
            "rules": self.rules.to_dict(),
            "players": [seat.to_dict() for seat in self.players],
            "dealer": self.dealer,
            "target": self.target,
            "target_cards": card_texts(self.target_cards),
            "table": card_texts(self.table),
            "barred": list(self.barred),
            "set_aside": card_texts(self.set_aside),
            "results": [result.to_dict() for result in self.results],
            "seed": self.seed,
            "phase": self.phase,
            "deal": self.deal,
            "drawing": list(self.drawing),
            "drawn": card_texts(self.drawn),
        }


# -- the deal and the order piles show cards ---------------------------------------------
def dealt_sizes(pack_size: int, players: int, dealer: int) -> list[int]:
    """Each pile's size after the deal: one card at a time, first to the dealer's right, on round to the right (§2.3)."""
    each, left = divmod(pack_size, players)  # every pile gets ``each``; the ``left`` over go one each from the dealer's right on
    sizes = [each] * players
    for index in range(left):
        sizes[(dealer - 1 - index) % players] += 1
    return sizes


def first_pile(players: int, dealer: int) -> int:
    """The pile that shows first in a hand: the one of the player on the dealer's left (§3.1)."""
    return (dealer + 1) % players


def next_showing(sizes: list[int], start: int) -> list[int] | None:
    """The seats whose piles show the next four cards, from ``start`` on round the table, skipping empty piles;
    ``sizes`` is reduced accordingly. None when fewer than four cards are left (the hand is over, §3.1)."""
    if sum(sizes) < TABLE_CARDS:
        return None
    seats: list[int] = []
    seat = start
    while len(seats) < TABLE_CARDS:
        if sizes[seat]:
            sizes[seat] -= 1
            seats.append(seat)
        seat = (seat + 1) % len(sizes)
    return seats


@dataclass(frozen=True, slots=True)
class Schedule:
    """Where a hand stands: each pile's size now, and the pile that shows next."""

    sizes: tuple[int, ...]
    next_start: int


def pile_schedule(pack_size: int, players: int, dealer: int, rounds_shown: int) -> Schedule | None:
    """The piles after ``rounds_shown`` rounds have been turned up; None if the hand has not that many."""
    sizes = dealt_sizes(pack_size, players, dealer)
    start = first_pile(players, dealer)
    for _ in range(rounds_shown):
        seats = next_showing(sizes, start)
        if seats is None:
            return None
        start = (seats[-1] + 1) % players
    return Schedule(tuple(sizes), start)


# -- checking a state whole ---------------------------------------------------------------
def state_problems(state: TwentyFourState) -> list[Problem]:
    """Everything wrong with a state, at once (§8.1)."""
    problems = roster_problems([seat.name for seat in state.players], "/players/{}/name")
    rules = state.rules
    pack = pack_for(rules.face_cards)
    if not 1 <= rules.hands <= MAX_HANDS:
        problems.append(Problem("/rules/hands", "bad_hands", f"a game has 1 to {MAX_HANDS} hands, not {rules.hands}"))
    if not 0 <= state.dealer < max(len(state.players), 1):
        problems.append(Problem("/dealer", "seat_out_of_range", f"seat {state.dealer} does not exist at a table of {len(state.players)} (seats count from 0)"))
    zones = _zones(state)
    if not pack.holds(chain.from_iterable(cards for _, cards in zones)):  # counted at C speed; the places written only for a fault
        problems += card_problems([(f"{at}/{index}", card) for at, cards in zones for index, card in enumerate(cards)], rules.face_cards)
    problems += _target_problems(state)
    problems += _result_problems(state, pack.size)
    problems += _deal_problems(state)
    if problems:
        return problems  # the counts below assume a sound table
    if state.phase in ("draw", "target"):
        return _before_deal_problems(state)
    total = sum(seat.pile_size + len(seat.won) for seat in state.players) + len(state.table) + len(state.set_aside)
    if total != pack.size:
        problems.append(Problem("", "card_total", f"the table holds {total} cards; the pack ({pack.describe()}) is exactly {pack.size}"))
    for index, seat in enumerate(state.players):
        if len(seat.won) % TABLE_CARDS:
            problems.append(Problem(f"/players/{index}/won", "won_not_fours", f"cards are won four at a time, not {len(seat.won)}"))
    if state.phase in ("round", "turn"):
        problems += _round_problems(state, pack.size)
    else:
        problems += _over_problems(state)
    return problems


def _deal_problems(state: TwentyFourState) -> list[Problem]:
    """A game the service dealt knows every pile; a real table's piles are counts and it waits for named cards (§10)."""
    problems = []
    if state.deal == "service":
        if state.phase in TABLE_STEPS:
            problems.append(Problem("/phase", "bad_choice", f"only a real table (deal physical) waits in phase {state.phase!r}"))
        problems += [
            Problem(f"/players/{i}/unseen", "unexpected_field", "the service dealt this game: its piles are known")
            for i, seat in enumerate(state.players)
            if seat.unseen
        ]
        if state.drawing or state.drawn:
            problems.append(Problem("/drawing", "unexpected_field", "the service draws for the dealer of a game it deals"))
        return problems
    problems += [
        Problem(f"/players/{i}/pile", "pile_unknown", "at a real table a pile is a count (unseen), not cards")
        for i, seat in enumerate(state.players)
        if seat.pile
    ]
    if state.phase != "draw" and (state.drawing or state.drawn):
        problems.append(Problem("/drawing", "draw_over", "the draw for the first dealer is over"))
    return problems


def _before_deal_problems(state: TwentyFourState) -> list[Problem]:
    """Before a real table's deal (the draw for the dealer, or the eight cards of a dynamic target) no card is out."""
    problems = []
    if any(seat.unseen or seat.won for seat in state.players) or state.table or state.set_aside or state.barred:
        problems.append(Problem("", "cards_before_deal", f"in phase {state.phase!r} nothing is dealt yet: no pile, no card won, face up or set aside"))
    if state.phase == "target" and not state.rules.dynamic_target:
        problems.append(Problem("/phase", "bad_choice", "only the dynamic_target option deals eight cards for the target"))
    if state.phase == "draw":
        if state.results:
            problems.append(Problem("/results", "results_count", "the draw for the first dealer comes before the first hand"))
        places = [(f"/drawn/{i}", card) for i, card in enumerate(state.drawn)]
        problems += card_problems(places, state.rules.face_cards)
        names = {seat.name for seat in state.players}
        if not state.drawing or len(set(state.drawing)) != len(state.drawing) or not set(state.drawing) <= names:
            problems.append(Problem("/drawing", "bad_drawing", "those still drawing are players of this table, each once"))
        if len(state.drawn) + len(state.drawing) > pack_for(state.rules.face_cards).size:
            problems.append(Problem("/drawn", "pack_exhausted", "the pack has not that many cards to draw"))
    return problems


def _zones(state: TwentyFourState) -> list[tuple[str, Sequence[Card]]]:
    """Every zone of cards the pack is checked over, with its pointer."""
    zones: list[tuple[str, Sequence[Card]]] = []
    for index, seat in enumerate(state.players):
        zones += [(f"/players/{index}/pile", seat.pile), (f"/players/{index}/won", seat.won)]
    return [*zones, ("/table", state.table), ("/set_aside", state.set_aside)]


def _target_problems(state: TwentyFourState) -> list[Problem]:
    if state.phase in ("draw", "target"):  # a real table before its eight cards are named: no target yet
        if state.target_cards or state.target != DEFAULT_TARGET:
            return [Problem("/target_cards", "unexpected_target_cards", f"in phase {state.phase!r} no target cards are named yet")]
        return []
    if not state.rules.dynamic_target:
        if state.target_cards:
            return [Problem("/target_cards", "unexpected_target_cards", "only the dynamic_target option deals target cards")]
        if state.target != DEFAULT_TARGET:
            return [Problem("/target", "target_mismatch", f"without the dynamic_target option the target is {DEFAULT_TARGET}")]
        return []
    if len(state.target_cards) != TARGET_CARDS:
        return [Problem("/target_cards", "target_cards_count", f"a dynamic target is set by {TARGET_CARDS} cards, not {len(state.target_cards)}")]
    places = [(f"/target_cards/{i}", card) for i, card in enumerate(state.target_cards)]
    problems = card_problems(places, state.rules.face_cards)
    if not problems and dynamic_target(state.target_cards).target != state.target:
        problems.append(Problem("/target", "target_mismatch", f"the eight target cards set {dynamic_target(state.target_cards).target}, not {state.target}"))
    return problems


def _result_problems(state: TwentyFourState, pack_size: int) -> list[Problem]:
    problems = []
    finished = len(state.results)
    expected = state.rules.hands if state.phase == "over" else None
    if expected is not None and finished != expected:
        problems.append(Problem("/results", "results_count", f"a game over has {expected} finished hands, not {finished}"))
    if state.phase != "over" and finished >= state.rules.hands:
        problems.append(Problem("/results", "results_count", f"{finished} hands are finished of {state.rules.hands}: no hand is left to play"))
    for index, result in enumerate(state.results):
        at = f"/results/{index}"
        if not state.rules.dynamic_target and result.target != DEFAULT_TARGET:
            problems.append(Problem(f"{at}/target", "target_mismatch", f"without the dynamic_target option every hand is played for {DEFAULT_TARGET}"))
        if len(result.points) != len(state.players):
            problems.append(Problem(f"{at}/points", "points_count", f"one score per player: {len(state.players)}, not {len(result.points)}"))
        if any(points < 0 or points % TABLE_CARDS for points in result.points):
            problems.append(Problem(f"{at}/points", "bad_points", "a hand's points are the cards won: whole multiples of 4"))
        if result.set_aside < 0 or sum(result.points) + result.set_aside != pack_size:
            problems.append(Problem(f"{at}/set_aside", "card_total", f"points and cards set aside account for the {pack_size} cards of the pack exactly"))
    return problems


def _round_problems(state: TwentyFourState, pack_size: int) -> list[Problem]:
    """A round in play (four cards up), or a real table waiting to turn the next four (phase turn)."""
    problems = []
    shown = TABLE_CARDS if state.phase == "round" else 0
    if len(state.table) != shown:
        problems.append(Problem("/table", "table_size", f"in phase {state.phase!r} {shown} cards are face up, not {len(state.table)}"))
        return problems
    if state.phase == "turn" and state.barred:
        problems.append(Problem("/barred", "barred_before_round", "nobody is barred before the four cards are turned"))
    if len(state.set_aside) % TABLE_CARDS:
        problems.append(Problem("/set_aside", "set_aside_not_fours", "during a hand whole rounds are set aside, four cards at a time"))
        return problems
    rounds = state.rounds_done + (state.phase == "round")
    schedule = pile_schedule(pack_size, len(state.players), state.dealer, rounds)
    if schedule is None or (state.phase == "turn" and sum(schedule.sizes) < TABLE_CARDS):
        problems.append(Problem("", "too_many_rounds", "the piles cannot have shown that many rounds"))
        return problems
    field = "unseen" if state.deal == "physical" else "pile"
    for index, (seat, size) in enumerate(zip(state.players, schedule.sizes, strict=True)):
        if seat.pile_size != size:
            problems.append(
                Problem(f"/players/{index}/{field}", "pile_size", f"after {rounds} rounds {possessive(seat.name)} pile has {size} cards, not {seat.pile_size}")
            )
    seen: set[str] = set()
    for index, name in enumerate(state.barred):
        if state.seat_of(name) is None:
            problems.append(Problem(f"/barred/{index}", "unknown_player", f"{name!r} is not at this table"))
        elif name in seen:
            problems.append(Problem(f"/barred/{index}", "duplicate_name", f"{name!r} is barred once"))
        seen.add(name)
    if state.players and len(seen) == len(state.players):
        problems.append(Problem("/barred", "all_barred", "when every player is barred the cards are set aside: the round is over"))
    return problems


def _over_problems(state: TwentyFourState) -> list[Problem]:
    problems = []
    if state.table or any(seat.pile_size for seat in state.players):
        problems.append(Problem("/table", "cards_in_play", "a game that is over has no card face up and no pile left"))
    if state.barred:
        problems.append(Problem("/barred", "barred_after_end", "nobody is barred once the game is over"))
    last = state.results[-1] if state.results else None
    if last and (list(last.points) != [len(seat.won) for seat in state.players] or last.set_aside != len(state.set_aside)):
        problems.append(Problem("/results", "points_mismatch", "the last hand's result is the cards each player won in it, and those set aside"))
    return problems


def roster_problems(names: Sequence[str], name_pointer: str = "/players/{}") -> list[Problem]:
    """The players' names: 2 to 8 players (§2.1), each named, no name twice."""
    return core_roster(names, (MIN_PLAYERS, MAX_PLAYERS), "rules.md §2.1", "/players", name_pointer.removeprefix("/players/{}"), MAX_NAME)


def check_state(state: TwentyFourState) -> TwentyFourState:
    """Return ``state`` if it is a real table, else raise with every problem (up to the cap)."""
    return checked(state_problems, state)


# -- reading a state from plain data --------------------------------------------------------
def read(data: Mapping[str, Any], reader: Reader[Card]) -> TwentyFourState:
    """A state from its plain-data form, unchecked; every problem of the reading goes to ``reader``."""
    raw_rules = reader.mapping(data.get("rules", {}), "/rules")
    rules = Rules(
        reader.boolean(raw_rules, "face_cards", "/rules"),
        reader.boolean(raw_rules, "dynamic_target", "/rules"),
        reader.integer(raw_rules, "hands", "/rules", default=1),
    )
    players = []
    raw_players = data.get("players")
    for index, item in enumerate(raw_players if isinstance(raw_players, list) else []):
        at = f"/players/{index}"
        seat = reader.mapping(item, at)
        name = seat.get("name", "")
        if not isinstance(name, str):
            reader.problem(f"{at}/name", "bad_name", "a name is a string")
            name = ""
        pile, won = reader.cards(seat.get("pile", []), f"{at}/pile"), reader.cards(seat.get("won", []), f"{at}/won")
        players.append(Seat(name, pile, won, reader.integer(seat, "unseen", at, default=0)))
    results = []
    raw_results = data.get("results", [])
    for index, item in enumerate(raw_results if isinstance(raw_results, list) else []):
        at = f"/results/{index}"
        result = reader.mapping(item, at)
        points = reader.whole_numbers(result.get("points", []), f"{at}/points", "points are whole numbers, one per player")
        results.append(HandResult(reader.integer(result, "target", at, default=0), points, reader.integer(result, "set_aside", at, default=0)))
    barred = reader.texts(data.get("barred", []), "/barred", "barred is a list of player names")
    drawing = reader.texts(data.get("drawing", []), "/drawing", "drawing is a list of player names")
    return TwentyFourState(
        rules=rules,
        players=tuple(players),
        dealer=reader.integer(data, "dealer", "", default=0),
        target=reader.integer(data, "target", "", default=DEFAULT_TARGET),
        target_cards=reader.cards(data.get("target_cards", []), "/target_cards"),
        table=reader.cards(data.get("table", []), "/table"),
        barred=barred,
        set_aside=reader.cards(data.get("set_aside", []), "/set_aside"),
        results=tuple(results),
        seed=reader.integer(data, "seed", "", default=0),
        phase=reader.choice(data, "phase", "", PHASES, "round"),
        deal=reader.choice(data, "deal", "", DEALS, "service"),
        drawing=drawing,
        drawn=reader.cards(data.get("drawn", []), "/drawn"),
    )


def state_from_dict(data: Mapping[str, Any]) -> TwentyFourState:
    """Read a state from its plain-data form and check it whole; every problem is raised at once (up to the cap)."""
    return read_whole(read, state_problems, data)
