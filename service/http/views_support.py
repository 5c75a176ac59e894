"""Responses assembled from several engine calls, shared by the views and the examples."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from service.kings.cards import Card
from service.kings.castles import Castle, castle_places, castle_problems
from service.kings.hands import MAX_HOLDING, scorer_for
from service.kings.moves import legal_moves
from service.kings.problems import InvalidInput, Problem, third_copies
from service.kings.rules import Rules
from service.kings.state import GameState


def hands_report(castles: Sequence[Castle], rules: Rules, cards: Sequence[Card]) -> dict[str, Any]:
    """What a set of cards holds on a table: the best split, the call, every hand, progress to all 24."""
    places = castle_places(castles) + [(f"/cards/{i}", card) for i, card in enumerate(cards)]
    problems = castle_problems(castles, rules) + third_copies(places)
    if len(cards) > MAX_HOLDING:
        problems.append(Problem("/cards", "too_many_cards", f"{len(cards)} cards; the referee scores at most {MAX_HOLDING} (RULES.md §15)"))
    if problems:
        raise InvalidInput(problems)
    scorer = scorer_for(tuple(castles), rules)
    reading = scorer.read(cards)
    return {
        "castle_values": list(scorer.values),
        "valid_call": reading.calling is not None,
        "calling_split": reading.calling.to_dict() if reading.calling else None,
        "best": reading.best.to_dict(),
        "found": [hand.to_dict() for hand in reading.found],
        "progress": [item.to_dict() for item in reading.progress],
    }


def legal_moves_report(state: GameState) -> dict[str, Any]:
    moves = legal_moves(state)
    return {
        "player": state.acting.name if state.phase != "over" else None,
        "phase": state.phase,
        "moves": [move.to_dict() for move in moves],
        "counts": dict(Counter(move.move.action for move in moves)),
    }
