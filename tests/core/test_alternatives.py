"""The kit's alternatives to a refused move never hold the refused move itself (service/core/kit.py, ``alternatives``).

A refused move is normally absent from the listing, so the random games never reach the comparison that leaves it
out (``_same_move``'s last line): here a listed move is refused directly, its plain form a dict or another mapping.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from service.core.kit import MAX_ALTERNATIVES
from tests.contract import fixture_game

GAME = fixture_game.GAME


def plain(option: Any) -> dict[str, Any]:
    return dict(option.move.to_dict())


def test_a_listed_move_refused_is_not_its_own_alternative():
    state = GAME.read_state(fixture_game.deal(0))
    listing = list(GAME.legal_moves(state))
    assert len(listing) == 3  # the leader's three cards, no pass on an empty table
    for refused in listing:
        offered = [plain(option) for option in GAME.alternatives(state, refused)]
        others = [move.to_dict() for move in listing if move != refused][:MAX_ALTERNATIVES]
        assert refused.to_dict() not in offered
        assert sorted(offered, key=str) == sorted(others, key=str)


@dataclass(frozen=True, slots=True)
class ProxyMove(fixture_game.Move):
    """A move whose plain form is a read-only mapping, not a dict."""

    def to_dict(self) -> Mapping[str, Any]:  # type: ignore[override]
        return MappingProxyType(fixture_game.Move.to_dict(self))


class ProxyMoves(fixture_game.HighCard):
    def legal_moves(self, state: fixture_game.State) -> Sequence[fixture_game.Move]:
        return [ProxyMove(move.player, move.action, move.card) for move in super().legal_moves(state)]


def test_a_move_whose_plain_form_is_not_a_dict_is_compared_by_its_items():
    game = ProxyMoves()
    state = game.read_state(fixture_game.deal(0))
    listing = list(game.legal_moves(state))
    refused = listing[1]
    offered = [plain(option) for option in game.alternatives(state, refused)]
    assert dict(refused.to_dict()) not in offered and len(offered) == len(listing) - 1
