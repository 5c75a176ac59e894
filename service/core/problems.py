"""Problems found in a client's input, each pinned to a JSON pointer.

Every game reports every problem at once; the HTTP layer turns them into the
``errors`` list of an RFC 9457 problem document.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .cards import Card, Pack


@dataclass(frozen=True, slots=True)
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


def excess_copies(places: Iterable[tuple[str, Card]], pack: Pack, code: str = "too_many_copies") -> list[Problem]:
    """A problem at each place where a card shows up beyond the copies ``pack`` holds of it."""
    seen: dict[Card, int] = {}
    problems = []
    for pointer, card in places:
        count = seen[card] = seen.get(card, 0) + 1
        limit = pack.copies(card)
        if count > limit:
            held = f"holds {card} {_times(limit)}" if limit else f"has no {card}"
            problems.append(Problem(pointer, code, f"{card} appears {_times(count)} here; the pack ({pack.describe()}) {held}"))
    return problems


def excess_copies_among(cards: Iterable[Card], places: Callable[[], Iterable[tuple[str, Card]]], pack: Pack, code: str = "too_many_copies") -> list[Problem]:
    """:func:`excess_copies` of a whole table, cheaply: the cards are counted first, and ``places``
    (the same cards with their JSON pointers) is only built and walked when some card is over its
    limit, which a real table never is."""
    if all(count <= pack.copies(card) for card, count in Counter(cards).items()):
        return []
    return excess_copies(places(), pack, code)


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def prefixed(error: InvalidInput, prefix: str) -> InvalidInput:
    """The same problems with their pointers moved under ``prefix`` (e.g. ``/state``)."""
    return InvalidInput([Problem(prefix + p.pointer, p.code, p.message) for p in error.problems])
