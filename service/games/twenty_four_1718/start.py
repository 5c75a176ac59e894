"""Starting a match: the draw for the first dealer and the first deal, or a hand dealt at a real table (rules.md §2, §11.3).

Every shuffle is seeded: shuffle 0 of a match is the draw for the dealer,
shuffle ``n`` its ``n``-th deal, so a seed replays the whole match.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from service.core.cards import Card
from service.core.problems import InvalidInput, Problem
from service.core.seeds import drawn_seed, seed_problems

from .flow import Event, dealt_event, open_hand, settle, tally_of
from .hand import score_turn_up
from .pack import DEAL_SHAPES, PLAYER_COUNTS, shuffled
from .state import HONORS_OPTIONS, MAX_GAMES, HonorsOption, Seat, Stock, TableState, Trick, roster_problems, state_problems

DRAW_SHUFFLE = 0


@dataclass(frozen=True, slots=True)
class DrawRound:
    """One round of the draw for the first deal: who drew which card."""

    draws: tuple[tuple[str, Card], ...]

    def to_dict(self) -> dict[str, object]:
        return {"draws": [{"player": name, "card": str(card)} for name, card in self.draws]}


@dataclass(frozen=True, slots=True)
class NewMatch:
    """A match as it starts: the state after the first deal, the draw for the dealer, what the deal scored."""

    state: TableState
    draw: tuple[DrawRound, ...]
    events: tuple[Event, ...]

    def to_dict(self) -> dict[str, object]:
        return {"state": self.state.to_dict(), "seed": self.state.seed, "draw": [round_.to_dict() for round_ in self.draw], "events": list(self.events)}


def draw_for_dealer(names: Sequence[str], seed: int) -> tuple[int, tuple[DrawRound, ...]]:
    """Each player draws a card; the highest deals; players tied for highest draw again from what is left (§2.1)."""
    pack = shuffled(seed, DRAW_SHUFFLE)
    drawing = list(range(len(names)))
    rounds = []
    while True:
        drawn = [(seat, pack.pop()) for seat in drawing]
        rounds.append(DrawRound(tuple((names[seat], card) for seat, card in drawn)))
        top = max(card.rank for _, card in drawn)
        drawing = [seat for seat, card in drawn if card.rank == top]
        if len(drawing) == 1:
            return drawing[0], tuple(rounds)


def _options_problems(honors: str, games: int, seed: int | None) -> list[Problem]:
    problems = []
    if honors not in HONORS_OPTIONS:
        problems.append(Problem("/rules/honors", "bad_choice", f"honors is one of {', '.join(HONORS_OPTIONS)}, not {honors!r}"))
    if not 1 <= games <= MAX_GAMES:
        problems.append(Problem("/rules/games", "bad_integer", f"a match is 1 to {MAX_GAMES} games, not {games}"))
    return problems + seed_problems(seed)


def new_match(names: Sequence[str], honors: HonorsOption = "point", games: int = 1, seed: int | None = None, dealer: int | None = None) -> NewMatch:
    """Draw for the dealer (unless ``dealer`` is given), deal the first hand, score its turn-up."""
    problems = roster_problems(names) + _options_problems(honors, games, seed)
    if dealer is not None and not 0 <= dealer < len(names):
        problems.append(Problem("/dealer", "seat_out_of_range", f"seat {dealer} does not exist at a table of {len(names)} (seats count from 0)"))
    if problems:
        raise InvalidInput(problems)
    seed = drawn_seed(seed)
    rounds: tuple[DrawRound, ...] = ()
    if dealer is None:
        dealer, rounds = draw_for_dealer(names, seed)
    blank = _blank(names, honors, games, seed, dealer)
    events: list[Event] = []
    state = open_hand(blank, dealer, 1, events)
    return NewMatch(state, rounds, tuple(events))


def _blank(names: Sequence[str], honors: HonorsOption, games: int, seed: int, dealer: int) -> TableState:
    """A match before its first deal: seats without cards (never seen outside this module)."""
    return TableState(
        players=tuple(Seat(name, ()) for name in names),
        honors=honors,
        games=games,
        game=1,
        hand_number=1,
        dealer=dealer,
        stock=Stock(Card(1, "S")),
        phase="declare",
        to_act=0,
        tricks=(),
        trick=Trick(0),
        seed=seed,
        deals=0,
    )


@dataclass(frozen=True, slots=True)
class TableHand:
    """A hand dealt at a real table, as typed in: of each hand the cards seen and how many are only counted (§13.1),
    the stock's face-down cards known or only counted."""

    names: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]  # in seat order (the order of play): the cards the referee may see
    dealer: int | None  # None: the players draw for the first dealer, each round entered as a move (§13.6)
    turn_up: Card | None
    stock: tuple[Card, ...] = ()
    honors: HonorsOption = "point"
    games: int = 1
    game: int = 1
    hand_number: int = 1
    chips: tuple[int, ...] | None = None  # before this deal
    games_won: tuple[int, ...] | None = None
    seed: int | None = None
    hidden: tuple[int, ...] | None = None  # per seat, the cards not seen; omitted, every hand is typed in whole


_STATE_TO_REQUEST = (  # where a table's fields sit in the state, and where they came from in the request
    (re.compile(r"^/players/(\d+)/hand"), r"/hands/\1"),
    (re.compile(r"^/players/(\d+)/hidden$"), r"/hidden/\1"),
    (re.compile(r"^/players/(\d+)/(chips|games_won)$"), r"/\2/\1"),
    (re.compile(r"^/players/(\d+)/name$"), r"/players/\1"),
    (re.compile(r"^/stock/turn_up$"), "/turn_up"),
    (re.compile(r"^/stock/cards/"), "/stock/"),
)


_CODE_TO_REQUEST = {"games_won_total": "/games_won"}  # whole-table problems whose state pointer (/players) is not where the request said it


def _request_pointer(problem: Problem) -> str:
    """A state problem's pointer as the place in the ``/games/from-table`` request the value came from."""
    if problem.code in _CODE_TO_REQUEST:
        return _CODE_TO_REQUEST[problem.code]
    for pattern, replacement in _STATE_TO_REQUEST:
        if pattern.match(problem.pointer):
            return pattern.sub(replacement, problem.pointer)
    return problem.pointer


def table_hand(table: TableHand) -> NewMatch:
    """The state of a hand dealt at a real table, its turn-up scored (which may end the game), ready for the declarations."""
    seats = len(table.names)
    problems = roster_problems(table.names) + _options_problems(table.honors, table.games, table.seed)
    for name, values in (("chips", table.chips), ("games_won", table.games_won), ("hands", table.hands), ("hidden", table.hidden)):
        if values is not None and len(values) != seats:
            problems.append(Problem(f"/{name}", f"{name}_count", f"{len(values)} {name} given for {seats} players"))
    if table.dealer is None:
        given = [name for name, value in (("turn_up", table.turn_up), ("stock", table.stock), ("hands", any(table.hands))) if value]
        problems += [
            Problem(f"/{name}", "draw_first", "without a dealer the players draw for one first: the deal comes after (rules.md §13.6)") for name in given
        ]
    elif not 0 <= table.dealer < max(seats, 1):
        problems.append(Problem("/dealer", "seat_out_of_range", f"seat {table.dealer} does not exist at a table of {seats} (seats count from 0)"))
    elif table.turn_up is None:
        problems.append(Problem("/turn_up", "turn_up_required", "the dealer's turn-up gives the trumps"))
    if seats in PLAYER_COUNTS and len(table.stock) >= DEAL_SHAPES[seats].stock:
        problems.append(Problem("/stock", "stock_size", f"the stock under the turn-up holds {DEAL_SHAPES[seats].stock - 1} cards at a table of {seats}"))
    if problems:
        raise InvalidInput(problems)
    if table.dealer is None or table.turn_up is None:
        return _table_draw(table)
    chips = table.chips or (0,) * seats
    won = table.games_won or (0,) * seats
    hidden = table.hidden or (0,) * seats
    stock = Stock(table.turn_up, table.stock, DEAL_SHAPES[seats].stock - 1 - len(table.stock))
    leader = (table.dealer + 1) % seats
    state = TableState(
        players=tuple(
            Seat(name, hand, chip, games, count) for name, hand, chip, games, count in zip(table.names, table.hands, chips, won, hidden, strict=True)
        ),
        honors=table.honors,
        games=table.games,
        game=table.game,
        hand_number=table.hand_number,
        dealer=table.dealer,
        stock=stock,
        phase="declare",
        to_act=leader,
        tricks=(),
        trick=Trick(leader),
        seed=drawn_seed(table.seed),
        deals=table.hand_number,
        deal="physical",
    )
    problems = state_problems(state)
    if problems:
        raise InvalidInput([replace(problem, pointer=_request_pointer(problem)) for problem in problems])
    events: list[Event] = [dealt_event(state)]
    after = settle(state, score_turn_up(tally_of(state), table.dealer, table.turn_up, state.hand_honors), events)
    return NewMatch(after, (), tuple(events))


def _table_draw(table: TableHand) -> NewMatch:
    """A real table that has not drawn for its first dealer yet: the state waits for the draw's first round (§13.6)."""
    seats = len(table.names)
    chips = table.chips or (0,) * seats
    won = table.games_won or (0,) * seats
    state = TableState(
        players=tuple(Seat(name, (), chip, games) for name, chip, games in zip(table.names, chips, won, strict=True)),
        honors=table.honors,
        games=table.games,
        game=table.game,
        hand_number=table.hand_number,
        dealer=0,
        stock=Stock(Card(1, "S")),  # no hand dealt yet: never shown (the state's stock is null)
        phase="draw",
        to_act=0,
        tricks=(),
        trick=Trick(1 % max(seats, 1)),
        seed=drawn_seed(table.seed),
        deals=0,
        deal="physical",
    )
    problems = state_problems(state)
    if problems:
        raise InvalidInput([replace(problem, pointer=_request_pointer(problem)) for problem in problems])
    return NewMatch(state, (), ())
