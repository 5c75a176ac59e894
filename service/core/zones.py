"""A zone of the table (a hand, a pile) that the referee may see only in part.

A zone holds the cards the referee knows, in order (a pile's top is last),
and a count of cards it cannot see, so one state serves a server-dealt game
and a real table watched by a phone. Every game's zones travel as
``{"cards": [...], "hidden": n}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from .cards import CardLike, card_texts

CardT = TypeVar("CardT", bound=CardLike)


@dataclass(frozen=True, slots=True)
class Zone(Generic[CardT]):
    """Cards the referee knows (in order, top last) and a count of cards it cannot see.

    Generic in the card type: a game with its own cards (Three Kings' ranks and jokers) keeps them.
    """

    cards: tuple[CardT, ...] = ()
    hidden: int = 0

    @property
    def size(self) -> int:
        return len(self.cards) + self.hidden

    @property
    def known(self) -> bool:
        return self.hidden == 0

    def to_dict(self) -> dict[str, object]:
        return {"cards": card_texts(self.cards), "hidden": self.hidden}
