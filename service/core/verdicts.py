"""Why a move is illegal, and the exception that carries every reason (pokerkit's ``verify_*`` raises it).

Every game judges moves with these, so a client reads one shape of verdict
whatever the game: a stable code, the rule section that says it, a JSON
pointer into the move, and a message for people.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

STATE = "/state"  # a reason's pointer is relative to the move, unless it cites the state: then it is /state/...


def cites_state(pointer: str) -> bool:
    """Whether a reason's pointer cites the state (``/state/tricks/5``) rather than the move."""
    return pointer == STATE or pointer.startswith(STATE + "/")


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a move is illegal: a stable code, the section of the game's rule text, the part of the move at fault."""

    code: str
    rule: str
    pointer: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "rule": self.rule, "pointer": self.pointer, "message": self.message}

    def under(self, prefix: str) -> Reason:
        """The same reason pointing under ``prefix`` (``/move``: the request body's frame); a reason that cites
        the state (its pointer under :data:`STATE`, already in the body's frame) stays as it is."""
        return self if cites_state(self.pointer) else Reason(self.code, self.rule, prefix + self.pointer, self.message)


class IllegalMove(ValueError):
    """A move the rules do not allow; ``reasons`` lists every reason at once."""

    def __init__(self, move: Any, reasons: Sequence[Reason]) -> None:
        if not reasons:
            raise ValueError("IllegalMove needs at least one reason")
        self.move = move
        self.reasons = tuple(reasons)
        super().__init__("the move is illegal: " + "; ".join(reason.message for reason in self.reasons))

    def under(self, prefix: str) -> IllegalMove:
        """The same refusal, its reasons pointing under ``prefix``."""
        return IllegalMove(self.move, [reason.under(prefix) for reason in self.reasons])
