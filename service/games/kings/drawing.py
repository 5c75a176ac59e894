"""Drawing cards, reshuffling the discards, and running dry (rules.md §10).

Shared by the deal and by every action that draws, so a reshuffle during the
deal follows exactly the rules it follows in play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from service.core.cards import Card, card_texts

from .state import GameState, Zone


def shuffled(cards: Sequence[Card], seed: int, shuffle_number: int) -> list[Card]:
    """The order (top last) that shuffle ``shuffle_number`` of game ``seed`` leaves; 0 is the first shuffle."""
    deck = list(cards)
    random.Random(f"{seed}/{shuffle_number}").shuffle(deck)
    return deck


Event = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Drawn:
    """The state after drawing, what happened, and whether the cards ran out."""

    state: GameState
    events: tuple[Event, ...]
    ran_dry: bool
    impossible: tuple[int, ...] = ()  # indexes of named draws that were third copies when drawn (rules.md §26)


def reshuffle(state: GameState) -> tuple[GameState, list[Event]] | None:
    """Shuffle the discards into a new draw pile, or None when the game must go to The Calculus."""
    if state.rules.shuffle_me_out:
        return None
    removed = state.face_up if state.rules.face_up_consequences else ()
    pool_known = state.face_down.cards + (() if removed else state.face_up)
    pool_size = len(pool_known) + state.face_down.hidden
    if pool_size == 0:
        return None
    number = state.shuffles + 1
    # At a real table the players shuffle, and unseen face-down cards make any order unknowable:
    # the new pile is then only counted, never put in an order invented from the seed (rules.md §26).
    physical = state.deal == "physical" or not state.face_down.known
    pile = Zone(hidden=pool_size) if physical else Zone(tuple(shuffled(pool_known, state.seed, number)))
    events: list[Event] = []
    set_aside = state.set_aside
    if removed:
        set_aside = Zone(set_aside.cards + removed, set_aside.hidden)
        events.append({"type": "face_up_removed", "cards": card_texts(removed), "rule": "10"})
    events.append({"type": "reshuffled", "shuffle": number, "cards": pool_size, "rule": "10"})
    return replace(state, draw_pile=pile, face_up=(), face_down=Zone(), set_aside=set_aside, shuffles=number), events


def draw_cards(state: GameState, seat: int, count: int, claims: Sequence[Card] = ()) -> Drawn:
    """Draw ``count`` cards from the pile into seat's hand, reshuffling as needed.

    With a counted (unseen) pile, ``claims`` are the cards the player says they
    drew, in order; unclaimed cards join the hand unseen.
    """
    events: list[Event] = []
    taken: list[Card] = []
    unseen = 0
    pending = list(reversed(claims))  # named draws from a counted pile, next one last
    impossible: list[int] = []
    for _ in range(count):
        if state.draw_pile.size == 0:
            refreshed = reshuffle(state)
            if refreshed is None:
                state = _give(state, seat, taken, unseen)
                return Drawn(state, (*events, *_drew_events(state, seat, taken, unseen)), True, tuple(impossible))
            state, more = refreshed
            events += more
        pile = state.draw_pile
        if pile.cards:
            taken.append(pile.cards[-1])
            state = replace(state, draw_pile=Zone(pile.cards[:-1]))
        else:
            state = replace(state, draw_pile=Zone(hidden=pile.hidden - 1))
            if pending:
                index = len(claims) - len(pending)
                held = [(f"/taken/{i}", card) for i, card in enumerate(taken)]  # drawn this move, not yet in the hand
                if state.third_copies_of([*held, (f"/drawn/{index}", pending[-1])])[-1:] == [f"/drawn/{index}"]:
                    impossible.append(index)
                taken.append(pending.pop())
            else:
                unseen += 1
    state = _give(state, seat, taken, unseen)
    return Drawn(state, (*events, *_drew_events(state, seat, taken, unseen)), False, tuple(impossible))


def _give(state: GameState, seat: int, cards: list[Card], unseen: int) -> GameState:
    player = state.players[seat]
    hand = Zone(player.hand.cards + tuple(cards), player.hand.hidden + unseen)
    return state.with_player(seat, replace(player, hand=hand))


def _drew_events(state: GameState, seat: int, cards: list[Card], unseen: int) -> list[Event]:
    if not cards and not unseen:
        return []
    return [{"type": "drew", "player": state.players[seat].name, "cards": card_texts(cards), "unseen": unseen, "from": "draw_pile"}]
