"""One sealed split for every game on the engine kit, built from the engine's ``ZONES`` (issue 28).

A zone an engine declares ``owner`` or ``nobody`` is hidden: the public part
carries it as a count (a :class:`~service.core.zones.Zone` keeps its ``hidden``
count; a plain list of cards is carried empty, its size following from the
public state, and each seat's ``view`` counts it), the hidden part carries its cards by JSON pointer, and
:meth:`ZoneSplit.join` puts them back by pointer. Fields a game names in
``sealed_fields`` (a seed that decides every deal to come) are hidden the same
way and carry their default in the public part.

The public part is never checked as a table (its hidden zones are empty):
:meth:`ZoneSplit.read_public` reads it without the check, and only a token
sealed with exactly that public part opens it (:func:`~service.core.sealing.open_table`),
so the whole state that :meth:`ZoneSplit.join` gives back is one this service
sealed, read as it was written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import orjson

from .kit import Engine, read_all
from .problems import InvalidInput, Problem
from .records import Event, LegalReport, Transition
from .sealing import SEALED_POINTER, SealedTokenError

HIDDEN: frozenset[str] = frozenset({"owner", "nobody"})


def _tokens(pattern: str) -> list[str]:
    return [token.replace("~1", "/").replace("~0", "~") for token in pattern.split("/")[1:]]


def expand(data: Any, pattern: str) -> Iterator[str]:
    """Every pointer in ``data`` that ``pattern`` names (``*`` is any index of a list, or any key of an object)."""

    def walk(node: Any, tokens: list[str], at: str) -> Iterator[str]:
        if not tokens:
            yield at
            return
        head, rest = tokens[0], tokens[1:]
        if head == "*":
            keys = [str(i) for i in range(len(node))] if isinstance(node, list) else list(node) if isinstance(node, dict) else []
        else:
            keys = [head]
        for key in keys:
            child = _child(node, key)
            if child is not _MISSING:
                yield from walk(child, rest, f"{at}/{key}")

    yield from walk(data, _tokens(pattern), "")


_MISSING = object()


def _child(node: Any, key: str) -> Any:
    if isinstance(node, dict):
        return node.get(key, _MISSING)
    if isinstance(node, list) and key.isdigit() and int(key) < len(node):
        return node[int(key)]
    return _MISSING


def _parent(data: Any, pointer: str) -> tuple[Any, str]:
    tokens = _tokens(pointer)
    node = data
    for token in tokens[:-1]:
        node = node[int(token)] if isinstance(node, list) else node[token]
    return node, tokens[-1]


def get(data: Any, pointer: str) -> Any:
    node, last = _parent(data, pointer)
    return node[int(last)] if isinstance(node, list) else node[last]


def put(data: Any, pointer: str, value: Any) -> None:
    node, last = _parent(data, pointer)
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value


@dataclass(frozen=True, slots=True)
class PublicPart:
    """A public part as sealed: its plain data (a state's ``to_dict`` with the hidden zones counted)."""

    data: Mapping[str, Any]

    def to_dict(self) -> Mapping[str, Any]:
        return self.data


def is_counted(value: Any) -> bool:
    """Whether a zone is written as :class:`~service.core.zones.Zone` writes it: ``{"cards": [...], "hidden": n}``."""
    return isinstance(value, dict) and isinstance(value.get("cards"), list) and isinstance(value.get("hidden"), int)


def _counter(data: Any, pointer: str) -> dict[str, Any] | None:
    """The object holding a list of cards at ``pointer``, when it counts that list's unknown cards in ``hidden``."""
    parent, _ = _parent(data, pointer)
    if isinstance(parent, dict) and isinstance(parent.get("hidden"), int) and isinstance(get(data, pointer), list):
        return parent
    return None


def _cards(value: Any) -> Any:
    return value["cards"] if is_counted(value) else value


def _same(event: Event, viewer: str) -> Event:
    return event


@dataclass(frozen=True, slots=True)
class ZoneSplit:
    """A game's sealed split from its engine's ``ZONES``: the :class:`~service.http.referee.PrivateTable` of every kit game.

    ``token_size`` is the game's fixed plaintext size (a worst-case-fits test per game); ``sealed_fields`` are
    further pointers hidden with their public ``value`` (the seed); ``sealable`` says which states the referee
    sees whole; ``event_for`` is an event as one seat sees it, or None when it does not hear of it (every event public by default).
    """

    engine: Engine[Any, Any]
    token_size: int
    sealed_fields: Mapping[str, Any] = field(default_factory=dict)
    is_sealable: Callable[[Any], bool] = lambda state: True
    event_for: Callable[[Event, str], Event | None] = _same  # None: the seat does not hear of it
    seats_pointer: str = "/players/*/name"
    size_of: Callable[[Any], int] | None = None  # a game whose tables differ in size: the token size of a table's (public) shape

    def size_for(self, state: Any) -> int:
        """The token size of ``state``: ``token_size``, or the size of its table's shape (:func:`~service.core.sealing.token_size`)."""
        return self.token_size if self.size_of is None else self.size_of(state)

    @property
    def hidden_patterns(self) -> tuple[str, ...]:
        return tuple(pattern for pattern, seen in self.engine.ZONES.items() if seen in HIDDEN)

    def pointers(self, data: Mapping[str, Any]) -> list[str]:
        """Every hidden zone's pointer in ``data``, then the sealed fields', in a fixed order."""
        found = [pointer for pattern in self.hidden_patterns for pointer in expand(data, pattern)]
        return found + [pointer for pointer in self.sealed_fields if next(expand(data, pointer), None) is not None]

    # -- StateSplit ---------------------------------------------------------------------------------
    def sealable(self, state: Any) -> bool:
        return self.is_sealable(state)

    def seats(self, state: Any) -> list[str]:
        data = state.to_dict()
        return [str(get(data, pointer)) for pointer in expand(data, self.seats_pointer)]

    def public(self, state: Any) -> PublicPart:
        """The public part as plain data (``to_dict`` writes fresh objects, so they are changed in place): never read
        again here, since only its digest and its data travel; a client's copy is read back by :meth:`read_public`."""
        data = dict(state.to_dict())
        for pointer in self.pointers(data):
            if pointer in self.sealed_fields:
                put(data, pointer, self.sealed_fields[pointer])
            elif is_counted(get(data, pointer)):  # a zone that counts its unknown cards: only the count stays
                zone = get(data, pointer)
                put(data, pointer, {**zone, "cards": [], "hidden": len(zone["cards"]) + zone["hidden"]})
            else:  # a list of cards: carried empty, counted in its owner's ``hidden`` where the state has one (1718)
                counted = _counter(data, pointer)
                if counted is not None:
                    counted["hidden"] += len(get(data, pointer))
                put(data, pointer, [])
        return PublicPart(data)

    def hidden(self, state: Any) -> dict[str, Any]:
        data = state.to_dict()
        return {pointer: _cards(get(data, pointer)) for pointer in self.pointers(data)}

    def join(self, public: Any, hidden: Mapping[str, Any]) -> Any:
        """The whole state: the public part with the sealed cards put back by pointer, read as sealed (not checked again)."""
        data = orjson.loads(orjson.dumps(public.data)) if isinstance(public, PublicPart) else dict(public.to_dict())  # a state writes afresh
        if set(hidden) != set(self.pointers(data)):
            raise _not_ours()
        try:
            for pointer, value in hidden.items():
                zone = get(data, pointer)
                counted = None if pointer in self.sealed_fields else _counter(data, pointer)
                if pointer not in self.sealed_fields and is_counted(zone):
                    if not isinstance(value, list) or len(value) > zone["hidden"]:
                        raise _not_ours()
                    value = {**zone, "cards": value, "hidden": zone["hidden"] - len(value)}
                elif counted is not None:
                    if not isinstance(value, list) or len(value) > counted["hidden"]:
                        raise _not_ours()
                    counted["hidden"] -= len(value)
                put(data, pointer, value)
            return self.read_public(data)
        except (KeyError, TypeError, ValueError, IndexError, InvalidInput):
            raise _not_ours() from None

    def plain(self, state: Any) -> Mapping[str, Any]:
        plain: Mapping[str, Any] = state.to_dict()
        return plain

    def read_public(self, data: Mapping[str, Any]) -> Any:
        """A state read as written, not checked as a table: a public part (its hidden zones empty), or a sealed whole."""
        return read_all(self.engine.read, data, self.engine.reader())

    # -- answers as one seat sees them -----------------------------------------------------------------
    def state_after(self, transition: Transition[Any, Any]) -> Any:
        return transition.state

    def legal_for(self, state: Any, report: LegalReport, viewer: str) -> Mapping[str, Any]:
        """The legal moves are the acting seat's (or everyone's, when nobody in particular acts); to anyone else, who acts.
        Of the moves open beside them (a show of three Kings), a seat hears only its own: another's tells of its hand."""
        self.engine.view(state, viewer)  # an unknown name is bad input
        own = tuple(option for option in report.open if getattr(option.move, "player", None) in (viewer, None))
        if report.player is None or report.player == viewer:
            return replace(report, open=own).to_dict()
        return replace(report, moves=(), open=own).to_dict()

    def transition_for(self, transition: Transition[Any, Any], viewer: str) -> Mapping[str, Any]:
        return {
            "move": transition.move.to_dict(),
            "state": transition.state.to_dict(),
            "events": [heard for event in transition.events if (heard := self.event_for(dict(event), viewer)) is not None],
            "view": self.engine.view(transition.state, viewer).to_dict(),
        }


def _not_ours() -> SealedTokenError:
    return SealedTokenError(
        [Problem(SEALED_POINTER, "sealed_token_format", "the sealed token does not hold this table's hidden part in a form this service reads")]
    )
