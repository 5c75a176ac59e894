"""A game of Three Kings as one immutable value, checked whole (rules.md §2, §11).

A zone holds the cards the referee knows (in order, top last) and a count of
cards it cannot see, so one state serves a game the service dealt and a
physical table where hands and the draw pile are unseen.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import chain
from operator import attrgetter
from typing import Any, Literal, get_args

from service.core.cards import KING
from service.core.kit import checked, read_whole
from service.core.problems import InvalidInput, Problem
from service.core.problems import roster_problems as core_roster
from service.core.reading import Reader as CoreReader
from service.core.zones import Zone

from .cards import MAX_PLAYERS, MIN_PLAYERS, Card, card_texts, copies_of, excess_copies, pack_size, parse_card
from .rules import SCORINGS, Rules, rules_problems
from .scoring import EndReason, Outcome, Result, pile_problems, score

Phase = Literal["draw", "play", "kings", "over"]  # kings: the set or discard is made, a King may still be taken (§3.2)
PHASES: tuple[str, ...] = get_args(Phase)
Deal = Literal["service", "physical"]  # who dealt: the service (it knows the pile) or people at a real table (§10)
DEALS: tuple[str, ...] = get_args(Deal)


_rank = attrgetter("rank")  # a card's rank, read at C speed


def kings_in(hand: Zone[Card]) -> int:
    """How many Kings the referee sees in ``hand``."""
    return sum(1 for card in hand.cards if card.rank == KING)


@dataclass(frozen=True, slots=True)
class Player:
    """A seat: the name, the hand, and the pile of sets taken (three cards a set, in order)."""

    name: str
    hand: Zone[Card]
    pile: tuple[Card, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {"name": self.name, "hand": self.hand.to_dict(), "pile": card_texts(self.pile)}


@dataclass(frozen=True, slots=True)
class GameState:
    """The table between two moves. Players are listed clockwise; ``passes`` counts passes in a row once the pile is empty."""

    rules: Rules
    players: tuple[Player, ...]
    table: tuple[Card, ...]
    draw_pile: Zone[Card]
    dealer: int = 0
    to_act: int = 1
    phase: Phase = "draw"
    passes: int = 0
    three_kings: str | None = None
    seed: int = 0
    outcome: Outcome | None = None
    deal: Deal = "service"

    @property
    def acting(self) -> Player:
        return self.players[self.to_act]

    def seat_of(self, name: str) -> int | None:
        return next((seat for seat, player in enumerate(self.players) if player.name == name), None)

    def with_player(self, seat: int, player: Player) -> GameState:
        players = list(self.players)
        players[seat] = player
        return replace(self, players=tuple(players))

    def known_places(self) -> Iterator[tuple[str, Card]]:
        """Every known card with the JSON pointer of its place."""
        for seat, player in enumerate(self.players):
            yield from ((f"/players/{seat}/hand/cards/{i}", card) for i, card in enumerate(player.hand.cards))
            yield from ((f"/players/{seat}/pile/{i}", card) for i, card in enumerate(player.pile))
        yield from ((f"/table/{i}", card) for i, card in enumerate(self.table))
        yield from ((f"/draw_pile/cards/{i}", card) for i, card in enumerate(self.draw_pile.cards))

    def known_ranks(self) -> Counter[int]:
        """How many cards of each rank the referee can see anywhere."""
        zones = chain.from_iterable((player.hand.cards, player.pile) for player in self.players)
        return Counter(map(_rank, chain(chain.from_iterable(zones), self.table, self.draw_pile.cards)))  # counted at C speed

    def card_total(self) -> int:
        return sum(p.hand.size + len(p.pile) for p in self.players) + len(self.table) + self.draw_pile.size

    def piles(self) -> dict[str, tuple[Card, ...]]:
        return {player.name: player.pile for player in self.players}

    def expected_outcome(self) -> Outcome:
        """The outcome a finished game has: three Kings end it unless played out (§7, §9)."""
        reason: EndReason = "three_kings" if self.three_kings is not None and not self.rules.play_it_out else "all_passed"
        return Outcome(reason, self.three_kings, score(self.piles(), self.three_kings, self.rules.scoring))

    def to_dict(self) -> dict[str, object]:
        return {
            "rules": self.rules.to_dict(),
            "players": [player.to_dict() for player in self.players],
            "table": card_texts(self.table),
            "draw_pile": self.draw_pile.to_dict(),
            "dealer": self.dealer,
            "to_act": self.to_act,
            "phase": self.phase,
            "passes": self.passes,
            "three_kings": self.three_kings,
            "seed": self.seed,
            "outcome": self.outcome.to_dict() if self.outcome else None,
            "deal": self.deal,
        }


def may_take_king(state: GameState) -> bool:
    """The player to act may take a King: the table shows one, and their hand holds one, or may among its unseen cards (§5.2)."""
    return any(card.rank == KING for card in state.table) and possibly_held(state, state.acting.hand, KING)


def possibly_held(state: GameState, hand: Zone[Card], rank: int, known: Counter[int] | None = None) -> bool:
    """Whether a hand holds ``rank`` for sure, or may among its unseen cards (a copy is unaccounted for)."""
    if any(card.rank == rank for card in hand.cards):
        return True
    if not hand.hidden:
        return False
    counts = state.known_ranks() if known is None else known
    return counts[rank] < copies_of(rank, len(state.players))


# -- checking a state whole --------------------------------------------------------------
def roster_problems(names: list[str], pointer: str = "/players/{}") -> list[Problem]:
    """2 to 20 seats (§2.1), each named once."""
    return core_roster(names, (MIN_PLAYERS, MAX_PLAYERS), "rules.md §2.1", "/players", pointer.removeprefix("/players/{}"))


def state_problems(state: GameState) -> list[Problem]:
    """Everything wrong with a state, at once (rules.md §11)."""
    count = len(state.players)
    problems = roster_problems([player.name for player in state.players], "/players/{}/name") + rules_problems(state.rules, "/rules")
    if count < MIN_PLAYERS or count > MAX_PLAYERS:
        return problems  # the pack is only defined for a real table
    if any(n > copies_of(rank, count) for rank, n in state.known_ranks().items()):
        problems += excess_copies(state.known_places(), count)
    total = state.card_total()
    if total != pack_size(count):
        problems.append(Problem("", "card_total", f"the zones hold {total} cards, seen and unseen; the pack for {count} players has {pack_size(count)}"))
    if state.deal == "physical" and state.draw_pile.cards:
        problems.append(Problem("/draw_pile", "physical_pile_known", "people shuffled this pile: the referee only counts it (rules.md §10.1)"))
    if state.draw_pile.cards and state.draw_pile.hidden:
        problems.append(Problem("/draw_pile", "draw_pile_partly_known", "the draw pile is either known card by card (in order) or only counted, not both"))
    for seat, player in enumerate(state.players):
        problems += pile_problems(player.pile, f"/players/{seat}/pile")
    for name, seat in (("dealer", state.dealer), ("to_act", state.to_act)):
        if not 0 <= seat < count:
            problems.append(Problem(f"/{name}", "seat_out_of_range", f"seat {seat} does not exist at a table of {count}"))
    return problems + _turn_problems(state) + _three_kings_problems(state)


def _turn_problems(state: GameState) -> list[Problem]:
    problems = []
    if state.phase == "draw" and not state.draw_pile.size:
        problems.append(Problem("/phase", "nothing_to_draw", "the draw pile is empty: a turn then starts in phase play (rules.md §3.1)"))
    if state.phase != "over" and not state.table and state.draw_pile.size:
        problems.append(
            Problem("/table", "table_not_refilled", "the table is empty while the draw pile has cards: an emptied table is refilled at once (rules.md §6.1)")
        )
    seated = 0 <= state.to_act < len(state.players)  # else seat_out_of_range is the problem: no seat to ask about
    if state.phase == "kings" and seated and not may_take_king(state):
        problems.append(
            Problem("/phase", "no_king_to_take", "phase kings keeps the turn only while its player may take a table King: the turn is over (rules.md §3.2)")
        )
    if not 0 <= state.passes <= len(state.players):
        problems.append(Problem("/passes", "bad_passes", f"passes in a row are 0 to {len(state.players)}, not {state.passes}"))
    elif state.passes and state.draw_pile.size:
        problems.append(Problem("/passes", "passes_with_cards_to_draw", "passes are only counted once the draw pile is empty (rules.md §7.2)"))
    elif state.passes == len(state.players) and state.phase != "over":
        problems.append(Problem("/phase", "game_should_be_over", "every player has passed with the pile empty: the game is over (rules.md §7.2)"))
    return problems


def _three_kings_problems(state: GameState) -> list[Problem]:
    problems = []
    holder = state.three_kings
    seat = None if holder is None else state.seat_of(holder)
    if holder is not None and seat is None:
        problems.append(Problem("/three_kings", "unknown_player", f"{holder!r} is not at this table"))
    elif seat is not None and kings_in(state.players[seat].hand) < 3:
        problems.append(Problem("/three_kings", "three_kings_not_held", f"{holder!r} does not show three Kings in hand"))
    if holder is None:
        problems += [
            Problem(f"/players/{s}/hand", "three_kings_unrecorded", f"{p.name!r} holds three Kings: three_kings must name them (rules.md §7.1)")
            for s, p in enumerate(state.players)
            if kings_in(p.hand) >= 3
        ]
    if state.phase == "over":
        expected = state.expected_outcome()
        if expected.reason == "all_passed" and state.draw_pile.size:
            problems.append(Problem("/phase", "game_not_over", "the draw pile still has cards and nobody's three Kings ended the game"))
        if state.outcome != expected:
            problems.append(Problem("/outcome", "outcome_mismatch", f"the game's outcome is {expected.to_dict()}"))
    elif state.outcome is not None:
        problems.append(Problem("/outcome", "outcome_mismatch", "a game still in play has no outcome"))
    elif holder is not None and not state.rules.play_it_out:
        problems.append(Problem("/phase", "game_should_be_over", f"{holder!r} holds three Kings: the game is over (rules.md §7.1)"))
    return problems


def check_state(state: GameState) -> GameState:
    """Return ``state`` if it describes a real table, else raise with every problem (up to the cap)."""
    return checked(state_problems, state)


# -- reading a state from plain data ------------------------------------------------------
class Reader(CoreReader[Card]):
    """The one typed reader (:mod:`service.core.reading`) with this game's cards, rules and outcome."""

    def __init__(self) -> None:
        super().__init__(parse_card, Card)

    def optional_name(self, value: object, pointer: str) -> str | None:
        return None if value is None else self.name(value, pointer)

    def rules(self, value: object) -> Rules:
        data = self.mapping({} if value is None else value, "/rules")
        scoring = self.choice(data, "scoring", "/rules", SCORINGS, "three_kings_wins")
        play_it_out = data.get("play_it_out", False)
        if not isinstance(play_it_out, bool):
            self.problem("/rules/play_it_out", "bad_boolean", f"play_it_out is true or false, not {play_it_out!r}")
            play_it_out = False
        return Rules(scoring, play_it_out)  # type: ignore[arg-type]  # checked by choice()

    def outcome(self, value: object) -> Outcome | None:
        if value is None:
            return None
        data = self.mapping(value, "/outcome")
        reason = self.choice(data, "reason", "/outcome", ("three_kings", "all_passed"), "all_passed")
        scores = data.get("scores")
        if scores is not None and not (
            isinstance(scores, Mapping) and all(isinstance(points, int) and not isinstance(points, bool) for points in scores.values())
        ):
            self.problem("/outcome/scores", "bad_scores", "scores map each player to whole points, or are null")
            scores = None
        winners = self.texts(data.get("winners", []), "/outcome/winners", "winners is a list of names")
        result = Result(None if scores is None else dict(scores), winners)
        return Outcome(reason, self.optional_name(data.get("three_kings"), "/outcome/three_kings"), result)  # type: ignore[arg-type]


def read_state(data: Mapping[str, Any]) -> GameState:
    """Read a state from its plain form and check it whole; every problem is raised at once."""
    return read_whole(read, state_problems, data, Reader())


def read(data: Mapping[str, Any], reader: Reader) -> GameState:
    """A state from plain data, its problems going to ``reader`` (the engine kit's read hook)."""
    players = []
    for seat, item in enumerate(data.get("players") or []):
        at = f"/players/{seat}"
        entry = reader.mapping(item, at)
        name = reader.name(entry.get("name", ""), f"{at}/name")
        players.append(Player(name, reader.zone(entry.get("hand", {}), f"{at}/hand"), reader.cards(entry.get("pile", []), f"{at}/pile")))
    state = GameState(
        rules=reader.rules(data.get("rules")),
        players=tuple(players),
        table=reader.cards(data.get("table", []), "/table"),
        draw_pile=reader.zone(data.get("draw_pile", {}), "/draw_pile"),
        dealer=reader.integer(data, "dealer", ""),
        to_act=reader.integer(data, "to_act", ""),
        phase=reader.choice(data, "phase", "", PHASES, "draw"),  # type: ignore[arg-type]
        passes=reader.integer(data, "passes", ""),
        three_kings=reader.optional_name(data.get("three_kings"), "/three_kings"),
        seed=reader.integer(data, "seed", ""),
        outcome=reader.outcome(data.get("outcome")),
        deal=reader.choice(data, "deal", "", DEALS, "service"),  # type: ignore[arg-type]
    )
    return state


@dataclass(frozen=True, slots=True)
class View:
    """What one player may see: their own hand, how many cards the others hold, every public card; never the pile's order,
    nor the seed (with it anyone could replay the shuffle and learn every hidden card)."""

    state: GameState
    player: str

    def to_dict(self) -> dict[str, object]:
        data = self.state.to_dict()
        data["players"] = [
            player.to_dict() if player.name == self.player else {**player.to_dict(), "hand": {"cards": [], "hidden": player.hand.size}}
            for player in self.state.players
        ]
        data["draw_pile"] = {"cards": [], "hidden": self.state.draw_pile.size}
        if self.state.phase != "over" and self.state.three_kings != self.player:
            data["three_kings"] = None  # it tells the others of hidden cards: public only once the game is over (rules.md §9)
        data["seed"] = None
        data["player"] = self.player
        return data


def view(state: GameState, player: str) -> View:
    if state.seat_of(player) is None:
        raise InvalidInput([Problem("/player", "unknown_player", f"{player!r} is not at this table")])
    return View(state, player)
