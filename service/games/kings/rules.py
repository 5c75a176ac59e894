"""The variant a table plays: a hand set and the seven optional rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from service.core.records import PlainForm

HandSetName = Literal["standard", "quick", "elders", "time-sink"]
HAND_SET_NAMES: tuple[str, ...] = get_args(HandSetName)

OPTION_DESCRIPTIONS: dict[str, str] = {
    "subjects_count": "A castle is worth the sum of every card in its stack, Subject included.",
    "no_harm_no_foul": "Left-over cards cost nothing in The Calculus.",
    "shuffle_me_out": "One shuffle only: when the draw pile runs out, The Calculus starts with no caller.",
    "face_up_consequences": "The face-up discard pile leaves the game at a reshuffle instead of being shuffled in.",
    "static_castles": "Every castle keeps its castle card's value whatever Kings are played on it.",
    "equal_opportunity": "Any King may be played on, or dethrone, any castle regardless of suit.",
    "ghoul_raiser": "A King action's draws may take any face-up discard instead of the draw pile's top card.",
}

HAND_SET_DESCRIPTIONS: dict[str, str] = {
    "standard": "All 24 hands; half hands must be in the suit of the castles named in the table.",
    "quick": "All 24 hands; half hands may be of any suits.",
    "elders": "No half hands: the 8 Super and 8 plain hands.",
    "time-sink": "Only the 8 Super hands.",
}


@dataclass(frozen=True, slots=True)
class Rules:
    """A hand set and the options; every field defaults to the standard game."""

    hands: HandSetName = "standard"
    subjects_count: bool = False
    no_harm_no_foul: bool = False
    static_castles: bool = False
    equal_opportunity: bool = False
    shuffle_me_out: bool = False
    face_up_consequences: bool = False
    ghoul_raiser: bool = False

    def __post_init__(self) -> None:
        if self.hands not in HAND_SET_NAMES:
            raise ValueError(f"unknown hand set {self.hands!r}; use one of {', '.join(HAND_SET_NAMES)}")

    to_dict = PlainForm()


OPTION_NAMES: tuple[str, ...] = tuple(OPTION_DESCRIPTIONS)
