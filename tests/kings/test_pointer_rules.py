"""rules.md §15-§16, read straight: which left-overs a player's Kings save, and which card is the Pointer."""

from __future__ import annotations

import pytest

from service.games.kings.hands import PointerChoice, choose_pointer, penalty, saved_count
from service.games.kings.rules import Rules

STANDARD, GENTLE = Rules(), Rules(no_harm_no_foul=True)


@pytest.mark.parametrize(
    ("leftovers", "kings_held", "rules", "saved"),
    [
        (4, 0, STANDARD, 0),  # no King: every left-over costs its face value
        (4, 1, STANDARD, 1),  # one King saves one left-over (the highest)
        (0, 1, STANDARD, 0),  # ...and nothing when nothing is left over
        (4, 2, STANDARD, 4),  # two Kings save them all
        (4, 3, STANDARD, 4),
        (4, 0, GENTLE, 4),  # NO HARM-NO FOUL: no left-over costs anything
    ],
)
def test_kings_save_left_overs(leftovers, kings_held, rules, saved):
    assert saved_count(leftovers, kings_held, rules) == saved


def test_the_saved_left_over_is_the_highest():
    assert penalty([12, 7, 3], kings_held=1, rules=STANDARD) == 7 + 3
    assert penalty([12, 7, 3], kings_held=0, rules=STANDARD) == 12 + 7 + 3
    assert penalty([12, 7, 3], kings_held=2, rules=STANDARD) == 0


def test_the_pointer_is_whichever_of_the_highest_left_over_and_a_king_scores_more():
    # One King held. Q as Pointer, the King saves the 7: 12 - 3 = 9. The King as Pointer saves the Q: 13 - (7 + 3) = 3.
    assert choose_pointer([12, 7, 3], free_kings=1, kings_held=1, rules=STANDARD) == PointerChoice(False, 9, saved=1)
    # With no King to spare, the Queen: 12 - 10 = 2.
    assert choose_pointer([12, 7, 3], free_kings=0, kings_held=0, rules=STANDARD) == PointerChoice(False, 2, saved=0)
    # Two Kings held save everything: Q scores 12, a King 13.
    assert choose_pointer([12, 7, 3], free_kings=2, kings_held=2, rules=STANDARD) == PointerChoice(True, 13, saved=3)


def test_on_a_tie_the_left_over_is_the_pointer_and_the_king_stays_held():
    # One King held. The 8 as Pointer, the King saves the 5: 8. The King as Pointer saves the 8: 13 - 5 = 8.
    assert choose_pointer([8, 5], free_kings=1, kings_held=1, rules=STANDARD) == PointerChoice(False, 8, saved=1)


def test_no_pointer_when_every_card_is_in_a_hand():
    assert choose_pointer([], free_kings=0, kings_held=0, rules=STANDARD) is None
    assert choose_pointer([], free_kings=1, kings_held=1, rules=STANDARD) == PointerChoice(True, 13, saved=0)
