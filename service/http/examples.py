"""Worked examples for the OpenAPI document, computed by the engine so they are always right."""

from __future__ import annotations

from functools import cache
from typing import Any

from service.core.cards import parse_cards
from service.games.kings.calculus import calculus
from service.games.kings.moves import apply_move, judge, legal_moves
from service.games.kings.start import new_game, table_setup
from service.games.kings.state import state_from_dict

from .convert import castles_from, rules_from, table_player_from
from .views_support import hands_report, legal_moves_report

TABLE = [{"card": "7H", "kings": []}, {"card": "2C", "kings": []}, {"card": "JD", "kings": []}, {"card": "4S", "kings": []}]
CALCULUS_REQUEST: dict[str, Any] = {
    "rules": {"hands": "standard"},
    "castles": TABLE,
    "players": [
        {"name": "ann", "cards": ["7H", "8H", "8H", "KS", "QD", "5C", "3H"]},
        {"name": "bob", "cards": ["AS", "2S", "3S", "4S", "5S", "6S", "9C"], "pointer": "9C"},
    ],
    "caller": "bob",
}
HANDS_REQUEST: dict[str, Any] = {
    "rules": {"hands": "standard"},
    "castles": [{"card": "5H", "kings": []}, {"card": "9C", "kings": []}, {"card": "4D", "kings": []}, {"card": "10S", "kings": []}],
    "cards": ["QH", "JH", "10H", "9H", "8H", "7H", "3S"],
}
NEW_GAME_REQUEST: dict[str, Any] = {"players": ["ann", "bob", "cy"], "seed": 7, "rules": {"hands": "standard"}}
TABLE_SETUP_REQUEST: dict[str, Any] = {
    "players": ["ann", "bob", "cy"], "dealer": 0, "castles": TABLE, "face_up": ["9H", "8D"],
    "hands": [["QH", "AS", "KD", "KD", "2H", "JH", "6C"], [], []],
}


@cache
def examples() -> dict[str, Any]:
    """Every request and response example, keyed by name."""
    game = new_game(NEW_GAME_REQUEST["players"], seed=NEW_GAME_REQUEST["seed"])
    state = game.state
    legal = legal_moves(state)
    discard = next(option.move for option in legal if option.move.action == "face_up_discard")
    wrong = type(discard)(discard.player, "play_king", discard.card, 2)
    state_json = state.to_dict()
    table = calculus(castles_from(TABLE), [table_player_from(p) for p in CALCULUS_REQUEST["players"]],
                     rules_from(CALCULUS_REQUEST["rules"]), CALCULUS_REQUEST["caller"])
    hands_rules = rules_from(HANDS_REQUEST["rules"])
    setup = table_setup(TABLE_SETUP_REQUEST["players"], castles_from(TABLE), face_up=parse_cards(TABLE_SETUP_REQUEST["face_up"]),
                        known_hands=[parse_cards(h) for h in TABLE_SETUP_REQUEST["hands"]])
    return {
        "calculus_request": CALCULUS_REQUEST,
        "calculus_response": table.to_dict(),
        "hands_request": HANDS_REQUEST,
        "hands_response": hands_report(castles_from(HANDS_REQUEST["castles"]), hands_rules, parse_cards(HANDS_REQUEST["cards"])),
        "new_game_request": NEW_GAME_REQUEST,
        "new_game_response": game.to_dict(),
        "table_setup_request": TABLE_SETUP_REQUEST,
        "table_setup_response": setup.to_dict(),
        "state_request": {"state": state_json},
        "state_check_response": {"valid": True, "problems": []},
        "legal_moves_response": legal_moves_report(state_from_dict(state_json)),
        "move_request": {"state": state_json, "move": discard.to_dict()},
        "verdict_response": judge(state, wrong).to_dict(),
        "apply_response": apply_move(state, discard).to_dict(),
    }
