"""What a seat sees while unseen hands are revealed in turn at a real table (rules.md §22, §27).

A hand revealed at the end was laid on the table for everyone, so every view
shows it once it is scored; a hand still to be revealed shows only its size.
"""

from __future__ import annotations

from service.core.cards import parse_cards
from service.games.kings import GAME
from service.games.kings.moves import Move
from service.games.kings.view import player_view, visible_event
from tests.kings.test_table_flow import BOB, called_with_unseen_hands

apply_move = GAME.apply


def test_a_revealed_hand_is_shown_to_every_seat_and_an_unrevealed_one_is_not():
    called = called_with_unseen_hands().state  # ann called; bob then cy reveal
    revealed = apply_move(called, Move("bob", "reveal_hand", reveal=tuple(parse_cards(BOB))))
    view = player_view(revealed.state, "cy").to_dict()
    shown = {seen["name"]: seen.get("hand") for seen in view["players"]}  # type: ignore[union-attr]
    assert sorted(shown["bob"]["cards"]) == sorted(BOB.split())  # type: ignore[index]
    assert shown["cy"] == {"cards": [], "hidden": 7}  # cy's own hand, unseen by the referee too
    assert view["phase"] == "reveal" and view["deal"] == "physical" and view["match"] is None
    reveal = next(event for event in revealed.events if event["type"] == "hand_revealed")
    assert visible_event(reveal, "cy") == reveal  # laid on the table for all to see


def test_before_a_reveal_another_seats_hand_is_only_counted():
    view = player_view(called_with_unseen_hands().state, "ann").to_dict()
    bob = next(seen for seen in view["players"] if seen["name"] == "bob")  # type: ignore[index]
    assert "hand" not in bob and bob["cards_held"] == 7
