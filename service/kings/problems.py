"""Problems found in a client's input, each pinned to a JSON pointer.

The engine reports every problem at once; the HTTP layer turns them into the
``errors`` list of an RFC 9457 problem document.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from .cards import COPIES_PER_CARD, Card
from .records import record


@record
class Problem:
    """One thing wrong with the input: where (JSON pointer), what (code), why."""

    pointer: str
    code: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"pointer": self.pointer, "code": self.code, "message": self.message}


class InvalidInput(ValueError):
    """The input cannot be judged; ``problems`` lists every reason at once."""

    def __init__(self, problems: list[Problem]) -> None:
        if not problems:
            raise ValueError("InvalidInput needs at least one problem")
        self.problems = problems
        super().__init__("; ".join(f"{p.pointer or '/'}: {p.message}" for p in problems))


def third_copies(places: Iterable[tuple[str, Card]]) -> list[Problem]:
    """A problem at each place where a card shows up beyond its two copies (two decks hold two of each)."""
    seen: dict[Card, int] = {}
    problems = []
    for pointer, card in places:
        count = seen[card] = seen.get(card, 0) + 1
        if count > COPIES_PER_CARD:
            which = "a third" if count == 3 else "a fourth or later"
            problems.append(Problem(pointer, "third_copy", f"{card} appears {which} time; two decks hold each card twice"))
    return problems


def third_copies_among(cards: Iterable[Card], places: Callable[[], Iterable[tuple[str, Card]]]) -> list[Problem]:
    """:func:`third_copies` of a whole table, cheaply: the cards are counted first at C speed, and
    ``places`` (the same cards with their JSON pointers) is only built and walked when some card
    shows up a third time, which a real table never does."""
    if max(Counter(cards).values(), default=0) <= COPIES_PER_CARD:
        return []
    return third_copies(places())


def prefixed(error: InvalidInput, prefix: str) -> InvalidInput:
    """The same problems with their pointers moved under ``prefix`` (e.g. ``/state``)."""
    return InvalidInput([Problem(prefix + p.pointer, p.code, p.message) for p in error.problems])
