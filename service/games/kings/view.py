"""What one player at the table may see of a 24 Kings state (rules.md §22).

Their own hand; of every other hand only its size; the draw pile and the
face-down pile only as counts (their order, and which cards were discarded
face down, are nobody's to see); the castles, the face-up pile and the cards
set aside after a false call, which everyone saw. The seed is left out: with
it, anyone could replay every shuffle to come.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from service.core.cards import card_texts
from service.core.problems import InvalidInput, Problem

from .hands import as_number
from .moves import Move
from .state import GameState

# Events that name only what the whole table saw: castles, face-up cards, called and revealed hands, turns, reshuffles, the end.
PUBLIC_EVENTS = frozenset(
    {
        "turn",
        "reshuffled",
        "face_up_removed",
        "king_dumped",
        "castle_changed",
        "hand_called",
        "player_out",
        "game_over",
        "reveal_turn",
        "hand_revealed",
        "winners",
        "game_dealt",  # the next game's dealer and Castle Phase: castles and discards, turned in sight of all (§7, §28)
    }
)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A state as seen from one seat."""

    state: GameState
    seat: int

    def _seen_player(self, seat: int) -> dict[str, object]:
        """What this seat sees of the player at ``seat``: how many cards they hold, and the hand itself only when it
        is this seat's or shown: at the end every hand is, for The Calculus; while hands are revealed in turn (§27),
        each once it is scored."""
        state, player = self.state, self.state.players[seat]
        seen: dict[str, object] = {
            "name": player.name,
            "status": player.status,
            "cards_held": player.hand.size,
            "score": None if player.half_score is None else as_number(player.half_score),
        }
        if seat == self.seat or state.phase == "over" or (state.phase == "reveal" and player.half_score is not None):
            seen["hand"] = player.hand.to_dict()
        return seen

    def to_dict(self) -> dict[str, object]:
        state = self.state
        return {
            "player": state.players[self.seat].name,
            "rules": state.rules.to_dict(),
            "players": [self._seen_player(seat) for seat in range(len(state.players))],
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
            "deal": state.deal,
            "match": state.match.to_dict() if state.match else None,
        }


def player_view(state: GameState, player: str) -> PlayerView:
    """The view of the seat named ``player``; an unknown name is bad input."""
    seat = state.player_index(player)
    if seat is None:
        names = ", ".join(repr(p.name) for p in state.players)
        raise InvalidInput([Problem("/player", "unknown_player", f"{player!r} has no seat at this table; the players are {names}")])
    return PlayerView(state, seat)


def visible_event(event: dict[str, Any], viewer: str) -> dict[str, Any]:
    """An event as ``viewer`` sees it: another player's draws from the pile are counted, their face-down discards unnamed.

    An event of a kind not known here keeps only its type and player, so a new
    kind of event cannot name a hidden card before someone decides what it may show.
    """
    kind = event.get("type")
    own = event.get("player") == viewer
    if kind == "drew":
        if own or event.get("from") == "face_up":  # GHOUL-RAISER takes from the face-up pile in sight of all (§18)
            return event
        return {**event, "cards": [], "unseen": len(event.get("cards", [])) + int(event.get("unseen", 0))}
    if kind == "discarded":
        return event if own or event.get("face") == "up" else {**event, "card": None}
    if kind in PUBLIC_EVENTS:
        return event
    return {key: event[key] for key in ("type", "player") if key in event}


def visible_move(move: Move, viewer: str) -> Move:
    """A move as ``viewer`` sees it: another player's face-down discard and the cards they drew are not named."""
    if move.player == viewer:
        return move
    return move._replace(card=None if move.action == "face_down_discard" else move.card, drawn=())
