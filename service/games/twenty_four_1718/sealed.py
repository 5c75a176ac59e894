"""Twenty-Four (1718)'s sealed split, from its engine's zones (:class:`~service.core.zone_split.ZoneSplit`).

Each hand (its holder's alone) and the face-down stock are hidden, counted in their ``hidden`` fields, and so
is the seed, which decides every deal to come; the turn-up, the tricks and the trick under way are public.
A real table's state (deal ``physical``) is never sealed.
"""

from __future__ import annotations

from service.core.zone_split import ZoneSplit

from . import GAME
from .state import TableState

# Every token's plaintext is padded to this many bytes; the largest hidden part (every card of the pack in five hands
# and the stock, each written "10H", the longest seed) fits: tests/sealed/test_kit_games.py checks it.
TOKEN_SIZE = 1024


def _sealable(state: TableState) -> bool:
    return state.deal == "service"


SPLIT = ZoneSplit(GAME, TOKEN_SIZE, sealed_fields={"/seed": 0}, is_sealable=_sealable)
