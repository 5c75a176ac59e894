"""Hand detection, the best split, declared splits, HAND! calls and progress.

Everything works on castle-relative cards: a card's suit is replaced by the
index of the castle of that suit, so the catalog's targets apply to any table.
Points are kept in halves (``half_points``) so that every sum is exact.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations, permutations, repeat
from operator import itemgetter
from typing import NamedTuple, cast

from service.core.cards import KING, RANK_NAMES, SUITS, Card, card_texts
from service.core.problems import InvalidInput, Problem

from .caches import GROUPS_BY_RANKS, HAND_SET_PLANS, PROGRESS_READINGS, PROGRESS_TABLES, SCORERS, bounded, memo
from .castles import Castle, castle_values
from .catalog import HAND_SETS, HANDS, HandSet, HandSpec, SuitRule, Target, spec_targets
from .rules import Rules
from .tally import Tally

CALL_SIZE = 7
HAND_CARDS_IN_A_CALL = 6
MOST_CARDS_HELD = 8  # rules.md §9, §9.7: seven at the start of a turn, eight during the discard after drawing two
MAX_HOLDING = 12  # rules.md §15: what the engine reads in process ("what if" a few more); requests stop at MOST_CARDS_HELD


class HoldingTooLarge(ValueError):
    """More cards than the referee scores as one player's holding."""


def as_number(half_points: int) -> int | float:
    """Half-points as the JSON number a client expects: ``13`` or ``6.5``, never 6.4999."""
    whole, half = divmod(half_points, 2)
    return whole if not half else whole + 0.5


class HandInstance(NamedTuple):
    """A hand found in (or declared from) a player's cards.

    Like :class:`Split`, a NamedTuple: immutable, and made for every player of every request at a tenth of a
    frozen dataclass's cost (which sets each field through ``object.__setattr__``).
    """

    spec: HandSpec
    cards: tuple[Card, ...]
    half_points: int

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.spec.name,
            "family": self.spec.family,
            "tier": self.spec.tier,
            "cards": card_texts(self.cards),
            "points": as_number(self.half_points),
        }


class Split(NamedTuple):
    """A player's cards divided for The Calculus: Pointer, hands, left-overs (a NamedTuple, as :class:`HandInstance`)."""

    pointer: Card | None
    hands: tuple[HandInstance, ...]
    saved: tuple[Card, ...]
    penalised: tuple[Card, ...]
    kings: tuple[Card, ...]
    half_score: int

    @property
    def is_call_shape(self) -> bool:
        """One six-card hand + Pointer, or exactly two half hands + Pointer, and nothing else."""
        sizes = sorted(hand.spec.size for hand in self.hands)
        return self.pointer is not None and not self.saved and not self.penalised and not self.kings and sizes in ([6], [3, 3])

    def to_dict(self) -> dict[str, object]:
        return {
            "score": as_number(self.half_score),
            "pointer": str(self.pointer) if self.pointer else None,
            "hands": [hand.to_dict() for hand in self.hands],
            "saved": card_texts(self.saved),
            "penalised": card_texts(self.penalised),
            "kings": card_texts(self.kings),
        }


@dataclass(frozen=True, slots=True)
class Progress:
    """How close a player's cards are to one hand: held and still missing.

    A missing entry is a card (``QH``) or, where any suit will do, a rank with
    ``*`` (``Q*``). Readings share these records (see :func:`progress_reading`),
    so each one builds the fixed parts of its answer once, when it is made.
    """

    spec: HandSpec
    in_play: bool
    held: tuple[Card, ...]
    missing: tuple[str, ...]
    half_points: int
    _answer: dict[str, object] = field(init=False, repr=False, compare=False)
    _held_texts: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_held_texts", tuple(card_texts(self.held)))
        object.__setattr__(
            self,
            "_answer",
            {
                "name": self.spec.name,
                "family": self.spec.family,
                "tier": self.spec.tier,
                "in_play": self.in_play,
                "held": None,  # filled in by to_dict, keeping the answer's key order
                "missing": None,
                "complete": self.complete,
                "points": as_number(self.half_points),
            },
        )

    @property
    def complete(self) -> bool:
        return not self.missing

    def to_dict(self) -> dict[str, object]:
        """A new dict each time, with lists of its own: only the fixed parts are built once."""
        answer = self._answer.copy()  # a copy keeps the key order, and is cheaper than a new literal
        answer["held"], answer["missing"] = [*self._held_texts], [*self.missing]
        return answer


class Reading(NamedTuple):
    """What a set of cards holds: the best split, the calling split (if any), every hand, progress to all 24
    (a NamedTuple, as :class:`Split` is: one per /hands request)."""

    best: Split
    calling: Split | None
    found: list[HandInstance]
    progress: list[Progress]


# -- the rules of the Pointer and of the left-overs (rules.md §15), each written once ----------
def saved_count(leftovers: int, kings_held: int, rules: Rules) -> int:
    """How many left-over cards escape their penalty, the highest first (rules.md §15).

    One King held saves one left-over; two or more save them all; under
    NO HARM-NO FOUL nothing is penalised. A King named as the Pointer still
    counts as held.
    """
    if rules.no_harm_no_foul or kings_held >= 2:
        return leftovers
    return min(kings_held, leftovers)


def penalty(values_high_first: Sequence[int], kings_held: int, rules: Rules) -> int:
    """The face values the left-overs cost, given high first: those no King saved."""
    return sum(values_high_first[saved_count(len(values_high_first), kings_held, rules) :])


class PointerChoice(NamedTuple):
    """The best Pointer among what a split leaves, and what the split's left-overs then score."""

    king: bool  # a free King is the Pointer; otherwise the highest left-over is
    points: int  # the Pointer's face value less the left-overs' penalty
    saved: int  # how many of the left-overs besides the Pointer the Kings save (the highest ones)


_Choice = tuple[int, int, tuple[int, ...], PointerChoice | None]
"""A choice the split search keeps: (half score, hand points, the hands chosen, the Pointer it chose; None when given)."""


def choose_pointer(values_high_first: Sequence[int], free_kings: int, kings_held: int, rules: Rules) -> PointerChoice | None:
    """The Pointer that scores most (rules.md §15, §16): the highest left-over, or a free King.

    The highest left-over is never worse than a lower one (it leaves the
    lower ones to be saved or penalised). On a tie the left-over is the
    Pointer and the King stays held. None when every card is in a hand.
    """
    left = len(values_high_first)  # the Pointer is the highest left-over (leaving the rest), or a King (leaving all)
    if left:
        saved_beside_highest = saved_count(left - 1, kings_held, rules)
        highest = values_high_first[0] - sum(values_high_first[1 + saved_beside_highest :])
    if free_kings:
        saved_beside_king = saved_count(left, kings_held, rules)
        king = KING - sum(values_high_first[saved_beside_king:])
        if not left or king > highest:
            return PointerChoice(True, king, saved_beside_king)
    return PointerChoice(False, highest, saved_beside_highest) if left else None


# A multiset of castle-relative keys packed in one int, five bits a key: four for the count (a holding
# has at most MAX_HOLDING < 16 of a card) and a guard bit, so that one subtraction takes a hand's cards
# from a remainder and the guard bits tell whether the remainder held them all.
_FIELD = 5
_GUARDS = sum(1 << (_FIELD * key + _FIELD - 1) for key in range(KING * 4))


_UNITS = tuple(1 << (_FIELD * key) for key in range(KING * 4))  # one copy of each key, packed


def _packed(keys: Iterable[int]) -> int:
    return sum(map(_UNITS.__getitem__, keys))


# -- plans: a hand set's targets, built once, castle-relative, for every table ------------------
class TargetEntry(NamedTuple):
    """A target of a hand the hand set plays, with what it needs as a tally (and, suited, its exact cards)."""

    hand: int  # the hand's index in HANDS
    spec: HandSpec
    target: Target
    need: Tally
    keys: tuple[int, ...]  # a suited target's cards, one key per card, sorted (Target.keys, spelled out once)
    packed: int  # the same cards as a packed multiset (:func:`_packed`), what the split search subtracts
    ranks: tuple[int, ...]  # the ranks of the hand's cards, one per card: what a choice of it takes from the left-overs


class TargetGroup(NamedTuple):
    """Targets that need the same ranks: a holding without those ranks skips them all with one test."""

    ranks_need: Tally  # the ranks needed, as a tally of ranks
    ranks: int  # the same ranks as a set (bit r for rank r)
    entries: tuple[TargetEntry, ...]
    once_each: bool  # one card of each rank: a holding with every one of the ranks covers them (no count to compare)


class CompletionStep(NamedTuple):
    """One need of a target, to name the cards held toward it and the cards missing."""

    key: int  # a castle-relative key, or a rank for an any-suit target
    needed: int  # how many of that card (or rank)
    any_suit: bool


class HandProgressPlan(NamedTuple):
    """What a hand's progress reads: its targets' needs, how to name their cards, and the cards they name."""

    spec: HandSpec
    in_play: bool
    needs: tuple[Tally, ...]
    steps: tuple[tuple[CompletionStep, ...], ...]
    scope: Tally  # every count the hand's progress depends on


class Found(NamedTuple):
    """A hand instance found in a holding, as castle-relative keys (sorted) and its points."""

    spec: HandSpec
    keys: tuple[int, ...]
    half_points: int
    packed: int  # the keys as a packed multiset (:func:`_packed`)
    ranks: tuple[int, ...]  # the keys' ranks (the target's, spelled out once in its plan)


class HandSetPlan:
    """A hand set's targets, grouped for detection and planned for progress.

    Castle-relative, so one plan serves every table of the hand set; the
    table-dependent parts (suits, points) are the :class:`Scorer`'s.
    """

    __slots__ = ("groups", "hand_set", "progress", "scopes")

    def __init__(self, hand_set: HandSet) -> None:
        self.hand_set = hand_set
        targets = [spec_targets(spec, hand_set.suit_rule(spec)) for spec in HANDS]
        need_of = {target: Tally.needing(target.need, by_rank=target.any_suit) for hand in targets for target in hand}
        self.progress = tuple(
            HandProgressPlan(
                spec,
                hand_set.allows(spec),
                tuple(need_of[t] for t in hand),
                tuple(tuple(CompletionStep(key, count, t.any_suit) for key, count in t.need) for t in hand),
                Tally(_union(need_of[t] | (need_of[t].rank_scope() if t.any_suit else 0) for t in hand)),
            )
            for spec, hand in zip(HANDS, targets, strict=True)
        )
        self.scopes = tuple(hand.scope for hand in self.progress)
        groups: dict[tuple[tuple[int, int], ...], list[TargetEntry]] = {}
        for index, (spec, hand) in enumerate(zip(HANDS, targets, strict=True)):
            if hand_set.allows(spec):
                for target in hand:
                    groups.setdefault(target.rank_need, []).append(
                        TargetEntry(index, spec, target, need_of[target], target.keys, _packed(target.keys), _ranks_of(target))
                    )
        self.groups = tuple(_group(need, tuple(entries)) for need, entries in groups.items())


def _group(rank_need: tuple[tuple[int, int], ...], entries: tuple[TargetEntry, ...]) -> TargetGroup:
    """The group of the targets needing these ranks (rank, count)."""
    ranks_need = Tally.needing(rank_need, by_rank=True)
    return TargetGroup(ranks_need, ranks_need.ranks(), entries, all(count == 1 for _, count in rank_need))


def _ranks_of(target: Target) -> tuple[int, ...]:
    """The ranks of a target's cards, one per card, ascending (an any-suit target's need is by rank already)."""
    return target.keys if target.any_suit else tuple(key >> 2 for key in target.keys)


def _union(tallies: Iterable[int]) -> int:
    result = 0
    for tally in tallies:
        result |= tally
    return result


@memo(HAND_SET_PLANS)
def hand_set_plans() -> dict[str, HandSetPlan]:
    """Every hand set's plan, built on the first reading of a holding rather than at import: ≈ 10 ms of CPU
    that only the endpoints reading hands need, which every start of the app paid (issue 25)."""
    return {name: HandSetPlan(hand_set) for name, hand_set in HAND_SETS.items()}


@bounded(GROUPS_BY_RANKS)
def groups_for_ranks(hands: str, ranks: int) -> tuple[TargetGroup, ...]:
    """The groups of a hand set whose ranks are all among ``ranks``, in the plan's order (a few of the 28 or so)."""
    return tuple(group for group in hand_set_plans()[hands].groups if not group.ranks & ~ranks)


def _cards_by_key(suits: tuple[str, ...]) -> tuple[Card, ...]:
    """The card each castle-relative key stands for on a table whose castles have ``suits`` in order."""
    return tuple(Card(key >> 2, suits[key & 3]) for key in range(KING * 4))


class ProgressTable:
    """What progress readings depend on besides the hand and the cards: the hand set's plan and the castles' suits.

    One per hand set and order of suits, made once (:func:`progress_tables`), so
    that a reading's cache key compares and hashes it by identity.
    """

    __slots__ = ("card_of_key", "plan")

    def __init__(self, plan: HandSetPlan, card_of_key: tuple[Card, ...]) -> None:
        self.plan = plan
        self.card_of_key = card_of_key


@memo(PROGRESS_TABLES)
def progress_tables() -> dict[tuple[str, tuple[str, ...]], ProgressTable]:
    """The 24 orders four castles of four suits can have, and a progress table for each with each hand set: constants,
    built with the plans (:func:`hand_set_plans`)."""
    cards_of_order = {order: _cards_by_key(order) for order in permutations(SUITS)}
    return {(hands, order): ProgressTable(plan, cards) for hands, plan in hand_set_plans().items() for order, cards in cards_of_order.items()}


class _Holding:
    """A player's non-King cards as castle-relative keys, plus the Kings, and the tally of the keys.

    Built for every player of every request, so the keys are looked up at C speed; the keys of each rank
    (what any-suit targets choose among) are sorted out once, when a target first asks.
    """

    __slots__ = ("_by_rank", "keys", "kings", "tally")

    def __init__(self, cards: Sequence[Card], key_of_card: Mapping[Card, int]) -> None:
        looked_up = list(map(key_of_card.get, cards))
        if None in looked_up:  # a King has no castle-relative key
            self.kings = [card for card, key in zip(cards, looked_up, strict=True) if key is None]
            self.keys = [key for key in looked_up if key is not None]
        else:
            self.kings = []
            self.keys = cast("list[int]", looked_up)
        self.tally = Tally.of_keys(self.keys)
        self._by_rank: dict[int, list[int]] | None = None

    def keys_by_rank(self) -> dict[int, list[int]]:
        """The held keys of each rank held, sorted."""
        if self._by_rank is None:
            by_rank: dict[int, list[int]] = {}
            for key in sorted(self.keys):
                if key >> 2 in by_rank:
                    by_rank[key >> 2].append(key)
                else:
                    by_rank[key >> 2] = [key]
            self._by_rank = by_rank
        return self._by_rank


class Scorer:
    """Reads cards against one table: four castles and the rules in force.

    Cheap to build (the hand set's plan is shared); :func:`scorer_for` keeps
    one per table all the same, since every player of a table uses it.
    """

    def __init__(self, castles: Sequence[Castle], rules: Rules) -> None:
        self.rules = rules
        self.castles = tuple(castles)
        self.values = castle_values(castles, rules)
        self.hand_set = HAND_SETS[rules.hands]
        self._plan = hand_set_plans()[rules.hands]
        self._suits = tuple(castle.suit for castle in castles)
        # A table whose castles repeat a suit is refused before it is scored, but a Scorer can still read it.
        self._progress_table = progress_tables().get((rules.hands, self._suits)) or ProgressTable(self._plan, _cards_by_key(self._suits))
        self._card_of_key = self._progress_table.card_of_key
        self._key_of_card = {card: key for key, card in enumerate(self._card_of_key) if card.rank}
        self._half_points = tuple(spec.points.half_points(self.values) for spec in HANDS)

    # -- castle-relative cards -------------------------------------------------
    def _holding(self, cards: Iterable[Card]) -> _Holding:
        cards = list(cards)
        if len(cards) > MAX_HOLDING:
            raise HoldingTooLarge(f"{len(cards)} cards are more than one player's holding: the referee scores at most {MAX_HOLDING}")
        return _Holding(cards, self._key_of_card)

    # -- detection ---------------------------------------------------------------
    def _instances(self, holding: _Holding) -> list[Found]:
        """Every hand the keys hold, once per card multiset, in its best reading (none without keys: Kings only)."""
        if not holding.keys:
            return []
        best: dict[tuple[int, ...], Found] = {}
        tally = holding.tally
        half_points = self._half_points
        for group in groups_for_ranks(self.rules.hands, tally.ranks()):
            if not group.once_each and not tally.covers(group.ranks_need):  # the ranks are held (groups_for_ranks); their counts?
                continue
            for entry in group.entries:
                target = entry.target
                if target.any_suit:
                    choices: Iterable[tuple[int, ...]] = _suit_choices(target, holding.keys_by_rank())
                elif tally.covers(entry.need):
                    choices = (entry.keys,)
                else:
                    continue
                points = half_points[entry.hand]
                for keys in choices:
                    known = best.get(keys)
                    if known is None or known.half_points < points:
                        best[keys] = Found(entry.spec, keys, points, _packed(keys) if target.any_suit else entry.packed, entry.ranks)
        return list(best.values())

    def find_hands(self, cards: Iterable[Card]) -> list[HandInstance]:
        """Every hand instance the cards hold (a card may appear in several)."""
        return [self._instance(found) for found in self._instances(self._holding(cards))]

    def read(self, cards: Sequence[Card]) -> Reading:
        """Everything a player at the table asks about their cards, sharing one pass over them."""
        holding = self._holding(cards)
        instances = self._instances(holding)
        best, calling = self._best_and_calling(holding, instances)
        found = [self._instance(instance) for instance in instances]
        return Reading(best, calling, found, self._progress(holding))

    def best_and_calling_split(self, cards: Sequence[Card]) -> tuple[Split, Split | None]:
        """:meth:`best_split` and :meth:`calling_split` from one reading of the cards: a caller's two questions."""
        holding = self._holding(cards)
        return self._best_and_calling(holding, self._instances(holding))

    def _best_and_calling(self, holding: _Holding, instances: list[Found]) -> tuple[Split, Split | None]:
        can_call = len(holding.keys) + len(holding.kings) == CALL_SIZE
        best, calling = self._searches(holding, None, full=True, call=can_call, instances=instances)
        assert best is not None
        return best, calling

    def _instance(self, found: Found) -> HandInstance:
        return HandInstance(found.spec, tuple(map(self._card_of_key.__getitem__, found.keys)), found.half_points)

    def classify(self, cards: Sequence[Card]) -> list[HandInstance]:
        """The readings of exactly these cards as one hand of the set, best first."""
        holding = self._holding(cards)
        if holding.kings:
            return []
        whole = tuple(sorted(holding.keys))
        rank_need = tuple(sorted(Counter(key >> 2 for key in holding.keys).items()))
        found = [
            self._instance(Found(entry.spec, keys, self._half_points[entry.hand], _packed(keys), entry.ranks))
            for group in self._plan.groups
            for entry in group.entries
            if entry.target.rank_need == rank_need
            for keys in _matching_choices(entry, holding)
            if keys == whole
        ]
        return sorted(found, key=lambda hand: -hand.half_points)

    def why_not_a_hand(self, cards: Sequence[Card]) -> Problem | None:
        """None if the cards are a hand of the set, else the reason as a Problem (pointer blank)."""
        if self.classify(cards):
            return None
        shown = " ".join(map(str, cards))
        if any(card.is_king for card in cards):
            return Problem("", "king_in_hand", f"{shown}: Kings are never part of a hand")
        ranks = tuple(sorted(card.rank for card in cards))
        for spec in HANDS:
            if ranks not in {tuple(sorted(alt)) for alt in spec.ranks}:
                continue
            if not self.hand_set.allows(spec):
                return Problem("", "hand_not_in_set", f"{shown} would be {spec.name}, which THE {self.rules.hands.upper()} does not play")
            rule = self.hand_set.suit_rule(spec)
            needs = self._describe_suits(rule)
            return Problem("", "hand_suits_wrong", f"{shown} has the ranks of {spec.name} but not its suits: it needs {needs}")
        return Problem("", "not_a_hand", f"{shown} is not a hand: no hand of the table has these ranks")

    def _describe_suits(self, rule: SuitRule) -> str:
        named = ", ".join(f"castle {c} = {self._suits[c - 1]}" for c in rule.castles)
        return rule.describe() + (f" ({named})" if named else "")

    # -- the Calculus for one player -----------------------------------------------
    def best_split(self, cards: Sequence[Card], *, pointer: Card | None = None) -> Split:
        """The split with the highest score (ties: more hand points, then catalog order).

        With ``pointer`` the Pointer is fixed and only the hands are chosen.
        """
        holding = self._holding(cards)
        result = self._search(holding, pointer, call_only=False)
        assert result is not None
        return result

    def calling_split(self, cards: Sequence[Card], *, pointer: Card | None = None) -> Split | None:
        """The best split that makes a valid HAND! call, or None if the cards cannot call.

        With ``pointer`` (one of the cards) the Pointer is fixed: a caller who declared only the Pointer calls
        validly when the other six are one six-card hand or two half hands (rules.md §11).
        """
        if len(cards) != CALL_SIZE:
            return None
        return self._search(self._holding(cards), pointer, call_only=True)

    def declared_split_calls(self, cards: Sequence[Card], split: Split, pointer: Card | None, hands: Sequence[Sequence[Card]] | None) -> bool:
        """Whether a caller's declared ``split`` stands as a call (rules.md §11): declared hands are held to the
        calling shape; a Pointer declared alone leaves the hands to the referee (§16), so the call stands when any
        calling split has that Pointer, even where the best split around it (a hand worth 0 left out, under NO
        HARM-NO FOUL) is not one."""
        if split.is_call_shape:
            return True
        return hands is None and pointer is not None and self.calling_split(cards, pointer=pointer) is not None

    def is_valid_call(self, cards: Sequence[Card]) -> bool:
        return self.calling_split(cards) is not None

    def _search(self, holding: _Holding, pointer: Card | None, *, call_only: bool, instances: list[Found] | None = None) -> Split | None:
        """The best split of a holding (:meth:`_searches`); with ``call_only``, the best of six hand cards (rules.md §11)."""
        best, calling = self._searches(holding, pointer, full=not call_only, call=call_only, instances=instances)
        return calling if call_only else best

    def _searches(
        self, holding: _Holding, pointer: Card | None, *, full: bool, call: bool, instances: list[Found] | None = None
    ) -> tuple[Split | None, Split | None]:
        """The best split of a holding (when ``full``) and its best calling split (when ``call``), from one search:
        every choice of disjoint hands, each scored with its best Pointer; a calling split is a choice of six hand
        cards (rules.md §11). A caller's two questions share the search: a choice of six hand cards is scored for both.

        A choice is a multiset of the holding's hands (a hand found twice over, two copies of each card, may be
        chosen twice), walked depth first in catalog order: each choice extends one that lists its hands in order,
        so the choices come in the order of their sorted hand indices, and the first of equal (score, hand points)
        is the one catalog order prefers. A choice is not walked when an earlier one left the same cards with at
        least as many hand points: whatever can be added to it can be added to the earlier one, which then scores
        as much, with as many hand points, and comes earlier in catalog order. So each distinct remainder (≤ 2^8 of
        them at a real table) is walked once at most, and the answer is the one a walk over every choice would give
        (tests/kings/test_hands.py and test_split_search.py check it against brute forces).
        """
        card_of = self._card_of_key
        rules = self.rules
        kings_held = len(holding.kings)
        if pointer is not None:
            rest = [card_of[key] for key in holding.keys] + holding.kings
            rest.remove(pointer)
            holding, instances = _Holding(rest, self._key_of_card), None
        keys, kings = holding.keys, holding.kings
        if instances is None:
            instances = self._instances(holding)
        if not keys and not kings and pointer is None:  # an empty holding scores 0, and cannot call (a call holds seven cards)
            return Split(None, (), (), (), (), 0), None
        if not instances:  # no hand to choose (most holdings): the Pointer and the left-overs are the split, and nothing calls
            return (self._settle((), [card_of[key] for key in keys], kings, kings_held, pointer) if full else None), None
        free_kings = len(kings)
        # Each hand as (cards as a packed multiset, how many, its half points, its ranks); a call-only search stops at six cards.
        hands = [(found.packed, len(found.keys), found.half_points, found.ranks) for found in instances]
        last = len(keys) if full else HAND_CARDS_IN_A_CALL
        fixed = None if pointer is None else pointer.face_value
        best: _Choice | None = None  # half score, hand points, hands chosen, the Pointer chosen (None: the one given)
        calling: _Choice | None = None  # the same, of six hand cards
        most_points: dict[int, int] = {}  # a remainder -> the most hand points an earlier choice left it with
        # A choice: (the first hand it may add, what it leaves as packed counts, hand points, hands chosen, the left-overs' ranks high first, cards used)
        stack: list[tuple[int, int, int, tuple[int, ...], list[int], int]] = [(0, _packed(keys), 0, (), sorted((key >> 2 for key in keys), reverse=True), 0)]
        while stack:
            start, remainder, hand_points, chosen, values, used = stack.pop()
            if most_points.get(remainder, -1) >= hand_points:  # hand points are never negative
                continue
            most_points[remainder] = hand_points
            at_call = call and used == HAND_CARDS_IN_A_CALL
            if full or at_call:
                choice = None
                if fixed is not None:
                    scored: int | None = fixed - penalty(values, kings_held, rules)
                else:
                    choice = choose_pointer(values, free_kings, kings_held, rules)
                    scored = None if choice is None else choice.points
                if scored is not None:
                    mine = (2 * scored + hand_points, hand_points)
                    if full and (best is None or mine > best[:2]):
                        best = (*mine, chosen, choice)
                    if at_call and (calling is None or mine > calling[:2]):
                        calling = (*mine, chosen, choice)
            guarded = remainder | _GUARDS
            for index in range(len(hands) - 1, start - 1, -1):  # pushed last first: popped in catalog order
                need, size, points, ranks = hands[index]
                after = guarded - need
                if used + size > last or after & _GUARDS != _GUARDS:  # past a call's six cards, or a card of the hand is not left
                    continue
                left = values.copy()
                for rank in ranks:
                    left.remove(rank)
                stack.append((index, after ^ _GUARDS, hand_points + points, (*chosen, index), left, used + size))
        best_split = self._split_of(best, keys, kings, kings_held, pointer, instances)
        if calling is not None and best is not None and calling[2] == best[2]:  # a caller's best split is often their call
            return best_split, best_split
        return best_split, self._split_of(calling, keys, kings, kings_held, pointer, instances)

    def _split_of(
        self, choice: _Choice | None, keys: list[int], kings: list[Card], kings_held: int, pointer: Card | None, instances: list[Found]
    ) -> Split | None:
        """The split of a choice the search made (None: none was made), settled with the Pointer the search chose for it."""
        if choice is None:
            return None
        remaining = list(keys)
        for index in choice[2]:
            for key in instances[index].keys:
                remaining.remove(key)
        hands = tuple(self._instance(instances[index]) for index in choice[2])
        return self._settle(hands, list(map(self._card_of_key.__getitem__, remaining)), kings, kings_held, pointer, choice[3])

    def _settle(
        self,
        hands: tuple[HandInstance, ...],
        leftovers: list[Card],
        free_kings: list[Card],
        kings_held: int,
        pointer: Card | None,
        choice: PointerChoice | None = None,
    ) -> Split:
        """Name the Pointer (:func:`choose_pointer`, unless given, or chosen already for these left-overs as ``choice``),
        the saved and the penalised cards; score the split.

        There must be a Pointer: given, or a left-over or free King to choose.
        """
        leftovers.sort(key=_rank_of, reverse=True)  # stable: equal ranks keep the holding's order
        kings = list(free_kings)
        if pointer is None:
            if choice is None:
                choice = choose_pointer(list(map(_rank_of, leftovers)), len(kings), kings_held, self.rules)
            assert choice is not None, "a split is settled only when it has a Pointer"
            pointer = kings.pop(0) if choice.king else leftovers.pop(0)
            spared, points = choice.saved, choice.points  # the Pointer's value less the penalty of the rest
        else:
            spared = saved_count(len(leftovers), kings_held, self.rules)
            points = pointer.face_value - penalty(list(map(_rank_of, leftovers)), kings_held, self.rules)
        saved, penalised = tuple(leftovers[:spared]), tuple(leftovers[spared:])
        half_score = 2 * points
        for hand in hands:
            half_score += hand.half_points
        return Split(pointer, hands, saved, penalised, tuple(kings), half_score)

    def declared_split(self, cards: Sequence[Card], pointer: Card | None, hands: Sequence[Sequence[Card]] | None) -> Split:
        """Score a split the player declared; undeclared parts are chosen at best.

        Raises :class:`InvalidInput` with every reason (pointers relative to the
        player: ``/pointer``, ``/hands/1/0``...).
        """
        problems: list[Problem] = []
        pool = Counter(cards)
        if pointer is not None:
            if pool[pointer] == 0:
                problems.append(Problem("/pointer", "card_not_held", f"the Pointer {pointer} is not among the player's cards"))
            else:
                pool[pointer] -= 1
        if hands is None:
            if problems:
                raise InvalidInput(problems)
            return self.best_split(cards, pointer=pointer)
        found: list[HandInstance] = []
        for hand_index, hand in enumerate(hands):
            for card_index, card in enumerate(hand):
                if pool[card] == 0:
                    problems.append(
                        Problem(
                            f"/hands/{hand_index}/{card_index}",
                            "card_not_held",
                            f"{card} is not among the player's cards, or is already used by the Pointer or another hand",
                        )
                    )
                else:
                    pool[card] -= 1
            readings = self.classify(hand)
            if readings:
                found.append(readings[0])
            else:
                reason = self.why_not_a_hand(hand)
                assert reason is not None
                problems.append(Problem(f"/hands/{hand_index}", reason.code, reason.message))
        if problems:
            raise InvalidInput(problems)
        rest = list(pool.elements())
        kings_held = sum(1 for card in cards if card.is_king)
        free_kings = [card for card in rest if card.is_king]
        leftovers = [card for card in rest if not card.is_king]
        if pointer is None and not leftovers and not free_kings:
            raise InvalidInput([Problem("/pointer", "pointer_missing", "every card is in a hand: no card is left to be the Pointer")])
        return self._settle(tuple(found), leftovers, free_kings, kings_held, pointer)

    # -- progress ----------------------------------------------------------------------
    def progress(self, cards: Iterable[Card]) -> list[Progress]:
        """For each of the 24 hands, the closest completion: cards held and missing."""
        return self._progress(self._holding(cards))

    def _progress(self, holding: _Holding) -> list[Progress]:
        # One reading per hand, in HANDS order: (table, hand, the hand's points, the tally within the hand's scope).
        held = map(holding.tally.__and__, self._plan.scopes)  # Tally.within, each at C speed: 24 calls a holding
        return list(map(progress_reading, repeat(self._progress_table), range(len(HANDS)), self._half_points, held))


@bounded(PROGRESS_READINGS)
def progress_reading(table: ProgressTable, hand: int, half_points: int, held: int) -> Progress:
    """One hand's progress, shared between holdings that agree on everything it depends on.

    ``held`` is the holding's tally within the hand's scope (the cards its
    targets name; for an any-suit target, every card of its ranks, since the
    answer names their suits), so equal keys give equal answers.
    """
    plan = table.plan.progress[hand]
    tally = Tally(held)
    held_counts = [tally.count_toward(need) for need in plan.needs]
    most = max(held_counts)
    steps = plan.steps[held_counts.index(most)]
    card_of = table.card_of_key
    counts = tally.card_counts() if most else [0] * len(card_of)
    held_cards: list[Card] = []
    missing: list[str] = []
    for step in steps:
        if step.any_suit:
            first = step.key * 4
            have = [card_of[key] for key in range(first, first + 4) for _ in range(counts[key])][: step.needed]
            text = RANK_NAMES[step.key] + "*"
        else:
            have = [card_of[step.key]] * min(step.needed, counts[step.key])
            text = str(card_of[step.key])
        held_cards += have
        missing += [text] * (step.needed - len(have))
    return Progress(plan.spec, plan.in_play, tuple(held_cards), tuple(missing), half_points)


_rank_of = itemgetter(0)  # a Card's rank, at C speed


@bounded(SCORERS)
def scorer_for(castles: tuple[Castle, ...], rules: Rules) -> Scorer:
    """A shared Scorer per table: every player of a table, and most moves of a game, use the same one."""
    return Scorer(castles, rules)


def _suit_choices(target: Target, keys_by_rank: Mapping[int, Sequence[int]]) -> list[tuple[int, ...]]:
    """Every distinct choice of held cards filling an any-suit target, as sorted keys.

    The target's ranks come in ascending order and a key sorts by its rank first, so a choice is its
    ranks' parts one after the other, already sorted.
    """
    choices: list[tuple[int, ...]] = [()]
    for rank, needed in target.need:
        parts = _rank_choices(keys_by_rank.get(rank, ()), needed)
        choices = [choice + part for choice in choices for part in parts]
    return choices


def _rank_choices(keys: Sequence[int], needed: int) -> list[tuple[int, ...]]:
    """Every distinct choice of ``needed`` of one rank's held keys (sorted): for one card, each distinct key in order."""
    if needed == 1:
        return [(keys[0],)] if len(keys) == 1 else [(key,) for key in dict.fromkeys(keys)]
    return sorted(set(combinations(keys, needed)))


def _matching_choices(entry: TargetEntry, holding: _Holding) -> list[tuple[int, ...]]:
    if entry.target.any_suit:
        return _suit_choices(entry.target, holding.keys_by_rank())
    if holding.tally.covers(entry.need):
        return [entry.keys]
    return []
