"""The one small interface every game implements (as in OpenSpiel), and the facts that describe a game.

A game is a package under ``service/games/`` whose ``GAME`` object satisfies
:class:`Game`. The HTTP layer mounts the same referee endpoints for every
game from this interface alone (``/state/check``, ``/moves/legal``,
``/moves/validate``, ``/moves/apply``, ``/view``), so a new game writes no
view for them.

Engines return frozen records. A record that travels to a client has a
``to_dict()`` giving its plain data (dicts, lists, strings, numbers,
booleans, None): the engine never writes JSON text, the HTTP layer encodes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable

from .problems import Problem


@runtime_checkable
class PlainData(Protocol):
    """A record with a plain-data form for answers."""

    def to_dict(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What ``GET /v1/games`` says of a game, and where its HTTP endpoints live (``/v1/<slug>``)."""

    slug: str
    title: str
    summary: str
    rule_book: str  # the rule book's title as players know it
    rules_version: str
    players: tuple[int, int]  # fewest and most players
    options: Mapping[str, str] = field(default_factory=dict)  # option name -> what it changes


StateT = TypeVar("StateT", bound=PlainData)
MoveT = TypeVar("MoveT", bound=PlainData)


class Game(Protocol[StateT, MoveT]):
    """A game's referee: read, check, list, judge, apply, view, score.

    ``read_state`` and ``read_move`` raise :class:`~service.core.problems.InvalidInput`
    with every problem at once, pointers relative to the data given; a state
    that reads is a real table (``check_state`` found nothing). ``read_loaded``
    is ``read_state`` for a state the game's state schema has loaded: it takes
    the schema's types and cards as read (the HTTP layer reads a state once). ``judge``
    never raises for an illegal move: it answers a verdict; ``apply`` raises
    :class:`~service.core.verdicts.IllegalMove` with the same reasons.
    """

    @property
    def info(self) -> GameInfo: ...

    def read_state(self, data: Mapping[str, Any]) -> StateT: ...

    def read_loaded(self, data: Mapping[str, Any]) -> StateT: ...

    def read_move(self, data: Mapping[str, Any]) -> MoveT: ...

    def check_state(self, state: StateT) -> list[Problem]: ...

    def legal_moves(self, state: StateT) -> Sequence[PlainData]: ...

    def legal_report(self, state: StateT) -> PlainData: ...

    def judge(self, state: StateT, move: MoveT) -> PlainData: ...

    def apply(self, state: StateT, move: MoveT) -> PlainData: ...

    def view(self, state: StateT, player: str) -> PlainData: ...

    def is_terminal(self, state: StateT) -> bool: ...

    def returns(self, state: StateT) -> Mapping[str, Any] | None: ...
