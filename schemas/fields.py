"""Card fields: one card, and a list of cards validated in a single pass; strict numbers and booleans; coded refusals.

Card fields hand the engine its own values (:class:`service.core.cards.Card`),
read by the engine's one reader of card text, so a card is judged once per
request, with one set of messages. A list of cards is the bulk of every
request, so :class:`CardList` reads it in one loop instead of running a
nested field per card; errors still name the index of every bad card.

Every refusal a schema gives carries its problem code from the check that made it
(:class:`CodedMessage`): the coded validators :class:`OneOf`, :class:`Length` and
:class:`Range`, the fields' own messages (:func:`code_messages`, run on every field a
:class:`~schemas.base.LeanSchema` binds), and the schema's own two (unknown field, not an
object). The problem document reads ``.code``; no code is ever inferred from a message's words.

Every field class of the project also says how it reads a plain, valid value without marshmallow's machinery
(``plain_load``, on the class itself, a static method or, when the reading depends on the field's settings, a
method): :mod:`schemas.compiled`'s fast path calls it, and it raises :class:`Unsure` for anything it cannot vouch
for, which then goes to the field's own ``_deserialize`` to be judged and worded. A field whose plain reading is a
type test alone says so instead (``plain_type``): the fast path writes that test in its loader's line. A field class without one (a
list of rows, a map of players) is run by the fast path as marshmallow runs it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError, fields, validate

from service.core.cards import CANONICAL_CARDS, CardError, parse_card
from service.core.cards import Card as EngineCard
from service.core.names import MAX_NAME_LENGTH, BadName, normalise_name

# For the documentation: the texts parse_card reads (tests/http/test_lean_schema.py holds the two equal).
CARD_PATTERN = r"^\s*(10|[2-9]|[AaTtJjQqKk])([SHDCshdc]|♠|♥|♦|♣|♤|♡|♢|♧)\s*$"
CARD_DESCRIPTION = "A card: rank (A, 2-10 or T, J, Q, K) then suit (S, H, D, C or ♠ ♥ ♦ ♣); answers use the canonical form, e.g. 10H."
_LARGEST_EXACT_FLOAT = 2**53
_CANONICAL_CARD = CANONICAL_CARDS.__getitem__


class Unsure(Exception):
    """A field's ``plain_load`` cannot vouch for this value; marshmallow must judge it (:mod:`schemas.compiled`)."""


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

    @staticmethod
    def plain_load(value: Any) -> EngineCard:
        """A canonical text is one lookup; anything else is read as a list of one."""
        try:
            return _CANONICAL_CARD(value)
        except (KeyError, TypeError):
            return CardList.plain_load([value])[0]


class CardList(fields.List[Any]):
    """A list of cards checked in one pass; documented as an array of :class:`Card`."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(Card(), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[EngineCard]:  # type: ignore[override]  # no None item
        if not isinstance(value, list):
            raise self.make_error("invalid")
        cards: list[EngineCard] = []
        errors: dict[int, list[Any]] = {}
        for index, item in enumerate(value):
            if not isinstance(item, str):
                errors[index] = [self.inner.error_messages["invalid"]]  # the card field's own "Not a valid string."
                continue
            try:
                cards.append(parse_card(item))
            except CardError as error:
                errors[index] = [CodedMessage(str(error), "bad_card")]
        if errors:
            raise ValidationError(errors)
        return cards  # Field.deserialize then runs this field's validators (length limits)

    @staticmethod
    def plain_load(value: Any) -> list[EngineCard]:
        if type(value) is not list:
            raise Unsure
        if not value:  # most lists of Kings on a castle: half the cost of mapping nothing
            return []
        try:  # every item a canonical card text, as in nearly every body: one lookup each, at C speed
            return list(map(_CANONICAL_CARD, value))
        except (KeyError, TypeError):  # a text to read, or an item that is not a text (unhashable ones raise TypeError)
            pass
        cards = []
        for item in value:
            if type(item) is not str:
                raise Unsure
            try:
                cards.append(parse_card(item))
            except CardError:
                raise Unsure from None
        return cards


class Integer(fields.Integer):
    """A JSON integer and nothing else: no 2.5, no "3", no true (marshmallow would truncate or coerce)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid")
        return int(super()._deserialize(value, attr, data, **kwargs))

    plain_type = int  # its plain reading is this type test alone: schemas/compiled.py writes it in the loader's line


class Number(fields.Float):
    """A JSON number and nothing else: no numeric strings, no booleans."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.make_error("invalid")
        return float(super()._deserialize(value, attr, data, **kwargs))

    @staticmethod
    def plain_load(value: Any) -> float:
        """A finite float as it is; an integer as a float where the float holds it exactly."""
        if type(value) is float:
            if not math.isfinite(value):
                raise Unsure
            return value
        if type(value) is int and -_LARGEST_EXACT_FLOAT <= value <= _LARGEST_EXACT_FLOAT:
            return float(value)
        raise Unsure


class Boolean(fields.Boolean):
    """JSON true or false and nothing else ("yes", 1 and "on" are refused, not guessed)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value

    plain_type = bool  # its plain reading is this type test alone: schemas/compiled.py writes it in the loader's line


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

    def plain_load(self, value: Any) -> str:
        """The same reading, this field's own limit included (a method: the limit is the field's)."""
        if type(value) is not str:
            raise Unsure
        try:
            return normalise_name(value, self.max_length)
        except BadName:
            raise Unsure from None


class EntryMap(fields.Dict):
    """A map whose refusals point at the entry, the key's place in the body (``/won/ann/0``).

    marshmallow files a bad key under ``key`` and a bad value under ``value``
    (``/won/ann/value/0``), which is no place in the request; both are lifted
    to the entry itself, here where the map is declared.
    """

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> dict[Any, Any]:
        try:
            loaded: dict[Any, Any] = super()._deserialize(value, attr, data, **kwargs)  # type: ignore[no-untyped-call]
        except ValidationError as error:
            if not isinstance(error.messages, Mapping):
                raise
            raise ValidationError({key: _entry_messages(parts) for key, parts in error.messages.items()}, valid_data=error.valid_data) from error
        return loaded


def _entry_messages(parts: Any) -> Any:
    """One entry's refusals: the key's messages at the entry, the value's at or under it."""
    if not isinstance(parts, Mapping):
        return parts
    key, value = parts.get("key"), parts.get("value")
    if key is None or value is None:
        return value if key is None else key
    return {**value, "_schema": [*key, *value.get("_schema", ())]} if isinstance(value, Mapping) else [*key, *value]


class PlayerMap(EntryMap):
    """A map keyed by players' names (:class:`Name` keys): two keys that are one name once normalised (``"ann"`` and
    ``" ann"``) are refused at the second, never merged with the last one winning."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> dict[Any, Any]:
        loaded = super()._deserialize(value, attr, data, **kwargs)
        if len(loaded) < len(value):  # only then did two keys become one
            first: dict[Any, str] = {}
            for key in value:
                name = self.key_field.deserialize(key) if self.key_field is not None else key
                if name in first:
                    raise ValidationError({key: [CodedMessage(f"names the same player as {first[name]!r}", "duplicate_name")]})
                first[name] = key
        return loaded


class CodedMessage(str):
    """An error message that carries its problem code (``name_control_character``), for the problem document.

    It keeps its code through ``format`` (marshmallow words a field's and a validator's message with it)
    and through copies (marshmallow deep-copies every field, and its messages, into each schema).
    """

    code: str

    def __new__(cls, message: str, code: str) -> CodedMessage:
        coded = super().__new__(cls, message)
        coded.code = code
        return coded

    def format(self, *args: object, **kwargs: object) -> CodedMessage:
        return CodedMessage(str.format(self, *args, **kwargs), self.code)

    def __reduce__(self) -> tuple[type[CodedMessage], tuple[str, str]]:
        return CodedMessage, (str(self), self.code)

    def __copy__(self) -> CodedMessage:
        return self

    def __deepcopy__(self, memo: object) -> CodedMessage:
        return self


def coded(message: str | None, code: str) -> CodedMessage | None:
    """``message`` carrying ``code`` (None stays None: the validator's own message is used, coded by its class)."""
    return None if message is None else CodedMessage(message, code)


# -- validators: marshmallow's, their refusals coded ----------------------------------------------------------
class OneOf(validate.OneOf):
    """marshmallow's ``OneOf``, its refusal coded ``not_an_option``."""

    code = "not_an_option"
    default_message = CodedMessage(validate.OneOf.default_message, code)

    def __init__(self, choices: Any, labels: Any = None, *, error: str | None = None) -> None:
        super().__init__(choices, labels, error=coded(error, self.code))


class Length(validate.Length):
    """marshmallow's ``Length``, its refusals coded ``bad_length`` (a message of the schema's own included)."""

    code = "bad_length"
    message_min = CodedMessage(validate.Length.message_min, code)
    message_max = CodedMessage(validate.Length.message_max, code)
    message_all = CodedMessage(validate.Length.message_all, code)
    message_equal = CodedMessage(validate.Length.message_equal, code)

    def __init__(self, min: int | None = None, max: int | None = None, *, equal: int | None = None, error: str | None = None) -> None:
        super().__init__(min, max, equal=equal, error=coded(error, self.code))


class Range(validate.Range):
    """marshmallow's ``Range``, its refusals coded ``out_of_range``."""

    code = "out_of_range"
    message_min = CodedMessage(validate.Range.message_min, code)
    message_max = CodedMessage(validate.Range.message_max, code)
    message_all = CodedMessage(validate.Range.message_all, code)

    def __init__(self, min: Any = None, max: Any = None, *, min_inclusive: bool = True, max_inclusive: bool = True, error: str | None = None) -> None:
        super().__init__(min, max, min_inclusive=min_inclusive, max_inclusive=max_inclusive, error=coded(error, self.code))


# -- the fields' own messages ------------------------------------------------------------------------------------
# The code of each message marshmallow's fields word, by the class whose ``default_error_messages`` defines it and
# the message's key (the check that failed: ``make_error(key)``). A field class with a key of its own that is not
# here gets no code, and tests/schemas/test_codes.py names it.
FIELD_CODES: Mapping[type[fields.Field[Any]], Mapping[str, str]] = {
    fields.Field: {"required": "required", "null": "not_nullable", "validator_failed": "invalid"},
    fields.String: {"invalid": "not_a_string", "invalid_utf8": "invalid"},
    fields.Number: {"invalid": "not_a_number", "too_large": "invalid"},
    fields.Integer: {"invalid": "not_an_integer"},
    fields.Float: {"special": "invalid"},
    fields.Boolean: {"invalid": "not_a_boolean"},
    fields.List: {"invalid": "not_a_list"},
    fields.Mapping: {"invalid": "invalid"},
    fields.Nested: {"type": "invalid"},
}


_CODES_OF: dict[type[fields.Field[Any]], Mapping[str, str]] = {}


def _codes_of(kind: type[fields.Field[Any]]) -> Mapping[str, str]:
    """Each message key of a field class, with the code of the class that defines its message (the nearest in its MRO)."""
    if kind in _CODES_OF:
        return _CODES_OF[kind]
    codes: dict[str, str] = {}
    for cls in reversed(kind.__mro__):
        defined = vars(cls).get("default_error_messages", {})
        codes.update({key: FIELD_CODES[cls][key] for key in defined if key in FIELD_CODES.get(cls, {})})
        codes.update({key: defined[key].code for key in defined if isinstance(defined[key], CodedMessage)})
    _CODES_OF[kind] = codes
    return codes


def code_messages(field: fields.Field[Any]) -> None:
    """Give every message of ``field`` (and of the fields inside it: a list's items, a map's keys and values) the code
    of the check that words it. A message the field was given (``error_messages=``) takes the code of its key."""
    codes = _codes_of(type(field))
    messages = field.error_messages
    for key, message in messages.items():
        if not isinstance(message, CodedMessage) and key in codes and isinstance(message, str):
            messages[key] = CodedMessage(message, codes[key])
    for inner in inner_fields(field):
        code_messages(inner)


def inner_fields(field: fields.Field[Any]) -> list[fields.Field[Any]]:
    """The fields a field loads its parts with: a list's item, a tuple's items, a map's key and value."""
    if isinstance(field, fields.List):
        return [field.inner]
    if isinstance(field, fields.Tuple):
        return list(field.tuple_fields)
    if isinstance(field, fields.Mapping):
        return [inner for inner in (field.key_field, field.value_field) if inner is not None]
    return []
