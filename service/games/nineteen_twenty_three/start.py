"""Starting a match: a server-dealt one from a seed, or a real table whose cards the referee cannot see (rules.md §7.3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from service.core.cards import Card
from service.core.problems import InvalidInput, Problem, excess_copies
from service.core.seeds import MAX_SEED as MAX_SEED  # the schemas bound a seed with it
from service.core.seeds import start_seed
from service.core.zones import Zone

from .dealing import Event, deal_game, dealt_event, locked_event, mixed_pack, war_event
from .scoring import DEFAULT_TARGET, MAX_TARGET
from .state import MatchState, Phase, Rules, Seat, check_state
from .table import DEAL, decks_problems, default_decks, pack_of, roster_problems, token


def _table_problems(names: Sequence[str], decks: int, target: int) -> list[Problem]:
    problems = roster_problems(names) + decks_problems(decks, len(names))
    if not 1 <= target <= MAX_TARGET:
        problems.append(Problem("/target", "bad_target", f"the target is a whole number of points from 1 to {MAX_TARGET}"))
    return problems


def new_match(names: Sequence[str], decks: int | None = None, target: int = DEFAULT_TARGET, seed: int | None = None) -> tuple[MatchState, tuple[Event, ...]]:
    """Mix the pack from the seed (drawn when not given) and deal the first game of the first set."""
    decks = default_decks(len(names)) if decks is None else decks
    seed = start_seed(_table_problems(names, decks, target), seed)
    state = MatchState(Rules(decks, target), tuple(Seat(name) for name in names), Zone(mixed_pack(decks, seed, 1)), seed=seed)
    events: list[Event] = []
    return check_state(deal_game(state, events)), tuple(events)


def table_match(
    names: Sequence[str],
    decks: int | None = None,
    target: int = DEFAULT_TARGET,
    *,
    points: Mapping[str, int] | None = None,
    match_cards: Mapping[str, int] | None = None,
    won: Mapping[str, Sequence[Card]] | None = None,
    dead: Sequence[Card] = (),
    set_number: int = 1,
    game_number: int = 1,
) -> MatchState:
    """A game just dealt at a real table (``deal: physical``): every hand is two unseen cards and the pile is counted.

    The set so far may be given (the cards each player has won in it, the dead
    cards) and the match so far (points and cards won in earlier sets). With
    fewer than two cards a player left, the game is the set's last, war (§5.2).
    """
    decks = default_decks(len(names)) if decks is None else decks
    problems = _table_problems(names, decks, target)
    points, match_cards, won = points or {}, match_cards or {}, won or {}
    for field, given in (("points", points), ("match_cards", match_cards), ("won", won)):
        problems += [Problem(f"/{field}/{token(name)}", "unknown_player", f"{name!r} is not at the table") for name in given if name not in names]
    if problems:
        raise InvalidInput(problems)
    pack = pack_of(decks)
    places = [(f"/won/{token(name)}/{at}", card) for name, cards in won.items() for at, card in enumerate(cards)]
    problems = excess_copies([*places, *((f"/dead/{at}", card) for at, card in enumerate(dead))], pack)
    left = pack.size - len(places) - len(dead)
    if left < len(names):
        problems.append(Problem("/won", "too_many_cards", f"the cards won and dead leave {left} for {len(names)} players: the set is over (rules.md §5.3)"))
    if problems:
        raise InvalidInput(problems)
    war = left < DEAL * len(names)
    dealt = 0 if war else DEAL
    seats = tuple(Seat(name, Zone(hidden=dealt), False, tuple(won.get(name, ())), points.get(name, 0), match_cards.get(name, 0)) for name in names)
    taken = tuple(name for name in names for _ in range(dealt))
    pile = left - dealt * len(names)
    phase: Phase = "war" if war else "play" if pile else "reveal"
    if phase == "reveal":
        seats = tuple(Seat(s.name, s.hand, True, s.won, s.points, s.match_cards) for s in seats)
    state = MatchState(Rules(decks, target), seats, Zone(hidden=pile), "physical", Zone(tuple(dead)), taken, phase, set_number, game_number)
    return check_state(state)


def table_events(state: MatchState) -> tuple[Event, ...]:
    """What a table just dealt starts with, told as a service deal tells it (rules.md §3.1, §3.4, §5.2).

    ``dealt`` (two unseen cards each, the pile's count), or ``war_game`` when the set's cards are too few; with the
    pile empty after the deal, ``locked_as_they_stand`` follows, naming every player.
    """
    if state.phase == "war":
        return (war_event(state),)
    dealt = dealt_event(state)
    return (dealt, locked_event([seat.name for seat in state.seats])) if state.phase == "reveal" else (dealt,)
