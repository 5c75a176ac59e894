"""Responses assembled from several engine calls, shared by the views and the examples."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from service.core.cards import Card
from service.core.problems import InvalidInput
from service.games.kings.calculus import holdings_problems
from service.games.kings.castles import Castle
from service.games.kings.hands import Progress, scorer_for
from service.games.kings.moves import legal_moves
from service.games.kings.rules import Rules
from service.games.kings.state import GameState

from .json_provider import EncodedJson


def progress_dicts(progress: Sequence[Progress]) -> list[dict[str, object]]:
    return [item.to_dict() for item in progress]


def progress_encoded(progress: Sequence[Progress]) -> EncodedJson:
    """The progress list as the JSON text each entry encoded once: what the wire needs, with no dict built per request."""
    return EncodedJson("[" + ",".join([item.json_text for item in progress]) + "]")


def hands_report(castles: Sequence[Castle], rules: Rules, cards: Sequence[Card],
                 progress_as: Callable[[Sequence[Progress]], Any] = progress_dicts) -> dict[str, Any]:
    """What a set of cards holds on a table: the best split, the call, every hand, progress to all 24.

    Progress is plain data by default; the view sends it pre-encoded (``progress_as=progress_encoded``).
    """
    problems = holdings_problems(castles, rules, [("/cards", cards)])
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
        "progress": progress_as(reading.progress),
    }


def legal_moves_report(state: GameState) -> dict[str, Any]:
    moves = legal_moves(state)
    return {
        "player": state.acting.name if state.phase != "over" else None,
        "phase": state.phase,
        "moves": [move.to_dict() for move in moves],
        "counts": dict(Counter(move.move.action for move in moves)),
    }
