"""What one player at the table may see of a 24 Kings state (rules.md §22).

Their own hand; of every other hand only its size; the draw pile and the
face-down pile only as counts (their order, and which cards were discarded
face down, are nobody's to see); the castles, the face-up pile and the cards
set aside after a false call, which everyone saw. The seed is left out: with
it, anyone could replay every shuffle to come.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.core.cards import card_texts
from service.core.problems import InvalidInput, Problem

from .hands import as_number
from .state import GameState


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A state as seen from one seat."""

    state: GameState
    seat: int

    def to_dict(self) -> dict[str, object]:
        state = self.state
        players = []
        for seat, player in enumerate(state.players):
            seen: dict[str, object] = {
                "name": player.name,
                "status": player.status,
                "cards_held": player.hand.size,
                "score": None if player.half_score is None else as_number(player.half_score),
            }
            if seat == self.seat or state.phase == "over":  # at the end every hand is shown for The Calculus
                seen["hand"] = player.hand.to_dict()
            players.append(seen)
        return {
            "player": state.players[self.seat].name,
            "rules": state.rules.to_dict(),
            "players": players,
            "castles": [castle.to_dict() for castle in state.castles],
            "draw_pile": {"count": state.draw_pile.size},
            "face_up": card_texts(state.face_up),
            "face_down": {"count": state.face_down.size},
            "set_aside": state.set_aside.to_dict(),
            "dealer": state.dealer,
            "direction": state.direction,
            "to_act": state.to_act,
            "phase": state.phase,
            "shuffles": state.shuffles,
            "outcome": state.outcome.to_dict() if state.outcome else None,
        }


def player_view(state: GameState, player: str) -> PlayerView:
    """The view of the seat named ``player``; an unknown name is bad input."""
    seat = state.player_index(player)
    if seat is None:
        names = ", ".join(repr(p.name) for p in state.players)
        raise InvalidInput([Problem("/player", "unknown_player", f"{player!r} has no seat at this table; the players are {names}")])
    return PlayerView(state, seat)
