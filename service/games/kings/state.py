"""A whole game of 24 Kings as one immutable, JSON-serialisable value.

Every zone of the table is here: draw pile, the two discard piles, castles,
hands, cards set aside.  A zone holds the cards the referee knows (in order,
top last) and a count of cards it cannot see, so the same state serves a
server-dealt game and a physical table watched by a phone (rules.md §22).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain
from typing import Any, Literal, cast, get_args

from service.core.cards import Card, CardError, CardListError, card_texts, parse_cards, read_card
from service.core.problems import InvalidInput, Problem
from service.games.kings.pack import DECK_SIZE, third_copies, third_copies_among

from .calculus import winners_of
from .castles import CASTLE_COUNT, Castle, castle_cards, castle_places, castle_problems, castle_values
from .hands import as_number
from .rules import HAND_SET_NAMES, OPTION_NAMES, HandSetName, Rules

Phase = Literal["kingdom-action", "kingdom-discard", "reveal", "over"]
PHASES: tuple[str, ...] = get_args(Phase)
Direction = Literal["clockwise", "counterclockwise"]
DIRECTIONS: tuple[str, ...] = get_args(Direction)
Status = Literal["in", "out"]
Deal = Literal["service", "physical"]
DEALS: tuple[str, ...] = get_args(Deal)
EndReason = Literal["valid_call", "last_player_left", "draw_pile_exhausted"]
END_REASONS: tuple[str, ...] = get_args(EndReason)
HAND_SIZE = 7
MIN_PLAYERS, MAX_PLAYERS = 2, 10


@dataclass(frozen=True, slots=True)
class Zone:
    """Cards in a pile or hand: those known (top last) and a count of unseen ones."""

    cards: tuple[Card, ...] = ()
    hidden: int = 0

    @property
    def size(self) -> int:
        return len(self.cards) + self.hidden

    @property
    def known(self) -> bool:
        return self.hidden == 0

    def to_dict(self) -> dict[str, object]:
        return {"cards": card_texts(self.cards), "hidden": self.hidden}


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

    def to_dict(self) -> dict[str, object]:
        return {
            "reason": self.reason,
            "caller": self.caller,
            "castle_values": list(self.castle_values),
            "winners": list(self.winners),
        }


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

    def known_cards_unplaced(self) -> Iterator[Card]:
        """The cards of :meth:`known_cards` without their pointers, for counting copies."""
        return chain(castle_cards(self.castles), *(cards for _, cards in self._known_piles()))

    def _known_piles(self) -> Iterator[tuple[str, tuple[Card, ...]]]:
        """The known cards outside the castles, pile by pile, with the pointer of each pile's list."""
        for index, player in enumerate(self.players):
            yield f"/players/{index}/hand/cards", player.hand.cards
        for name, zone in (("draw_pile", self.draw_pile), ("face_down", self.face_down), ("set_aside", self.set_aside)):
            yield f"/{name}/cards", zone.cards
        yield "/face_up", self.face_up

    def card_total(self) -> int:
        castles = sum(1 + len(castle.kings) for castle in self.castles)
        zones = sum(zone.size for zone in (self.draw_pile, self.face_down, self.set_aside))
        return castles + zones + len(self.face_up) + sum(player.hand.size for player in self.players)

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
    problems = castle_problems(state.castles, state.rules) + third_copies_among(state.known_cards_unplaced(), state.known_cards)
    total = state.card_total()
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
    problems = []
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        problems.append(Problem("/players", "player_count", f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(names)} (rules.md §3)"))
    seen: set[str] = set()
    for index, name in enumerate(names):
        if not name.strip():
            problems.append(Problem(name_pointer.format(index), "blank_name", "a player needs a name"))
        elif name in seen:
            problems.append(Problem(name_pointer.format(index), "duplicate_name", f"{name!r} names an earlier player too"))
        seen.add(name)
    return problems


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
    at = f"/players/{index}"
    if player.status == "out":
        problems = [] if player.half_score is not None else [Problem(f"{at}/score", "score_missing", "a player out after a false call has been scored")]
        if player.hand.size:
            problems.append(Problem(f"{at}/hand", "hand_size", f"{player.name!r} is out: their cards are set aside, so the hand is empty"))
        return problems
    if state.phase in ("reveal", "over"):
        return []
    problems = []
    if player.half_score is not None:
        problems.append(Problem(f"{at}/score", "score_too_early", f"{player.name!r} is still in play and has no score yet"))
    expected = HAND_SIZE + (1 if state.phase == "kingdom-discard" and index == state.to_act else 0)
    if player.hand.size != expected:
        problems.append(Problem(f"{at}/hand", "hand_size", f"{player.name!r} holds {player.hand.size} cards; in phase {state.phase} they hold {expected}"))
    return problems


def check_state(state: GameState) -> GameState:
    """Return ``state`` if it describes a real table, else raise with every problem."""
    problems = state_problems(state)
    if problems:
        raise InvalidInput(problems)
    return state


# -- reading a state from JSON --------------------------------------------------------
class JsonReader:
    """Reads plain JSON data (or a schema's reading of it) into engine values, collecting every problem with its pointer.

    Card text is judged by ``service.core.cards`` alone, as in the schemas, so
    a bad card is ``bad_card`` with the same message whichever way it came.
    """

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def card(self, value: object, pointer: str) -> Card | None:
        """A card: its text, read by the one reader of card text, or a Card a schema has read already."""
        try:
            return read_card(value)  # type: ignore[arg-type]  # read_card refuses anything else itself
        except CardError as error:
            self.problems.append(Problem(pointer, "bad_card", str(error)))
            return None

    def cards(self, value: object, pointer: str) -> tuple[Card, ...]:
        if not isinstance(value, list):
            self.problems.append(Problem(pointer, "not_a_list", "expected a list of cards"))
            return ()
        try:
            return tuple(parse_cards(value))
        except CardListError as error:
            self.problems += [Problem(f"{pointer}/{index}", "bad_card", message) for index, message in error.problems]
            return ()

    def integer(self, data: Mapping[str, Any], key: str, pointer: str, default: int | None = None, minimum: int = 0) -> int:
        value = data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            self.problems.append(Problem(f"{pointer}/{key}", "bad_integer", f"{key} must be a whole number ≥ {minimum}, not {value!r}"))
            return minimum
        return value

    def half_points(self, value: object, pointer: str) -> int | None:
        """A score or total (a multiple of 1/2, rules.md §20) in half-points, or None when it is not one."""
        if isinstance(value, bool) or not isinstance(value, int | float) or value * 2 != int(value * 2):
            self.problems.append(Problem(pointer, "bad_score", f"a score is a multiple of 1/2, not {value!r}"))
            return None
        return int(value * 2)

    def choice(self, data: Mapping[str, Any], key: str, pointer: str, options: tuple[str, ...], default: str) -> str:
        value = data.get(key, default)
        if value not in options:
            self.problems.append(Problem(f"{pointer}/{key}", "bad_choice", f"{key} must be one of {', '.join(options)}, not {value!r}"))
            return default
        return str(value)

    def zone(self, data: object, pointer: str) -> Zone:
        if not isinstance(data, Mapping):
            self.problems.append(Problem(pointer, "not_an_object", 'expected {"cards": [...], "hidden": n}'))
            return Zone()
        return Zone(self.cards(data.get("cards", []), f"{pointer}/cards"), self.integer(data, "hidden", pointer, 0))

    def castle(self, data: object, pointer: str) -> Castle | None:
        if not isinstance(data, Mapping):
            self.problems.append(Problem(pointer, "not_an_object", 'expected {"card": ..., "kings": [...]}'))
            return None
        card = self.card(data.get("card"), f"{pointer}/card")
        kings = self.cards(data.get("kings", []), f"{pointer}/kings")
        return Castle(card, kings) if card else None


def _read_rules(reader: JsonReader, data: object, pointer: str) -> Rules:
    if data is None:
        return Rules()
    if not isinstance(data, Mapping):
        reader.problems.append(Problem(pointer, "not_an_object", "rules must be an object"))
        return Rules()
    hands = reader.choice(data, "hands", pointer, HAND_SET_NAMES, "standard")
    options: dict[str, bool] = {}
    for key, value in data.items():
        if key == "hands":
            continue
        if key not in OPTION_NAMES:
            reader.problems.append(Problem(f"{pointer}/{key}", "unknown_option", f"{key!r} is not an option; options: {', '.join(OPTION_NAMES)}"))
        elif not isinstance(value, bool):
            reader.problems.append(Problem(f"{pointer}/{key}", "bad_boolean", f"{key} must be true or false, not {value!r}"))
        else:
            options[key] = value
    return Rules(cast(HandSetName, hands), **options)  # choice() returned one of HAND_SET_NAMES


def state_from_dict(data: Mapping[str, Any]) -> GameState:
    """Read a state from its JSON form and check it whole; every problem is raised at once."""
    reader = JsonReader()
    rules = _read_rules(reader, data.get("rules"), "/rules")
    players = []
    for index, item in enumerate(data.get("players") or []):
        at = f"/players/{index}"
        if not isinstance(item, Mapping):
            reader.problems.append(Problem(at, "not_an_object", "a player is an object"))
            continue
        score = item.get("score")
        half_score = None if score is None else reader.half_points(score, f"{at}/score")
        players.append(
            Player(
                str(item.get("name", "")),
                reader.zone(item.get("hand", {}), f"{at}/hand"),
                reader.choice(item, "status", at, ("in", "out"), "in"),  # type: ignore[arg-type]
                half_score,
            )
        )
    castles = [reader.castle(item, f"/castles/{i}") for i, item in enumerate(data.get("castles") or [])]
    if len(castles) != CASTLE_COUNT:
        reader.problems.append(Problem("/castles", "castle_count", f"a table has exactly 4 castles, not {len(castles)}"))
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
        direction=reader.choice(data, "direction", "", DIRECTIONS, "clockwise"),  # type: ignore[arg-type]
        to_act=reader.integer(data, "to_act", "", 0),
        phase=reader.choice(data, "phase", "", PHASES, "kingdom-action"),  # type: ignore[arg-type]
        seed=reader.integer(data, "seed", "", 0),
        shuffles=reader.integer(data, "shuffles", "", 0),
        outcome=outcome,
        deal=reader.choice(data, "deal", "", DEALS, "service"),  # type: ignore[arg-type]
        match=_read_match(reader, data.get("match")),
    )
    if reader.problems or len(state.castles) != CASTLE_COUNT:
        raise InvalidInput(reader.problems)
    return check_state(state)


def _read_outcome(reader: JsonReader, data: object) -> Outcome | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        reader.problems.append(Problem("/outcome", "not_an_object", "outcome is an object or null"))
        return None
    reason = reader.choice(data, "reason", "/outcome", END_REASONS, "valid_call")
    values = data.get("castle_values", [])
    winners = data.get("winners", [])
    if not (isinstance(values, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in values)):
        reader.problems.append(Problem("/outcome/castle_values", "bad_integer", "castle values are whole numbers"))
        values = []
    if not (isinstance(winners, list) and all(isinstance(w, str) for w in winners)):
        reader.problems.append(Problem("/outcome/winners", "not_a_list", "winners is a list of names"))
        winners = []
    caller = data.get("caller")
    return Outcome(reason, caller if isinstance(caller, str) else None, tuple(values), tuple(winners))  # type: ignore[arg-type]


def _read_match(reader: JsonReader, data: object) -> Match | None:
    if data is None:
        return None
    if not isinstance(data, Mapping) or not isinstance(data.get("totals", {}), Mapping):
        reader.problems.append(Problem("/match", "not_an_object", 'match is {"games": n, "totals": {"name": points}} or null'))
        return None
    totals = []
    for name, points in data.get("totals", {}).items():
        half = reader.half_points(points, f"/match/totals/{name}")
        if half is not None:
            totals.append((str(name), half))
    return Match(reader.integer(data, "games", "/match", 0), tuple(totals))
