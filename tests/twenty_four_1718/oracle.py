"""An independent referee for the tests: the reading's rules written again, on card texts, without the engine.

Every function here is written from the reading alone, in a different shape
from the engine's (a predicate per card rather than a duty, brute-force runs,
sorting rather than scanning), so a test comparing the two can fail.
"""

from __future__ import annotations

ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
HONORS = {"point": {"A", "2", "3", "4", "5"}, "face": {"9", "10", "J", "Q", "K"}}
HAND_SIZE = {4: 12, 5: 10}


def rank(card: str) -> int:
    return ORDER.index(card[:-1]) + 1


def suit(card: str) -> str:
    return card[-1]


def may_play(card: str, hand: list[str], trick: list[str], trump: str) -> bool:
    """Whether the reading allows ``card`` from ``hand`` on ``trick``."""
    if not trick:
        return True
    led = suit(trick[0])
    if any(suit(held) == led for held in hand):
        if suit(card) != led:
            return False
        highest = max(rank(played) for played in trick if suit(played) == led)
        able = any(suit(held) == led and rank(held) > highest for held in hand)
        return rank(card) > highest or not able
    if not any(suit(held) == trump for held in hand):
        return True
    ruffs = [rank(played) for played in trick if suit(played) == trump]
    if not ruffs:
        return suit(card) == trump
    if not any(suit(held) == trump and rank(held) > max(ruffs) for held in hand):
        return True
    return suit(card) == trump and rank(card) > max(ruffs)


def legal(hand: list[str], trick: list[str], trump: str) -> set[str]:
    return {card for card in hand if may_play(card, hand, trick, trump)}


def taker(trick: list[str], trump: str) -> int:
    """Position of the card that takes a complete trick."""
    led = suit(trick[0])
    keys = [(suit(card) == trump, suit(card) == led, rank(card)) for card in trick]
    return keys.index(max(keys))


def runs(hand: list[str]) -> list[tuple[str, int, int]]:
    """Every sequence as (suit, low, high), found by trying every starting card."""
    held = {(suit(card), rank(card)) for card in hand}
    found = []
    for card_suit, low in sorted(held):
        if (card_suit, low - 1) in held:
            continue
        high = low
        while (card_suit, high + 1) in held:
            high += 1
        if high - low + 1 >= 5:
            found.append((card_suit, low, high))
    return found


def point(hand: list[str]) -> tuple[int, int]:
    best = (0, 0)
    for card_suit in "SHDC":
        cards = [card for card in hand if suit(card) == card_suit]
        best = max(best, (len(cards), sum(10 if rank(card) > 10 else rank(card) for card in cards)))
    return best


def awards_of_hand(hands: list[list[str]], turn_up: str, honors: str, tricks: list[list[str]], before: list[int]) -> list[tuple[str, int]]:
    """Each chip of a hand as (step, player), in the order of precedence, up to the one that makes six (players from the leader)."""
    trump = suit(turn_up)
    pending: list[tuple[str, int]] = []
    if turn_up[:-1] in HONORS[honors]:
        pending.append(("turn_up", len(hands) - 1))
    every = [(high - low + 1, high, card_suit == trump, -player, player) for player, hand in enumerate(hands) for card_suit, low, high in runs(hand)]
    if every:
        best = max(every)[4]
        pending += [("sequence", best)] * len(runs(hands[best]))
    points = [(*point(hand), -player) for player, hand in enumerate(hands)]
    pending.append(("point", -max(points)[2]))
    leader = 0
    taken = [0] * len(hands)
    for trick in tricks:
        winner = (leader + taker(trick, trump)) % len(hands)
        taken[winner] += 1
        pending += [("honors", winner)] * sum(1 for card in trick if suit(card) == trump and card[:-1] in HONORS[honors])
        leader = winner
    if len(tricks) == HAND_SIZE[len(hands)]:
        pending.append(("card", max(range(len(hands)), key=lambda seat: (taken[seat], -seat))))
    chips = list(before)
    for number, (_, player) in enumerate(pending):
        chips[player] += 1
        if chips[player] == 6:
            return pending[: number + 1]
    return pending


def chips_of_hand(hands: list[list[str]], turn_up: str, honors: str, tricks: list[list[str]], before: list[int]) -> tuple[list[int], str | None]:
    """The chips after a hand (players from the leader, dealer last) and the step at which someone reached six, if any."""
    chips = list(before)
    awards = awards_of_hand(hands, turn_up, honors, tricks, before)
    for _, player in awards:
        chips[player] += 1
    return chips, awards[-1][0] if awards and max(chips) == 6 else None
