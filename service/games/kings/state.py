"""A whole game of 24 Kings as one immutable, JSON-serialisable value.

Every zone of the table is here: draw pile, the two discard piles, castles,
hands, cards set aside.  A zone holds the cards the referee knows (in order,
top last) and a count of cards it cannot see, so the same state serves a
server-dealt game and a physical table watched by a phone (rules.md §22).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal, cast, get_args

from service.core.cards import Card, card_texts
from service.core.kit import checked, read_whole
from service.core.problems import Problem
from service.core.problems import roster_problems as core_roster
from service.core.reading import Reader, is_object
from service.core.records import PlainForm
from service.core.zones import Zone as CoreZone
from service.games.kings.pack import DECK_SIZE, third_copies, third_copies_among

from .calculus import winners_of
from .castles import CASTLE_COUNT, Castle, castle_cards, castle_places, castle_problems, castle_values
from .hands import as_number
from .rules import HAND_SET_NAMES, OPTION_NAMES, HandSetName, Rules

Phase = Literal["kingdom-action", "kingdom-discard", "reveal", "over"]
PHASES: tuple[Phase, ...] = get_args(Phase)
Direction = Literal["clockwise", "counterclockwise"]
DIRECTIONS: tuple[Direction, ...] = get_args(Direction)
Status = Literal["in", "out"]
STATUSES: tuple[Status, ...] = get_args(Status)
Deal = Literal["service", "physical"]
DEALS: tuple[Deal, ...] = get_args(Deal)
EndReason = Literal["valid_call", "last_player_left", "draw_pile_exhausted"]
END_REASONS: tuple[EndReason, ...] = get_args(EndReason)
HAND_SIZE = 7
MIN_PLAYERS, MAX_PLAYERS = 2, 10


if TYPE_CHECKING:
    Zone = CoreZone[Card]  # the core zone, of the 52-card pack's cards
else:
    Zone = CoreZone  # at run time the class itself: a subscripted frozen dataclass cannot be called


@dataclass(frozen=True, slots=True)
class Player:
    """A seat: name, hand, and whether still in (a false call puts a player out)."""

    name: str
    hand: Zone
    status: Status = "in"
    half_score: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "hand": self.hand.to_dict(),
            "status": self.status,
            "score": None if self.half_score is None else as_number(self.half_score),
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: why, who called, the fixed castle values, the winners."""

    reason: EndReason
    caller: str | None
    castle_values: tuple[int, ...]
    winners: tuple[str, ...]

    to_dict = PlainForm(castle_values=list, winners=list)


@dataclass(frozen=True, slots=True)
class Match:
    """The games of a match played so far and each player's running total, in half-points (rules.md §28)."""

    games: int
    totals: tuple[tuple[str, int], ...]

    def to_dict(self) -> dict[str, object]:
        return {"games": self.games, "totals": {name: as_number(half) for name, half in self.totals}}


@dataclass(frozen=True, slots=True)
class GameState:
    """The table between two moves. Players are listed in clockwise seat order."""

    rules: Rules
    players: tuple[Player, ...]
    castles: tuple[Castle, ...]
    draw_pile: Zone
    face_up: tuple[Card, ...]
    face_down: Zone
    set_aside: Zone = field(default_factory=Zone)
    dealer: int = 0
    direction: Direction = "clockwise"
    to_act: int = 1
    phase: Phase = "kingdom-action"
    seed: int = 0
    shuffles: int = 0
    outcome: Outcome | None = None
    deal: Deal = "service"
    match: Match | None = None

    @property
    def acting(self) -> Player:
        return self.players[self.to_act]

    def player_index(self, name: str) -> int | None:
        return next((index for index, player in enumerate(self.players) if player.name == name), None)

    def next_in_play(self, after: int) -> int:
        """The next seat after ``after`` in the direction of play whose player is still in."""
        step = 1 if self.direction == "clockwise" else -1
        seat = after
        for _ in range(len(self.players)):
            seat = (seat + step) % len(self.players)
            if self.players[seat].status == "in":
                return seat
        return after

    def with_player(self, index: int, player: Player) -> GameState:
        players = list(self.players)
        players[index] = player
        return replace(self, players=tuple(players))

    def known_cards(self) -> Iterator[tuple[str, Card]]:
        """Every known card with the JSON pointer of its place: the castles', then each pile's."""
        yield from castle_places(self.castles)
        for pointer, cards in self._known_piles():
            for index, card in enumerate(cards):
                yield f"{pointer}/{index}", card

    def third_copies_of(self, named: Sequence[tuple[str, Card]]) -> list[str]:
        """The pointers of the ``named`` cards (each with its pointer) that would be a third copy of a card,
        counted with every card known anywhere on the table (rules.md §26): the one check of every named card."""
        if not named:
            return []
        places = {pointer for pointer, _ in named}
        return [problem.pointer for problem in third_copies([*self.known_cards(), *named]) if problem.pointer in places]

    def known_cards_unplaced(self) -> list[Card]:
        """The cards of :meth:`known_cards` without their pointers, in one list: what the state check counts once
        (copies of each card, and with :meth:`unseen_count` the total of the zones)."""
        known = castle_cards(self.castles)  # a new list; each pile's tuple is added to it whole (a chain walked card by card cost twice as much)
        for _, cards in self._known_piles():
            known += cards
        return known

    def unseen_count(self) -> int:
        """How many cards the zones hold that the referee cannot see (counted, not known)."""
        return sum(player.hand.hidden for player in self.players) + self.draw_pile.hidden + self.face_down.hidden + self.set_aside.hidden

    def _known_piles(self) -> list[tuple[str, tuple[Card, ...]]]:
        """The known cards outside the castles, pile by pile, with the pointer of each pile's list: the one list of the
        table's piles, which :meth:`known_cards` places and :meth:`known_cards_unplaced` counts."""
        piles = [(f"/players/{index}/hand/cards", player.hand.cards) for index, player in enumerate(self.players)]
        return [
            *piles,
            ("/draw_pile/cards", self.draw_pile.cards),
            ("/face_down/cards", self.face_down.cards),
            ("/set_aside/cards", self.set_aside.cards),
            ("/face_up", self.face_up),
        ]

    def card_total(self) -> int:
        """Every card of the table, known and unseen."""
        return len(self.known_cards_unplaced()) + self.unseen_count()

    def to_dict(self) -> dict[str, object]:
        return {
            "rules": self.rules.to_dict(),
            "players": [player.to_dict() for player in self.players],
            "castles": [castle.to_dict() for castle in self.castles],
            "draw_pile": self.draw_pile.to_dict(),
            "face_up": card_texts(self.face_up),
            "face_down": self.face_down.to_dict(),
            "set_aside": self.set_aside.to_dict(),
            "dealer": self.dealer,
            "direction": self.direction,
            "to_act": self.to_act,
            "phase": self.phase,
            "seed": self.seed,
            "shuffles": self.shuffles,
            "outcome": self.outcome.to_dict() if self.outcome else None,
            "deal": self.deal,
            "match": self.match.to_dict() if self.match else None,
        }


def state_problems(state: GameState) -> list[Problem]:
    """Everything wrong with a state, at once (rules.md §21)."""
    known = state.known_cards_unplaced()  # counted once: the copies of each card here, the total of the zones below
    problems = castle_problems(state.castles, state.rules) + third_copies_among(known, state.known_cards)
    total = len(known) + state.unseen_count()
    if total != DECK_SIZE:
        problems.append(Problem("", "card_total", f"the zones hold {total} cards, known and hidden; two decks are exactly {DECK_SIZE}"))
    if state.draw_pile.cards and state.draw_pile.hidden:
        problems.append(Problem("/draw_pile", "draw_pile_partly_known", "the draw pile is either known card by card (in order) or only counted, not both"))
    problems += _seat_problems(state)
    problems += _outcome_problems(state)
    if state.match is not None:
        names = {player.name for player in state.players}
        problems += [
            Problem(f"/match/totals/{name}", "match_player_unknown", f"{name!r} has a running total but no seat (rules.md §28)")
            for name, _ in state.match.totals
            if name not in names
        ]
    return problems


def _outcome_problems(state: GameState) -> list[Problem]:
    """A finished game's outcome is checked like any other zone (rules.md §27): its caller, castle values and winners."""
    outcome = state.outcome
    problems: list[Problem] = []
    still_in = [player for player in state.players if player.status == "in"]
    if outcome is None:
        if len(still_in) < 2 and len(state.players) >= 2:
            problems.append(Problem("/players", "one_player_left", "a running game has two players or more still in; with one left it is over (rules.md §27)"))
        return problems
    if (outcome.reason == "valid_call") != (outcome.caller is not None):
        problems.append(Problem("/outcome/caller", "caller_mismatch", "a game ended by a valid call has its caller, and only such a game (rules.md §11)"))
    if outcome.caller is not None:
        seat = state.player_index(outcome.caller)
        if seat is None or state.players[seat].status != "in":
            problems.append(Problem("/outcome/caller", "bad_caller", f"{outcome.caller!r} is no player still in: no valid call (rules.md §11)"))
    if outcome.reason == "last_player_left" and len(still_in) != 1:
        problems.append(Problem("/outcome/reason", "reason_mismatch", f"the game ended with {len(still_in)} players in, not one (rules.md §11)"))
    if len(state.castles) == CASTLE_COUNT:
        values = castle_values(state.castles, state.rules)
        if tuple(outcome.castle_values) != values:
            problems.append(Problem("/outcome/castle_values", "castle_values_mismatch", f"the castles are worth {list(values)} (rules.md §11)"))
    if state.phase == "reveal":
        if outcome.winners:
            problems.append(Problem("/outcome/winners", "winners_too_early", "winners are decided once every hand is revealed and scored (rules.md §27)"))
        return problems
    unscored = [i for i, player in enumerate(state.players) if player.half_score is None]
    for index in unscored:
        problems.append(Problem(f"/players/{index}/score", "score_missing", f"{state.players[index].name!r} is scored at the end of the game (rules.md §17)"))
    if not unscored:
        expected = winners_of([(p.name, p.half_score) for p in state.players if p.half_score is not None])
        if tuple(outcome.winners) != expected:
            problems.append(Problem("/outcome/winners", "winners_mismatch", f"the highest scores belong to {list(expected)} (rules.md §17)"))
    return problems


def roster_problems(names: Sequence[str], name_pointer: str = "/players/{}") -> list[Problem]:
    """The seats' names: 2 to 10 players (rules.md §3), each named, no name twice."""
    return core_roster(names, (MIN_PLAYERS, MAX_PLAYERS), "rules.md §3", "/players", name_pointer.removeprefix("/players/{}"))


def _seat_problems(state: GameState) -> list[Problem]:
    count = len(state.players)
    problems = roster_problems([player.name for player in state.players], "/players/{}/name")
    for index, player in enumerate(state.players):
        problems += _hand_size_problems(state, index, player)
    for name, seat in (("dealer", state.dealer), ("to_act", state.to_act)):
        if not 0 <= seat < count:
            problems.append(Problem(f"/{name}", "seat_out_of_range", f"seat {seat} does not exist at a table of {count}"))
    if state.phase != "over" and 0 <= state.to_act < count and state.players[state.to_act].status != "in":
        problems.append(Problem("/to_act", "player_out", f"{state.players[state.to_act].name!r} is out and cannot be the player to act"))
    ended = state.phase in ("reveal", "over")
    if ended != (state.outcome is not None):
        problems.append(Problem("/outcome", "outcome_mismatch", "a game that has ended (phase reveal or over) has an outcome, and only such a game"))
    if state.phase == "reveal" and 0 <= state.to_act < count and state.players[state.to_act].hand.known:
        problems.append(Problem("/to_act", "nothing_to_reveal", f"{state.players[state.to_act].name!r} has no unseen card to reveal (rules.md §27)"))
    return problems


def _hand_size_problems(state: GameState, index: int, player: Player) -> list[Problem]:
    """A seat's hand size and score for the phase; a pointer is written only for a problem (a real table has none)."""
    if player.status == "out":
        problems = (
            [] if player.half_score is not None else [Problem(f"/players/{index}/score", "score_missing", "a player out after a false call has been scored")]
        )
        if player.hand.size:
            problems.append(Problem(f"/players/{index}/hand", "hand_size", f"{player.name!r} is out: their cards are set aside, so the hand is empty"))
        return problems
    if state.phase in ("reveal", "over"):
        return []
    problems = []
    if player.half_score is not None:
        problems.append(Problem(f"/players/{index}/score", "score_too_early", f"{player.name!r} is still in play and has no score yet"))
    expected = HAND_SIZE + (1 if state.phase == "kingdom-discard" and index == state.to_act else 0)
    if player.hand.size != expected:
        problems.append(
            Problem(f"/players/{index}/hand", "hand_size", f"{player.name!r} holds {player.hand.size} cards; in phase {state.phase} they hold {expected}")
        )
    return problems


def check_state(state: GameState) -> GameState:
    """Return ``state`` if it describes a real table, else raise with every problem (up to the cap)."""
    return checked(state_problems, state)


# -- reading a state from JSON --------------------------------------------------------
def half_points(reader: Reader[Card], value: object, pointer: str) -> int | None:
    """A score or total (a multiple of 1/2, rules.md §20) in half-points, or None when it is not one."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value * 2 != int(value * 2):
        reader.problem(pointer, "bad_score", f"a score is a multiple of 1/2, not {value!r}")
        return None
    return int(value * 2)


def read_castle(reader: Reader[Card], data: object, pointer: str) -> Castle | None:
    if not is_object(data):
        reader.problem(pointer, "not_an_object", 'expected {"card": ..., "kings": [...]}')
        return None
    card = reader.card(data.get("card"), f"{pointer}/card")
    kings = reader.cards(data.get("kings", []), f"{pointer}/kings")
    return Castle(card, kings) if card else None


def _read_rules(reader: Reader[Card], data: object, pointer: str) -> Rules:
    if data is None:
        return Rules()
    if not is_object(data):
        reader.problem(pointer, "not_an_object", "rules must be an object")
        return Rules()
    hands = reader.choice(data, "hands", pointer, HAND_SET_NAMES, "standard")
    options: dict[str, bool] = {}
    for key, value in data.items():
        if key == "hands":
            continue
        if key not in OPTION_NAMES:
            reader.problem(f"{pointer}/{key}", "unknown_option", f"{key!r} is not an option; options: {', '.join(OPTION_NAMES)}")
        elif not isinstance(value, bool):
            reader.problem(f"{pointer}/{key}", "bad_boolean", f"{key} must be true or false, not {value!r}")
        else:
            options[key] = value
    return Rules(cast(HandSetName, hands), **options)  # choice() returned one of HAND_SET_NAMES


def state_from_dict(data: Mapping[str, Any]) -> GameState:
    """Read a state from its JSON form and check it whole; every problem is raised at once (up to the cap)."""
    return read_whole(read, state_problems, data)


def read(data: Mapping[str, Any], reader: Reader[Card]) -> GameState:
    """A state from its JSON form, unchecked; every problem of the reading goes to ``reader``."""
    rules = _read_rules(reader, data.get("rules"), "/rules")
    players = []
    for index, item in enumerate(data.get("players") or []):
        at = f"/players/{index}"
        if not is_object(item):
            reader.problem(at, "not_an_object", "a player is an object")
            continue
        score = item.get("score")
        half_score = None if score is None else half_points(reader, score, f"{at}/score")
        players.append(
            Player(
                str(item.get("name", "")),
                reader.zone(item.get("hand", {}), f"{at}/hand"),
                reader.choice(item, "status", at, STATUSES, "in"),
                half_score,
            )
        )
    castles = [read_castle(reader, item, f"/castles/{i}") for i, item in enumerate(data.get("castles") or [])]
    if len(castles) != CASTLE_COUNT:
        reader.problem("/castles", "castle_count", f"a table has exactly 4 castles, not {len(castles)}")
    outcome = _read_outcome(reader, data.get("outcome"))
    state = GameState(
        rules=rules,
        players=tuple(players),
        castles=tuple(c for c in castles if c is not None),
        draw_pile=reader.zone(data.get("draw_pile", {}), "/draw_pile"),
        face_up=reader.cards(data.get("face_up", []), "/face_up"),
        face_down=reader.zone(data.get("face_down", {}), "/face_down"),
        set_aside=reader.zone(data.get("set_aside", {}), "/set_aside"),
        dealer=reader.integer(data, "dealer", "", 0),
        direction=reader.choice(data, "direction", "", DIRECTIONS, "clockwise"),
        to_act=reader.integer(data, "to_act", "", 0),
        phase=reader.choice(data, "phase", "", PHASES, "kingdom-action"),
        seed=reader.integer(data, "seed", "", 0),
        shuffles=reader.integer(data, "shuffles", "", 0),
        outcome=outcome,
        deal=reader.choice(data, "deal", "", DEALS, "service"),
        match=_read_match(reader, data.get("match")),
    )
    if len(state.castles) != CASTLE_COUNT and not reader.problems:  # a castle that did not read: the kit raises what the reader found
        reader.problem("/castles", "castle_count", f"a table has exactly 4 castles, not {len(state.castles)}")
    return state


def _read_outcome(reader: Reader[Card], data: object) -> Outcome | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        reader.problem("/outcome", "not_an_object", "outcome is an object or null")
        return None
    reason = reader.choice(data, "reason", "/outcome", END_REASONS, "valid_call")
    values = reader.whole_numbers(data.get("castle_values", []), "/outcome/castle_values", "castle values are whole numbers")
    winners = reader.texts(data.get("winners", []), "/outcome/winners", "winners is a list of names")
    caller = data.get("caller")
    return Outcome(reason, caller if isinstance(caller, str) else None, values, winners)


def _read_match(reader: Reader[Card], data: object) -> Match | None:
    if data is None:
        return None
    if not isinstance(data, Mapping) or not isinstance(data.get("totals", {}), Mapping):
        reader.problem("/match", "not_an_object", 'match is {"games": n, "totals": {"name": points}} or null')
        return None
    totals = []
    for name, points in data.get("totals", {}).items():
        half = half_points(reader, points, f"/match/totals/{name}")
        if half is not None:
            totals.append((str(name), half))
    return Match(reader.integer(data, "games", "/match", 0), tuple(totals))
