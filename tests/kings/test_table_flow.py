"""The physical-table flow: cards the referee cannot see (issue 15; rules.md §22, §26-§28).

Each test names the rule it holds the referee to; expected values come from the
rule text and the cards of the table, counted here, never from the engine.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.core.cards import parse_card, parse_cards
from service.core.problems import InvalidInput
from service.games.kings import GAME
from service.games.kings.moves import Move, legal_moves
from service.games.kings.rules import Rules
from service.games.kings.start import next_game, table_setup
from service.games.kings.state import Zone, state_from_dict, state_problems
from tests.conftest import make_castles
from tests.kings.tables import build

apply_move, judge = GAME.apply, GAME.judge

V1 = "/v1/24-kings"
ANN = "QH JH 10H 9H 8H 2C KC"  # castles 5H 9C 4D 10S
BOB = "AS 2S 3S 4D 5D 8C 7C"


def cards(text):
    return tuple(parse_cards(text))


def hide(state, seat, known=""):
    """The same table with seat's hand unseen but for ``known``."""
    player = state.players[seat]
    shown = cards(known)
    return state.with_player(seat, replace(player, hand=Zone(shown, player.hand.size - len(shown))))


def physical(state):
    return replace(state, deal="physical", draw_pile=Zone(hidden=state.draw_pile.size))


def codes(verdict):
    return [reason.code for reason in verdict.reasons]


# -- a reshuffle at a real table ------------------------------------------------------------------
def dry_table(**kwargs):
    """ann to act, the draw pile empty, 7D 8D face down and 9D face up; the rest of the deck set aside."""
    return build({"ann": ANN, "bob": BOB}, draw_pile="", face_down="7D 8D", face_up="9D", **kwargs)


def test_a_physical_reshuffle_counts_the_new_pile_and_invents_no_order():
    after = apply_move(replace(dry_table(), deal="physical"), Move("ann", "face_up_discard", parse_card("2C"))).state
    # 7D 8D, then 9D and the 2C just discarded, shuffled by people: 4 cards, one drawn unseen (§26)
    assert after.draw_pile == Zone(hidden=3)
    assert after.players[0].hand == Zone(cards("QH JH 10H 9H 8H KC"), 1)


def test_the_service_reshuffle_still_deals_a_known_pile():
    after = apply_move(dry_table(), Move("ann", "face_up_discard", parse_card("2C"))).state
    assert after.draw_pile.hidden == 0 and after.draw_pile.size == 3 and after.players[0].hand.known


def test_a_named_draw_may_be_a_card_whose_copies_were_in_the_discards_just_shuffled_in():
    state = replace(dry_table(), deal="physical")  # one 7D face down, the other set aside: both known now
    named = Move("ann", "face_up_discard", parse_card("2C"), drawn=cards("7D"))
    assert judge(state, named).legal
    after = apply_move(state, named).state
    assert parse_card("7D") in after.players[0].hand.cards and after.draw_pile == Zone(hidden=3)


def test_a_named_draw_from_a_counted_pile_is_still_checked_when_no_reshuffle_hides_the_discards():
    state = physical(build({"ann": ANN, "bob": BOB}, face_down="7D", face_up="7D"))
    verdict = judge(state, Move("ann", "face_up_discard", parse_card("2C"), drawn=cards("7D")))
    assert codes(verdict) == ["drawn_impossible"] and verdict.reasons[0].rule == "26"


# -- one checker for every named card -----------------------------------------------------------------
def test_a_call_cannot_reveal_a_third_copy():
    state = hide(build({"ann": "QH JH 10H 9H 8H 7H 3S", "bob": BOB}, face_up="6D 6D"), 0, "QH")
    verdict = judge(state, Move("ann", "call_hand", reveal=cards("QH JH 10H 9H 8H 7H 6D")))
    assert [(r.code, r.pointer, r.rule) for r in verdict.reasons] == [("reveal_impossible", "/reveal/6", "26")]


def test_a_false_call_cannot_reveal_a_third_copy_either():
    state = hide(build({"ann": "QH JH 10H 9H 8H 2C 3S", "bob": BOB}, face_up="6D 6D"), 0)
    assert judge(state, Move("ann", "call_hand", reveal=cards("QH JH 10H 9H 8H 2C 3S"))).details.get("call_valid") is False
    verdict = judge(state, Move("ann", "call_hand", reveal=cards("QH JH 10H 9H 8H 2C 6D")))
    assert [(r.code, r.pointer) for r in verdict.reasons] == [("reveal_impossible", "/reveal/6")]


def test_a_card_played_from_an_unseen_hand_cannot_be_a_third_copy():
    state = hide(build({"ann": ANN, "bob": BOB}, face_up="6D", face_down="6D"), 0)
    assert codes(judge(state, Move("ann", "face_up_discard", parse_card("6D")))) == ["card_not_in_hand"]
    assert judge(state, Move("ann", "face_up_discard", parse_card("2C"))).legal  # 2C was dealt to her, unseen


def test_a_discard_and_a_draw_are_checked_together():
    """One 6D is known (face down); ann discards a 6D from her unseen cards and names a 6D drawn: three."""
    state = physical(hide(build({"ann": ANN, "bob": BOB}, face_down="6D"), 0))
    assert judge(state, Move("ann", "face_up_discard", parse_card("6D"))).legal
    assert judge(state, Move("ann", "face_up_discard", parse_card("2C"), drawn=cards("6D"))).legal
    verdict = judge(state, Move("ann", "face_up_discard", parse_card("6D"), drawn=cards("6D")))
    assert [(r.code, r.pointer) for r in verdict.reasons] == [("drawn_impossible", "/drawn/0")]


# -- legal moves with unseen cards ----------------------------------------------------------------
def fill(option, card):
    return option.move._replace(card=card)


def test_moves_with_an_unseen_card_are_listed_with_the_cards_they_may_name():
    state = hide(build({"ann": ANN, "bob": BOB}), 0, "KC")
    listed = legal_moves(state)
    forms = {(o.move.action, o.move.castle): o for o in listed if o.card_choices}
    # a card may be unseen where fewer than two copies are known; the draw pile here is known card by card,
    # so ann's six unseen cards can only be her own six: QH JH 10H 9H 8H 2C
    assert set(forms[("face_up_discard", None)].card_choices) == set(cards("QH JH 10H 9H 8H 2C"))
    for option in listed:
        for card in option.card_choices:
            assert judge(state, fill(option, card)).legal, (option, card)
    assert not judge(state, Move("ann", "face_up_discard", parse_card("7H"))).legal  # both 7H are in the pile


def test_a_call_of_a_partly_unseen_hand_is_listed_with_how_many_cards_to_reveal():
    state = hide(build({"ann": ANN, "bob": BOB}), 0, "KC")
    call = next(o for o in legal_moves(state) if o.move.action == "call_hand")
    assert call.reveal_unseen == 6 and call.call_valid is None
    assert judge(state, call.move._replace(reveal=cards(ANN))).legal


def test_an_unseen_king_is_listed_for_each_king_action():
    state = hide(build({"ann": ANN, "bob": BOB}), 0)
    listed = legal_moves(state)
    dump = next(o for o in listed if o.move.action == "dump_king" and o.move.card is None)
    assert dump.card_choices == cards("KC")
    play = [o.move.castle for o in listed if o.move.action == "play_king" and o.move.card is None]
    assert play == [2]  # KC goes on castle 2, the 9C


def test_draws_from_a_counted_pile_say_how_many_may_be_named():
    state = physical(build({"ann": ANN, "bob": BOB}))
    listed = legal_moves(state)
    assert {o.move.action: o.drawn_unseen for o in listed} == {
        "face_down_discard": 1,
        "face_up_discard": 1,
        "dump_king": 2,
        "play_king": 2,
        "call_hand": 0,
    }


# -- the end: reveals, winners over everyone, the outcome checked ---------------------------------------
def called_with_unseen_hands():
    """ann calls a Super Kingdom (QH..7H of castle 1's hearts); bob's and cy's hands are unseen."""
    state = build({"ann": "QH JH 10H 9H 8H 7H 3S", "bob": BOB, "cy": "6C 6C 6S 6S 2H 2H 3C"})
    return apply_move(hide(hide(physical(state), 1), 2), Move("ann", "call_hand"))


def test_unseen_hands_are_revealed_in_turn_then_scored_and_the_winners_decided_over_everyone():
    after = called_with_unseen_hands()
    state = after.state
    assert state.phase == "reveal" and state.acting.name == "bob" and state.outcome.winners == ()
    assert [o.move.action for o in legal_moves(state)] == ["reveal_hand"]
    assert codes(judge(state, Move("cy", "reveal_hand", reveal=cards("6C 6C 6S 6S 2H 2H 3C")))) == ["not_your_turn"]
    state = apply_move(state, Move("bob", "reveal_hand", reveal=cards(BOB))).state
    assert state.phase == "reveal" and state.acting.name == "cy"
    state = apply_move(state, Move("cy", "reveal_hand", reveal=cards("6C 6C 6S 6S 2H 2H 3C"))).state
    assert state.phase == "over" and state.outcome.winners == ("ann",)
    assert all(player.half_score is not None for player in state.players)
    assert state_problems(state) == []


def test_a_reveal_is_checked_against_every_known_card():
    state = called_with_unseen_hands().state  # ann's QH..7H and 3S are shown: bob cannot hold two more 7H
    table = state.with_player(0, replace(state.players[0], hand=Zone(cards("QH JH 10H 9H 8H 7H 3S"))))
    verdict = judge(table, Move("bob", "reveal_hand", reveal=cards("7H 7H 3S 4D 5D 8C 7C")))
    assert [r.code for r in verdict.reasons] == ["reveal_impossible"]


def test_a_finished_games_outcome_is_checked_like_every_zone():
    over = apply_move(build({"ann": "QH JH 10H 9H 8H 7H 3S", "bob": BOB}), Move("ann", "call_hand")).state
    data = over.to_dict()
    assert state_problems(over) == []
    for field, value, code in (
        ("winners", ["bob"], "winners_mismatch"),
        ("castle_values", [5, 9, 4, 11], "castle_values_mismatch"),
        ("caller", None, "caller_mismatch"),
        ("caller", "zed", "bad_caller"),
    ):
        bad = {**data, "outcome": {**data["outcome"], field: value}}
        with pytest.raises(InvalidInput) as caught:
            state_from_dict(bad)
        assert code in {problem.code for problem in caught.value.problems}, field


def test_a_running_game_with_one_player_left_is_not_a_real_table():
    state = build({"ann": ANN, "bob": BOB, "cy": "6C 6C 6S 6S 2H 2H 3C"})
    data = state.to_dict()
    for seat in (1, 2):
        data["players"][seat] = {**data["players"][seat], "status": "out", "score": -5, "hand": {"cards": [], "hidden": 0}}
    data["set_aside"] = {"cards": [*BOB.split(), *["6C", "6C", "6S", "6S", "2H", "2H", "3C"]], "hidden": 0}
    with pytest.raises(InvalidInput) as caught:
        state_from_dict(data)
    assert [problem.code for problem in caught.value.problems] == ["one_player_left"]


# -- GHOUL-RAISER -------------------------------------------------------------------------------------
def test_the_king_just_dumped_stays_on_top_of_the_face_up_pile():
    """KC was on the pile below 5D; ann dumps her own KC and takes the old one: her KC lies on top (§18)."""
    state = build({"ann": ANN, "bob": BOB}, face_up="KC 5D", rules=Rules(ghoul_raiser=True))
    after = apply_move(state, Move("ann", "dump_king", parse_card("KC"), take_face_up=cards("KC"))).state
    assert after.face_up == cards("5D KC")


def test_the_kings_a_dethrone_lays_stay_on_top_after_a_take():
    state = build({"ann": ANN, "bob": BOB}, face_up="3S", rules=Rules(ghoul_raiser=True), castles=("5H", "9C+KC", "4D", "10S"))
    after = apply_move(state, Move("ann", "dethrone", parse_card("KC"), 2, take_face_up=cards("3S"))).state
    assert after.face_up == cards("KC KC")


# -- declarations at call time -----------------------------------------------------------------------
def test_a_caller_declares_a_pointer_and_is_held_to_it():
    state = build({"ann": "QH JH 10H 9H 8H 7H 3S", "bob": BOB})
    # declared Pointer 7H: the six left (QH JH 10H 9H 8H 3S) are no calling hand, so the call is false
    verdict = judge(state, Move("ann", "call_hand", pointer=parse_card("7H")))
    assert verdict.legal and verdict.details.get("call_valid") is False
    assert judge(state, Move("ann", "call_hand", pointer=parse_card("3S"))).details.get("call_valid") is True


def test_a_declaration_is_checked_as_the_calculus_checks_it():
    state = build({"ann": "QH JH 10H 9H 8H 7H 3S", "bob": BOB})
    verdict = judge(state, Move("ann", "call_hand", pointer=parse_card("2C")))
    assert [(r.code, r.pointer, r.rule) for r in verdict.reasons] == [("card_not_held", "/pointer", "16")]


# -- the follow-on game ---------------------------------------------------------------------------------
def test_the_next_game_passes_the_turn_and_carries_the_match():
    over = apply_move(build({"ann": "QH JH 10H 9H 8H 7H 3S", "bob": BOB, "cy": "6C 6C 6S 6S 2H 2H 3C"}), Move("ann", "call_hand")).state
    scores = {p.name: p.half_score for p in over.players}
    following = next_game(over, seed=5).state
    assert following.dealer == (over.dealer + 1) % 3 and following.to_act == (following.dealer + 1) % 3
    assert following.match.games == 1 and dict(following.match.totals) == scores
    after_two = next_game(replace(over, match=following.match), seed=6).state
    assert dict(after_two.match.totals) == {name: 2 * half for name, half in scores.items()}


def test_the_next_game_of_a_physical_table_needs_its_castles():
    over = apply_move(physical(build({"ann": "QH JH 10H 9H 8H 7H 3S", "bob": BOB})), Move("ann", "call_hand")).state
    with pytest.raises(InvalidInput) as caught:
        next_game(over)
    assert [p.code for p in caught.value.problems] == ["castles_required"]


def test_no_next_game_before_the_end():
    with pytest.raises(InvalidInput) as caught:
        next_game(build({"ann": ANN, "bob": BOB}))
    assert [p.code for p in caught.value.problems] == ["game_not_over"]


# -- /games/from-table refuses a Castle Phase that cannot happen -----------------------------------------
def test_a_discard_of_castle_fours_suit_cannot_happen():
    with pytest.raises(InvalidInput) as caught:
        table_setup(["ann", "bob"], make_castles("2H", "3C", "QD", "7S"), face_up=cards("5H 9S"))
    assert [(p.pointer, p.code) for p in caught.value.problems] == [("/face_up/1", "castle_phase_impossible")]


def test_a_castle_crowned_before_the_first_turn_cannot_happen():
    castles = make_castles("2H", "3C", "QD", "7S")
    castles[2] = replace(castles[2], kings=cards("KD"))
    with pytest.raises(InvalidInput) as caught:
        table_setup(["ann", "bob"], castles)
    assert [(p.pointer, p.code) for p in caught.value.problems] == [("/castles/2/kings", "castle_phase_impossible")]


# -- verdicts over HTTP --------------------------------------------------------------------------------
def test_validate_and_apply_point_into_the_request_body_alike(client):
    state = build({"ann": ANN, "bob": BOB}).to_dict()
    move = {"player": "ann", "action": "play_king", "card": "KC", "castle": 1}
    verdict = client.post(f"{V1}/moves/validate", json={"state": state, "move": move}).get_json()
    refused = client.post(f"{V1}/moves/apply", json={"state": state, "move": move}).get_json()
    assert [r["pointer"] for r in verdict["reasons"]] == ["/move/card"]
    assert [e["pointer"] for e in refused["errors"]] == ["/move/card"]


def test_an_impossible_face_up_take_is_a_verdict_not_a_schema_error(client):
    state = build({"ann": ANN, "bob": BOB}, face_up="7H 3D 6H", rules=Rules(ghoul_raiser=True)).to_dict()
    move = {"player": "ann", "action": "dump_king", "card": "KC", "take_face_up": ["7H", "3D", "6H"]}
    response = client.post(f"{V1}/moves/validate", json={"state": state, "move": move})
    assert response.status_code == 200
    body = response.get_json()
    assert [(r["code"], r["pointer"], r["rule"]) for r in body["reasons"]] == [("too_many_draws", "/move/take_face_up", "18")]
    assert body["alternatives"]


def test_a_reveal_requirement_cites_the_section_that_says_it():
    state = hide(build({"ann": ANN, "bob": BOB}), 0)
    assert [(r.code, r.rule) for r in judge(state, Move("ann", "call_hand")).reasons] == [("reveal_required", "22")]


def test_the_next_game_over_http(client):
    over = apply_move(build({"ann": "QH JH 10H 9H 8H 7H 3S", "bob": BOB}), Move("ann", "call_hand")).state
    answer = client.post(f"{V1}/games/next", json={"state": over.to_dict(), "seed": 3})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["state"]["dealer"] == (over.dealer + 1) % 2 and body["state"]["match"]["games"] == 1
    running = client.post(f"{V1}/games/next", json={"state": body["state"]})
    assert running.status_code == 422 and [e["pointer"] for e in running.get_json()["errors"]] == ["/state/phase"]


def test_from_table_refuses_an_impossible_castle_phase_over_http(client):
    body = {"players": ["ann", "bob"], "castles": [{"card": c} for c in ("2H", "3C", "QD", "7S")], "face_up": ["9S"]}
    answer = client.post(f"{V1}/games/from-table", json=body)
    assert answer.status_code == 422 and [(e["pointer"], e["code"]) for e in answer.get_json()["errors"]] == [("/face_up/0", "castle_phase_impossible")]
    made = client.post(f"{V1}/games/from-table", json={**body, "face_up": ["9H"]}).get_json()
    assert made["state"]["deal"] == "physical"
