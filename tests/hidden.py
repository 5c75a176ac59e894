"""What a referee answers to a table in play must not show what the table has not named (issue 27).

Shared by the real-table tests of every game: the test holds the truth, and every answer it gets (a state,
the legal moves, a verdict) is searched, every string in it, for a card the test never named to the referee.
Nothing here comes from ``service/``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any


def strings(answer: Any, ignore: Iterable[str] = ()) -> Iterator[str]:
    """Every string in a JSON answer, keys included, at any depth, but under the keys of ``ignore``."""
    if isinstance(answer, str):
        yield answer
    elif isinstance(answer, dict):
        for key, value in answer.items():
            if key not in ignore:
                yield str(key)
                yield from strings(value, ignore)
    elif isinstance(answer, list):
        for value in answer:
            yield from strings(value, ignore)


def assert_hides(answer: Any, hidden: Iterable[str], where: str = "", ignore: Iterable[str] = ()) -> None:
    """No card of ``hidden`` appears as a whole string, or a whole word of one, anywhere in ``answer``.

    ``ignore``: keys whose values list what the rules allow whatever the hidden cards are (every card an unseen
    hand may hold, the honors of the trump suit); each test checks those lists against the public record."""
    unseen = set(hidden)
    if not unseen:
        return
    shown = {word.strip(".,;:()[]") for text in strings(answer, set(ignore)) for word in text.split()} & unseen
    assert not shown, f"{where}: the answer shows cards the table never named: {sorted(shown)}"
