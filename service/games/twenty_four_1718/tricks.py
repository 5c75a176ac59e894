"""Playing a trick: which cards a player may play, and who takes the trick (rules.md §7).

:func:`duty_of_holding` decides which duty applies and :func:`meets` which
cards meet it: the four duties (follow and head, ruff, overruff, free play)
are written there, once. :func:`obligation` reads them for a hand (the legal
plays, the verdict on a card, the ``/tricks/legal`` answer); the replay of a
hand (:func:`~.hand.replay`) reads them from each hand's highest cards by suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from service.core.cards import Card, card_texts

from .pack import SUIT_NAMES

Duty = Literal["lead", "head", "follow", "ruff", "overruff", "free_no_higher_trump", "free_no_trump"]

RULE_OF_DUTY: dict[str, str] = {
    "lead": "7.1",
    "head": "7.2",
    "follow": "7.2",
    "ruff": "7.3",
    "overruff": "7.4",
    "free_no_higher_trump": "7.4",
    "free_no_trump": "7.5",
}


EXPLANATIONS: dict[str, str] = {  # each duty in words: only the one asked is written out, with its suit and card
    "lead": "the first card of a trick may be any card",
    "head": "holding {led}, the suit led, the player must follow and beat {beat}, the highest of them in the trick",
    "follow": "holding {led}, the suit led, but none higher than {beat}, the player must follow with any of them",
    "ruff": "void in {led}, the suit led, the player must play a trump",
    "overruff": "void in {led}, the suit led, the player must play a trump higher than {beat}, the highest trump in the trick",
    "free_no_higher_trump": "void in {led}, the suit led, and holding no trump higher than {beat}, the player may play any card",
    "free_no_trump": "holding neither {led}, the suit led, nor a trump, the player may play any card",
}


class Obligation(NamedTuple):
    """What the rules ask of the next card of a trick: the duty, the cards that meet it, and why.

    A named tuple rather than a frozen dataclass: a state check builds one for every card played in the hand
    (its replay), and a tuple is built in a quarter of the time (issue 25)."""

    duty: Duty
    plays: tuple[Card, ...]  # the legal cards, in the hand's order
    led: str | None  # the suit led, None when leading
    to_beat: Card | None  # the card a heading or overruffing play must beat

    @property
    def rule(self) -> str:
        return RULE_OF_DUTY[self.duty]

    def explain(self) -> str:
        """The duty in words, naming the cards involved."""
        return EXPLANATIONS[self.duty].format(led=SUIT_NAMES.get(self.led or "", ""), beat=self.to_beat)

    def to_dict(self) -> dict[str, object]:
        return {"duty": self.duty, "rule": self.rule, "text": self.explain(), "legal": card_texts(self.plays)}


def duty_of_holding(led: str | None, high: int, trumped: int, top_led: int, top_trump: int) -> Duty:
    """The duty of §7, the one place it is decided: from the trick (the suit led, None before the lead; the highest
    rank of that suit in it; its highest trump, 0 for none) and the hand (its highest card of the suit led and its
    highest trump, 0 for none). One card of a kind decides each duty, so the hand is read by its tops only: the
    replay of a hand asks this of every card played, without building the legal plays (issue 25)."""
    if led is None:
        return "lead"
    if top_led:
        return "head" if top_led > high else "follow"
    if not top_trump:
        return "free_no_trump"
    if not trumped:
        return "ruff"
    return "overruff" if top_trump > trumped else "free_no_higher_trump"


def meets(duty: Duty, card: Card, led: str | None, bar: int, trump: str) -> bool:
    """Whether ``card`` meets ``duty``; ``bar`` is the rank a heading card must beat (the suit led's highest in the
    trick) or an overruffing one (the trick's highest trump)."""
    if duty == "head":
        return card.suit == led and card.rank > bar
    if duty == "follow":
        return card.suit == led
    if duty == "ruff":
        return card.suit == trump
    if duty == "overruff":
        return card.suit == trump and card.rank > bar
    return True  # the lead and the two free plays: any card


def obligation(hand: Sequence[Card], trick: Sequence[Card], trump: str) -> Obligation:
    """What the player holding ``hand`` must play to ``trick`` (its cards in playing order)."""
    if not trick:
        return Obligation("lead", tuple(hand), None, None)
    led = trick[0].suit
    high = trumped = top_led = top_trump = 0  # the tops duty_of_holding reads: of the trick, then of the hand
    for rank, suit in trick:
        if suit == led and rank > high:
            high = rank
        if suit == trump and rank > trumped:
            trumped = rank
    for rank, suit in hand:
        if suit == led and rank > top_led:
            top_led = rank
        if suit == trump and rank > top_trump:
            top_trump = rank
    duty = duty_of_holding(led, high, trumped, top_led, top_trump)
    if duty in ("head", "follow"):
        return Obligation(duty, tuple(card for card in hand if meets(duty, card, led, high, trump)), led, Card(high, led))
    to_beat = Card(trumped, trump) if duty in ("overruff", "free_no_higher_trump") else None
    return Obligation(duty, tuple(card for card in hand if meets(duty, card, led, trumped, trump)), led, to_beat)


def winning_position(trick: Sequence[Card], trump: str) -> int:
    """The position in the trick (0 is the lead) of the card that takes it: the highest trump, else the highest of the suit led."""
    led = trick[0].suit
    best_led = best_trump = high = trumped = 0  # in one pass: the highest card of the suit led, the highest trump
    for position, (rank, suit) in enumerate(trick):
        if suit == trump:
            if rank > trumped:
                best_trump, trumped = position, rank
        elif suit == led and rank > high:
            best_led, high = position, rank
    return best_trump if trumped else best_led


def refusal(duty: Obligation, card: Card) -> tuple[str, str] | None:
    """Why ``card`` (held by the player) fails the duty, as (code, message); None when it meets it."""
    if card in duty.plays:
        return None
    if duty.duty in ("head", "follow") and card.suit != duty.led:
        return "must_follow_suit", f"{card} does not follow: {duty.explain()}"
    if duty.duty == "head":
        return "must_head", f"{card} does not beat {duty.to_beat}: {duty.explain()}"
    if duty.duty == "overruff" and card.suit == duty.plays[0].suit:
        return "must_overruff", f"{card} does not beat {duty.to_beat}: {duty.explain()}"
    return ("must_overruff" if duty.duty == "overruff" else "must_ruff"), f"{card} is not a trump: {duty.explain()}"
