"""Problems found in a client's input, each pinned to a JSON pointer.

Every game reports every problem at once; the HTTP layer turns them into the
``errors`` list of an RFC 9457 problem document.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from types import TracebackType

from .cards import Card, Pack
from .records import PlainForm

MAX_PROBLEMS = 100  # a check names this many problems, then stops and says it stopped (the one cap, for every game)

# The kinds of problem document this service answers: each is one ``type`` URI, the same in every game (the game is
# the ``instance``'s business, not the type's), and kept stable: a kind is added, never renamed. The code that finds a
# problem names its kind; each error inside carries its own ``code`` (a stable name for the one thing wrong).
PROBLEM_BASE = "urn:kings-referee:problem:"
PROBLEM_KINDS: dict[str, str] = {
    "malformed-json": "the body is not JSON this service reads (syntax, NaN, a duplicate key, nesting or size past the caps)",
    "unreadable-body": "the request body could not be read (its chunked encoding or its length)",
    "invalid-body": "the body is JSON but does not fit the endpoint's schema: one error per JSON pointer",
    "other-game-state": "the body holds another game's state: the error names the game whose endpoint reads it",
    "invalid-input": "the body fits the schema but describes no real table: one error per problem, with its pointer",
    "illegal-move": "/moves/apply was sent a move the rules refuse: one error per reason, each citing its rule",
    "bad-rows": "a results sheet's rows cannot be scored: one error per problem, with its row and column",
    "too-large": "an upload goes past a limit: the error carries the limit and what was found",
    "sealed-token": "a sealed token was changed, expired, or belongs to another table or game",
    "seat-key": "an answer private to one seat was asked without that seat's key, or with another's",
    "internal": "the referee failed unexpectedly; the request was not judged",
}


def problem_type(kind: str) -> str:
    """The ``type`` URI of a kind of problem (:data:`PROBLEM_KINDS`); an unknown kind is a programming error."""
    if kind not in PROBLEM_KINDS:
        raise KeyError(f"{kind!r} is not a kind of problem this service documents (service/core/problems.py)")
    return PROBLEM_BASE + kind


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the input: where (JSON pointer), what (code), why."""

    pointer: str
    code: str
    message: str

    to_dict = PlainForm()


class InvalidInput(ValueError):
    """The input cannot be judged; ``problems`` lists every reason at once, or the first :data:`MAX_PROBLEMS`
    when the check stopped there (``truncated``, with ``omitted`` the problems it saw past the cap)."""

    def __init__(self, problems: Sequence[Problem], omitted: int = 0, truncated: bool = False) -> None:
        if not problems:
            raise ValueError("InvalidInput needs at least one problem")
        self.problems = list(problems[:MAX_PROBLEMS])
        self.omitted = omitted + len(problems) - len(self.problems)  # a check not yet on the kit found more: told, not listed
        self.truncated = truncated or len(problems) > MAX_PROBLEMS
        super().__init__("; ".join(f"{p.pointer or '/'}: {p.message}" for p in self.problems[:10]))

    def under(self, prefix: str) -> InvalidInput:
        """The same problems with their pointers moved under ``prefix`` (e.g. ``/state``)."""
        return InvalidInput([Problem(prefix + p.pointer, p.code, p.message) for p in self.problems], self.omitted, self.truncated)

    def summary(self) -> dict[str, object]:
        """What a check answers beside its problems: whether it stopped at the cap, and what it saw past it."""
        return {"truncated": True, "errors_omitted": self.omitted} if self.truncated else {}


class Enough(Exception):
    """Raised inside a check when :data:`MAX_PROBLEMS` problems are found: the check stops there."""


class Findings:
    """The problems a check finds, at most ``cap`` of them: past the cap it counts one more and stops
    (raises :class:`Enough`), so an impossible input costs no more than a bad one.

    Run the check inside :meth:`bounded`, which turns the stop into the finished list.
    """

    __slots__ = ("cap", "omitted", "problems", "stopping", "truncated")

    def __init__(self, cap: int = MAX_PROBLEMS) -> None:
        self.cap = cap
        self.problems: list[Problem] = []
        self.omitted = 0
        self.truncated = False
        self.stopping = False  # only inside bounded(): elsewhere the problems past the cap are counted, never raised

    def __bool__(self) -> bool:
        return bool(self.problems)

    def add(self, pointer: str, code: str, message: str) -> None:
        self.append(Problem(pointer, code, message))

    def append(self, problem: Problem) -> None:
        if len(self.problems) < self.cap:
            self.problems.append(problem)
            return
        self.omitted += 1
        self.truncated = True
        if self.stopping:
            raise Enough

    def extend(self, problems: Iterable[Problem]) -> None:
        """Take problems one at a time: a generator is left unfinished once the cap is reached."""
        if isinstance(problems, list) and len(self.problems) + len(problems) > self.cap:
            room = self.cap - len(self.problems)
            self.problems += problems[:room]
            self.omitted += len(problems) - room  # already found: counted, then stop
            self.truncated = True
            if self.stopping:
                raise Enough
            return
        for problem in problems:
            self.append(problem)

    def bounded(self) -> Bounded:
        """Run a check in this block: stopping at the cap ends the block quietly with what was found."""
        return Bounded(self)

    def raise_any(self) -> None:
        """Raise :class:`InvalidInput` with what was found, if anything."""
        if self.problems:
            raise InvalidInput(self.problems, self.omitted, self.truncated)


class Bounded:
    """:meth:`Findings.bounded`'s block: the findings stop at the cap inside it, and their stop ends it quietly.

    A class rather than a generator made a context manager: every request with a state enters two of these (the
    reading and the check), and a generator's block costs a frame, a generator and two resumptions (≈ 1.5 µs)."""

    __slots__ = ("found",)

    def __init__(self, found: Findings) -> None:
        self.found = found

    def __enter__(self) -> None:
        self.found.stopping = True

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> bool:
        self.found.stopping = False
        return kind is not None and issubclass(kind, Enough)  # the stop at the cap ends the block; anything else goes on


def bounded_problems(*checks: Callable[[], Iterable[Problem]], cap: int = MAX_PROBLEMS) -> Findings:
    """Run ``checks`` in order until :data:`MAX_PROBLEMS` problems are found; what was found, and whether it stopped."""
    found = Findings(cap)
    with found.bounded():
        for check in checks:
            found.extend(check())
    return found


def excess_copies(places: Iterable[tuple[str, Card]], pack: Pack, code: str = "too_many_copies") -> list[Problem]:
    """A problem at each place where a card shows up beyond the copies ``pack`` holds of it."""
    seen: dict[Card, int] = {}
    problems: list[Problem] = []
    for pointer, card in places:
        count = seen[card] = seen.get(card, 0) + 1
        limit = pack.copies(card)
        if count > limit:
            held = f"holds {card} {_times(limit)}" if limit else f"has no {card}"
            problems.append(Problem(pointer, code, f"{card} appears {_times(count)} here; the pack ({pack.describe()}) {held}"))
            if len(problems) > MAX_PROBLEMS:
                break  # one past the cap: the check that asked will stop there and say so
    return problems


def excess_copies_among(cards: Iterable[Card], places: Callable[[], Iterable[tuple[str, Card]]], pack: Pack, code: str = "too_many_copies") -> list[Problem]:
    """:func:`excess_copies` of a whole table, cheaply: the cards are counted first, and ``places``
    (the same cards with their JSON pointers) is only built and walked when some card is over its
    limit, which a real table never is."""
    if pack.holds(cards):
        return []
    return excess_copies(places(), pack, code)


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def prefixed(error: InvalidInput, prefix: str) -> InvalidInput:
    """The same problems with their pointers moved under ``prefix`` (e.g. ``/state``)."""
    return error.under(prefix)


def roster_problems(
    names: Sequence[str], players: tuple[int, int], rule: str, pointer: str = "/players", name_key: str = "/name", max_name: int | None = None
) -> list[Problem]:
    """The seats' names: ``players`` (fewest, most) seats (``rule``: where the rule book says so), each named, no name twice.

    A name's pointer is ``{pointer}/{index}{name_key}``.
    """
    low, high = players
    problems = []
    if not low <= len(names) <= high:
        problems.append(Problem(pointer, "player_count", f"a game has {low} to {high} players, not {len(names)} ({rule})"))
    seen: set[str] = set()
    for index, name in enumerate(names):
        fault: tuple[str, str] | None = None
        if not name.strip():
            fault = ("blank_name", "a player needs a name")
        elif max_name is not None and len(name) > max_name:
            fault = ("long_name", f"a name has at most {max_name} characters")
        elif name in seen:
            fault = ("duplicate_name", f"{name!r} names an earlier player too")
        if fault is not None:  # the pointer is written for a problem only (1923 reads nine names a request)
            problems.append(Problem(f"{pointer}/{index}{name_key}", *fault))
        seen.add(name)
    return problems
