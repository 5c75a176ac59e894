"""Card fields: one card, and a list of cards validated in a single pass.

A list of cards is the bulk of every request, so :class:`CardList` parses it
in one loop instead of running a nested field per card; errors still name
the index of every bad card.
"""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields

from service.core.cards import ONE_DECK, CardError, parse_card

CARD_PATTERN = r"^\s*(10|[2-9]|[AaTtJjQqKk])([SHDCshdc]|♠|♥|♦|♣|♤|♡|♢|♧)\s*$"
CARD_DESCRIPTION = "A card: rank (A, 2-10 or T, J, Q, K) then suit (S, H, D, C or ♠ ♥ ♦ ♣); answers use the canonical form, e.g. 10H."


class Card(fields.String):
    """One card, read leniently (``10h``, ``T♥``) and returned canonical (``10H``)."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"description": CARD_DESCRIPTION, "example": "10H", "pattern": CARD_PATTERN, **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return canonical(text)
        except CardError as error:
            raise ValidationError(str(error)) from error


# Texts read as cards, each to its canonical text: the 52 canonical texts, then others as they come.
# Only a text that is a card gets in, so a list whose every item is a key is a list of cards.
CANONICAL_OF_TEXT: dict[str, str] = {str(card): str(card) for card in ONE_DECK}


def canonical(text: str) -> str:
    """The canonical text of a card (``10h`` → ``10H``), memoised: card lists are the bulk of every body."""
    known = CANONICAL_OF_TEXT.get(text)
    if known is None:
        known = str(parse_card(text))
        if len(CANONICAL_OF_TEXT) < 4096:
            CANONICAL_OF_TEXT[text] = known
    return known


class CardList(fields.List):
    """A list of cards checked in one pass; documented as an array of :class:`Card`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(Card(), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[str]:
        if not isinstance(value, list):
            raise ValidationError("Not a valid list.")
        cards: list[str] = []
        errors: dict[int, list[str]] = {}
        for index, item in enumerate(value):
            if not isinstance(item, str):
                errors[index] = ["Not a valid string."]
                continue
            try:
                cards.append(canonical(item))
            except CardError as error:
                errors[index] = [str(error)]
        if errors:
            raise ValidationError(errors)
        return cards  # Field.deserialize then runs this field's validators (length limits)


class Integer(fields.Integer):
    """A JSON integer and nothing else: no 2.5, no "3", no true (marshmallow would truncate or coerce)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid")
        return int(super()._deserialize(value, attr, data, **kwargs))


class Number(fields.Float):
    """A JSON number and nothing else: no numeric strings, no booleans."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.make_error("invalid")
        return float(super()._deserialize(value, attr, data, **kwargs))


class Boolean(fields.Boolean):
    """JSON true or false and nothing else ("yes", 1 and "on" are refused, not guessed)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value
