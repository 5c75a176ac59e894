"""Declarations at the end for every player whose hand the referee sees (issue 15; rules.md §16, §27).

Castles 5H 9C 4D 10S: K1 = 5, K2 = 9, K3 = 4, K4 = 10 (§5). Expected scores are worked
out here from rules.md §12 and §15, never read from the engine.
"""

from __future__ import annotations

from dataclasses import replace

from service.core.cards import parse_card, parse_cards
from service.games.kings import GAME
from service.games.kings.moves import Declaration, Move, legal_moves
from service.games.kings.rules import Rules
from service.games.kings.sealed import SPLIT
from service.games.kings.state import Zone, state_problems
from tests.kings.tables import build

apply_move, judge = GAME.apply, GAME.judge

V1 = "/v1/24-kings"
CALLER = "QH JH 10H 9H 8H 7H 3S"  # a Super Kingdom (all six of castle 1's hearts) and 3S: a valid call
BOB = "AS 2S 3S 4D 5D 8C 7C"  # a Half Southie (AS 2S 3S, castle 4's spades), no King
CY = "AC 2C 3C 4C 5C 6C KD"  # a Southie (A..6, any suits) and a King


def cards(text):
    return tuple(parse_cards(text))


def half_scores(state):
    return {player.name: player.half_score for player in state.players}


def codes_at(verdict):
    return [(reason.code, reason.pointer, reason.rule) for reason in verdict.reasons]


# ann: Super Kingdom 3 x (K1 + K4) = 45, Pointer 3S = 3, nothing left over: 48.
# bob at best: Half Southie 1/2 x (K1 + K4) = 7.5, Pointer 8C = 8, left over 4D 5D 7C = -16: -0.5.
# bob declaring the Pointer 4D (the referee picks the hands around it): the same Half Southie 7.5,
# Pointer 4, left over 5D 8C 7C = -20: -8.5. Lower than his best, and held to.
ANN_HALF, BOB_BEST_HALF, BOB_4D_HALF = 96, -1, -17


def test_a_declared_split_lower_than_the_best_is_held_to_at_a_call():
    state = build({"ann": CALLER, "bob": BOB})
    undeclared = apply_move(state, Move("ann", "call_hand")).state
    assert half_scores(undeclared) == {"ann": ANN_HALF, "bob": BOB_BEST_HALF}
    declared = apply_move(state, Move("ann", "call_hand", declarations=[Declaration("bob", parse_card("4D"))]))
    assert declared.state.phase == "over" and half_scores(declared.state) == {"ann": ANN_HALF, "bob": BOB_4D_HALF}
    bob = next(score for score in next(e for e in declared.events if e["type"] == "game_over")["scores"] if score["player"] == "bob")
    assert bob["pointer"] == "4D" and bob["score"] == -8.5  # the table hears the declaration
    assert declared.state.outcome.winners == ("ann",)
    assert state_problems(declared.state) == []


def test_declarations_ride_on_the_move_that_runs_the_game_dry():
    # SHUFFLE ME OUT and an empty pile: ann's face-up discard ends the game (§10). She holds
    # QH JH 10H 9H 8H KC and declares the Pointer 8H: Half Kingdom QH JH 10H 1 x (K1 + K4) = 15,
    # Pointer 8, 9H saved by the King: 23 (her best would take 9H or QH as the Pointer instead).
    state = build({"ann": "QH JH 10H 9H 8H 2C KC", "bob": BOB}, face_up="3D 3C", draw_pile="", rules=Rules(shuffle_me_out=True))
    move = Move("ann", "face_up_discard", parse_card("2C"), declarations=[Declaration("ann", parse_card("8H")), Declaration("bob", parse_card("4D"))])
    after = apply_move(state, move).state
    assert after.outcome.reason == "draw_pile_exhausted"
    assert half_scores(after) == {"ann": 46, "bob": BOB_4D_HALF}


def test_a_declaration_of_cards_not_held_is_refused_with_its_pointer():
    state = build({"ann": CALLER, "bob": BOB})
    bad = Declaration("bob", hands=(cards("AS 2S 3S"), cards("4S 5S 6S")))
    verdict = judge(state, Move("ann", "call_hand", declarations=[bad]))
    assert codes_at(verdict) == [("card_not_held", f"/declarations/0/hands/1/{i}", "16") for i in range(3)]
    assert verdict.alternatives


def test_a_declaration_for_an_unseen_hand_is_refused_they_declare_on_reveal():
    state = build({"ann": CALLER, "bob": BOB, "cy": CY})
    cy = state.players[2]
    state = state.with_player(2, replace(cy, hand=Zone(hidden=7)))
    verdict = judge(state, Move("ann", "call_hand", declarations=[Declaration("cy", parse_card("KD"))]))
    assert codes_at(verdict) == [("declare_on_reveal", "/declarations/0/player", "27")]
    after = apply_move(state, Move("ann", "call_hand", declarations=[Declaration("bob", parse_card("4D"))])).state
    assert after.phase == "reveal" and after.acting.name == "cy"
    # cy declares on his reveal: Pointer KD 13 with a Southie 1 x (K1 + K4) = 15 and nothing left over: 28.
    over = apply_move(after, Move("cy", "reveal_hand", reveal=cards(CY), pointer=parse_card("KD"))).state
    assert half_scores(over) == {"ann": ANN_HALF, "bob": BOB_4D_HALF, "cy": 56}
    refused = judge(after, Move("cy", "reveal_hand", reveal=cards(CY), declarations=[Declaration("bob")]))
    assert codes_at(refused) == [("declaration_after_end", "/declarations", "27")]


def test_declarations_only_on_the_move_that_ends_the_game():
    state = build({"ann": "QH JH 10H 9H 8H 2C KC", "bob": BOB})
    verdict = judge(state, Move("ann", "face_up_discard", parse_card("2C"), declarations=[Declaration("bob")]))
    assert codes_at(verdict) == [("declaration_too_early", "/declarations", "27")]


def test_declarations_over_http_point_into_the_request_body(client):
    state = build({"ann": CALLER, "bob": BOB, "cy": CY}).to_dict()
    move = {"player": "ann", "action": "call_hand", "declarations": [{"player": "cy", "pointer": "KD"}, {"player": "bob", "hands": [["AS", "2S", "4S"]]}]}
    verdict = client.post(f"{V1}/moves/validate", json={"state": state, "move": move}).get_json()
    at = "/move/declarations/1/hands/0"  # 4S is not bob's, and AS 2S 4S is no hand
    assert [(r["code"], r["pointer"]) for r in verdict["reasons"]] == [("card_not_held", f"{at}/2"), ("not_a_hand", at)]
    move["declarations"][1] = {"player": "bob", "pointer": "4D"}
    answer = client.post(f"{V1}/moves/apply", json={"state": state, "move": move})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["move"]["declarations"] == move["declarations"]
    assert {p["name"]: p["score"] for p in body["state"]["players"]} == {"ann": 48, "bob": -8.5, "cy": 28}


def test_declarations_are_public_every_viewer_hears_them():
    state = build({"ann": CALLER, "bob": BOB, "cy": CY})
    move = Move("ann", "call_hand", declarations=[Declaration("bob", parse_card("4D")), Declaration("cy", parse_card("KD"))])
    transition = apply_move(state, move)
    for viewer in ("ann", "bob", "cy"):
        seen = SPLIT.transition_for(transition, viewer)
        assert seen["move"]["declarations"] == [{"player": "bob", "pointer": "4D"}, {"player": "cy", "pointer": "KD"}]
        over = next(event for event in seen["events"] if event["type"] == "game_over")
        assert {score["player"]: score["pointer"] for score in over["scores"]} == {"bob": "4D", "cy": "KD"}


def test_declarations_are_an_extra_on_a_listed_move_never_a_move_of_their_own():
    # Every listed move with a declaration added is legal exactly when it ends the game (here only the call):
    # like pointer and hands, declarations ride on a listed move, and the list needs no move of its own for them.
    state = build({"ann": CALLER, "bob": BOB})
    for option in legal_moves(state):
        with_declaration = option.move._replace(declarations=(Declaration("bob", parse_card("4D")),))
        expected = [] if option.move.action == "call_hand" else [("declaration_too_early", "/declarations", "27")]
        assert codes_at(judge(state, with_declaration)) == expected, option


def test_the_false_call_that_leaves_one_player_declares_for_that_player():
    # ann's false call (no calling split in QH JH 10H 9H 8H 2C KC) leaves bob alone: the game ends (§11),
    # and the call declares for him; bob is held to the Pointer 4D: -8.5, not his best -0.5.
    state = build({"ann": "QH JH 10H 9H 8H 2C KC", "bob": BOB})
    after = apply_move(state, Move("ann", "call_hand", declarations=[Declaration("bob", parse_card("4D"))])).state
    assert after.outcome.reason == "last_player_left" and half_scores(after)["bob"] == BOB_4D_HALF
    out = judge(state, Move("ann", "call_hand", declarations=[Declaration("ann", parse_card("KC"))]))
    assert codes_at(out) == [("declare_with_move", "/declarations/0/player", "27")]  # the caller declares with pointer and hands
