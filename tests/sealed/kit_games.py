"""The kit games whose deals are sealed from their engine's zones, as the sealed tests drive them (issue 28).

Each :class:`Case` says, independently of the split under test, what the game hides: ``unseen(state, seat)``
is every card ``seat`` may not see (the oracle), and ``reshuffle(state, seat, rng)`` deals those cards
differently while keeping everything that seat may see, the rule book's secrets as issue 28 lists them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from service.core.sealing import Seal, seal_state
from service.core.zone_split import ZoneSplit
from service.games.twenty_four import GAME as TWENTY_FOUR
from service.games.twenty_four.sealed import SPLIT as TWENTY_FOUR_SPLIT
from service.games.twenty_four.start import MAX_SEED
from service.games.twenty_four.start import new_game as twenty_four_game
from service.games.twenty_four.state import MAX_PLAYERS, Options, TwentyFourState

from .keys import TEST_SEALER


@dataclass(frozen=True)
class Case:
    slug: str
    engine: Any
    split: ZoneSplit
    deal: Callable[[list[str], int], Any]  # the engine's deal of a seed
    unseen: Callable[[Any, str], list[str]]  # the cards ``seat`` may not see (the oracle)
    reshuffle: Callable[[Any, str, random.Random], Any]  # the same table to ``seat``, its unseen cards dealt otherwise
    quiet_move: Callable[[Any, str], dict[str, Any]]  # a move of ``seat`` that turns no card
    largest_hidden: Callable[[], dict[str, Any]]  # the largest hidden part there can be (each card as long as any)
    table_move: dict[str, Any] | None = None  # a move of the table itself (no player), if the game has one
    players: tuple[str, ...] = ("ann", "bob", "cy")

    def sealed(self, state: Any, seal: Seal) -> dict[str, Any]:
        """``state`` sealed as the app seals it, with each seat's key."""
        sealed = seal_state(self.split, TEST_SEALER, self.slug, state, seal)
        keys = {seat: TEST_SEALER.seat_key(self.slug, seal.match, seat) for seat in self.split.seats(state)}
        return {"state": sealed.public.to_dict(), "sealed": sealed.token, "seat_keys": keys}


# -- Twenty-Four: every face-down pile and the seed are hidden from every seat (rules.md §2.3: piles face down) ----------
def _24_unseen(state: TwentyFourState, seat: str) -> list[str]:
    return [str(card) for player in state.players for card in player.pile]


def _24_reshuffle(state: TwentyFourState, seat: str, rng: random.Random) -> TwentyFourState:
    """The face-down cards shuffled among the piles, each pile keeping its size, and another seed."""
    cards = [card for player in state.players for card in player.pile]
    rng.shuffle(cards)
    players, at = [], 0
    for player in state.players:
        players.append(replace(player, pile=tuple(cards[at : at + len(player.pile)])))
        at += len(player.pile)
    return replace(state, players=tuple(players), seed=rng.randrange(2**53))


def _24_largest() -> dict[str, Any]:
    """All 52 cards (face cards in) face down in 8 piles, each written "10H", and the largest seed."""
    piles = {f"/players/{seat}/pile": ["10H"] * (52 // MAX_PLAYERS + (seat < 52 % MAX_PLAYERS)) for seat in range(MAX_PLAYERS)}
    return piles | {"/seed": MAX_SEED}


TWENTY_FOUR_CASE = Case(
    slug="twenty-four",
    engine=TWENTY_FOUR,
    split=TWENTY_FOUR_SPLIT,
    deal=lambda names, seed: twenty_four_game(names, Options(hands=2), seed, 0).state,
    unseen=_24_unseen,
    reshuffle=_24_reshuffle,
    quiet_move=lambda state, seat: {"action": "claim", "player": seat, "expression": "1 + 1 + 1 + 1"},  # wrong: bars, turns nothing
    largest_hidden=_24_largest,
    table_move={"action": "set_aside", "reason": "agreed"},
)

CASES = [TWENTY_FOUR_CASE]
