"""Starting a game: the Castle Phase and the deal (rules.md §7, §8), or a physical table.

Shuffles are seeded (see :func:`drawing.shuffled`), so the same seed always
gives the same castles, hands and reshuffles.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, replace

from service.core.cards import Card
from service.core.problems import InvalidInput, Problem
from service.core.seeds import MAX_SEED as MAX_SEED  # the schemas and the sealed token bound a seed with it
from service.core.seeds import start_seed
from service.games.kings.pack import DECK_SIZE, full_deck

from .castles import CASTLE_COUNT, Castle
from .drawing import Event, draw_cards, shuffled
from .rules import Rules
from .state import HAND_SIZE, Direction, GameState, Match, Player, Zone, check_state, roster_problems


@dataclass(frozen=True, slots=True)
class CastleTurn:
    """One card turned in the Castle Phase and what became of it."""

    card: Card
    castle: int | None  # 1..4 when it founded a castle, None when discarded face up

    def to_dict(self) -> dict[str, object]:
        return {"card": str(self.card), "became": f"castle {self.castle}" if self.castle else "discarded"}


@dataclass(frozen=True, slots=True)
class NewGame:
    state: GameState
    castle_phase: tuple[CastleTurn, ...]  # empty at a real table: the referee saw the castles, not the order of the turns
    events: tuple[Event, ...]

    def to_dict(self) -> dict[str, object]:
        """The answer of ``/games``, ``/games/from-table`` and ``/games/next`` alike (the reshuffles of the deal as ``events``)."""
        return {
            "state": self.state.to_dict(),
            "castle_phase": [turn.to_dict() for turn in self.castle_phase],
            "events": [event for event in self.events if event["type"] != "drew"],
        }


def _seat_problems(names: Sequence[str], dealer: int) -> list[Problem]:
    problems = roster_problems(names)
    if names and not 0 <= dealer < len(names):
        problems.append(Problem("/dealer", "seat_out_of_range", f"seat {dealer} does not exist at a table of {len(names)}"))
    return problems


def _castle_phase(pile: list[Card]) -> tuple[list[Castle], list[Card], list[CastleTurn]]:
    """Turn cards until four suits have founded castles; the rest go face up (§7)."""
    castles: list[Castle] = []
    face_up: list[Card] = []
    log: list[CastleTurn] = []
    while len(castles) < CASTLE_COUNT:
        card = pile.pop()
        if any(castle.suit == card.suit for castle in castles):
            face_up.append(card)
            log.append(CastleTurn(card, None))
        else:
            castles.append(Castle(card))
            log.append(CastleTurn(card, len(castles)))
    return castles, face_up, log


def _first_to_act(state: GameState) -> GameState:
    return replace(state, to_act=state.next_in_play(state.dealer))


def new_game(
    names: Sequence[str],
    rules: Rules | None = None,
    seed: int | None = None,
    dealer: int = 0,
    direction: Direction = "clockwise",
) -> NewGame:
    """Shuffle, run the Castle Phase, deal seven cards each, one at a time, from the player after The Turn."""
    rules = rules or Rules()
    seed = start_seed(_seat_problems(names, dealer), seed)
    pile = shuffled(full_deck(), seed, 0)
    castles, face_up, log = _castle_phase(pile)
    state = _first_to_act(
        GameState(
            rules=rules,
            players=tuple(Player(name, Zone()) for name in names),
            castles=tuple(castles),
            draw_pile=Zone(tuple(pile)),
            face_up=tuple(face_up),
            face_down=Zone(),
            dealer=dealer,
            direction=direction,
            seed=seed,
        )
    )
    events: list[Event] = []
    seat = state.dealer
    for _ in range(HAND_SIZE * len(names)):
        seat = state.next_in_play(seat)
        drawn = draw_cards(state, seat, 1)
        if drawn.ran_dry:
            why = "SHUFFLE ME OUT allows no reshuffle" if rules.shuffle_me_out else "FACE-UP CONSEQUENCES removed the discards"
            raise InvalidInput(
                [
                    Problem(
                        "/seed",
                        "deal_impossible",
                        f"the Castle Phase turned {DECK_SIZE - len(pile)} cards and the deal ran dry: {why} (rules.md §8); try another seed",
                    )
                ]
            )
        state, events = drawn.state, events + list(drawn.events)
    return NewGame(check_state(state), tuple(log), tuple(events))


def table_setup(
    names: Sequence[str],
    castles: Sequence[Castle],
    rules: Rules | None = None,
    dealer: int = 0,
    direction: Direction = "clockwise",
    face_up: Sequence[Card] = (),
    known_hands: Sequence[Sequence[Card]] | None = None,
) -> GameState:
    """A state for a game dealt at a real table: castles and seats known, most cards unseen.

    ``face_up`` is the Castle Phase's discard pile as turned; ``known_hands``
    gives, per seat, the cards of that hand the referee may see.
    """
    rules = rules or Rules()
    problems = _seat_problems(names, dealer)
    known = [tuple(cards) for cards in known_hands] if known_hands is not None else [() for _ in names]
    if len(known) != len(names):
        problems.append(Problem("/hands", "hands_count", f"{len(known)} hands given for {len(names)} players"))
    for index, cards in enumerate(known):
        if len(cards) > HAND_SIZE:
            problems.append(Problem(f"/hands/{index}", "hand_size", f"a dealt hand has {HAND_SIZE} cards, not {len(cards)}"))
    problems += castle_phase_problems(castles, face_up)
    if problems:
        raise InvalidInput(problems)
    stacked = sum(1 + len(castle.kings) for castle in castles)
    unseen_pile = DECK_SIZE - HAND_SIZE * len(names) - stacked - len(face_up)
    state = GameState(
        rules=rules,
        players=tuple(Player(name, Zone(cards, HAND_SIZE - len(cards))) for name, cards in zip(names, known, strict=True)),
        castles=tuple(castles),
        draw_pile=Zone(hidden=max(unseen_pile, 0)),
        face_up=tuple(face_up),
        face_down=Zone(),
        dealer=dealer,
        direction=direction,
        deal="physical",
    )
    return check_state(_first_to_act(state))


def castle_phase_problems(castles: Sequence[Castle], face_up: Sequence[Card]) -> list[Problem]:
    """What no Castle Phase can leave (rules.md §7, §26): a castle crowned before any turn, a discard of castle 4's suit."""
    problems = [
        Problem(f"/castles/{index}/kings", "castle_phase_impossible", f"castle {index + 1} holds Kings, but the Castle Phase lays one card per castle")
        for index, castle in enumerate(castles)
        if castle.kings
    ]
    if len(castles) == CASTLE_COUNT:
        last = castles[-1]
        problems += [
            Problem(
                f"/face_up/{index}",
                "castle_phase_impossible",
                f"{card} is of castle 4's suit ({last.suit}): the first card of that suit founded castle 4 and ended the Castle Phase, so none was discarded",
            )
            for index, card in enumerate(face_up)
            if card.suit == last.suit
        ]
    return problems


@dataclass(frozen=True, slots=True)
class TableDeal:
    """What a real table reports of a follow-on game's Castle Phase and deal (rules.md §26, §28)."""

    castles: Sequence[Castle]
    face_up: Sequence[Card] = ()
    known_hands: Sequence[Sequence[Card]] | None = None


def next_game(finished: GameState, seed: int | None = None, table: TableDeal | None = None) -> NewGame:
    """The follow-on game (rules.md §28): the next seat becomes The Turn, the match's totals carry on.

    A service-dealt game is dealt again by the service; a physical one needs ``table`` (its new castles).
    """
    problems = []
    if finished.phase != "over":
        problems.append(Problem("/state/phase", "game_not_over", f"a follow-on game starts from a finished one, not from phase {finished.phase}"))
    if finished.deal == "physical" and table is None:
        problems.append(Problem("/castles", "castles_required", "a physical game's next Castle Phase happens at the table: give its castles"))
    if problems:
        raise InvalidInput(problems)
    step = 1 if finished.direction == "clockwise" else -1
    dealer = (finished.dealer + step) % len(finished.players)
    names = [player.name for player in finished.players]
    before = dict(finished.match.totals) if finished.match else {}
    match = Match(
        (finished.match.games if finished.match else 0) + 1,
        tuple((p.name, before.get(p.name, 0) + (p.half_score or 0)) for p in finished.players),
    )
    if table is not None:
        state = table_setup(names, table.castles, finished.rules, dealer, finished.direction, table.face_up, table.known_hands)
        return NewGame(replace(state, match=match), (), ())
    game = new_game(names, finished.rules, seed, dealer, finished.direction)
    return replace(game, state=replace(game.state, match=match))


DEAL_ATTEMPTS = 64  # seeds tried, in order, for a follow-on deal that cannot run dry only by bad luck (rules.md §8)


def follow_on_seed(seed: int, game: int, attempt: int = 0) -> int:
    """The seed of game ``game`` of the match whose finished game was dealt with ``seed``: derived, so the same match
    always goes on with the same deal, and sealed with it (the seed of a sealed game travels in its token)."""
    digest = hashlib.sha256(f"24-kings/{seed}/{game}/{attempt}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % (MAX_SEED + 1)


def dealt_on(finished: GameState, table: TableDeal | None = None) -> NewGame:
    """The follow-on game as the next deal move makes it (rules.md §28): :func:`next_game` with the table's cards, or,
    dealt by the service, with the seed derived from the finished game's (the next derived one when a deal runs dry)."""
    if table is not None or finished.deal == "physical":
        return next_game(finished, None, table)
    game = (finished.match.games if finished.match else 0) + 1
    for attempt in range(DEAL_ATTEMPTS - 1):
        try:
            return next_game(finished, follow_on_seed(finished.seed, game, attempt))
        except InvalidInput as error:
            if any(problem.code != "deal_impossible" for problem in error.problems):
                raise
    return next_game(finished, follow_on_seed(finished.seed, game, DEAL_ATTEMPTS - 1))
