"""Whole hands for the tests, dealt and played by the oracle's rules (never by the engine)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from service.core.cards import ONE_DECK

from . import oracle


@dataclass(frozen=True)
class PlayedHand:
    hands: list[list[str]]  # from the leader, the dealer last
    turn_up: str
    tricks: list[list[str]]  # each in playing order; the leader leads the first, each taker the next


def played_hand(seed: int, players: int = 5) -> PlayedHand:
    """A random deal played out with random legal cards, all by the oracle."""
    rng = random.Random(seed)
    deck = [str(card) for card in ONE_DECK]
    rng.shuffle(deck)
    size = oracle.HAND_SIZE[players]
    hands = [deck[seat * size : (seat + 1) * size] for seat in range(players)]
    turn_up = deck[players * size]
    trump = oracle.suit(turn_up)
    held = [list(hand) for hand in hands]
    tricks, leader = [], 0
    for _ in range(size):
        trick: list[str] = []
        for offset in range(players):
            seat = (leader + offset) % players
            card = rng.choice(sorted(oracle.legal(held[seat], trick, trump)))
            held[seat].remove(card)
            trick.append(card)
        tricks.append(trick)
        leader = (leader + oracle.taker(trick, trump)) % players
    return PlayedHand(hands, turn_up, tricks)
