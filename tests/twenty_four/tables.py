"""Tables for the referee's tests: a seeded game with the four face-up cards chosen by the test."""

from __future__ import annotations

from dataclasses import replace

from service.core.cards import parse_cards
from service.games.twenty_four.start import new_game
from service.games.twenty_four.state import Rules, TwentyFourState, check_state

NAMES = ("Ann", "Bob", "Cy", "Di")


def game(players=NAMES, seed=7, **options) -> TwentyFourState:
    return new_game(list(players), Rules(**options), seed=seed, dealer=0).state


def with_table(state: TwentyFourState, table: str) -> TwentyFourState:
    """``state`` with the cards ``table`` face up: each is swapped with the card of a pile that held it."""
    wanted = parse_cards(table)
    piles = [list(seat.pile) for seat in state.players]
    shown = list(state.table)
    for index, card in enumerate(wanted):
        if card in shown:
            at = shown.index(card)
            shown[at], shown[index] = shown[index], shown[at]
            continue
        seat = next(seat for seat, pile in enumerate(piles) if card in pile)
        at = piles[seat].index(card)
        piles[seat][at], shown[index] = shown[index], card
    players = tuple(replace(seat, pile=tuple(pile)) for seat, pile in zip(state.players, piles, strict=True))
    return check_state(replace(state, players=players, table=tuple(shown)))
