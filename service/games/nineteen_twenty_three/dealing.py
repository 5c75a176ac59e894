"""Taking cards from the pile, dealing a game, and mixing the pack for a set (rules.md §1.3, §3.1, §3.2, §3.4).

Shared by the start of a match and by the reveal that starts the next game
or set, so a deal follows one rule wherever it happens.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from service.core.cards import Card
from service.core.zones import Zone

from .state import MatchState, Seat
from .table import DEAL, pack_of

Event = dict[str, Any]


def mixed_pack(decks: int, seed: int, set_number: int) -> tuple[Card, ...]:
    """The pile (top last) that set ``set_number`` of match ``seed`` starts with: the same seed, the same sets."""
    cards = pack_of(decks).cards()
    random.Random(f"{seed}/{set_number}").shuffle(cards)
    return tuple(cards)


def take_cards(state: MatchState, takers: Sequence[int]) -> tuple[MatchState, list[Card | None]]:
    """Each seat of ``takers``, in turn, takes the pile's top card; it goes last in the hand (§3.2).

    A card from a counted pile is None (unseen). Known cards are a prefix of a
    hand: a card after an unseen one is counted, even if the pile showed it.
    """
    pile = list(state.pile.cards)
    hidden = state.pile.hidden
    hands = [seat.hand for seat in state.seats]
    taken: list[Card | None] = []
    for index in takers:
        card = pile.pop() if pile else None
        if card is None:
            hidden -= 1
        hand = hands[index]
        hands[index] = Zone((*hand.cards, card), 0) if card is not None and hand.known else Zone(hand.cards, hand.hidden + 1)
        taken.append(card)
    seats = tuple(seat if seat.hand is hand else replace(seat, hand=hand) for seat, hand in zip(state.seats, hands, strict=True))
    names = tuple(state.seats[index].name for index in takers)
    return replace(state, seats=seats, pile=Zone(tuple(pile), hidden), taken=state.taken + names), taken


def locked_event(names: Sequence[str]) -> Event:
    return {"type": "locked_as_they_stand", "players": list(names), "rule": "3.4"}


def war_event(state: MatchState) -> Event:
    return {"type": "war_game", "set": state.set_number, "game": state.game_number, "pile": state.pile.size, "rule": "5.2"}


def dealt_event(state: MatchState) -> Event:
    return {"type": "dealt", "set": state.set_number, "game": state.game_number, "cards_each": DEAL, "pile": state.pile.size, "rule": "3.1"}


def lock_as_they_stand(state: MatchState, events: list[Event]) -> MatchState:
    """§3.4: with the pile empty, every player not locked yet is locked; then the cards are revealed."""
    names = state.unlocked
    if names:
        state = replace(state, seats=tuple(replace(seat, locked=True) for seat in state.seats))
        events.append(locked_event(names))
    return replace(state, phase="reveal")


def deal_game(state: MatchState, events: list[Event]) -> MatchState:
    """§3.1: each player in seat order takes two cards; nobody is locked yet (unless the pile is then empty).

    With fewer than two cards a player left (but one at least) the game is the set's last, war (§5.2): it
    waits for the move that turns one card each. A set's first game is war when the pack is that short.
    """
    state = replace(state, seats=tuple(replace(seat, hand=Zone(), locked=False) for seat in state.seats), taken=(), phase="play", draws=())
    if state.pile.size < DEAL * len(state.seats):
        events.append(war_event(state))
        return replace(state, phase="war")
    state, _ = take_cards(state, [index for index in range(len(state.seats)) for _ in range(DEAL)])
    events.append(dealt_event(state))
    return lock_as_they_stand(state, events) if state.pile.size == 0 else state


def fresh_seats(state: MatchState) -> tuple[Seat, ...]:
    """The seats at the start of a set: no hand, no lock, no cards won; the match's points stay."""
    return tuple(replace(seat, hand=Zone(), locked=False, won=()) for seat in state.seats)
