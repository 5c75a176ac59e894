"""The one typed reader every game reads plain data with: a value of the right type, or a problem at its pointer.

A game's ``read_state`` and ``read_move`` walk the client's data with a
:class:`Reader`; each method returns a usable value whatever it was given
(a default when the data is wrong) and records the problem, so one pass
finds every problem at once. The problems stop at the cap
(:data:`~service.core.problems.MAX_PROBLEMS`): a reading run inside
:meth:`Reader.done` ends early then, so an impossible body costs no more
than a bad one.

A schema-loaded body already holds parsed cards (``schemas.fields`` reads
each card once per request): :meth:`Reader.card` takes them as they are.
A reader :meth:`~Reader.vouched` for such a body (the engine kit's
:meth:`~service.core.kit.Engine.read_loaded`, the HTTP layer's one reading of a
request's state) also takes its lists of cards, of names and of whole numbers
as the schema left them, so the state is read once: the schema read its types, its bounds
and its cards; the engine builds its records and checks what only the game
knows (its bounds, its choices and the table's structure stay checked here).
Every other caller (the command line, tests, sealed tokens) reads with every check.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any, Generic, TypeGuard, TypeVar, cast

from .cards import Card, CardLike, known_cards, parse_card
from .problems import Findings, Problem
from .zones import Zone

T = TypeVar("T")
CardT = TypeVar("CardT", bound=CardLike)


def is_object(value: object) -> TypeGuard[Mapping[str, Any]]:
    """Whether ``value`` reads as a JSON object: a ``dict`` at once (what a parsed body holds), any other mapping
    tested as one (a ``Mapping`` check alone costs an abstract-class lookup on every object of every state)."""
    return type(value) is dict or isinstance(value, Mapping)


class Reader(Generic[CardT]):
    """Reads plain data into engine values, collecting every problem (up to the cap) with its JSON pointer.

    ``parse`` reads one card's text (raises ``ValueError`` with a message); it defaults to the 52-card pack's.
    """

    def __init__(self, parse: Callable[[object], CardT] | None = None, card_type: type | None = None) -> None:
        self.found = Findings()
        self._parse: Callable[[Any], Any] = parse if parse is not None else parse_card
        self._card_type: type = card_type if card_type is not None else Card
        self._default = parse is None
        self._vouched = False

    def vouched(self) -> Reader[CardT]:
        """This reader, for data its game's state schema has loaded (and no other): a list of cards holds this game's
        cards already read, a list of names texts, a list of whole numbers integers, so each is taken as it is; bounds,
        choices and the table stay checked. tests/http/test_state_once.py holds the reading to the unvouched one."""
        self._vouched = True
        return self

    @property
    def problems(self) -> list[Problem]:
        return self.found.problems

    def problem(self, pointer: str, code: str, message: str) -> None:
        self.found.add(pointer, code, message)

    def extend(self, problems: Sequence[Problem]) -> None:
        self.found.extend(problems)

    def reading(self) -> AbstractContextManager[None]:
        """Read inside this block: at the cap, the reading stops and the block ends with what was found."""
        return self.found.bounded()

    def done(self) -> None:
        """Raise :class:`~service.core.problems.InvalidInput` with every problem found, if any."""
        self.found.raise_any()

    # -- values ---------------------------------------------------------------------------------
    def card(self, value: object, pointer: str) -> CardT | None:
        if isinstance(value, self._card_type):
            return value  # type: ignore[return-value]  # a schema already read it
        try:
            card: CardT = self._parse(value)  # refuses a value that is not text, with a message
        except ValueError as error:
            self.problem(pointer, "bad_card", str(error))
            return None
        return card

    def cards(self, value: object, pointer: str) -> tuple[CardT, ...]:
        """A list of cards; each bad card is a problem at its index."""
        if self._vouched and type(value) is list:
            return tuple(value)  # the schema's card list: this game's cards, read once already
        if not isinstance(value, list):
            self.problem(pointer, "not_a_list", "expected a list of cards")
            return ()
        if self._default:
            known = known_cards(value)  # the common case: every item a card, read at C speed
            if known is not None:
                return cast("tuple[CardT, ...]", tuple(known))  # the default reader's cards are the 52-card pack's
        read = [self.card(item, f"{pointer}/{index}") for index, item in enumerate(value)]
        return tuple(card for card in read if card is not None)

    def integer(self, data: Mapping[str, Any], key: str, pointer: str, low: int | None = 0, high: int | None = None, default: int | None = None) -> int:
        """``data[key]``, a whole number from ``low`` to ``high`` (no bound where None)."""
        value = data.get(key, default)
        if type(value) is int and (low is None or value >= low) and (high is None or value <= high):
            return value  # the common case at once: what the test below accepts, tested in one step
        if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low) or (high is not None and value > high):
            span = f" from {low} to {high}" if low is not None and high is not None else f" ≥ {low}" if low is not None else ""
            self.problem(f"{pointer}/{key}", "bad_integer", f"{key} is a whole number{span}, not {value!r}")
            return default if default is not None else low or 0
        return value

    def boolean(self, data: Mapping[str, Any], key: str, pointer: str, default: bool = False) -> bool:
        value = data.get(key, default)
        if not isinstance(value, bool):
            self.problem(f"{pointer}/{key}", "bad_boolean", f"{key} must be true or false, not {value!r}")
            return default
        return value

    def choice(self, data: Mapping[str, Any], key: str, pointer: str, options: Sequence[T], default: T | None = None) -> T:
        """``data[key]``, one of ``options`` (the default, or the first option, when it is not)."""
        value = data.get(key, default)
        if value not in options:
            self.problem(f"{pointer}/{key}", "bad_choice", f"{key} is one of {', '.join(map(str, options))}, not {value!r}")
            return default if default is not None else options[0]
        return value  # type: ignore[no-any-return]  # one of options

    def mapping(self, value: object, pointer: str, shape: str = "") -> Mapping[str, Any]:
        if type(value) is dict:
            return value  # a JSON object, or one a schema loaded: what the test below accepts, at once
        if not isinstance(value, Mapping):
            self.problem(pointer, "not_an_object", f"expected an object {shape}".rstrip())
            return {}
        return value

    def items(self, value: object, pointer: str, what: str) -> list[Any]:
        """A list (``what`` says of what, for the problem); an empty one when it is not a list."""
        if not isinstance(value, list):
            self.problem(pointer, "not_a_list", f"{pointer.rsplit('/', 1)[-1] or 'this'} is a list of {what}")
            return []
        return value

    def texts(self, value: object, pointer: str, message: str) -> tuple[str, ...]:
        """A list of texts (players' names); else the problem ``not_a_list``, worded by ``message``, and none."""
        if isinstance(value, list) and (self._vouched or all(isinstance(item, str) for item in value)):
            return tuple(value)  # vouched: the schema's list of names
        self.problem(pointer, "not_a_list", message)
        return ()

    def whole_numbers(self, value: object, pointer: str, message: str) -> tuple[int, ...]:
        """A list of whole numbers (no booleans); else the problem ``bad_integer``, worded by ``message``, and none."""
        if isinstance(value, list) and (self._vouched or all(isinstance(item, int) and not isinstance(item, bool) for item in value)):
            return tuple(value)  # vouched: the schema's list of integers
        self.problem(pointer, "bad_integer", message)
        return ()

    def zone(self, data: object, pointer: str) -> Zone[CardT]:
        """A zone: ``{"cards": [...], "hidden": n}`` (the cards the referee knows, and a count of those it does not)."""
        if not is_object(data):
            self.problem(pointer, "not_an_object", 'expected {"cards": [...], "hidden": n}')
            return Zone()
        return Zone(self.cards(data.get("cards", []), f"{pointer}/cards"), self.integer(data, "hidden", pointer, default=0))

    def name(self, value: object, pointer: str, max_length: int | None = None) -> str:
        if not isinstance(value, str) or (max_length is not None and len(value) > max_length):
            longest = f" of at most {max_length} characters" if max_length is not None else ""
            self.problem(pointer, "bad_name", f"a name is a string{longest}")
            return ""
        return value
