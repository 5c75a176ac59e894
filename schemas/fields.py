"""Card fields: one card, and a list of cards validated in a single pass; strict numbers and booleans.

Card fields hand the engine its own values (:class:`service.core.cards.Card`),
read by the engine's one reader of card text, so a card is judged once per
request, with one set of messages. A list of cards is the bulk of every
request, so :class:`CardList` reads it in one loop instead of running a
nested field per card; errors still name the index of every bad card.
"""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields

from service.core.cards import Card as EngineCard
from service.core.cards import CardError, parse_card
from service.core.names import MAX_NAME_LENGTH, BadName, normalise_name

# For the documentation: the texts parse_card reads (tests/http/test_lean_schema.py holds the two equal).
CARD_PATTERN = r"^\s*(10|[2-9]|[AaTtJjQqKk])([SHDCshdc]|♠|♥|♦|♣|♤|♡|♢|♧)\s*$"
CARD_DESCRIPTION = "A card: rank (A, 2-10 or T, J, Q, K) then suit (S, H, D, C or ♠ ♥ ♦ ♣); answers use the canonical form, e.g. 10H."


class Card(fields.String):
    """One card, read leniently (``10h``, ``T♥``) into the engine's own :class:`~service.core.cards.Card`.

    The text is judged by :func:`~service.core.cards.parse_card`, the one reader
    of card text, and its refusal is the error (code ``bad_card``).
    """

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"description": CARD_DESCRIPTION, "example": "10H", "pattern": CARD_PATTERN, **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> EngineCard:  # type: ignore[override]  # a string on the wire, a Card loaded
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return parse_card(text)
        except CardError as error:
            raise ValidationError(CodedMessage(str(error), "bad_card")) from error


class CardList(fields.List[Any]):
    """A list of cards checked in one pass; documented as an array of :class:`Card`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(Card(), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[EngineCard]:  # type: ignore[override]  # no None item
        if not isinstance(value, list):
            raise ValidationError("Not a valid list.")
        cards: list[EngineCard] = []
        errors: dict[int, list[str]] = {}
        for index, item in enumerate(value):
            if not isinstance(item, str):
                errors[index] = ["Not a valid string."]
                continue
            try:
                cards.append(parse_card(item))
            except CardError as error:
                errors[index] = [CodedMessage(str(error), "bad_card")]
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


class Name(fields.String):
    """A name people type (a player, a game), loaded as :func:`service.core.names.normalise_name` returns it.

    NFC, surrounding spaces removed; a name holding control, bidi-override or zero-width
    characters or a lone surrogate is refused with the reason (the spreadsheet readers use the
    same function, so a name is refused for the same reason whichever way it comes).
    """

    def __init__(self, *, max_length: int = MAX_NAME_LENGTH, **kwargs: Any) -> None:
        metadata = {"minLength": 1, "maxLength": max_length, **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)
        self.max_length = max_length

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return normalise_name(text, self.max_length)
        except BadName as error:
            raise ValidationError(CodedMessage(str(error), error.code)) from error


class CodedMessage(str):
    """An error message that carries its problem code (``name_control_character``), for the problem document."""

    code: str

    def __new__(cls, message: str, code: str) -> CodedMessage:
        coded = super().__new__(cls, message)
        coded.code = code
        return coded
