"""The records every game answers with: a listed move, a verdict, a transition, the legal report.

Frozen, and each with one plain-data form (``to_dict()``). Pointers in them
are in the engine's own frame (``/card``: relative to the move); the HTTP
layer moves them into the request body's frame (``/move/card``) in one place
(:func:`service.http.referee.in_body`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar

from .verdicts import Reason

Event = Mapping[str, Any]  # what happened, as plain data: {"type": ..., "rule": ..., ...}


class MoveLike(Protocol):
    """A move: its action, and its plain data."""

    @property
    def action(self) -> str: ...

    def to_dict(self) -> Mapping[str, Any]: ...


MoveT = TypeVar("MoveT", bound=MoveLike)
StateT = TypeVar("StateT")


class Option(Protocol):
    """A legal move as listed: the move, and what must be filled in before it can be sent (a template).

    A template is a move the referee cannot write out whole, because it needs a card it
    cannot see (a card from a hand it knows only the size of) or an expression only the
    player can give; ``fill`` maps each such field to what must go there
    (``{"card": "one of card_choices"}``), empty for a whole move.
    """

    @property
    def move(self) -> MoveLike: ...

    @property
    def fill(self) -> Mapping[str, str]: ...

    def to_dict(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Listed(Generic[MoveT]):
    """A legal move as listed; ``notes`` are what a game says beside it (the cards a template may name...)."""

    move: MoveT
    fill: Mapping[str, str] = field(default_factory=dict)
    notes: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = {**self.move.to_dict(), **self.notes}
        if self.fill:
            data["fill"] = dict(self.fill)
        return data


@dataclass(frozen=True, slots=True)
class Verdict:
    """A move judged: legal, or every reason and the nearest legal moves; ``details`` are what a game adds
    (a claim's check, whether a call is right)."""

    legal: bool
    reasons: tuple[Reason, ...] = ()
    alternatives: tuple[Option, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)

    def under(self, prefix: str) -> Verdict:
        """The same verdict, its reasons pointing under ``prefix`` (the request body's frame)."""
        return replace(self, reasons=tuple(reason.under(prefix) for reason in self.reasons))

    def to_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "reasons": [reason.to_dict() for reason in self.reasons],
            "alternatives": [option.to_dict() for option in self.alternatives],
            **self.details,
        }


@dataclass(frozen=True, slots=True)
class Transition(Generic[StateT, MoveT]):
    """What a move did: the state after it and the events, in order."""

    move: MoveT
    state: StateT
    events: tuple[Event, ...]

    def to_dict(self) -> dict[str, Any]:
        state: Any = self.state
        return {"move": self.move.to_dict(), "state": state.to_dict(), "events": list(self.events)}


@dataclass(frozen=True, slots=True)
class LegalReport:
    """Who may do what now: the player to act (None when nobody does, or anyone may), the phase, every
    legal move and how many of each action; ``open`` lists moves anyone may make beside the player to
    act (showing three Kings at a real table); ``facts`` are what a game adds (the trump, the target...)."""

    player: str | None
    phase: str
    moves: tuple[Option, ...]
    actions: tuple[str, ...] = ()  # counted even when none is legal; other actions only when some are
    facts: Mapping[str, Any] = field(default_factory=dict)
    open: tuple[Option, ...] = ()

    def counts(self) -> dict[str, int]:
        counted = Counter(option.move.action for option in self.moves)
        return {action: counted[action] for action in self.actions} | dict(counted)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.player, "phase": self.phase, "moves": [option.to_dict() for option in self.moves], "counts": self.counts()}
        if self.open:
            data["open"] = [option.to_dict() for option in self.open]
        return data | dict(self.facts)


def listed(moves: Sequence[Any]) -> tuple[Option, ...]:
    """Moves as options: a game's own listed records stay as they are, a bare move becomes :class:`Listed`."""
    return tuple(move if hasattr(move, "fill") else Listed(move) for move in moves)
