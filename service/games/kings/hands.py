"""Hand detection, the best split, declared splits, HAND! calls and progress.

Everything works on castle-relative cards: a card's suit is replaced by the
index of the castle of that suit, so the catalog's targets apply to any table.
Points are kept in halves (``half_points``) so that every sum is exact.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, product
from operator import itemgetter

from service.core.cards import KING, RANK_NAMES, Card, card_texts
from service.core.problems import InvalidInput, Problem

from .castles import Castle, castle_values
from .catalog import HAND_SETS, HANDS, HandSpec, SuitRule, Target, spec_targets
from .rules import Rules

CALL_SIZE = 7
HAND_CARDS_IN_A_CALL = 6
MAX_HOLDING = 12  # rules.md §15: a player holds 8 at most; the search grows steeply past 12


class HoldingTooLarge(ValueError):
    """More cards than the referee scores as one player's holding."""


def as_number(half_points: int) -> int | float:
    """Half-points as the JSON number a client expects: ``13`` or ``6.5``, never 6.4999."""
    whole, half = divmod(half_points, 2)
    return whole if not half else whole + 0.5


@dataclass(frozen=True, slots=True)
class HandInstance:
    """A hand found in (or declared from) a player's cards."""

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


@dataclass(frozen=True, slots=True)
class Split:
    """A player's cards divided for The Calculus: Pointer, hands, left-overs."""

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
        return (
            self.pointer is not None
            and not self.saved and not self.penalised and not self.kings
            and sizes in ([6], [3, 3])
        )

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
    ``*`` (``Q*``). Readings share these records (see :func:`_hand_progress`),
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
        object.__setattr__(self, "_answer", {
            "name": self.spec.name,
            "family": self.spec.family,
            "tier": self.spec.tier,
            "in_play": self.in_play,
            "held": None,  # filled in by to_dict, keeping the answer's key order
            "missing": None,
            "complete": self.complete,
            "points": as_number(self.half_points),
        })

    @property
    def complete(self) -> bool:
        return not self.missing

    def to_dict(self) -> dict[str, object]:
        """A new dict each time, with lists of its own: only the fixed parts are built once."""
        answer = self._answer.copy()  # a copy keeps the key order, and is cheaper than a new literal
        answer["held"], answer["missing"] = [*self._held_texts], [*self.missing]
        return answer


@dataclass(frozen=True, slots=True)
class Reading:
    """What a set of cards holds: the best split, the calling split (if any), every hand, progress to all 24."""

    best: Split
    calling: Split | None
    found: list[HandInstance]
    progress: list[Progress]


class _Holding:
    """A player's non-King cards as castle-relative keys, plus the Kings.

    ``levels`` holds the cards' count levels (see :func:`_levels`), so that
    "does this holding fill that target?" is one AND and a compare. This is
    built for every player of every request, so it is one plain loop.
    """

    __slots__ = ("keys", "kings", "levels")

    def __init__(self, cards: Iterable[Card], key_of_card: Mapping[Card, int]) -> None:
        self.keys: list[int] = []
        self.kings: list[Card] = []
        levels = 0
        for card in cards:
            key = key_of_card.get(card)
            if key is None:
                self.kings.append(card)
                continue
            self.keys.append(key)
            # One more copy of the card and of its rank: each of the two bits climbs one lane,
            # and stays in the top lane once there (counts above _LEVELS are never needed).
            bits, lanes = _CARD_AND_RANK_STEP[key]
            levels |= ((levels & lanes) << _LANE_BITS | bits) & lanes
        self.levels = levels


class Scorer:
    """Reads cards against one table: four castles and the rules in force.

    Build it once per table; every player of that table is scored with it.
    """

    def __init__(self, castles: Sequence[Castle], rules: Rules) -> None:
        self.rules = rules
        self.castles = tuple(castles)
        self.values = castle_values(castles, rules)
        self.hand_set = HAND_SETS[rules.hands]
        self._suit_of_position = tuple(castle.suit for castle in castles)
        self._card_of_key = [Card(key >> 2, self._suit_of_position[key & 3]) for key in range(KING * 4)]
        self._key_of_card = {card: key for key, card in enumerate(self._card_of_key) if card.rank and not card.is_king}
        self._targets: list[tuple[HandSpec, tuple[Target, ...], int]] = [
            (spec, spec_targets(spec, self.hand_set.suit_rule(spec)), spec.points.half_points(self.values))
            for spec in HANDS
        ]
        # Each target's count levels (see _levels), computed once for detection and progress.
        levels_of = {t: _levels(t.need, t.any_suit) for _, targets, _ in self._targets for t in targets}
        # For progress: per hand, each target's levels and the steps that name its cards;
        # and the bits of a holding that decide the hand's progress (see _hand_progress).
        self._progress_plan = [
            (spec, self.hand_set.allows(spec), half_points, [levels_of[t] for t in targets],
             [self._completion_steps(t) for t in targets])
            for spec, targets, half_points in self._targets
        ]
        self._progress_bits = [
            _or(levels_of[t] | (_levels(_keys_of_ranks(t.need), any_suit=False) if t.any_suit else 0) for t in targets)
            for _, targets, _ in self._targets
        ]
        self._active = [
            (spec, target, half_points, levels_of[target])
            for spec, targets, half_points in self._targets
            if self.hand_set.allows(spec)
            for target in targets
        ]
        # Targets grouped by the ranks they need, with those ranks' count levels,
        # so that a holding skips a whole group with one integer test.
        groups: dict[tuple[tuple[int, int], ...], list[tuple[HandSpec, Target, int, int]]] = {}
        for entry in self._active:
            groups.setdefault(entry[1].rank_need, []).append(entry)
        self._groups = [(_levels(need, any_suit=True), entries) for need, entries in groups.items()]
        # Which groups a holding's ranks can fill at all, by the set of ranks it holds; shared by
        # every table whose groups need the same ranks (one per hand set), filled as holdings come.
        self._groups_for_ranks = _GROUPS_FOR_RANKS.setdefault(tuple(rank_levels for rank_levels, _ in self._groups), {})

    # -- castle-relative cards -------------------------------------------------
    def _holding(self, cards: Iterable[Card]) -> _Holding:
        cards = list(cards)
        if len(cards) > MAX_HOLDING:
            raise HoldingTooLarge(f"{len(cards)} cards are more than one player's holding: the referee scores at most {MAX_HOLDING}")
        return _Holding(cards, self._key_of_card)

    # -- detection ---------------------------------------------------------------
    def _instances(self, holding: _Holding) -> list[tuple[HandSpec, tuple[int, ...], int]]:
        """Every hand the keys hold, once per card multiset, in its best reading (none without keys: Kings only)."""
        if not holding.keys:
            return []
        best: dict[tuple[int, ...], tuple[HandSpec, tuple[int, ...], int]] = {}
        levels = holding.levels
        ranks_held = levels >> _RANK_BIT & _RANK_LANE
        groups = self._groups_for_ranks.get(ranks_held)
        if groups is None:  # a few groups of the 28 or so, in their order: the rest need a rank not held
            groups = self._groups_for_ranks[ranks_held] = [
                index for index, (rank_levels, _) in enumerate(self._groups) if not rank_levels >> _RANK_BIT & _RANK_LANE & ~ranks_held
            ]
        for index in groups:
            rank_levels, entries = self._groups[index]
            if rank_levels & levels != rank_levels:
                continue
            for spec, target, half_points, target_levels in entries:
                if target.any_suit:
                    choices: Iterable[tuple[int, ...]] = _suit_choices(target, holding.keys)
                elif target_levels & levels == target_levels:
                    choices = (target.keys,)
                else:
                    continue
                for keys in choices:
                    known = best.get(keys)
                    if known is None or known[2] < half_points:
                        best[keys] = (spec, keys, half_points)
        return list(best.values())

    def find_hands(self, cards: Iterable[Card]) -> list[HandInstance]:
        """Every hand instance the cards hold (a card may appear in several)."""
        return [self._instance(spec, keys, hp) for spec, keys, hp in self._instances(self._holding(cards))]

    def read(self, cards: Sequence[Card]) -> Reading:
        """Everything a player at the table asks about their cards, sharing one pass over them."""
        holding = self._holding(cards)
        instances = self._instances(holding)
        best, calling = self._best_and_calling(holding, instances)
        found = [self._instance(spec, keys, hp) for spec, keys, hp in instances]
        return Reading(best, calling, found, self._progress(holding))

    def best_and_calling_split(self, cards: Sequence[Card]) -> tuple[Split, Split | None]:
        """:meth:`best_split` and :meth:`calling_split` from one reading of the cards: a caller's two questions."""
        holding = self._holding(cards)
        return self._best_and_calling(holding, self._instances(holding))

    def _best_and_calling(self, holding: _Holding, instances: list[tuple[HandSpec, tuple[int, ...], int]]) -> tuple[Split, Split | None]:
        best = self._search(holding, None, call_only=False, instances=instances)
        assert best is not None
        can_call = len(holding.keys) + len(holding.kings) == CALL_SIZE
        return best, self._search(holding, None, call_only=True, instances=instances) if can_call else None

    def _instance(self, spec: HandSpec, keys: Iterable[int], half_points: int) -> HandInstance:
        card_of = self._card_of_key
        return HandInstance(spec, tuple(card_of[key] for key in keys), half_points)

    def classify(self, cards: Sequence[Card]) -> list[HandInstance]:
        """The readings of exactly these cards as one hand of the set, best first."""
        holding = self._holding(cards)
        if holding.kings:
            return []
        whole = tuple(sorted(holding.keys))
        rank_need = tuple(sorted(Counter(key >> 2 for key in holding.keys).items()))
        found = [
            self._instance(spec, keys, hp)
            for spec, target, hp, target_levels in self._active
            if target.rank_need == rank_need
            for keys in _matching_choices(target, target_levels, holding)
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
        named = ", ".join(f"castle {c} = {self._suit_of_position[c - 1]}" for c in rule.castles)
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

    def calling_split(self, cards: Sequence[Card]) -> Split | None:
        """The best split that makes a valid HAND! call, or None if the cards cannot call."""
        if len(cards) != CALL_SIZE:
            return None
        return self._search(self._holding(cards), None, call_only=True)

    def is_valid_call(self, cards: Sequence[Card]) -> bool:
        return self.calling_split(cards) is not None

    def _search(self, holding: _Holding, pointer: Card | None, *, call_only: bool,
                instances: list[tuple[HandSpec, tuple[int, ...], int]] | None = None) -> Split | None:
        card_of = self._card_of_key
        kings_held = len(holding.kings)
        if pointer is not None:
            rest = [card_of[key] for key in holding.keys] + holding.kings
            rest.remove(pointer)
            holding, instances = _Holding(rest, self._key_of_card), None
        keys, kings = holding.keys, holding.kings
        if instances is None:
            instances = self._instances(holding)
        if not keys and not kings and pointer is None:  # an empty holding scores 0
            return Split(None, (), (), (), (), 0)
        if not instances:  # no hand to choose (most holdings): the Pointer and the left-overs are the split
            return None if call_only else self._settle((), list(map(card_of.__getitem__, keys)), kings, kings_held, pointer)
        best: tuple[int, int, list[int], list[int]] | None = None

        def walk(start: int, remaining: list[int], chosen: list[int], hand_points: int, hand_cards: int) -> None:
            nonlocal best
            if not call_only or hand_cards == HAND_CARDS_IN_A_CALL:
                leaf = self._leaf_score(sorted((k >> 2 for k in remaining), reverse=True), len(kings), kings_held, pointer)
                if leaf is not None and (best is None or (leaf + hand_points, hand_points) > best[:2]):
                    best = (leaf + hand_points, hand_points, list(chosen), remaining)
            for index in range(start, len(instances)):
                rest = _without(remaining, instances[index][1])
                if rest is not None:
                    chosen.append(index)
                    walk(index, rest, chosen, hand_points + instances[index][2], hand_cards + len(instances[index][1]))
                    chosen.pop()

        walk(0, keys, [], 0, 0)
        if best is None:
            return None
        _, _, chosen, remaining = best
        hands = tuple(self._instance(*instances[index]) for index in chosen)
        return self._settle(hands, [card_of[k] for k in remaining], kings, kings_held, pointer)

    def _leaf_score(self, values: list[int], free_kings: int, kings_held: int, pointer: Card | None) -> int | None:
        """Half-points of the Pointer minus penalties, for left-over values sorted high first."""
        if pointer is not None:
            return 2 * (pointer.face_value - self._penalty(values, kings_held))
        options = []
        if values:  # the highest non-King Pointer is never worse than a lower one
            options.append(values[0] - self._penalty(values[1:], kings_held))
        if free_kings:
            options.append(KING - self._penalty(values, kings_held))
        if not options:  # every card is in a hand: no Pointer, so no score
            return None
        return 2 * max(options)

    def _penalty(self, values: Sequence[int], kings_held: int) -> int:
        """Face values lost: one King saves the highest left-over, two or more save all."""
        if self.rules.no_harm_no_foul or kings_held >= 2:
            return 0
        return sum(values[kings_held:])

    def _settle(
        self, hands: tuple[HandInstance, ...], leftovers: list[Card], free_kings: list[Card], kings_held: int, pointer: Card | None,
    ) -> Split:
        """Name the Pointer (the best one, as :meth:`_leaf_score` scores it), the saved and the penalised cards; score the split.

        There must be a Pointer: given, or a left-over or free King to choose.
        """
        leftovers.sort(key=_rank_of, reverse=True)  # stable: equal ranks keep the holding's order
        values = list(map(_rank_of, leftovers))  # the left-overs' face values, high first, kept in step
        kings = list(free_kings)
        if pointer is None and (kings or leftovers):
            king_option = KING - self._penalty(values, kings_held) if kings else None
            top_option = values[0] - self._penalty(values[1:], kings_held) if values else None
            if top_option is not None and (king_option is None or top_option >= king_option):
                pointer = leftovers.pop(0)
                del values[0]
            else:
                pointer = kings.pop(0)
        spared = len(leftovers) if (self.rules.no_harm_no_foul or kings_held >= 2) else kings_held
        saved, penalised = tuple(leftovers[:spared]), tuple(leftovers[spared:])
        assert pointer is not None, "a split is settled only when it has a Pointer"
        half_score = 2 * (pointer.rank - sum(values[spared:]))
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
                    problems.append(Problem(
                        f"/hands/{hand_index}/{card_index}", "card_not_held",
                        f"{card} is not among the player's cards, or is already used by the Pointer or another hand",
                    ))
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
        levels = holding.levels
        return [_hand_progress(self, hand, levels & bits) for hand, bits in enumerate(self._progress_bits)]

    def _progress_from_levels(self, hand: int, levels: int) -> Progress:
        """One hand's first target with the most cards held; then which cards are held and which missing."""
        spec, in_play, half_points, target_levels, completions = self._progress_plan[hand]
        held_counts = [(target & levels).bit_count() for target in target_levels]
        best = max(held_counts)
        steps, all_missing = completions[held_counts.index(best)]
        if not best:
            return Progress(spec, in_play, (), all_missing, half_points)
        counts = _key_counts(levels)
        held: list[Card] = []
        missing: list[str] = []
        for any_suit, key, n, card, text in steps:
            if any_suit:
                have = [self._card_of_key[k] for k in range(key * 4, key * 4 + 4) for _ in range(counts[k])][:n]
            else:
                have = [card] * min(n, counts[key])
            held += have
            if len(have) < n:
                missing += [text] * (n - len(have))
        return Progress(spec, in_play, tuple(held), tuple(missing), half_points)

    def _completion_steps(self, target: Target) -> tuple[list[tuple[bool, int, int, Card, str]], tuple[str, ...]]:
        """How to name a target's cards: per need, (any_suit, key, count, card, text); and every text, for nothing held."""
        steps = []
        for key, n in target.need:
            card = self._card_of_key[key * 4 if target.any_suit else key]
            steps.append((target.any_suit, key, n, card, RANK_NAMES[key] + "*" if target.any_suit else str(card)))
        return steps, tuple(text for _, _, n, _, text in steps for _ in range(n))


# Progress counts cards with integer bit operations. Bit ``key`` of lane L says "at least L+1
# copies of this castle-relative card"; bit ``RANK_BIT + rank`` of lane L says "at least L+1
# cards of this rank". A target sets the bits it needs; a holding the bits it has. Since
# min(need, have) = the number of levels 1..need that have reaches, the cards a holding
# holds toward a target are ``(target & holding).bit_count()``: one AND per target.
_LANE_BITS = 128
_RANK_BIT = 64
_RANK_LANE = (1 << (KING + 1)) - 1  # the rank bits of one lane, shifted down to bit 0
_LEVELS = 3  # no target needs more than 3 cards of one rank, and 2 copies of a card


# Per castle-relative card: its bit and its rank's bit in the first lane, and the same two bits in
# every lane; so that counting one more copy is ``((levels & lanes) << _LANE_BITS | bits) & lanes``.
_CARD_AND_RANK_STEP = [
    (bits, sum(bits << (level * _LANE_BITS) for level in range(_LEVELS)))
    for bits in ((1 << key) | (1 << (_RANK_BIT + (key >> 2))) for key in range(KING * 4))
]


def _levels(need: Iterable[tuple[int, int]], any_suit: bool) -> int:
    offset = _RANK_BIT if any_suit else 0
    bits = 0
    for key, n in need:
        assert n <= _LEVELS, f"a target needing {n} of one card or rank is beyond the count levels"
        for level in range(n):
            bits |= 1 << (level * _LANE_BITS + offset + key)
    return bits


def _key_counts(levels: int) -> list[int]:
    """Copies of each castle-relative card that count levels hold (at most ``_LEVELS``), one set bit at a time."""
    counts = [0] * _RANK_BIT
    while levels:
        lowest = levels & -levels
        position = (lowest.bit_length() - 1) % _LANE_BITS
        if position < _RANK_BIT:
            counts[position] += 1
        levels ^= lowest
    return counts


def _keys_of_ranks(rank_need: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """An any-suit target's ranks as the four castle-relative cards of each, ``n`` levels deep."""
    return [(rank * 4 + position, n) for rank, n in rank_need for position in range(4)]


def _or(values: Iterable[int]) -> int:
    result = 0
    for value in values:
        result |= value
    return result


@lru_cache(maxsize=1 << 13)  # ≈ 6.5 MB when full; random holdings then share 95% of readings
def _hand_progress(scorer: Scorer, hand: int, levels: int) -> Progress:
    """One hand's progress, shared between holdings that agree on the bits deciding it.

    ``levels`` is the holding's count levels masked to the cards the hand's
    targets name (for an any-suit target, every card of its ranks, since the
    answer names their suits), so equal keys give equal answers. The cache is
    bounded whatever the traffic; a reading not in it costs ≈ 4 µs a hand.
    """
    return scorer._progress_from_levels(hand, levels)


_rank_of = itemgetter(0)  # a Card's rank, at C speed

# Scorer._groups_for_ranks, one table per shape of groups; bounded by the 2^12 sets of ranks A-Q (a holding's keys hold no King).
_GROUPS_FOR_RANKS: dict[tuple[int, ...], dict[int, list[int]]] = {}


@lru_cache(maxsize=1024)
def scorer_for(castles: tuple[Castle, ...], rules: Rules) -> Scorer:
    """A shared Scorer per table: a game's castles change rarely, so most moves reuse one."""
    return Scorer(castles, rules)


def _without(remaining: list[int], keys: tuple[int, ...]) -> list[int] | None:
    """``remaining`` less the multiset ``keys``, or None if it does not hold them all."""
    rest = list(remaining)
    for key in keys:
        try:
            rest.remove(key)
        except ValueError:
            return None
    return rest


def _suit_choices(target: Target, keys: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct choice of held cards filling an any-suit target, as sorted keys."""
    per_rank = []
    for rank, n in target.need:
        of_rank = sorted(key for key in keys if key >> 2 == rank)
        per_rank.append(sorted(set(combinations(of_rank, n))))
    return [tuple(sorted(sum(parts, ()))) for parts in product(*per_rank)]


def _matching_choices(target: Target, target_levels: int, holding: _Holding) -> list[tuple[int, ...]]:
    if target.any_suit:
        return _suit_choices(target, holding.keys)
    if target_levels & holding.levels == target_levels:
        return [target.keys]
    return []
