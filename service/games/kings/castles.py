"""The four castles: their shape, their value, and the checks on both.

Castle 1 is North (the First King), 2 West, 3 East, 4 South.  A castle is a
castle card with 0, 1 or 2 Kings stacked on it (rules.md §4, §5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.core.cards import KING, Card, CardError, card_texts, parse_card
from service.core.problems import Problem

from .rules import Rules

CASTLE_COUNT = 4
CROWNED_VALUE = 13
DOUBLE_KING_VALUE = 26


@dataclass(frozen=True, slots=True)
class Castle:
    """A castle card and the Kings stacked on it, bottom first."""

    card: Card
    kings: tuple[Card, ...] = ()

    @property
    def suit(self) -> str:
        return self.card.suit

    @property
    def is_crowned(self) -> bool:
        """Exactly one King over a non-King Subject: the only shape that can be dethroned."""
        return not self.card.is_king and len(self.kings) == 1

    @property
    def is_double_king(self) -> bool:
        return len(self.kings) + (1 if self.card.is_king else 0) >= 2

    @property
    def top_is_king(self) -> bool:
        return self.card.is_king or bool(self.kings)

    def value(self, rules: Rules) -> int:
        """The castle's current value K_i (rules.md §5)."""
        if rules.static_castles:
            return self.card.face_value
        if rules.subjects_count:
            return self.card.face_value + KING * len(self.kings)
        if self.is_double_king:
            return DOUBLE_KING_VALUE
        if self.top_is_king:
            return CROWNED_VALUE
        return self.card.face_value

    def crowned_with(self, king: Card) -> Castle:
        return Castle(self.card, (*self.kings, king))

    def dethroned(self) -> Castle:
        return Castle(self.card, ())

    def to_dict(self) -> dict[str, object]:
        return {"card": str(self.card), "kings": card_texts(self.kings)}


def parse_castle(text: str) -> Castle:
    """Read a castle written as its card, then any Kings after ``+``: ``7S``, ``4H+KH``, ``KH+KH``."""
    card, *kings = text.strip().split("+")
    try:
        return Castle(parse_card(card), tuple(parse_card(king) for king in kings))
    except CardError as error:
        raise CardError(f"castle {text!r}: {error}") from error


def castle_values(castles: Sequence[Castle], rules: Rules) -> tuple[int, int, int, int]:
    values = tuple(castle.value(rules) for castle in castles)
    assert len(values) == CASTLE_COUNT
    return values  # type: ignore[return-value]


def castle_cards(castles: Sequence[Castle]) -> list[Card]:
    """Every card of the castles (castle cards and Kings), without pointers: for counting copies."""
    return [card for castle in castles for card in (castle.card, *castle.kings)]


def castle_places(castles: Sequence[Castle], pointer: str = "/castles") -> list[tuple[str, Card]]:
    """Every card of the castles with its JSON pointer."""
    places = [(f"{pointer}/{i}/card", castle.card) for i, castle in enumerate(castles)]
    return places + [(f"{pointer}/{i}/kings/{k}", king) for i, castle in enumerate(castles) for k, king in enumerate(castle.kings)]


def castle_problems(castles: Sequence[Castle], rules: Rules, pointer: str = "/castles") -> list[Problem]:
    """Every shape problem of a set of castles (rules.md §4), not only the first."""
    problems: list[Problem] = []
    if len(castles) != CASTLE_COUNT:
        problems.append(Problem(pointer, "castle_count", f"a table has exactly 4 castles, not {len(castles)}"))
    first_of_suit: dict[str, int] = {}
    for index, castle in enumerate(castles):
        if castle.suit in first_of_suit:
            problems.append(
                Problem(
                    f"{pointer}/{index}/card",
                    "castle_suit_repeated",
                    f"castle {index + 1} ({castle.card}) has the suit of castle {first_of_suit[castle.suit] + 1}; the four castles are of four different suits",
                )
            )
        else:
            first_of_suit[castle.suit] = index
        if not castle.kings:  # a castle without Kings has no more to check (most castles of most tables)
            continue
        limit = 1 if castle.card.is_king else 2
        if len(castle.kings) > limit:
            problems.append(
                Problem(
                    f"{pointer}/{index}/kings",
                    "too_many_kings",
                    f"castle {index + 1} holds {len(castle.kings)} Kings on {castle.card}; a castle takes at most a Double King",
                )
            )
        for king_index, king in enumerate(castle.kings):
            if not king.is_king:
                problems.append(Problem(f"{pointer}/{index}/kings/{king_index}", "not_a_king", f"{str(king)!r} is stacked on a castle but only Kings are"))
            elif king.suit != castle.suit and not rules.equal_opportunity:
                problems.append(
                    Problem(
                        f"{pointer}/{index}/kings/{king_index}",
                        "suit_mismatch",
                        f"{king} is on castle {index + 1} of suit {castle.suit}; without EQUAL OPPORTUNITY a King must match its castle's suit",
                    )
                )
    return problems
