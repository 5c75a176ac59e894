"""Playing a trick: which cards a player may play, and who takes the trick (rules.md §7).

:func:`obligation` says what the rules ask of the player to play, once;
the legal plays, the verdict on a card and the ``/tricks/legal`` answer all
read it, so the four duties (follow and head, ruff, overruff, free play) are
written in one place.
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
        led, beat = SUIT_NAMES.get(self.led or "", ""), self.to_beat
        return {
            "lead": "the first card of a trick may be any card",
            "head": f"holding {led}, the suit led, the player must follow and beat {beat}, the highest of them in the trick",
            "follow": f"holding {led}, the suit led, but none higher than {beat}, the player must follow with any of them",
            "ruff": f"void in {led}, the suit led, the player must play a trump",
            "overruff": f"void in {led}, the suit led, the player must play a trump higher than {beat}, the highest trump in the trick",
            "free_no_higher_trump": f"void in {led}, the suit led, and holding no trump higher than {beat}, the player may play any card",
            "free_no_trump": f"holding neither {led}, the suit led, nor a trump, the player may play any card",
        }[self.duty]

    def to_dict(self) -> dict[str, object]:
        return {"duty": self.duty, "rule": self.rule, "text": self.explain(), "legal": card_texts(self.plays)}


def obligation(hand: Sequence[Card], trick: Sequence[Card], trump: str) -> Obligation:
    """What the player holding ``hand`` must play to ``trick`` (its cards in playing order)."""
    if not trick:
        return Obligation("lead", tuple(hand), None, None)
    led = trick[0].suit
    following = tuple(card for card in hand if card.suit == led)
    if following:
        highest = max(rank for rank, suit in trick if suit == led)
        heading = tuple(card for card in following if card.rank > highest)
        return Obligation("head", heading, led, Card(highest, led)) if heading else Obligation("follow", following, led, Card(highest, led))
    trumps = tuple(card for card in hand if card.suit == trump)
    if not trumps:
        return Obligation("free_no_trump", tuple(hand), led, None)
    ruffed = [rank for rank, suit in trick if suit == trump]
    if not ruffed:
        return Obligation("ruff", trumps, led, None)
    top = Card(max(ruffed), trump)
    over = tuple(card for card in trumps if card.rank > top.rank)
    return Obligation("overruff", over, led, top) if over else Obligation("free_no_higher_trump", tuple(hand), led, top)


def winning_position(trick: Sequence[Card], trump: str) -> int:
    """The position in the trick (0 is the lead) of the card that takes it: the highest trump, else the highest of the suit led."""
    suit = trump if any(card.suit == trump for card in trick) else trick[0].suit
    best = 0
    top = -1
    for position, (rank, card_suit) in enumerate(trick):
        if card_suit == suit and rank > top:
            best, top = position, rank
    return best


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
