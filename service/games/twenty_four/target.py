"""The dynamic target (rules.md §7): eight cards face up, the two highest and two lowest removed, the rest summed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.core.cards import Card, card_texts

TARGET_CARDS = 8
DEFAULT_TARGET = 24


@dataclass(frozen=True, slots=True)
class DynamicTarget:
    """The eight cards, the four removed (highest first, lowest first) and the four summed."""

    cards: tuple[Card, ...]
    removed_high: tuple[Card, ...]
    removed_low: tuple[Card, ...]
    summed: tuple[Card, ...]

    @property
    def target(self) -> int:
        return sum(card.rank for card in self.summed)

    def to_dict(self) -> dict[str, object]:
        return {
            "cards": card_texts(self.cards),
            "removed_high": card_texts(self.removed_high),
            "removed_low": card_texts(self.removed_low),
            "summed": card_texts(self.summed),
            "target": self.target,
        }


def dynamic_target(cards: Sequence[Card]) -> DynamicTarget:
    """The target the eight ``cards`` set. Among equal values the earlier card is removed first
    (which copy goes never changes the sum)."""
    if len(cards) != TARGET_CARDS:
        raise ValueError(f"a dynamic target takes {TARGET_CARDS} cards, not {len(cards)}")
    low = sorted(range(TARGET_CARDS), key=lambda index: cards[index].rank)[:2]  # sorting is stable: equal values keep their order
    high = sorted((index for index in range(TARGET_CARDS) if index not in low), key=lambda index: -cards[index].rank)[:2]
    removed = set(low) | set(high)
    return DynamicTarget(
        cards=tuple(cards),
        removed_high=tuple(cards[index] for index in high),
        removed_low=tuple(cards[index] for index in low),
        summed=tuple(card for index, card in enumerate(cards) if index not in removed),
    )
