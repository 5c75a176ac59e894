"""Problems found in a client's input, each pinned to a JSON pointer.

The engine reports every problem at once; the HTTP layer turns them into the
``errors`` list of an RFC 9457 problem document.
"""

from __future__ import annotations

from dataclasses import dataclass


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


def join_pointer(*parts: str | int) -> str:
    """A JSON pointer (RFC 6901) from its reference tokens, escaped."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)
