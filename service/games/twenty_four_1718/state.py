"""A match of Twenty-Four as one immutable value: the seats, the hand being played, the games won (rules.md §11).

Players are listed in the order of play, each one's right-hand neighbour
next, so "to the right" is the next seat. The referee knows every hand; only
the stock's face-down cards may be merely counted (a hand dealt at a real
table). What can be derived is not stored: the trumps are the turn-up's
suit, the leader sits after the dealer, a trick's taker is its highest card.
Each trick records who led it, as a person reading the table would; the
check compares that with the taker of the trick before.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import reduce
from operator import or_
from typing import Any, Literal, NamedTuple, get_args

from service.core.cards import Card, card_texts
from service.core.kit import checked, read_whole
from service.core.problems import Problem, excess_copies
from service.core.problems import roster_problems as core_roster
from service.core.reading import Reader
from service.core.seeds import MAX_SEED as MAX_SEED  # the reading and the schemas bound a seed with it

from .chips import WINNING_CHIPS
from .declarations import Claim, is_sequence
from .hand import CARD_BITS, Replay, holding, replay
from .pack import DEAL_SHAPES, DECK_SIZE, PACK, PLAYER_COUNTS, DealShape

Phase = Literal["draw", "deal", "declare", "play", "over"]
PHASES: tuple[Phase, ...] = get_args(Phase)
HonorsOption = Literal["point", "face", "alternate", "alternate_games"]
HONORS_OPTIONS: tuple[HonorsOption, ...] = get_args(HonorsOption)
DealKind = Literal["service", "physical"]
DEAL_KINDS: tuple[DealKind, ...] = get_args(DealKind)
MAX_GAMES = 99
MAX_NAME = 40


@dataclass(frozen=True, slots=True)
class Seat:
    """A player: name, the cards in hand the referee knows, how many more it only counts (a real table),
    chips in the game under way, games won in the match."""

    name: str
    hand: tuple[Card, ...]
    chips: int = 0
    games_won: int = 0
    hidden: int = 0

    @property
    def holding(self) -> int:
        """How many cards the player holds, seen or not."""
        return len(self.hand) + self.hidden

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "hand": card_texts(self.hand), "hidden": self.hidden, "chips": self.chips, "games_won": self.games_won}


@dataclass(frozen=True, slots=True)
class Stock:
    """The cards left after the deal: the turn-up on top, the others face down (known to the referee, or only counted)."""

    turn_up: Card
    cards: tuple[Card, ...] = ()
    hidden: int = 0

    @property
    def size(self) -> int:
        return 1 + len(self.cards) + self.hidden

    def to_dict(self) -> dict[str, object]:
        return {"turn_up": str(self.turn_up), "cards": card_texts(self.cards), "hidden": self.hidden}


class Trick(NamedTuple):
    """A trick: the seat that led it and its cards in playing order.

    A named tuple rather than a frozen dataclass: every request's state is read into one per trick of the hand, and a
    tuple is built in a fraction of the time (issue 25)."""

    leader: int
    cards: tuple[Card, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {"leader": self.leader, "cards": card_texts(self.cards)}


@dataclass(frozen=True, slots=True)
class TableState:
    """The table between two moves."""

    players: tuple[Seat, ...]
    honors: HonorsOption
    games: int  # games the match is played to
    game: int  # the game under way, from 1
    hand_number: int  # the hand under way in this game, from 1
    dealer: int
    stock: Stock
    phase: Phase
    to_act: int
    tricks: tuple[Trick, ...]  # the hand's completed tricks
    trick: Trick  # the trick under way (empty before its lead)
    seed: int
    deals: int  # hands dealt in the match so far: the next deal's shuffle number
    deal: DealKind = "service"  # physical: people deal real cards and enter each deal (rules.md §11)
    claims: tuple[Claim, ...] = ()  # at a real table, what each player announced this hand, in seat order (declared so far)
    draws: tuple[tuple[Card, ...], ...] = ()  # at a real table, the draw for the first dealer: each round's cards, drawers in seat order

    @property
    def drawing(self) -> list[int]:
        """The seats that draw in the next round of the draw for the first dealer: all, then those tied for highest (§2.1)."""
        seats = list(range(len(self.players)))
        for cards in self.draws:
            if len(cards) != len(seats):
                return seats
            top = max(card.rank for card in cards)
            seats = [seat for seat, card in zip(seats, cards, strict=True) if card.rank == top]
        return seats

    @property
    def dealt_yet(self) -> bool:
        """Whether a hand has been dealt in this match (at a real table, not before the first real deal)."""
        return self.deals > 0

    @property
    def trump_known(self) -> bool:
        """Whether a hand is on the table, so its turn-up and trumps are known (not while a real table draws or deals)."""
        return self.dealt_yet and self.phase not in ("draw", "deal")

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def leader(self) -> int:
        """The seat to the dealer's right: first to declare, first to lead."""
        return (self.dealer + 1) % len(self.players)

    @property
    def trump(self) -> str:
        return self.stock.turn_up.suit

    @property
    def hand_honors(self) -> str:
        """The honors of the hand under way (§1.3): ``alternate`` by hands (odd hands of a game at the point, even at the
        face cards), ``alternate_games`` by games (odd games of the match at the point, even at the face cards)."""
        if self.honors == "alternate":
            return "point" if self.hand_number % 2 else "face"
        if self.honors == "alternate_games":
            return "point" if self.game % 2 else "face"
        return self.honors

    @property
    def shape(self) -> DealShape:
        return DEAL_SHAPES[len(self.players)]

    @property
    def acting(self) -> Seat:
        return self.players[self.to_act]

    def seat_of(self, name: str) -> int | None:
        return next((seat for seat, player in enumerate(self.players) if player.name == name), None)

    def tricks_taken(self) -> list[int]:
        """Tricks taken so far in this hand, per seat: each completed trick's taker led the one after it."""
        taken = [0] * len(self.players)
        if self.tricks:
            for later in (*self.tricks[1:], self.trick):
                taken[later.leader] += 1
        return taken

    def declared(self) -> int:
        """How many players have declared in this hand (the leader first, the dealer last)."""
        if self.phase == "declare":
            return (self.to_act - self.leader) % len(self.players)
        return len(self.players)

    def played_cards(self) -> list[list[Card]]:
        """The cards each seat has played in this hand, in order."""
        seats = len(self.players)
        played: list[list[Card]] = [[] for _ in range(seats)]
        for trick in (*self.tricks, self.trick):
            for position, card in enumerate(trick.cards):
                played[(trick.leader + position) % seats].append(card)
        return played

    def dealt_hands(self, played: list[list[Card]] | None = None) -> list[list[Card]]:
        """Each seat's hand as dealt: what it holds now and what it has played (``played``: :meth:`played_cards`,
        when the caller has read them already)."""
        plays = self.played_cards() if played is None else played
        return [[*player.hand, *cards] for player, cards in zip(self.players, plays, strict=True)]

    def with_seat(self, seat: int, player: Seat) -> TableState:
        players = list(self.players)
        players[seat] = player
        return replace(self, players=tuple(players))

    def rules_to_dict(self) -> dict[str, object]:
        """The match's variant settings as the wire carries them: under ``rules``, as every game's."""
        return {"honors": self.honors, "games": self.games}

    def to_dict(self) -> dict[str, object]:
        return {
            "players": [player.to_dict() for player in self.players],
            "rules": self.rules_to_dict(),
            "game": self.game,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "stock": self.stock.to_dict() if self.dealt_yet else None,
            "phase": self.phase,
            "to_act": self.to_act,
            "tricks": [trick.to_dict() for trick in self.tricks],
            "trick": self.trick.to_dict(),
            "seed": self.seed,
            "deals": self.deals,
            "deal": self.deal,
            "claims": [claim.to_dict() for claim in self.claims],
            "draws": [card_texts(cards) for cards in self.draws],
        }


# -- checking a state whole ---------------------------------------------------------------------
def roster_problems(names: Sequence[str], pointer: str = "/players/{}") -> list[Problem]:
    """Four or five players (§1.2), each named, no name twice."""
    return core_roster(names, (min(PLAYER_COUNTS), max(PLAYER_COUNTS)), "rules.md §1.2", "/players", pointer.removeprefix("/players/{}"))


def state_problems(state: TableState) -> list[Problem]:
    """Everything wrong with a state, at once (rules.md §11.2)."""
    problems = roster_problems([player.name for player in state.players], "/players/{}/name")
    if len(state.players) not in PLAYER_COUNTS:
        return problems  # without a table of four or five, no other count means anything
    played = state.played_cards()  # each seat's plays this hand, read once for every check that needs them
    dealt = dealt_holdings(state, played)  # and each seat's hand as dealt, as bits: the announcements' and the replay's
    problems += _counter_problems(state)
    problems += _hidden_problems(state, dealt)
    problems += _card_problems(state, played, dealt)
    if state.phase in ("draw", "deal"):
        return problems
    shape = _trick_problems(state)
    history = None if shape else _history(state, dealt)  # the hand played once: each trick's taker, and every card's duty
    if history is not None:
        shape = _order_problems(state, history)
    problems += shape or _hand_size_problems(state, played)
    if history is None or shape or any(p.code in ("card_total", "too_many_copies", "hand_size", "seat_out_of_range") for p in problems):
        return problems  # the plays of impossible cards or tricks would only repeat the fault
    return problems + list(history.problems) + ([] if history.problems else _turn_problems(state))


def _named(state: TableState, seat: int) -> str:
    """A seat as a message names it: its player, or the bare seat when there is none (a problem says so elsewhere)."""
    return state.players[seat].name if 0 <= seat < len(state.players) else f"seat {seat}"


def _counter_problems(state: TableState) -> list[Problem]:
    seats = len(state.players)
    problems = []
    for name, seat in (("dealer", state.dealer), ("to_act", state.to_act)):
        if not 0 <= seat < seats:
            problems.append(Problem(f"/{name}", "seat_out_of_range", f"seat {seat} does not exist at a table of {seats} (seats count from 0)"))
    if not 1 <= state.game <= state.games:
        problems.append(Problem("/game", "game_out_of_range", f"game {state.game} is not one of the match's {state.games}"))
    over = state.phase == "over"
    winners = [seat for seat, player in enumerate(state.players) if player.chips >= WINNING_CHIPS]
    for seat, player in enumerate(state.players):
        if player.chips > WINNING_CHIPS:
            problems.append(Problem(f"/players/{seat}/chips", "too_many_chips", f"a game stops at {WINNING_CHIPS} chips (24 points), not {player.chips}"))
    if not over and winners:
        problems.append(
            Problem(
                f"/players/{winners[0]}/chips",
                "game_already_won",
                f"{state.players[winners[0]].name!r} has {WINNING_CHIPS} chips: the game stopped there (rules.md §3.3)",
            )
        )
    if over and len(winners) != 1:
        problems.append(Problem("/players", "no_game_winner", f"a match over ends on a game won by one player at {WINNING_CHIPS} chips"))
    won = sum(player.games_won for player in state.players)
    expected = state.game if over else state.game - 1
    if won != expected:
        when = "the match ended with" if over else "before"
        problems.append(Problem("/players", "games_won_total", f"the players have won {won} games in all; {when} game {state.game}, that is {expected}"))
    if over and state.game != state.games:
        problems.append(Problem("/phase", "match_not_over", f"the match is over only after game {state.games}; this is game {state.game}"))
    return problems


def _card_problems(state: TableState, played: list[list[Card]], dealt: list[int]) -> list[Problem]:
    """Conservation of the 52 cards: every zone counted, no card twice (§1.1, §2.2). ``played`` and ``dealt`` are
    each seat's plays and its hand as dealt in bits (:func:`dealt_holdings`): with the stock's, the bits hold each
    card seen once, so the table repeats a card exactly when it shows more cards than it has bits set."""
    stock = state.stock
    seen = sum(len(player.hand) for player in state.players) + sum(map(len, played)) + 1 + len(stock.cards)
    total = seen + stock.hidden + sum(player.hidden for player in state.players)
    # one pack holds each card once: only a table with a repeated card needs every card's place
    distinct = reduce(or_, dealt, holding((stock.turn_up, *stock.cards))).bit_count()
    problems = excess_copies(_places(state), PACK) if distinct != seen else []
    if state.phase in ("draw", "deal"):  # the cards are gathered for the next deal: only the last hand's stock is kept, as a record
        return problems + _gathered_problems(state)
    if total != DECK_SIZE:
        problems.append(Problem("", "card_total", f"the hands, tricks and stock hold {total} cards, known and counted; the pack is {DECK_SIZE}"))
    if state.dealt_yet and state.stock.size != state.shape.stock:
        problems.append(
            Problem("/stock", "stock_size", f"the stock holds {state.stock.size} cards with the turn-up; at a table of {state.seats} it is {state.shape.stock}")
        )
    return problems


def _gathered_problems(state: TableState) -> list[Problem]:
    """Waiting for a real deal (§13.5): nothing in hand, no trick, the new dealer to act; only a real table waits."""
    problems = []
    if state.deal != "physical":
        problems.append(
            Problem("/phase", "deal_not_physical", "only a real table waits for its next deal; the referee deals the others itself (rules.md §13.5)")
        )
    if any(player.hand or player.hidden for player in state.players) or state.tricks or state.trick.cards or state.claims:
        problems.append(
            Problem("/players", "cards_before_deal", "before the next deal every card is gathered: no hand, trick or declaration yet (rules.md §13.5)")
        )
    if state.phase == "draw":
        return problems + _draw_problems(state)
    if state.to_act != state.dealer:
        problems.append(Problem("/to_act", "wrong_turn", f"the dealer, {_named(state, state.dealer)}, enters the deal, not {_named(state, state.to_act)}"))
    if state.draws and not state.dealt_yet and state.drawing != [state.dealer]:  # the draw names the first dealer only (§13.6)
        problems.append(
            Problem(
                "/dealer", "draw_not_won", f"the draw for the first dealer gives {_named(state, state.drawing[0])} the deal only if they alone drew highest"
            )
        )
    return problems


def _draw_problems(state: TableState) -> list[Problem]:
    """The draw for the first dealer under way (§2.1, §13.6): before any deal, each round as long as its drawers, no card twice."""
    problems = []
    if state.dealt_yet:
        problems.append(Problem("/deals", "draw_after_deal", "the draw for the first dealer comes before the first deal (rules.md §2.1)"))
    seen: set[Card] = set()
    seats = list(range(state.seats))
    for number, cards in enumerate(state.draws):
        if len(cards) != len(seats):
            problems.append(Problem(f"/draws/{number}", "draw_size", f"{len(seats)} players draw in this round, not {len(cards)}"))
            return problems
        if seen & set(cards) or len(set(cards)) != len(cards):
            problems.append(Problem(f"/draws/{number}", "card_twice", "a card drawn once is not drawn again"))
        seen |= set(cards)
        top = max(card.rank for card in cards)
        seats = [seat for seat, card in zip(seats, cards, strict=True) if card.rank == top]
    if len(seats) == 1 and state.draws:
        problems.append(Problem("/phase", "draw_won", f"{_named(state, seats[0])} drew highest alone: the draw is over and they deal"))
    if state.to_act != seats[0]:
        problems.append(Problem("/to_act", "wrong_turn", f"the draw is entered by the first player drawing, {_named(state, seats[0])}"))
    return problems


def _hidden_problems(state: TableState, dealt: list[int]) -> list[Problem]:
    """Unseen cards and announced declarations belong to a real table only; one announcement per player who has declared."""
    problems = []
    if state.deal != "physical":
        problems += [
            Problem(f"/players/{seat}/hidden", "hidden_not_physical", "only at a real table may a hand be counted rather than seen (rules.md §13.1)")
            for seat, player in enumerate(state.players)
            if player.hidden
        ]
        if state.claims:
            problems.append(Problem("/claims", "claims_not_physical", "the referee announces the declarations of the hands it deals (rules.md §5.2)"))
    elif state.phase in ("declare", "play") and len(state.claims) != state.declared():
        problems.append(Problem("/claims", "claims_count", f"{state.declared()} players have declared in this hand; {len(state.claims)} announcements given"))
    problems += [
        Problem(
            f"/players/{seat}/hand",
            "announced_card_not_held",
            f"{_named(state, seat)} announced {card} in a sequence: their hand holds it, or they played it (rules.md §13.4)",
        )
        for seat, cards in enumerate(announced_not_held(state, dealt))
        for card in cards
    ]
    for number, claim in enumerate(state.claims):
        for index, run in enumerate(claim.sequences or ()):
            if not is_sequence(run):
                problems.append(Problem(f"/claims/{number}/sequences/{index}", "not_a_sequence", "a sequence is five or more cards of a suit in a row"))
    return problems


def _places(state: TableState) -> Iterator[tuple[str, Card]]:
    for seat, player in enumerate(state.players):
        yield from ((f"/players/{seat}/hand/{index}", card) for index, card in enumerate(player.hand))
    for number, trick in enumerate(state.tricks):
        yield from ((f"/tricks/{number}/cards/{index}", card) for index, card in enumerate(trick.cards))
    yield from ((f"/trick/cards/{index}", card) for index, card in enumerate(state.trick.cards))
    yield "/stock/turn_up", state.stock.turn_up
    yield from ((f"/stock/cards/{index}", card) for index, card in enumerate(state.stock.cards))


def dealt_holdings(state: TableState, played: list[list[Card]]) -> list[int]:
    """Each seat's hand as dealt (:meth:`TableState.dealt_hands`, the one statement of it; ``played``:
    :meth:`TableState.played_cards`), as the replay's bits (:func:`~.hand.holding`)."""
    return [holding(hand) for hand in state.dealt_hands(played)]


def _history(state: TableState, dealt: list[int]) -> Replay:
    """The hand replayed from the deal (``dealt``: :func:`dealt_holdings`; the replay plays down its own copy), each
    trick led by the seat the state names: every card was its player's and met the duty of its turn, and each full trick's taker
    (what :func:`_order_problems` compares the next leader with)."""
    everything = (*state.tricks, state.trick)
    pointers = [*(f"/tricks/{number}/cards" for number in range(len(state.tricks))), "/trick/cards"]
    leaders = [trick.leader for trick in everything]
    return replay(dealt, state.leader, [trick.cards for trick in everything], state.trump, pointers, leaders)


def _trick_problems(state: TableState) -> list[Problem]:
    """The tricks' shape: leaders are seats, full tricks behind, one under way (§7.1, §7.6)."""
    seats = len(state.players)
    problems = [
        Problem(f"{_trick_at(state, number)}/leader", "seat_out_of_range", f"seat {trick.leader} does not exist at a table of {seats}")
        for number, trick in enumerate((*state.tricks, state.trick))
        if not 0 <= trick.leader < seats
    ]
    for number, trick in enumerate(state.tricks):
        if len(trick.cards) != seats:
            problems.append(Problem(f"/tricks/{number}/cards", "trick_incomplete", f"a completed trick holds one card from each of the {seats} players"))
    if len(state.trick.cards) >= seats:
        problems.append(Problem("/trick/cards", "trick_too_long", f"the trick under way holds at most {seats - 1} cards: a full trick is taken"))
    return problems


def _order_problems(state: TableState, history: Replay) -> list[Problem]:
    """The tricks in order, of a hand of the right shape: each led by the taker of the trick before (the replay's), the
    first by the hand's leader; no trick after the last, none before the declarations, none begun once the game is won."""
    dealt = state.shape.hand_size
    problems = []
    expected = state.leader
    for number, trick in enumerate(history.tricks):
        if trick.leader != expected:
            why = "the hand's leader" if number == 0 else "the taker of the trick before"
            problems.append(Problem(f"{_trick_at(state, number)}/leader", "wrong_leader", f"seat {expected} leads this trick ({why}), not seat {trick.leader}"))
        if trick.winner is not None:
            expected = trick.winner
    if len(state.tricks) > dealt or (len(state.tricks) == dealt and state.phase == "play"):
        problems.append(Problem("/tricks", "hand_finished", f"all {dealt} tricks are played: the hand is scored and the next one dealt"))
    if state.phase == "declare" and (state.tricks or state.trick.cards):
        problems.append(Problem("/tricks", "tricks_before_declarations", "no card is played until every player has declared (rules.md §5.2)"))
    if state.phase == "over" and state.trick.cards:
        problems.append(Problem("/trick/cards", "trick_after_game", "a game stops as a trick is taken or the card scored, never mid-trick (rules.md §3.3)"))
    return problems


def _trick_at(state: TableState, number: int) -> str:
    """The pointer of the hand's trick ``number``, counted from 0: a completed trick's, or the one under way's (the last).
    Written only for a problem: a state without one builds no pointer."""
    return f"/tricks/{number}" if number < len(state.tricks) else "/trick"


def _hand_size_problems(state: TableState, played: list[list[Card]]) -> list[Problem]:
    """Each hand holds what was dealt less what its player has played."""
    seats, dealt = len(state.players), state.shape.hand_size
    problems = []
    for seat, (player, cards) in enumerate(zip(state.players, played, strict=True)):
        if player.holding + len(cards) != dealt:
            problems.append(
                Problem(
                    f"/players/{seat}/hand",
                    "hand_size",
                    f"{player.name!r} holds {player.holding} cards and has played {len(cards)}; at a table of {seats} a hand is {dealt}",
                )
            )
    return problems


def _turn_problems(state: TableState) -> list[Problem]:
    seats = len(state.players)
    turn = (state.trick.leader + len(state.trick.cards)) % seats
    if state.phase != "play" or state.to_act == turn:
        return []
    return [Problem("/to_act", "wrong_turn", f"seat {turn} plays next to this trick, not seat {state.to_act}")]


def check_state(state: TableState) -> TableState:
    """Return ``state`` if it describes a real table, else raise with every problem (up to the cap)."""
    return checked(state_problems, state)


# -- reading a state from plain data ------------------------------------------------------------
def state_from_dict(data: Mapping[str, Any]) -> TableState:
    """Read a state from its plain form and check it whole; every problem is raised at once (up to the cap)."""
    return read_whole(read, state_problems, data)


def read(data: Mapping[str, Any], reader: Reader[Card]) -> TableState:
    """A state from its plain form, unchecked; every problem of the reading goes to ``reader``."""
    seats = data.get("players")
    if not isinstance(seats, list):
        reader.problem("/players", "not_a_list", "players is a list of seats, in the order of play")
        seats = []
    players = tuple(_seat(reader, item, f"/players/{index}") for index, item in enumerate(seats))
    count = max(len(players), max(PLAYER_COUNTS))  # seat numbers are checked against the real count later, with the roster
    placeholder = data.get("stock") is None and data.get("deals") == 0  # no hand dealt yet at a real table: no stock either
    stock_data = {"turn_up": "AS"} if placeholder else reader.mapping(data.get("stock"), "/stock", '{"turn_up": ..., "cards": [...], "hidden": n}')
    turn_up = reader.card(stock_data.get("turn_up"), "/stock/turn_up")
    stock = Stock(
        turn_up or Card(1, "S"), reader.cards(stock_data.get("cards", []), "/stock/cards"), reader.integer(stock_data, "hidden", "/stock", 0, DECK_SIZE, 0)
    )
    tricks_data = data.get("tricks", [])
    if not isinstance(tricks_data, list):
        reader.problem("/tricks", "not_a_list", "tricks is the list of the hand's completed tricks")
        tricks_data = []
    tricks = tuple(_trick(reader, item, f"/tricks/{number}", count) for number, item in enumerate(tricks_data))
    rules = reader.mapping(data.get("rules"), "/rules", '{"honors": ..., "games": n}')  # a match's variant settings, as in every game
    state = TableState(
        players=players,
        honors=reader.choice(rules, "honors", "/rules", HONORS_OPTIONS),
        games=reader.integer(rules, "games", "/rules", 1, MAX_GAMES, 1),
        game=reader.integer(data, "game", "", 1, MAX_GAMES, 1),
        hand_number=reader.integer(data, "hand_number", "", 1, 10_000),
        dealer=reader.integer(data, "dealer", "", 0, count - 1),
        stock=stock,
        phase=reader.choice(data, "phase", "", PHASES),
        to_act=reader.integer(data, "to_act", "", 0, count - 1),
        tricks=tricks,
        trick=_trick(reader, data.get("trick"), "/trick", count),
        seed=reader.integer(data, "seed", "", 0, MAX_SEED),
        deals=reader.integer(data, "deals", "", 0, 1_000_000),
        deal=reader.choice({"deal": data.get("deal", "service")}, "deal", "", DEAL_KINDS),
        claims=_claims(reader, data.get("claims", [])),
        draws=_draws(reader, data.get("draws", [])),
    )
    if reader.problems:  # with the names' problems, which the state check would have told
        reader.extend(roster_problems([player.name for player in players], "/players/{}/name"))
        return state
    return with_announced_cards_held(state)


def announced_not_held(state: TableState, dealt: list[int] | None = None) -> list[list[Card]]:
    """Per seat, the cards of its announced sequences that are neither in its known hand nor among its plays
    (``dealt``: :func:`dealt_holdings`, when the caller has read them already)."""
    seats = len(state.players)
    missing: list[list[Card]] = [[] for _ in range(seats)]
    if not state.claims or not 0 <= state.dealer < seats:
        return missing  # nothing announced (a hand the referee deals), or no seat to read the announcements from
    dealt = dealt_holdings(state, state.played_cards()) if dealt is None else dealt
    leader = state.leader
    for position, claim in enumerate(state.claims[:seats]):
        seat = (leader + position) % seats
        known, unseen = dealt[seat], missing[seat]
        for run in claim.sequences or ():
            for card in run:
                bit = CARD_BITS[card]
                if not known & bit:  # each card missing once, however often it is announced
                    known |= bit
                    unseen.append(card)
    return missing


def with_announced_cards_held(state: TableState) -> TableState:
    """The cards of an announced sequence are shown (rules.md §13.4): a state that still counts them among a declarer's
    unseen cards holds them in that hand, known, so no other seat can be thought to hold them. A hand whose count is too
    small keeps them out (the state check then says so). Where every hand is seen, no card can move: nothing to look for."""
    if not any(player.hidden for player in state.players):
        return state
    for seat, cards in enumerate(announced_not_held(state)):
        player = state.players[seat]
        if cards and len(cards) <= player.hidden:
            state = state.with_seat(seat, replace(player, hand=(*player.hand, *cards), hidden=player.hidden - len(cards)))
    return state


def _seat(reader: Reader[Card], item: object, at: str) -> Seat:
    data = reader.mapping(item, at, '{"name", "hand", "chips", "games_won"}')
    return Seat(
        reader.name(data.get("name"), f"{at}/name", MAX_NAME),
        reader.cards(data.get("hand"), f"{at}/hand"),
        reader.integer(data, "chips", at, 0, WINNING_CHIPS, 0),
        reader.integer(data, "games_won", at, 0, MAX_GAMES, 0),
        reader.integer(data, "hidden", at, 0, DECK_SIZE, 0),
    )


def _draws(reader: Reader[Card], items: object) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(items, list) or len(items) > DECK_SIZE:
        reader.problem("/draws", "not_a_list", "draws is the list of the rounds of the draw for the first dealer, each a list of cards")
        return ()
    return tuple(reader.cards(cards, f"/draws/{number}") for number, cards in enumerate(items))


def _claims(reader: Reader[Card], items: object) -> tuple[Claim, ...]:
    """The announcements of a real table's hand, in seat order from the leader: each its sequences and its Point."""
    if not isinstance(items, list):
        reader.problem("/claims", "not_a_list", "claims is the list of what each player announced, from the leader")
        return ()
    claims = []
    for index, item in enumerate(items):
        at = f"/claims/{index}"
        data = reader.mapping(item, at, '{"sequences": [[...]], "point": {"count", "sum"}}')
        runs = data.get("sequences", [])
        sequences = tuple([reader.cards(run, f"{at}/sequences/{number}") for number, run in enumerate(runs)]) if isinstance(runs, list) else ()
        here = f"{at}/point"
        point = reader.mapping(data.get("point"), here, '{"count": n, "sum": n}')
        claims.append(Claim(sequences, (reader.integer(point, "count", here, 0, 13), reader.integer(point, "sum", here, 0, 85))))
    return tuple(claims)


def _trick(reader: Reader[Card], item: object, at: str, seats: int) -> Trick:
    data = reader.mapping(item, at, '{"leader": seat, "cards": [...]}')
    return Trick(reader.integer(data, "leader", at, 0, seats - 1), reader.cards(data.get("cards", []), f"{at}/cards"))
