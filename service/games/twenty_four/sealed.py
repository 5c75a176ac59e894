"""Twenty-Four's sealed split, from its engine's zones (:class:`~service.core.zone_split.ZoneSplit`).

Every face-down pile is hidden (``nobody``: no seat sees a pile, its own included), and so is the seed, which
decides every hand's deal to come; the four cards face up, the cards won and set aside are public. Each round's
four cards are revealed by the move that turns them (its ``turned_up`` event and the state after it).
A real table's state (deal ``physical``) is never sealed: the referee does not see its cards.
"""

from __future__ import annotations

from typing import Any

from service.core.zone_split import ZoneSplit

from . import GAME

# Every token's plaintext is padded to this many bytes; the largest hidden part (52 cards in 8 piles, the longest
# seed and names) fits: tests/sealed/test_games_sealed.py checks it.
TOKEN_SIZE = 1024


def _sealable(state: Any) -> bool:
    return bool(state.deal == "service")


SPLIT = ZoneSplit(GAME, TOKEN_SIZE, sealed_fields={"/seed": 0}, is_sealable=_sealable)
