"""The engine kit: a game writes its rules as hooks, the kit does the rest, once for every game.

As pokerkit's ``verify_*`` / ``can_*`` / action and OpenSpiel's one small game
interface: a game subclasses :class:`Engine` and writes only

- ``read(data, reader)`` — a state from plain data with the one typed reader (:mod:`service.core.reading`);
- ``state_problems(state)`` — everything wrong with a state (an iterable: the kit stops at the cap);
- ``read_move(data)`` — a move from plain data;
- ``legal_moves(state)`` — every legal move of whoever acts (templates marked, see :class:`~service.core.records.Option`);
- ``move_reasons(state, move)`` — every reason a move cannot be made (empty when it can);
- ``step(state, move)`` — the state after a legal move, and the events;
- ``view(state, player)`` — what one seat may see;
- ``outcome(state)`` — the final result once the game is over (None before);
- ``ZONES`` — which zones of a state each seat may see.

and the kit gives ``read_state`` (read, then checked whole), ``read_loaded`` (the same for
a state the game's schema has loaded: read once), ``check_state``,
``verify_move`` (raises :class:`~service.core.verdicts.IllegalMove` with every
reason), ``can_move``, ``judge`` (the verdict, with the one alternatives policy),
``apply`` (a frozen :class:`~service.core.records.Transition`) and ``legal_report``.

Every check is bounded: it stops at :data:`~service.core.problems.MAX_PROBLEMS`
problems and says so, so an impossible state costs no more than a bad one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, Generic, Literal, TypeVar, cast

from .problems import Findings, InvalidInput, Problem
from .protocol import GameInfo, PlainData
from .reading import Reader
from .records import Event, LegalReport, MoveLike, Option, Transition, Verdict, listed
from .verdicts import IllegalMove, Reason

MAX_ALTERNATIVES = 6  # a verdict offers at most this many legal moves instead of a refused one

Seen = Literal["everyone", "owner", "nobody"]  # who may see a zone's cards: all seats, the seat it belongs to, no seat


@dataclass(frozen=True, slots=True)
class Closed:
    """What a game refuses before it reads a move's rules: any move once it is over, then a move by nobody at the
    table. A game configures its words (Three Kings: ``game_over``, §7; Twenty-Four (1718): ``match_over``, §10.3)
    and opens its ``move_reasons`` with :meth:`opening`."""

    code: str  # a move made once it is over
    rule: str  # the rule that ends it
    ended: str  # what is over, as the message says it: "game", "match"
    seat_rule: str  # the rule that seats the players

    def opening(self, over: bool, seat: int | None, player: str) -> int | list[Reason]:
        """The mover's seat when the move's rules are to be read; else the one reason it is refused outright."""
        if over:
            return [Reason(self.code, self.rule, "", f"the {self.ended} is over: no move can be made")]
        if seat is None:
            return [Reason("unknown_player", self.seat_rule, "/player", f"{player!r} is not at this table")]
        return seat


StateT = TypeVar("StateT", bound=PlainData)
MoveT = TypeVar("MoveT", bound=MoveLike)


class Engine(Generic[StateT, MoveT]):
    """A game's referee. Subclass it and write the hooks; the methods without a leading ``hook`` note are the kit's."""

    INFO: ClassVar[GameInfo]
    ZONES: ClassVar[Mapping[str, Seen]] = {}  # a zone's JSON pointer pattern in the state (``/players/*/hand``) -> who sees it
    COUNTED_ACTIONS: ClassVar[tuple[str, ...]] = ()  # actions the legal report counts even when none is legal

    # -- hooks: what a game writes ---------------------------------------------------------------
    def read(self, data: Mapping[str, Any], reader: Reader[Any]) -> StateT:
        """Hook: a state from plain data; every problem goes to ``reader`` (the kit raises them)."""
        raise NotImplementedError

    def reader(self) -> Reader[Any]:
        """Hook (optional): the reader for this game's cards (the 52-card pack's by default)."""
        return Reader()

    def state_problems(self, state: StateT) -> Iterable[Problem]:
        """Hook: everything wrong with a state read whole (a generator is stopped at the cap)."""
        raise NotImplementedError

    def read_move(self, data: Mapping[str, Any]) -> MoveT:
        """Hook: a move from plain data; raises :class:`InvalidInput`, pointers relative to the move."""
        raise NotImplementedError

    def legal_moves(self, state: StateT) -> Sequence[Any]:
        """Hook: every legal move of whoever acts: moves, or :class:`~service.core.records.Option` records."""
        raise NotImplementedError

    def move_reasons(self, state: StateT, move: MoveT) -> Sequence[Reason]:
        """Hook: every reason ``move`` cannot be made in ``state``; empty when it can."""
        raise NotImplementedError

    def step(self, state: StateT, move: MoveT) -> tuple[StateT, Sequence[Event]]:
        """Hook: the state after a move already found legal, and what happened, in order."""
        raise NotImplementedError

    def view(self, state: StateT, player: str) -> PlainData:
        """Hook: what ``player`` may see of ``state``."""
        raise NotImplementedError

    def outcome(self, state: StateT) -> Mapping[str, Any] | None:
        """Hook: the result once the game is over (points or places per player), None before."""
        raise NotImplementedError

    def to_act(self, state: StateT) -> str | None:
        """Hook: who acts now (None when the game is over, or when anyone may)."""
        raise NotImplementedError

    def phase(self, state: StateT) -> str:
        """Hook: the state's phase as the legal report names it."""
        raise NotImplementedError

    def report_facts(self, state: StateT) -> Mapping[str, Any]:
        """Hook (optional): what the legal report says beside the moves (the trump, the target...)."""
        return {}

    def open_moves(self, state: StateT) -> Sequence[Any]:
        """Hook (optional): moves anyone may make beside the player to act."""
        return ()

    def verdict_details(self, state: StateT, move: MoveT) -> Mapping[str, Any]:
        """Hook (optional): what a legal move's verdict says beside ``legal`` (a claim's check...)."""
        return {}

    def closeness(self, refused: MoveT, option: Option) -> int:
        """Hook (optional): how far a legal move is from a refused one (lower is nearer): the same action first."""
        return 0 if option.move.action == refused.action else 1

    # -- the kit: once for every game ----------------------------------------------------------------
    @property
    def info(self) -> GameInfo:
        return self.INFO

    def read_state(self, data: Mapping[str, Any]) -> StateT:
        """A state from plain data, checked whole; raises :class:`InvalidInput` with every problem (up to the cap)."""
        return read_whole(self.read, self.state_problems, data, self.reader())

    def read_loaded(self, data: Mapping[str, Any]) -> StateT:
        """A state its game's state schema has loaded (the HTTP layer's ``state``), checked whole, as ``read_state``:
        the one reading of a request's state. The schema read its types, bounds and cards; this builds the engine's
        records taking the schema's lists as they are (:meth:`Reader.vouched`: cards, names, whole numbers), and checks all
        else. Data that did not come through the schema is read with ``read_state``."""
        return read_whole(self.read, self.state_problems, data, self.reader().vouched())

    def check_state(self, state: StateT) -> list[Problem]:
        """Everything wrong with ``state``, up to the cap."""
        return findings(self.state_problems, state).problems

    def checked(self, state: StateT) -> StateT:
        """``state`` if it is a real table; else raise :class:`InvalidInput` with its problems."""
        return checked(self.state_problems, state)

    def verify_move(self, state: StateT, move: MoveT) -> None:
        """Raise :class:`IllegalMove` with every reason when ``move`` cannot be made."""
        reasons = self.move_reasons(state, move)
        if reasons:
            raise IllegalMove(move, reasons)

    def can_move(self, state: StateT, move: MoveT) -> bool:
        return not self.move_reasons(state, move)

    def judge(self, state: StateT, move: MoveT) -> Verdict:
        """The verdict: legal (with the game's details), or every reason and the nearest legal moves."""
        reasons = self.move_reasons(state, move)
        if not reasons:
            return Verdict(True, details=self.verdict_details(state, move))
        return Verdict(False, tuple(reasons), self.alternatives(state, move))

    def alternatives(self, state: StateT, refused: MoveT) -> tuple[Option, ...]:
        """The one alternatives policy: the legal moves nearest the refused one (the game's ``closeness``), at
        most :data:`MAX_ALTERNATIVES`, never the refused move itself (a template the refused move fills is
        that move too)."""
        sent = dict(refused.to_dict())
        nearest: list[Option] = []
        # sorted is stable (the legal order within a closeness), so skipping the refused move while taking the
        # nearest is the same as leaving it out first: only the moves offered are compared with it
        for option in sorted(listed(self.legal_moves(state)), key=partial(self.closeness, refused)):  # the hook itself, no frame around it
            if not _same_move(sent, option):
                nearest.append(option)
                if len(nearest) == MAX_ALTERNATIVES:
                    break
        return tuple(nearest)

    def play(self, state: StateT, move: MoveT) -> tuple[StateT, Sequence[Event]]:
        """Hook (optional): verify and step at once; raises :class:`IllegalMove` with every reason. A game whose
        check works out what its step then follows (1923's reveal) writes it to do that work once."""
        self.verify_move(state, move)
        return self.step(state, move)

    def apply(self, state: StateT, move: MoveT) -> Transition[StateT, MoveT]:
        """The state after ``move`` and what happened; raises :class:`IllegalMove` with every reason if it is illegal."""
        after, events = self.play(state, move)
        return Transition(move, after, tuple(events))

    apply_move = apply

    def legal_report(self, state: StateT) -> LegalReport:
        return LegalReport(
            self.to_act(state),
            self.phase(state),
            listed(self.legal_moves(state)),
            self.COUNTED_ACTIONS,
            self.report_facts(state),
            listed(self.open_moves(state)),
        )

    def is_terminal(self, state: StateT) -> bool:
        return self.outcome(state) is not None

    def returns(self, state: StateT) -> Mapping[str, Any] | None:
        return self.outcome(state)


# -- the same, for a game's modules (they cannot import the game's engine object without a cycle) ----------
S = TypeVar("S")


def findings(problems_of: Callable[[S], Iterable[Problem]], state: S) -> Findings:
    """The problems of ``state``, stopped at the cap (``truncated`` says whether it stopped)."""
    found = Findings()
    with found.bounded():
        found.extend(problems_of(state))
    return found


def checked(problems_of: Callable[[S], Iterable[Problem]], state: S) -> S:
    """``state`` if ``problems_of`` finds nothing in it; else raise :class:`InvalidInput` with what it found."""
    problems = problems_of(state)
    if isinstance(problems, list):  # found whole already: InvalidInput keeps the cap and counts the rest, as Findings would
        if problems:
            raise InvalidInput(problems)
        return state
    found = Findings()
    with found.bounded():
        found.extend(problems)  # a generator is stopped at the cap
    found.raise_any()
    return state


R = TypeVar("R", bound=Reader[Any])
Read = Callable[[Mapping[str, Any], R], S]  # a game's reading: plain data and the reader its problems go to


def read_whole(read: Read[R, S], problems_of: Callable[[S], Iterable[Problem]], data: Mapping[str, Any], reader: R | None = None) -> S:
    """Read a state with ``read`` and check it whole: every problem of the reading, else every problem of the state,
    in the reading's one bounded block (:func:`read_all`)."""
    return read_all(read, data, reader, problems_of)


def read_all(read: Read[R, S], data: Mapping[str, Any], reader: R | None = None, problems_of: Callable[[S], Iterable[Problem]] | None = None) -> S:
    """Read plain data (a state, a move) with ``read``: every problem of the reading raised at once, up to the cap.
    A game whose reading needs its own reader passes it. With ``problems_of``, a reading that found nothing is checked
    too, in the same block and against the same cap (:func:`read_whole`); else nothing beyond the reading is checked."""
    reader = reader if reader is not None else cast("R", Reader())
    with reader.reading():
        value = read(data, reader)
        if problems_of is not None and not reader.found.problems:
            reader.found.extend(problems_of(value))
    reader.done()  # raises when the reading or the check found anything, stopped early or not
    return value


def _same_move(sent: Mapping[str, Any], option: Option) -> bool:
    """Whether a listed move is the refused one: equal, or a template sent as it is listed (nothing filled in).

    A template the client filled in with a card the rules refuse stays an alternative: its choices say what may be named.
    """
    move = option.move.to_dict()
    if option.fill:
        return all(sent.get(key) == value for key, value in move.items()) and not any(key in sent for key in option.fill)
    return (move if type(move) is dict else dict(move)) == sent  # ``sent`` is a dict already: no copy of either to compare
