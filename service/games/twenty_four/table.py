"""A game at a real table (rules.md §10): the steps at which the table turns real cards and names them.

The referee never sees a face-down card: each pile is a count. The draw for
the first dealer, the eight cards of a dynamic target and each round's four
cards are named by table moves (no player), and each named card is checked
against the pack and every card already seen; no order of a pile is ever
assumed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from service.core.cards import Card, card_texts
from service.core.verdicts import Reason

from .pack import pack_for
from .start import Event, begin_table_hand, deal_counted
from .state import TABLE_CARDS, TwentyFourState, next_showing, pile_schedule
from .target import TARGET_CARDS, dynamic_target

RULE_OF_STEP = {"draw": "10.2", "set_target": "10.3", "turn_up": "10.4"}


def cards_wanted(state: TwentyFourState, step: str) -> int:
    """How many cards the step names: one per player still drawing, eight for a target, four for a round."""
    return {"draw": len(state.drawing), "set_target": TARGET_CARDS, "turn_up": TABLE_CARDS}[step]


def showing(state: TwentyFourState) -> tuple[list[int], list[int]]:
    """The seats whose piles show the next four cards, in order, and each pile's count after they show (§3.1)."""
    schedule = pile_schedule(pack_for(state.rules.face_cards).size, len(state.players), state.dealer, state.rounds_done)
    assert schedule is not None  # phase turn: a checked state has a round left to show
    sizes = list(schedule.sizes)
    seats = next_showing(sizes, schedule.next_start)
    assert seats is not None
    return seats, sizes


def step_fill(state: TwentyFourState, step: str) -> dict[str, str]:
    """What the table must enter for ``step``: which cards, in which order."""
    if step == "draw":
        return {"cards": f"the card each of {', '.join(state.drawing)} draws, in that order"}
    if step == "set_target":
        return {"cards": f"the {TARGET_CARDS} cards dealt face up to set this hand's target"}
    piles = ", ".join(state.players[seat].name for seat in showing(state)[0])
    return {"cards": f"the {TABLE_CARDS} cards turned up, in order: the top card of the piles of {piles}"}


def card_reasons(state: TwentyFourState, step: str, cards: Sequence[Card]) -> list[Reason]:
    """Every fault of the cards a step names: how many, in the pack, never seen twice (§10.5)."""
    rule = RULE_OF_STEP[step]
    wanted = cards_wanted(state, step)
    if len(cards) != wanted:
        return [Reason("card_count", rule, "/cards", f"this step names {wanted} cards, not {len(cards)}")]
    pack = pack_for(state.rules.face_cards)
    if step == "draw":
        seen = set(state.drawn)  # a card drawn once is not drawn again
    elif step == "turn_up":
        seen = set(state.set_aside) | {card for seat in state.players for card in seat.won}
    else:
        seen = set()  # the eight come from a freshly shuffled pack
    reasons = []
    for index, card in enumerate(cards):
        at = f"/cards/{index}"
        if not pack.copies(card):
            extra = "" if state.rules.face_cards else "; Jacks, Queens and Kings need the face_cards option"
            reasons.append(Reason("not_in_pack", rule, at, f"{card} is not in the {pack.size}-card pack{extra}"))
        elif card in seen:
            reasons.append(Reason("card_seen", rule, at, f"{card} has already been seen in this {'draw' if step == 'draw' else 'hand'}: the pack has one"))
        elif card in cards[:index]:
            reasons.append(Reason("repeated_card", rule, at, f"{card} is named twice: the pack has one"))
    return reasons


def apply_step(state: TwentyFourState, step: str, cards: Sequence[Card]) -> tuple[TwentyFourState, list[Event]]:
    """The table turns ``cards`` for ``step`` (already checked by :func:`card_reasons`)."""
    if step == "draw":
        return _draw(state, cards)
    if step == "set_target":
        chosen = dynamic_target(cards)
        state = replace(state, target=chosen.target, target_cards=tuple(cards))
        event: Event = {"type": "target_set", "rule": "7", "hand": len(state.results) + 1} | chosen.to_dict()
        state, dealt = deal_counted(state)
        return state, [event, *dealt]
    seats, sizes = showing(state)
    players = tuple(replace(seat, unseen=size) for seat, size in zip(state.players, sizes, strict=True))
    state = replace(state, players=players, table=tuple(cards), barred=(), phase="round")
    names = [state.players[seat].name for seat in seats]
    return state, [{"type": "turned_up", "rule": "3.1", "round": state.rounds_done + 1, "cards": card_texts(cards), "piles": names}]


def _draw(state: TwentyFourState, cards: Sequence[Card]) -> tuple[TwentyFourState, list[Event]]:
    """The highest draw deals first; equal highest draw again among themselves, from what is left (§2.2, §10.2)."""
    best = max(card.rank for card in cards)
    tied = tuple(name for name, card in zip(state.drawing, cards, strict=True) if card.rank == best)
    event: Event = {"type": "drew_for_deal", "rule": "2.2", "draws": dict(zip(state.drawing, card_texts(cards), strict=True))}
    if len(tied) > 1:
        return replace(state, drawing=tied, drawn=state.drawn + tuple(cards)), [event | {"dealer": None, "draw_again": list(tied)}]
    dealer = state.seat_of(tied[0])
    assert dealer is not None
    state, events = begin_table_hand(replace(state, dealer=dealer, phase="target"))
    return state, [event | {"dealer": tied[0]}, *events]
