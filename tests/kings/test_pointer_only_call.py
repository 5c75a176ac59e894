"""A caller who declares only the Pointer (rules.md §11, §16, §27): the call stands when the other six cards are a hand.

Castles 5H 5C 4D 10S: K1 = 5 and K2 = 5 (§5), so Aces High, 1 x abs(K1 - K2), is worth 0 (§12). Under NO HARM-NO FOUL
(§15) a left-over costs nothing, so around the Pointer 9D the split with Aces High and the split with no hand both
score 9: the referee may show either as the best (§16), but the seven cards AS AD AC 2S 2D 2C 9D are one six-card hand
plus a Pointer, which is what §11 asks of a call, and the caller named that Pointer. Expected values are read from the
rule book here, never from the engine.
"""

from __future__ import annotations

from service.core.cards import parse_card, parse_cards
from service.games.kings import GAME
from service.games.kings.calculus import PlayerCards, calculus
from service.games.kings.moves import Move
from service.games.kings.rules import Rules
from tests.conftest import make_castles
from tests.kings.tables import build

CASTLES = ("5H", "5C", "4D", "10S")
ACES_HIGH_AND_9D = "AS AD AC 2S 2D 2C 9D"  # Aces High (A A A 2 2 2, any suits, §12) and the Pointer 9D
NOT_A_CALL = "AS AD AC 2S 2D 3C 9D"  # no six-card hand, no two half hands: 3C breaks both (§12)
NO_HARM = Rules(no_harm_no_foul=True)


def verdict_of(cards: str, rules: Rules, pointer: str | None) -> bool:
    player = PlayerCards("ann", tuple(parse_cards(cards)), None if pointer is None else parse_card(pointer))
    result = calculus(make_castles(*CASTLES), [player], rules, caller="ann")
    assert result.call is not None
    # §15: the Pointer 9 plus Aces High's 0, nothing penalised (NO HARM-NO FOUL or nothing left over): 9, in halves 18
    if cards == ACES_HIGH_AND_9D:
        assert result.players[0].split.half_score == 18
    return result.call.valid


def test_a_pointer_declared_alone_beside_a_six_card_hand_is_a_valid_call_at_the_calculus() -> None:
    for rules in (NO_HARM, Rules()):
        assert verdict_of(ACES_HIGH_AND_9D, rules, None) is True
        assert verdict_of(ACES_HIGH_AND_9D, rules, "9D") is True, rules
        assert verdict_of(NOT_A_CALL, rules, "9D") is False  # §11: no calling split around 9D


def test_a_pointer_declared_alone_beside_a_six_card_hand_is_a_valid_call_in_a_game() -> None:
    state = build({"ann": ACES_HIGH_AND_9D, "bob": "3H 4H 6D 7D 8S 9S 10C"}, CASTLES, rules=NO_HARM)
    transition = GAME.apply(state, Move("ann", "call_hand", pointer=parse_card("9D")))
    called = next(event for event in transition.events if event["type"] == "hand_called")
    assert called["valid"] is True
    assert transition.state.outcome is not None and transition.state.outcome.reason == "valid_call"


def test_declared_hands_stay_held_to_the_calling_shape() -> None:
    # §11 (our choice): a caller who declares hands is held to them; declaring none beside 9D is no calling split.
    state = build({"ann": ACES_HIGH_AND_9D, "bob": "3H 4H 6D 7D 8S 9S 10C"}, CASTLES, rules=NO_HARM)
    transition = GAME.apply(state, Move("ann", "call_hand", pointer=parse_card("9D"), hands=()))
    called = next(event for event in transition.events if event["type"] == "hand_called")
    assert called["valid"] is False
