"""The records every game answers with: a listed move, a verdict, a transition, the legal report.

Frozen, and each with one plain-data form (``to_dict()``); a record whose plain form is its fields, in order,
says so with :class:`PlainForm` and writes only the exceptions. Pointers in them
are in the engine's own frame (``/card``: relative to the move); the HTTP
layer moves them into the request body's frame (``/move/card``) in one place
(:func:`service.http.referee.in_body`).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

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
        """Legal moves per action: the counted actions first (0 when none is legal), then the others as first listed."""
        counted = dict.fromkeys(self.actions, 0)
        for option in self.moves:  # one pass, no Counter: a Counter's setup costs more than counting a listing's moves
            action = option.move.action
            counted[action] = counted.get(action, 0) + 1
        return counted

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.player, "phase": self.phase, "moves": [option.to_dict() for option in self.moves], "counts": self.counts()}
        if self.open:
            data["open"] = [option.to_dict() for option in self.open]
        data.update(self.facts)  # the game's facts beside the moves, written into the one answer (not a copy of it)
        return data


def listed(moves: Sequence[Any]) -> tuple[Option, ...]:
    """Moves as options: a game's own listed records stay as they are, a bare move becomes :class:`Listed`.

    A record is told by its class first (a slot, a named tuple's field, a property): a property such as 24 Kings'
    ``fill`` is not worked out only to learn that the record has one (16 dicts built and dropped per listing)."""
    if not moves:  # most states' open moves: none
        return ()
    return tuple(move if hasattr(type(move), "fill") or hasattr(move, "fill") else Listed(move) for move in moves)


class PlainForm:
    """A record's ``to_dict``: every field it declares, in order, under its own name; ``made_plain`` names the
    exceptions, each with what makes its value plain (``to_dict = PlainForm(castle_values=list)``).

    Decided once, when the class is made: the field names are read from the class's annotations (a ``ClassVar``
    is none), an exception naming no field is a TypeError at import, and the method written is the literal a
    hand would write (``return {"reason": self.reason, "castle_values": _castle_values(self.castle_values)}``),
    so a call costs what a hand-written ``to_dict`` costs: nothing is looked up per call.
    """

    def __init__(self, **made_plain: Callable[[Any], object]) -> None:
        self.made_plain = made_plain

    def __set_name__(self, owner: type, name: str) -> None:
        names = [field for field, annotation in inspect.get_annotations(owner).items() if not str(annotation).startswith(("ClassVar", "typing.ClassVar"))]
        unknown = sorted(set(self.made_plain) - set(names))
        if unknown:
            raise TypeError(f"{owner.__qualname__}.{name} makes plain {', '.join(unknown)}: no such field")
        values = ", ".join(f"{field!r}: _{field}(self.{field})" if field in self.made_plain else f"{field!r}: self.{field}" for field in names)
        source = f"def {name}(self):\n    return {{{values}}}\n"
        namespace: dict[str, Any] = {f"_{field}": made_plain for field, made_plain in self.made_plain.items()}
        exec(compile(source, f"<{owner.__module__}.{owner.__qualname__}.{name}>", "exec"), namespace)  # our own literal, as dataclasses writes __init__
        method = namespace[name]
        method.__qualname__ = f"{owner.__qualname__}.{name}"
        method.__doc__ = f"The record's plain data: {', '.join(names)}."
        setattr(owner, name, method)  # the class holds a plain function from now on, not this object

    if TYPE_CHECKING:  # what the class holds once made, as a type checker sees it

        def __get__(self, instance: object, owner: type | None = None) -> Callable[[], dict[str, Any]]: ...
