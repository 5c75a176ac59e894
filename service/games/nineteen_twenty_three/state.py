"""A match of 1923 as one immutable value: every seat, the pile, the dead cards, the order the pack was taken.

The state spans a whole match (rules.md §3-§6): the current game's hands and
locks, the cards each player has won in the current set, the running points,
and the set and game numbers. A zone holds the cards the referee knows and a
count of those it cannot see, so one state serves a server-dealt match and a
real table watched by a phone (§7.3). A hand is written in the order its
cards were taken; when the referee has not seen some of them, the unseen ones
are the last taken (the known cards are a prefix).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from itertools import chain
from typing import Any, Literal, get_args

from service.core.cards import Card, card_texts
from service.core.kit import checked, read_whole
from service.core.names import have_not, possessive
from service.core.problems import Problem, excess_copies_among
from service.core.reading import Reader
from service.core.zones import Zone

from .judging import judge_game
from .scoring import MAX_TARGET, RULE_OF_MATCH, MatchResult, MatchRule, match_result
from .table import DEAL, decks_problems, pack_of, roster_problems, token

# play: taking and locking; reveal: everyone has locked; draw: hands shown at a real table, a tie waits for its draws (§4.4);
# war: the set's last game, one card each (§5.2); over: the match has ended
Phase = Literal["play", "reveal", "draw", "war", "over"]
PHASES: tuple[str, ...] = get_args(Phase)
Deal = Literal["service", "physical"]  # who mixes and deals: the referee from the seed, or players at a real table (§7.3)
DEALS: tuple[str, ...] = get_args(Deal)
MATCH_RULES: tuple[str, ...] = get_args(MatchRule)


@dataclass(frozen=True, slots=True)
class Rules:
    """How many decks the table plays with (§1.2) and the points that win the match (§6.1)."""

    decks: int
    target: int

    def to_dict(self) -> dict[str, int]:
        return {"decks": self.decks, "target": self.target}


@dataclass(frozen=True, slots=True)
class Seat:
    """A player: their hand in the order taken, whether locked, the cards won this set, and the match so far.

    ``points`` is the running total of the sets already scored; ``match_cards``
    counts the cards won in those sets (the tie-break of §6.2).
    """

    name: str
    hand: Zone[Card] = field(default_factory=Zone)
    locked: bool = False
    won: tuple[Card, ...] = ()
    points: int = 0
    match_cards: int = 0

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "hand": self.hand.to_dict(),
            "locked": self.locked,
            "won": card_texts(self.won),
            "points": self.points,
            "match_cards": self.match_cards,
        }


@dataclass(frozen=True, slots=True)
class MatchState:
    """The table between two moves. ``taken`` names, card by card, who took the current game's cards (§3.6).

    ``deal`` says who mixes the pack for each set: the referee (``service``, from
    ``seed``, so the pile is known card by card) or the players (``physical``:
    the pile is counted). ``draws`` are the tie-break cards drawn so far while
    a real table's tie waits for its next draws (phase ``draw``, §4.4).
    """

    rules: Rules
    seats: tuple[Seat, ...]
    pile: Zone[Card]
    deal: Deal = "service"
    dead: Zone[Card] = field(default_factory=Zone)
    taken: tuple[str, ...] = ()
    phase: Phase = "play"
    set_number: int = 1
    game_number: int = 1
    seed: int = 0
    outcome: MatchResult | None = None
    draws: tuple[tuple[str, tuple[Card, ...]], ...] = ()

    def seat_index(self, name: str | None) -> int | None:
        return next((index for index, seat in enumerate(self.seats) if seat.name == name), None)

    def with_seat(self, index: int, seat: Seat) -> MatchState:
        seats = list(self.seats)
        seats[index] = seat
        return replace(self, seats=tuple(seats))

    @property
    def unlocked(self) -> tuple[str, ...]:
        return tuple(seat.name for seat in self.seats if not seat.locked)

    def known_cards(self) -> Iterator[tuple[str, Card]]:
        """Every card the referee knows, with the JSON pointer of its place."""
        for index, seat in enumerate(self.seats):
            yield from ((f"/players/{index}/hand/cards/{at}", card) for at, card in enumerate(seat.hand.cards))
            yield from ((f"/players/{index}/won/{at}", card) for at, card in enumerate(seat.won))
        yield from ((f"/pile/cards/{at}", card) for at, card in enumerate(self.pile.cards))
        yield from ((f"/dead/cards/{at}", card) for at, card in enumerate(self.dead.cards))
        yield from ((f"/draws/{token(name)}/{at}", card) for name, cards in self.draws for at, card in enumerate(cards))

    def known_cards_unplaced(self) -> Iterator[Card]:
        return chain(*(chain(seat.hand.cards, seat.won) for seat in self.seats), self.pile.cards, self.dead.cards, *(cards for _, cards in self.draws))

    @property
    def drawn(self) -> int:
        """How many tie-break cards have been drawn so far (phase draw)."""
        return sum(len(cards) for _, cards in self.draws)

    def card_total(self) -> int:
        return self.pile.size + self.dead.size + self.drawn + sum(seat.hand.size + len(seat.won) for seat in self.seats)

    def to_dict(self) -> dict[str, object]:
        return {
            "rules": self.rules.to_dict(),
            "players": [seat.to_dict() for seat in self.seats],
            "pile": self.pile.to_dict(),
            "deal": self.deal,
            "dead": self.dead.to_dict(),
            "taken": list(self.taken),
            "phase": self.phase,
            "set": self.set_number,
            "game": self.game_number,
            "seed": self.seed,
            "outcome": self.outcome.to_dict() if self.outcome else None,
            "draws": {name: card_texts(cards) for name, cards in self.draws},
        }


# -- checking a state whole (rules.md §7.1) ----------------------------------------------------------
def state_problems(state: MatchState) -> list[Problem]:
    """Everything wrong with a state, at once."""
    rules = state.rules
    count = len(state.seats)
    problems = roster_problems([seat.name for seat in state.seats], "/players", "/name")
    problems += decks_problems(rules.decks, count, "/rules/decks")
    if not 1 <= rules.target <= MAX_TARGET:
        problems.append(Problem("/rules/target", "bad_target", f"the target is a whole number of points from 1 to {MAX_TARGET}"))
    if problems:
        return problems  # the rest is measured against the seats and the pack
    pack = pack_of(rules.decks)
    problems += excess_copies_among(state.known_cards_unplaced(), state.known_cards, pack)
    total = state.card_total()
    if total != pack.size:
        problems.append(Problem("", "card_total", f"the zones hold {total} cards, known and unseen; {pack.describe()} are exactly {pack.size}"))
    if state.pile.cards and state.pile.hidden:
        problems.append(Problem("/pile", "pile_partly_known", "the pile is either known card by card (in order) or only counted, not both"))
    if state.deal == "service":
        problems += _referee_unseen_problems(state)
    return problems + _phase_problems(state) + _taken_problems(state)


def _referee_unseen_problems(state: MatchState) -> list[Problem]:
    """The referee dealt every card from its seed, so it has seen each one (§7.1).

    An unseen card in a hand or among the dead would let a player name it at the
    reveal and so re-choose a card that left the pack.
    """
    problems = []
    if state.pile.hidden:
        problems.append(
            Problem("/pile/hidden", "referee_pile_counted", "the referee deals from a pile it knows card by card; a counted pile is dealt by the table")
        )
    problems += [
        Problem(
            f"/players/{index}/hand/hidden",
            "referee_card_unseen",
            f"the referee dealt {possessive(seat.name)} hand and knows every card of it; none is unseen (rules.md §7.1)",
        )
        for index, seat in enumerate(state.seats)
        if seat.hand.hidden
    ]
    if state.dead.hidden:
        problems.append(
            Problem("/dead/hidden", "referee_card_unseen", "the referee saw every dead card when it judged their game; none is unseen (rules.md §7.1)")
        )
    return problems


def _phase_problems(state: MatchState) -> list[Problem]:
    problems = []
    if state.phase == "over":
        if state.outcome is None:
            problems.append(Problem("/outcome", "outcome_missing", "a match that is over has an outcome"))
        for index, seat in enumerate(state.seats):
            if seat.hand.size or seat.won or seat.locked:
                problems.append(Problem(f"/players/{index}", "match_over_table", f"the match is over: {seat.name!r} holds no hand, no lock and no cards won"))
        if state.dead.size:
            problems.append(Problem("/dead", "match_over_table", "the match is over: every card is back in the pile"))
        expected = match_result({s.name: s.points for s in state.seats}, {s.name: s.match_cards for s in state.seats}, state.rules.target)
        if state.outcome is not None and state.outcome != expected:
            problems.append(Problem("/outcome", "outcome_mismatch", f"the totals give {expected.to_dict() if expected else 'no winner yet'} (rules.md §6)"))
        return problems
    if state.outcome is not None:
        problems.append(Problem("/outcome", "outcome_too_early", "only a match that is over has an outcome"))
    if state.phase == "war":
        return problems + _war_problems(state)
    if state.draws and state.phase != "draw":
        problems.append(Problem("/draws", "draws_out_of_phase", "tie-break cards wait in the state only while a tie waits for its draws (phase draw)"))
    for index, seat in enumerate(state.seats):
        if seat.hand.size < DEAL:
            problems.append(
                Problem(f"/players/{index}/hand", "hand_size", f"{seat.name!r} holds {seat.hand.size} card(s); a hand has at least {DEAL} (rules.md §3.1)")
            )
        if seat.points >= state.rules.target:
            problems.append(
                Problem(
                    f"/players/{index}/points",
                    "target_reached",
                    f"{seat.name!r} has {seat.points} points: the match ended at {state.rules.target} (rules.md §6.1)",
                )
            )
    unlocked = state.unlocked
    if state.phase == "draw":
        problems += _draw_problems(state)
    if state.phase in ("reveal", "draw") and unlocked:
        problems.append(Problem("/phase", "phase_mismatch", f"cards are revealed once every player has locked; {have_not(unlocked)} (rules.md §3.5)"))
    if state.phase == "play" and not unlocked:
        problems.append(Problem("/phase", "phase_mismatch", "every player has locked: the phase is reveal (rules.md §3.5)"))
    if state.phase == "play" and state.pile.size == 0:
        problems.append(Problem("/phase", "pile_empty", "the pile is empty, so every player is locked as they stand (rules.md §3.4)"))
    return problems


def _war_problems(state: MatchState) -> list[Problem]:
    """§5.2: the set's last game of war waits for its cards: no hand, no lock, at least one but fewer than two cards a player."""
    count = len(state.seats)
    problems = [
        Problem(f"/players/{index}", "war_table", f"the set's last game is war: {seat.name!r} holds no hand and no lock yet (rules.md §5.2)")
        for index, seat in enumerate(state.seats)
        if seat.hand.size or seat.locked
    ]
    if not count <= state.pile.size < DEAL * count:
        problems.append(
            Problem("/pile", "war_pile", f"war is the last game when the pile holds {count} to {DEAL * count - 1} cards, not {state.pile.size} (rules.md §5.2)")
        )
    if state.draws:
        problems.append(Problem("/draws", "draws_out_of_phase", "tie-break cards wait in the state only while a tie waits for its draws (phase draw)"))
    return problems


def _draw_problems(state: MatchState) -> list[Problem]:
    """Phase draw: a real table showed every hand and a tie waits for cards the referee cannot see (§4.4, §7.3)."""
    if state.deal != "physical":
        return [Problem("/phase", "phase_mismatch", "the referee draws tie-break cards from its own pile: only a real table waits for them (rules.md §4.4)")]
    names = {seat.name for seat in state.seats}
    problems = [Problem(f"/draws/{token(name)}", "unknown_player", f"{name!r} is not at the table") for name, _ in state.draws if name not in names]
    problems += [
        Problem(f"/players/{index}/hand", "hand_unseen", f"the hands are shown before the tie-break draws: {possessive(seat.name)} is not (rules.md §7.3)")
        for index, seat in enumerate(state.seats)
        if not seat.hand.known
    ]
    if problems:
        return problems
    judgement = judge_game([(seat.name, seat.hand.cards) for seat in state.seats], dict(state.draws), state.pile.size + state.drawn)
    if not judgement.needs:
        problems.append(Problem("/phase", "phase_mismatch", "the hands and draws shown decide the game: no tie waits for a draw (rules.md §4.4)"))
    return problems


def _taken_problems(state: MatchState) -> list[Problem]:
    """``taken`` names each card of the hands once: as many entries per player as their hand has cards."""
    counts = Counter(state.taken)
    names = {seat.name for seat in state.seats}
    problems = [Problem("/taken", "unknown_player", f"{name!r} in taken is not at the table") for name in counts if name not in names]
    problems += [
        Problem(
            f"/players/{index}/hand", "taken_mismatch", f"{seat.name!r} holds {seat.hand.size} card(s) but taken records {counts[seat.name]} (rules.md §3.6)"
        )
        for index, seat in enumerate(state.seats)
        if counts[seat.name] != seat.hand.size
    ]
    return problems


def check_state(state: MatchState) -> MatchState:
    """Return ``state`` if it is a real table, else raise with every problem (up to the cap)."""
    return checked(state_problems, state)


# -- reading a state from its plain data ------------------------------------------------------------
def _names(reader: Reader[Card], value: object, pointer: str) -> tuple[str, ...]:
    return reader.texts(value, pointer, "expected a list of player names")


def _read_seat(reader: Reader[Card], value: object, pointer: str) -> Seat:
    data = reader.mapping(value, pointer)
    name = data.get("name")
    if not isinstance(name, str):
        reader.problem(f"{pointer}/name", "bad_name", "a player's name is a string")
    locked = data.get("locked", False)
    if not isinstance(locked, bool):
        reader.problem(f"{pointer}/locked", "bad_boolean", "locked is true or false")
    return Seat(
        str(name),
        reader.zone(data.get("hand", {}), f"{pointer}/hand"),
        locked is True,
        reader.cards(data.get("won", []), f"{pointer}/won"),
        reader.integer(data, "points", pointer, None, default=0),
        reader.integer(data, "match_cards", pointer, default=0),
    )


def _read_outcome(reader: Reader[Card], value: object) -> MatchResult | None:
    if value is None:
        return None
    data = reader.mapping(value, "/outcome")
    winners = _names(reader, data.get("winners", []), "/outcome/winners")
    decided_by = reader.choice(data, "decided_by", "/outcome", MATCH_RULES, "first_to_target")
    rule = data.get("rule", RULE_OF_MATCH[decided_by])
    if rule != RULE_OF_MATCH[decided_by]:
        reader.problem("/outcome/rule", "bad_rule", f"{decided_by} is rule {RULE_OF_MATCH[decided_by]}, not {rule!r}")
    return MatchResult(winners, decided_by)  # type: ignore[arg-type]  # one of MATCH_RULES


def state_from_dict(data: Mapping[str, Any]) -> MatchState:
    """Read a state from its plain data and check it whole; every problem is raised at once (up to the cap)."""
    return read_whole(read, state_problems, data)


def read(data: Mapping[str, Any], reader: Reader[Card]) -> MatchState:
    """A state from its plain data, unchecked; every problem of the reading goes to ``reader`` (the one typed reader)."""
    rules_data = reader.mapping(data.get("rules", {}), "/rules")
    players = data.get("players")
    if not isinstance(players, list):
        reader.problem("/players", "not_a_list", "players is a list of seats")
        players = []
    state = MatchState(
        rules=Rules(reader.integer(rules_data, "decks", "/rules", 1, default=1), reader.integer(rules_data, "target", "/rules", 1, default=21)),
        seats=tuple(_read_seat(reader, item, f"/players/{index}") for index, item in enumerate(players)),
        pile=reader.zone(data.get("pile", {}), "/pile"),
        deal=reader.choice(data, "deal", "", DEALS, "service"),  # type: ignore[arg-type]  # one of DEALS
        dead=reader.zone(data.get("dead", {}), "/dead"),
        taken=_names(reader, data.get("taken", []), "/taken"),
        phase=reader.choice(data, "phase", "", PHASES, "play"),  # type: ignore[arg-type]  # one of PHASES
        set_number=reader.integer(data, "set", "", 1, default=1),
        game_number=reader.integer(data, "game", "", 1, default=1),
        seed=reader.integer(data, "seed", "", default=0),
        outcome=_read_outcome(reader, data.get("outcome")),
        draws=tuple((str(name), reader.cards(cards, f"/draws/{token(str(name))}")) for name, cards in reader.mapping(data.get("draws", {}), "/draws").items()),
    )
    return state
