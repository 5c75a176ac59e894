"""A real table (rules.md §13): hands the referee only counts, what the plays so far prove, the real deal entered.

The referee of a real table sees only the cards shown: those a player played
or showed in a declaration, and any it was told at the deal. Every other card
of a hand is a count. A card named from an unseen hand must be nowhere else
the referee knows, and must not contradict the hand's earlier plays: a
player who did not follow a suit, did not trump, or did not overruff when the
duty of §7 asked it, showed that they held no such card (§13.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from service.core.cards import Card, card_texts
from service.core.verdicts import Reason

from .declarations import Claim, declare, is_sequence, point_of, point_sums, ranks_by_suit, sequences_in
from .hand import holding, replay
from .pack import DEAL_SHAPES, PACK, SUIT_NAMES
from .state import TableState
from .tricks import obligation, refusal

RULE_COUNTED = "13.2"
RULE_REVOKE = "13.3"
RULE_DECLARED = "13.4"
RULE_DEAL = "13.5"
RULE_DRAW = "13.6"


def seat_label(state: TableState, seat: int) -> str:
    """A seat as people say it: its player's name and its place counted from 1."""
    return f"{state.players[seat].name!r} (seat {seat + 1})"


def known_places(state: TableState) -> dict[Card, str]:
    """Where each card the referee knows lies, in words."""
    places: dict[Card, str] = {}
    for seat, player in enumerate(state.players):
        for card in player.hand:
            places[card] = f"in the hand of {seat_label(state, seat)}"
    for number, trick in enumerate(state.tricks):
        for card in trick.cards:
            places[card] = f"played to trick {number + 1}"
    for card in state.trick.cards:
        places[card] = "played to the trick under way"
    places[state.stock.turn_up] = "the turn-up"
    for card in state.stock.cards:
        places[card] = "in the stock"
    return places


# -- playing from an unseen hand ----------------------------------------------------------------------
def unseen_play_reasons(state: TableState, seat: int, card: Card) -> list[Reason]:
    """Why ``seat`` cannot play ``card`` from the cards it holds unseen: the card is elsewhere, or the hand's plays deny it."""
    name = state.players[seat].name
    place = known_places(state).get(card)
    if place is not None:
        return [Reason("card_known_elsewhere", RULE_COUNTED, "/card", f"{name!r} cannot hold {card}: it is {place}")]
    revoke = revoke_reason(state, seat, card)
    if revoke is not None:
        return [revoke]
    return duty_reasons(state, seat, card) or placement_reasons(state, seat, card)


def duty_reasons(state: TableState, seat: int, card: Card) -> list[Reason]:
    """The duty of §7 judged on what the player is known to hold with ``card``: enough to refuse, never to allow wrongly.

    A fault on a part of the hand is a fault on the whole hand: more cards never make a refused card legal.
    """
    known = (*state.players[seat].hand, *((card,) if card not in state.players[seat].hand else ()))
    duty = obligation(known, state.trick.cards, state.trump)
    fault = refusal(duty, card)
    return [] if fault is None else [Reason(fault[0], duty.rule, "/card", fault[1])]


def revoke_reason(state: TableState, seat: int, card: Card) -> Reason | None:
    """The earlier trick whose play shows ``seat`` did not hold ``card`` (§13.3), or None.

    The hand is replayed as if the card had been held from the deal: a play of the player's that the
    duty would then have forbidden is the trick that proves the player void (or short of a higher card).
    """
    hands = state.dealt_hands()
    hands[seat] = [*hands[seat], card]
    tricks = [trick.cards for trick in state.tricks]
    if not tricks:
        return None
    pointers = [f"/tricks/{number}" for number in range(len(tricks))]
    for problem in replay([holding(hand) for hand in hands], state.leader, tricks, state.trump, pointers).problems:
        parts = problem.pointer.split("/")  # /tricks/<number>/<position>; a trick's own shape is never at fault in a checked state
        if len(parts) != 4:
            continue
        number, position = int(parts[2]), int(parts[3])
        trick = state.tricks[number]
        if (trick.leader + position) % state.seats != seat:
            continue
        played = trick.cards[position]
        led = SUIT_NAMES[trick.cards[0].suit]
        return Reason(
            "revoke",
            RULE_REVOKE,
            f"/state/tricks/{number}",  # the trick that proves it, in the state: a reason citing the state says so
            f"{state.players[seat].name!r} played {played} to trick {number + 1} ({led} led: {' '.join(card_texts(trick.cards))}); "
            f"holding {card} that play would have been illegal, so they cannot hold it now",
        )
    return None


def playable_unseen(state: TableState, seat: int) -> list[Card]:
    """Every card ``seat`` may still play from its unseen cards: none known elsewhere, none its plays deny, none the duty
    refuses, none that would leave the other unseen cards nowhere to be."""
    if state.players[seat].hidden == 0:
        return []
    places = placement(state)
    return [
        card
        for card in PACK.cards()
        if card in places.holdable[seat]  # unseen, and no play of the seat denies it (what revoke_reason finds, card by card)
        and not duty_reasons(state, seat, card)
        and placeable_after(state, seat, card, places)
    ]


# -- where the unseen cards can be --------------------------------------------------------------------
def _denies(play: Card, before: Sequence[Card], trump: str, card: Card) -> bool:
    """Whether playing ``play`` to ``before`` shows its player did not hold ``card`` (§13.3).

    The duty of §7 asks only whether a hand holds some card of a kind (of the suit led, a higher one, a trump, a
    higher trump), so one card decides it: holding ``card`` beside ``play`` would have made ``play`` illegal.
    This is :func:`~.tricks.obligation` with ``(play, card)`` read through; the tests hold the two together.
    """
    if not before:
        return False  # a lead is free
    led = before[0].suit
    if card.suit == led:
        if play.suit != led:
            return True  # holding the suit led, the player had to follow
        highest = max(each.rank for each in before if each.suit == led)
        return card.rank > highest >= play.rank  # following, they had to head if they could
    if play.suit == led or card.suit != trump:
        return False  # the duty on the suit led, or no trump in question
    ruffed = [each.rank for each in before if each.suit == trump]
    if not ruffed:
        return play.suit != trump  # void in the suit led with a trump in hand: they had to trump
    top = max(ruffed)
    return card.rank > top and not (play.suit == trump and play.rank > top)  # they had to overtrump if they could


def _holdable(state: TableState, seat: int, pool: Sequence[Card]) -> frozenset[Card]:
    """The cards of ``pool`` that ``seat``'s plays this hand (the trick under way included) do not deny."""
    seats = state.seats
    plays = [
        (trick.cards[:position], card)
        for trick in (*state.tricks, state.trick)
        for position, card in enumerate(trick.cards)
        if (trick.leader + position) % seats == seat
    ]
    return frozenset(card for card in pool if not any(_denies(play, before, state.trump, card) for before, play in plays))


@dataclass(frozen=True, slots=True)
class Placement:
    """The cards no one has shown (``pool``) and, per seat counting unseen cards, those its plays allow it to hold."""

    pool: frozenset[Card]
    holdable: tuple[frozenset[Card], ...]


def placement(state: TableState) -> Placement:
    """Where the unseen cards of ``state`` may be: worked out once, then asked of each candidate play."""
    known = known_places(state)
    pool = tuple(card for card in PACK.cards() if card not in known)
    return Placement(frozenset(pool), tuple(_holdable(state, seat, pool) if player.hidden else frozenset() for seat, player in enumerate(state.players)))


def _placeable(pool: frozenset[Card], room: Sequence[int], holdable: Sequence[frozenset[Card]], stock: int) -> bool:
    """Whether the unseen cards ``pool`` can lie in the hands that count them (``room[seat]`` each, only cards the
    seat's plays allow) and the stock's ``stock`` face-down cards (any card, so it takes whatever is left).

    Hall's theorem: every hand can be filled at once exactly when, for every group of the hands, the cards some hand
    of the group may hold are at least as many as the group's room (at most 31 groups: four or five hands).
    """
    if len(pool) != sum(room) + stock:
        return True  # a state whose counts disagree is the state check's to report, not this one's
    counting = [seat for seat, count in enumerate(room) if count > 0]
    for size in range(1, len(counting) + 1):
        for group in combinations(counting, size):
            reach = frozenset().union(*(holdable[seat] for seat in group)) & pool
            if sum(room[seat] for seat in group) > len(reach):
                return False
    return True


def placeable_after(state: TableState, seat: int, card: Card, known: Placement | None = None) -> bool:
    """Whether, ``seat`` playing ``card`` (from its known cards or its unseen ones), the cards still unseen can all
    lie somewhere: in a hand whose plays do not deny them, or in the stock. A play that would leave one nowhere
    is one the player cannot make holding the cards the table shows; one such play always remains open.
    ``known`` is :func:`placement` of ``state`` when the caller asks of many cards."""
    if not any(player.hidden for player in state.players):
        return True
    known = known or placement(state)
    unseen = card not in state.players[seat].hand
    room = [player.hidden - (unseen and index == seat) for index, player in enumerate(state.players)]
    holdable = list(known.holdable)
    holdable[seat] = frozenset(each for each in holdable[seat] if not _denies(card, state.trick.cards, state.trump, each))
    return _placeable(known.pool - {card}, room, holdable, state.stock.hidden)


def placement_reasons(state: TableState, seat: int, card: Card) -> list[Reason]:
    """Why ``seat`` cannot play ``card``: the cards still unseen could then not all lie where the plays allow."""
    if placeable_after(state, seat, card):
        return []
    return [
        Reason(
            "unseen_cards_misplaced",
            RULE_REVOKE,
            "/card",
            f"{state.players[seat].name!r} cannot play {card}: the cards no one has shown could then not all be in the hands "
            "that count them, given the suits and trumps those players' plays show they lack",
        )
    ]


# -- declarations announced -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Contradiction:
    """What shows one part of an announcement false (``part``: its sequences, or its Point): in words, and the cards that prove it."""

    message: str
    cards: tuple[Card, ...]
    part: str = "point"


def contradiction(known: Sequence[Card], complete: bool, claim: Claim) -> Contradiction | None:
    """How the cards known of a hand (all of it when ``complete``) contradict what its player announced (§13.4): the first part shown false."""
    found = contradictions(known, complete, claim)
    return found[0] if found else None


def contradictions(known: Sequence[Card], complete: bool, claim: Claim) -> list[Contradiction]:
    """Each part of an announcement the known cards show false, at most one each: of a whole hand the sequences
    first, then the Point; of a hand partly known the Point first (a long suit shows it soonest)."""
    suits = ranks_by_suit(known)
    found = [_false_sequences(known, suits, complete, claim), _false_point(known, suits, complete, claim)]
    return [each for each in (found if complete else found[::-1]) if each is not None]


def _false_sequences(known: Sequence[Card], suits: dict[str, list[int]], complete: bool, claim: Claim) -> Contradiction | None:
    sequences = claim.sequences or ()
    if complete:
        runs = sorted(sorted(run.cards) for run in declare([known], "S").sequences)
        if runs != sorted(map(sorted, sequences)):
            shown = "; ".join(" ".join(card_texts(run)) for run in runs) or "none"
            return Contradiction(f"the hand held these sequences: {shown}", tuple(known), "sequences")
        return None
    for run in sequences_in(suits):
        if not any(run.suit == claimed[0].suit and set(run.cards) <= set(claimed) for claimed in sequences):
            return Contradiction(f"{' '.join(card_texts(run.cards))} is a sequence not announced", tuple(run.cards), "sequences")
    for claimed in sequences:
        ranks = [card.rank for card in claimed]
        for neighbour in (min(ranks) - 1, max(ranks) + 1):
            if neighbour in suits[claimed[0].suit]:
                extra = Card(neighbour, claimed[0].suit)
                return Contradiction(f"with {extra}, {' '.join(card_texts(claimed))} was a longer sequence", (*claimed, extra), "sequences")
    return None


def _false_point(known: Sequence[Card], suits: dict[str, list[int]], complete: bool, claim: Claim) -> Contradiction | None:
    count, total = claim.point or (0, 0)
    if complete:
        point = point_of(suits)
        if (point.count, point.total) != (count, total):
            return Contradiction(f"the hand's Point was {point.count} cards worth {point.total}, not {count} worth {total}", tuple(known))
        return None
    for suit, ranks in suits.items():
        worth = sum(min(rank, 10) for rank in ranks)
        if len(ranks) > count or (len(ranks) == count and worth > total):
            cards = tuple(Card(rank, suit) for rank in ranks)
            return Contradiction(f"{len(ranks)} {SUIT_NAMES[suit]} worth {worth} beat the Point announced ({count} worth {total})", cards)
    return None


def claim_shape_reasons(state: TableState, seat: int, claim: Claim) -> list[Reason]:
    """An announcement from a hand the referee only counts: real sequences, of cards the hand can hold, the known cards agreeing."""
    player = state.players[seat]
    name = player.name
    reasons = []
    places = known_places(state)
    shown: list[Card] = []
    for index, run in enumerate(claim.sequences or ()):
        if not is_sequence(run):
            reasons.append(Reason("not_a_sequence", "5.1", f"/sequences/{index}", f"{' '.join(card_texts(run))} is not five or more cards of a suit in a row"))
        for card in run:
            if card in shown:
                reasons.append(Reason("card_twice", "5.1", f"/sequences/{index}", f"{card} is announced twice"))
            elif card not in player.hand and card in places:
                reasons.append(Reason("card_known_elsewhere", RULE_COUNTED, f"/sequences/{index}", f"{name!r} cannot hold {card}: it is {places[card]}"))
            shown.append(card)
    unseen = sum(card not in player.hand for card in set(shown))
    if unseen > player.hidden:
        reasons.append(Reason("too_many_cards", RULE_COUNTED, "/sequences", f"{name!r} holds {player.hidden} unseen cards, not the {unseen} announced"))
    count, total = claim.point or (0, 0)
    hand_size = DEAL_SHAPES[state.seats].hand_size
    fewest = -(-hand_size // len(SUIT_NAMES))  # a hand's longest suit holds at least a quarter of it
    if not fewest <= count <= hand_size or total not in point_sums(count):
        reasons.append(Reason("impossible_point", "6.1", "/point", f"{count} cards of one suit cannot be worth {total} in a hand of {player.holding}"))
    if reasons:
        return reasons
    known = sorted(set(player.hand) | set(shown))
    found = contradiction(known, player.hidden == unseen, claim)
    if found is not None:
        return [Reason("declaration_contradicted", RULE_DECLARED, "/sequences" if "sequence" in found.message else "/point", f"{name!r}: {found.message}")]
    return []
