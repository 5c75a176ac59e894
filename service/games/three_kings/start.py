"""Starting a game: a seeded deal by the service, or a table dealt by hand (rules.md §2, §10.1).

The same seed always gives the same deal: the pack is shuffled by a
``random.Random`` seeded with the game's seed, and the state keeps the seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from service.core.problems import InvalidInput, Problem
from service.core.seeds import MAX_SEED as MAX_SEED  # the schemas bound a seed with it
from service.core.seeds import start_seed
from service.core.zones import Zone

from .cards import Card, card_texts, pack, pack_size
from .moves import Event
from .rules import Rules, rules_problems
from .state import GameState, Player, check_state, kings_in, roster_problems

HAND_SIZE = 4
TABLE_SIZE = 4


def shuffled(cards: Sequence[Card], seed: int) -> list[Card]:
    """The pack in the order game ``seed`` deals it (top last)."""
    deck = list(cards)
    random.Random(f"three-kings/{seed}").shuffle(deck)
    return deck


@dataclass(frozen=True, slots=True)
class NewGame:
    state: GameState
    events: tuple[Event, ...]

    def to_dict(self) -> dict[str, object]:
        return {"state": self.state.to_dict(), "events": list(self.events)}


def _start_problems(names: Sequence[str], rules: Rules, dealer: int) -> list[Problem]:
    problems = roster_problems(list(names)) + rules_problems(rules, "/rules")
    if names and not 0 <= dealer < len(names):
        problems.append(Problem("/dealer", "seat_out_of_range", f"seat {dealer} does not exist at a table of {len(names)}"))
    return problems


def _opened(state: GameState) -> tuple[GameState, list[Event]]:
    """Play starts on the dealer's left; a hand dealt three Kings ends the game before it starts (§2.2, §7.1)."""
    count = len(state.players)
    state = replace(state, to_act=(state.dealer + 1) % count)
    for seat in ((state.dealer + 1 + offset) % count for offset in range(count)):  # in dealing order: the first dealt to comes first
        player = state.players[seat]
        if kings_in(player.hand) >= 3 and state.three_kings is None:
            state = replace(state, three_kings=player.name)
            if not state.rules.play_it_out:
                state = replace(state, phase="over", to_act=seat)
                return replace(state, outcome=state.expected_outcome()), [{"type": "three_kings", "player": player.name, "rule": "7.1"}]
    return state, []


def new_game(names: Sequence[str], rules: Rules | None = None, seed: int | None = None, dealer: int = 0) -> NewGame:
    """Shuffle, deal four cards to each player one at a time from the dealer's left, then turn four onto the table."""
    rules = rules or Rules()
    seed = start_seed(_start_problems(names, rules, dealer), seed)
    pile = shuffled(pack(len(names)), seed)
    hands: list[list[Card]] = [[] for _ in names]
    for round_number in range(HAND_SIZE * len(names)):
        hands[(dealer + 1 + round_number) % len(names)].append(pile.pop())
    table = tuple(pile.pop() for _ in range(TABLE_SIZE))
    state = GameState(
        rules=rules,
        players=tuple(Player(name, Zone(tuple(hand))) for name, hand in zip(names, hands, strict=True)),
        table=table,
        draw_pile=Zone(tuple(pile)),
        dealer=dealer,
        seed=seed,
    )
    state, events = _opened(state)
    dealt: Event = {"type": "dealt", "hands": HAND_SIZE, "table": card_texts(table), "rule": "2.2"}
    return NewGame(check_state(state), (dealt, *events))


def table_setup(
    names: Sequence[str], table: Sequence[Card], rules: Rules | None = None, dealer: int = 0, hands: Sequence[Sequence[Card]] | None = None
) -> NewGame:
    """A game dealt at a real table: the four table cards known; hands unseen except the cards given in ``hands``."""
    rules = rules or Rules()
    problems = _start_problems(names, rules, dealer)
    if len(table) != TABLE_SIZE:
        problems.append(Problem("/table", "table_size", f"the deal turns {TABLE_SIZE} cards face up, not {len(table)}"))
    known = [tuple(cards) for cards in hands] if hands is not None else [() for _ in names]
    if len(known) != len(names):
        problems.append(Problem("/hands", "hands_count", f"{len(known)} hands given for {len(names)} players"))
    problems += [
        Problem(f"/hands/{seat}", "hand_size", f"a dealt hand has {HAND_SIZE} cards, not {len(cards)}")
        for seat, cards in enumerate(known)
        if len(cards) > HAND_SIZE
    ]
    if problems:
        raise InvalidInput(problems)
    unseen = pack_size(len(names)) - HAND_SIZE * len(names) - TABLE_SIZE
    players = tuple(Player(name, Zone(cards, HAND_SIZE - len(cards))) for name, cards in zip(names, known, strict=True))
    state = GameState(rules=rules, players=players, table=tuple(table), draw_pile=Zone(hidden=unseen), dealer=dealer, deal="physical")
    state, events = _opened(state)
    return NewGame(check_state(state), tuple(events))
