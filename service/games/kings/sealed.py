"""A server-dealt 24 Kings state split into what the table may see and what it may not (rules.md §22).

The public part is itself a state of this game, read and checked like any
other: the hidden cards are only counted in it, as at a physical table. The
hidden part (the order of the draw pile, the face-down pile, every hand, the
seed that decides every reshuffle) travels sealed (:mod:`service.core.sealing`).

Every field of :class:`GameState` is listed below as public, counted, hand or
sealed. A field added to the state and listed nowhere is sealed (the public
part carries its default), so it cannot leak; ``tests/kings/test_sealed_split.py``
fails until it is listed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields, replace
from typing import Any

from service.core.cards import card_texts, parse_cards
from service.core.problems import InvalidInput, Problem
from service.core.records import LegalReport, Transition
from service.core.sealing import SEALED_POINTER, SealedTokenError

from .moves import Move
from .start import MAX_SEED
from .state import GameState, Zone, state_from_dict
from .view import player_view, visible_event, visible_move

PUBLIC_FIELDS = frozenset({"rules", "castles", "face_up", "set_aside", "dealer", "direction", "to_act", "phase", "shuffles", "outcome", "deal", "match"})
COUNTED_FIELDS = frozenset({"draw_pile", "face_down"})  # the table sees how many cards, never which nor in what order
HANDS_FIELD = "players"  # names, status and scores are public; each hand is counted until the game is over (§17: hands are shown)
SEALED_FIELDS = frozenset({"seed"})  # with the seed anyone could replay every reshuffle to come
# Written with a fixed number of digits, so the token's length does not tell how long the seed is.
SEED_DIGITS = len(str(MAX_SEED))
CLASSIFIED = PUBLIC_FIELDS | COUNTED_FIELDS | SEALED_FIELDS | {HANDS_FIELD}
# Every token's plaintext is padded to this many bytes, so its length tells nothing (a 10 is one character longer than a 9).
# The largest hidden part there can be (every one of the 104 cards hidden, the castles' too, the longest names) fits:
# tests/sealed/test_token_size.py checks it.
TOKEN_SIZE = 1280


def unlisted_fields() -> list[str]:
    """Fields of :class:`GameState` this module does not list: sealed until someone decides."""
    return [f.name for f in fields(GameState) if f.name not in CLASSIFIED]


def _default(name: str) -> Any:
    field = next(f for f in fields(GameState) if f.name == name)
    if field.default is not MISSING:
        return field.default
    if field.default_factory is not MISSING:
        return field.default_factory()
    raise TypeError(f"GameState.{name} has no default, so the sealed split cannot leave it out: list it in {__name__}")


def _sealed_fields() -> list[str]:
    return sorted(SEALED_FIELDS) + unlisted_fields()


@dataclass(frozen=True, slots=True)
class KingsSplit:
    """Public part, hidden part, and each player's share of an answer."""

    token_size: int = TOKEN_SIZE

    def seats(self, state: GameState) -> list[str]:
        return [player.name for player in state.players]

    def sealable(self, state: GameState) -> bool:
        """Only a state the referee sees whole is sealed; a physical table's state stays plain JSON."""
        zones = (state.draw_pile, state.face_down, state.set_aside, *(player.hand for player in state.players))
        return all(zone.known for zone in zones)

    def public(self, state: GameState) -> GameState:
        over = state.phase == "over"
        players = tuple(player if over else replace(player, hand=Zone(hidden=player.hand.size)) for player in state.players)
        changes: dict[str, Any] = {name: _default(name) for name in _sealed_fields()}
        return replace(state, players=players, draw_pile=Zone(hidden=state.draw_pile.size), face_down=Zone(hidden=state.face_down.size), **changes)

    def hidden(self, state: GameState) -> dict[str, Any]:
        unlisted = unlisted_fields()
        plain = state.to_dict() if unlisted else {}  # written whole only when a field is left unlisted: sealed as written
        return {
            "hands": [card_texts(player.hand.cards) for player in state.players],
            "draw_pile": card_texts(state.draw_pile.cards),
            "face_down": card_texts(state.face_down.cards),
            "fields": {name: plain[name] for name in unlisted} | {"seed": f"{state.seed:0{SEED_DIGITS}d}"},
        }

    def join(self, public: GameState, hidden: Mapping[str, Any]) -> GameState:
        """The whole state: the public part with the sealed cards put back.

        The token is authenticated and bound to this public part, so the whole is a state this service sealed
        (checked when it was made): the cards are put back as they were, not read and checked again.
        """
        try:
            if unlisted_fields():  # a field nobody classified travels as written: read it as any state is read
                return self._read_whole(public, hidden)
            hands = hidden["hands"]
            players = tuple(replace(player, hand=Zone(tuple(parse_cards(cards)))) for player, cards in zip(public.players, hands, strict=True))
            return replace(
                public,
                players=players,
                draw_pile=Zone(tuple(parse_cards(hidden["draw_pile"]))),
                face_down=Zone(tuple(parse_cards(hidden["face_down"]))),
                seed=int(hidden["fields"]["seed"]),
            )
        except (KeyError, TypeError, ValueError, InvalidInput):
            raise SealedTokenError(
                [Problem(SEALED_POINTER, "sealed_token_format", "the sealed token does not hold this table's hidden part in a form this service reads")]
            ) from None

    @staticmethod
    def _read_whole(public: GameState, hidden: Mapping[str, Any]) -> GameState:
        data: dict[str, Any] = public.to_dict()
        for player, cards in zip(data["players"], hidden["hands"], strict=True):
            player["hand"] = {"cards": cards, "hidden": 0}
        data["draw_pile"] = {"cards": hidden["draw_pile"], "hidden": 0}
        data["face_down"] = {"cards": hidden["face_down"], "hidden": 0}
        data |= hidden["fields"] | {"seed": int(hidden["fields"]["seed"])}
        return state_from_dict(data)

    def plain(self, state: GameState) -> dict[str, object]:
        return state.to_dict()

    # -- answers as one player sees them --------------------------------------------------------
    def state_after(self, transition: Transition[GameState, Move]) -> GameState:
        return transition.state

    def legal_for(self, state: GameState, report: LegalReport, viewer: str) -> dict[str, object]:
        """The legal moves are the acting player's to see; to anyone else, only who acts and in which phase."""
        player_view(state, viewer)  # an unknown name is bad input
        if report.player is not None and report.player == viewer:
            return report.to_dict()
        return replace(report, moves=(), open=()).to_dict()

    def transition_for(self, transition: Transition[GameState, Move], viewer: str) -> dict[str, object]:
        """The move and its events as ``viewer`` sees them, and their view of the state after it."""
        return {
            "move": visible_move(transition.move, viewer).to_dict(),
            "state": transition.state.to_dict(),
            "events": [visible_event(dict(event), viewer) for event in transition.events],
            "view": player_view(transition.state, viewer).to_dict(),
        }


SPLIT = KingsSplit()
