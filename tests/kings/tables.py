"""Builders for whole game states in tests: name what matters, the rest fills itself."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from service.core.cards import parse_cards
from service.games.kings.pack import full_deck
from service.games.kings.rules import Rules
from service.games.kings.state import GameState, Player, Zone, check_state
from tests.conftest import make_castles


def build(
    hands: Mapping[str, str],
    castles: tuple[str, str, str, str] = ("5H", "9C", "4D", "10S"),
    *,
    face_up: str = "",
    face_down: str = "",
    draw_top: str = "",
    draw_pile: str | None = None,
    to_act: int = 0,
    phase: str = "kingdom-action",
    rules: Rules | None = None,
    **fields: Any,
) -> GameState:
    """A checked state. Unnamed cards fill the draw pile, ``draw_top`` on top (last drawn first).

    ``draw_pile`` (when given) is the whole pile and the rest of the deck is set aside.
    """
    table = make_castles(*castles)
    players = tuple(Player(name, Zone(tuple(parse_cards(cards)))) for name, cards in hands.items())
    used = [c.card for c in table] + [k for c in table for k in c.kings]
    used += [card for player in players for card in player.hand.cards]
    used += parse_cards(face_up) + parse_cards(face_down)
    rest = full_deck()
    for card in used:
        rest.remove(card)
    set_aside: list = []
    if draw_pile is not None:
        pile = parse_cards(draw_pile)
        for card in pile:
            rest.remove(card)
        set_aside, rest = rest, pile
    else:
        top = parse_cards(draw_top)
        for card in top:
            rest.remove(card)
        rest += list(reversed(top))
    state = GameState(
        rules=rules or Rules(),
        players=players,
        castles=tuple(table),
        draw_pile=Zone(tuple(rest)),
        face_up=tuple(parse_cards(face_up)),
        face_down=Zone(tuple(parse_cards(face_down))),
        set_aside=Zone(tuple(set_aside)),
        to_act=to_act,
        phase=phase,  # type: ignore[arg-type]
        dealer=(to_act - 1) % len(players),
    )
    return check_state(replace(state, **fields))
