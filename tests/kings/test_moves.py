"""Scenario tests: each action, each option, each reason code (rules.md §9-§11, §18, §19)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from service.core.cards import parse_card, parse_cards
from service.core.problems import InvalidInput
from service.core.verdicts import IllegalMove
from service.games.kings import GAME
from service.games.kings import moves as moves_module
from service.games.kings.moves import Declaration, Move, legal_moves, move_from_dict
from service.games.kings.rules import Rules
from service.games.kings.state import Zone
from tests.kings.tables import build

apply_move, can_move, judge, verify_move = GAME.apply, GAME.can_move, GAME.judge, GAME.verify_move

ANN = "QH JH 10H 9H 8H 2C KC"  # castles 5H 9C 4D 10S: a King of castle 2's suit
BOB = "AS 2S 3S 4D 5D 8C 7C"  # a Half Southie, no call


def two_players(**kwargs):
    return build({"ann": kwargs.pop("ann", ANN), "bob": kwargs.pop("bob", BOB)}, **kwargs)


def move(action, card=None, castle=None, player="ann", **kwargs):
    return Move(player, action, parse_card(card) if card else None, castle, **kwargs)


def cards_of(state, name):
    return sorted(map(str, state.players[state.player_index(name)].hand.cards))


# -- each action ---------------------------------------------------------------------------
def test_face_down_discard_then_draw_one():
    state = two_players(draw_top="7D")
    after = apply_move(state, move("face_down_discard", "KC"))
    assert after.state.face_down.cards == (parse_card("KC"),)
    assert "7D" in cards_of(after.state, "ann") and "KC" not in cards_of(after.state, "ann")
    assert after.state.to_act == 1 and after.state.phase == "kingdom-action"
    assert [e["type"] for e in after.events] == ["discarded", "drew", "turn"]
    assert state.face_down.cards == ()  # the input is never changed


def test_face_up_discard_then_draw_one():
    after = apply_move(two_players(draw_top="7D"), move("face_up_discard", "2C")).state
    assert after.face_up[-1] == parse_card("2C") and "7D" in cards_of(after, "ann")


def test_dump_a_king_draws_two_then_discards():
    state = two_players(draw_top="7D 8D")
    after = apply_move(state, move("dump_king", "KC")).state
    assert after.face_up[-1] == parse_card("KC") and after.phase == "kingdom-discard" and after.to_act == 0
    assert len(after.players[0].hand.cards) == 8 and {"7D", "8D"} <= set(cards_of(after, "ann"))
    done = apply_move(after, move("face_up_discard", "8D")).state
    assert done.phase == "kingdom-action" and done.to_act == 1 and len(done.players[0].hand.cards) == 7


def test_play_a_king_makes_a_subject():
    after = apply_move(two_players(), move("play_king", "KC", 2))
    castle = after.state.castles[1]
    assert castle.kings == (parse_card("KC"),) and castle.card == parse_card("9C")
    change = next(e for e in after.events if e["type"] == "castle_changed")
    assert change["change"] == "crowned" and change["subject"] == "9C" and change["rule"] == "9.4"


def test_play_a_king_on_a_crowned_castle_makes_a_double_king():
    state = two_players(castles=("5H", "9C+KC", "4D", "10S"))
    after = apply_move(state, move("play_king", "KC", 2))
    assert after.state.castles[1].is_double_king and after.state.castles[1].value(state.rules) == 26
    assert next(e for e in after.events if e["type"] == "castle_changed")["change"] == "double_king"


def test_play_a_king_on_a_king_castle_card_makes_a_double_king():
    state = two_players(castles=("5H", "KC", "4D", "10S"))
    after = apply_move(state, move("play_king", "KC", 2)).state
    assert after.castles[1].is_double_king


def test_dethrone_restores_the_subject_and_discards_both_kings():
    state = two_players(castles=("5H", "9C+KC", "4D", "10S"))
    after = apply_move(state, move("dethrone", "KC", 2))
    assert after.state.castles[1].kings == () and after.state.castles[1].value(state.rules) == 9
    assert after.state.face_up[-2:] == (parse_card("KC"), parse_card("KC"))
    assert after.state.phase == "kingdom-discard"


def test_a_valid_call_ends_the_game_and_scores_everyone():
    state = two_players(ann="QH JH 10H 9H 8H 7H 3S")
    after = apply_move(state, move("call_hand"))
    assert after.state.phase == "over" and after.state.outcome.reason == "valid_call"
    assert after.state.outcome.caller == "ann" and after.state.outcome.winners == ("ann",)
    assert [p.half_score for p in after.state.players] == [96, 2 * 7.5 + 2 * (8 - 4 - 5 - 7)]
    assert after.events[-1]["type"] == "game_over"
    assert judge(state, move("call_hand")).details.get("call_valid") is True


def test_a_false_call_puts_the_caller_out_and_play_goes_on():
    three = build({"ann": ANN, "bob": BOB, "cy": "AH 2H 3H 4H 5H 6H 7H"})
    after = apply_move(three, move("call_hand"))
    ann = after.state.players[0]
    assert ann.status == "out" and ann.hand.size == 0 and ann.half_score is not None
    assert set(after.state.set_aside.cards) >= set(parse_cards(ANN))
    assert after.state.phase == "kingdom-action" and after.state.to_act == 1
    out = next(e for e in after.events if e["type"] == "player_out")
    assert out["score"] == ann.half_score / 2
    assert judge(three, move("call_hand")).details.get("call_valid") is False
    assert not can_move(after.state, move("face_down_discard", "AS", player="ann"))


def test_the_last_player_left_is_scored_and_the_game_ends():
    after = apply_move(two_players(), move("call_hand")).state
    assert after.phase == "over" and after.outcome.reason == "last_player_left"
    assert all(p.half_score is not None for p in after.players)
    scores = {p.name: p.half_score for p in after.players}
    assert after.outcome.winners == tuple(n for n, s in scores.items() if s == max(scores.values()))


def test_the_player_out_can_still_win():
    # ann's false call keeps 13 (two Kings), bob is left with a dreadful hand.
    state = two_players(ann="KC KH QH JH 3D 2C AD", bob="QS JS 10D 9D 8C 6C 6D")
    after = apply_move(state, move("call_hand")).state
    assert after.outcome.winners == ("ann",)


def test_counter_clockwise_play_passes_to_the_previous_seat():
    state = build({"ann": ANN, "bob": BOB, "cy": "AH 2H 3H 4H 5H 6H 7H"}, direction="counterclockwise")
    assert apply_move(state, move("face_up_discard", "2C")).state.to_act == 2


def test_out_players_are_skipped():
    three = build({"ann": ANN, "bob": BOB, "cy": "AH 2H 3H 4H 5H 6H 7H"}, to_act=1)
    after = apply_move(three, move("call_hand", player="bob")).state
    assert after.to_act == 2
    after = apply_move(after, move("face_up_discard", "AH", player="cy")).state
    assert after.to_act == 0
    after = apply_move(after, move("face_up_discard", "2C", player="ann")).state
    assert after.to_act == 2


# -- drawing and running dry (§10) -------------------------------------------------------------
def test_an_empty_draw_pile_reshuffles_both_discard_piles():
    state = two_players(face_up="3D 3C", face_down="6D", draw_pile="")
    after = apply_move(state, move("face_up_discard", "2C"))
    types = [e["type"] for e in after.events]
    assert types[:3] == ["discarded", "reshuffled", "drew"]
    assert after.state.shuffles == 1 and after.state.face_up == () and after.state.face_down.size == 0
    assert after.state.draw_pile.size == 3  # 3D 3C 6D 2C shuffled, one drawn
    again = apply_move(state, move("face_up_discard", "2C"))
    assert again.state == after.state  # the reshuffle is reproducible from seed and counter


def test_face_up_consequences_removes_the_face_up_pile_at_a_reshuffle():
    state = two_players(face_up="3D 3C", face_down="6D", draw_pile="", rules=Rules(face_up_consequences=True))
    after = apply_move(state, move("face_up_discard", "2C"))
    assert [e["type"] for e in after.events][:3] == ["discarded", "face_up_removed", "reshuffled"]
    assert {"3D", "3C", "2C"} <= set(map(str, after.state.set_aside.cards))
    assert "6D" in cards_of(after.state, "ann")


def test_shuffle_me_out_goes_to_the_calculus_when_the_pile_is_empty():
    state = two_players(face_up="3D 3C", draw_pile="", rules=Rules(shuffle_me_out=True))
    after = apply_move(state, move("face_up_discard", "2C"))
    assert after.state.phase == "over" and after.state.outcome.reason == "draw_pile_exhausted"
    assert after.state.outcome.caller is None
    assert len(after.state.players[0].hand.cards) == 6  # scored with what they hold


def test_nothing_left_to_reshuffle_ends_the_game():
    state = two_players(draw_pile="")
    after = apply_move(state, move("face_down_discard", "2C")).state
    assert after.phase == "kingdom-action"  # the discarded card itself comes back
    state = two_players(draw_pile="", rules=Rules(face_up_consequences=True))
    after = apply_move(state, move("face_up_discard", "2C")).state
    assert after.phase == "over" and after.outcome.reason == "draw_pile_exhausted"


def test_a_king_action_can_run_dry_between_its_two_draws():
    state = two_players(draw_pile="7D", rules=Rules(shuffle_me_out=True))
    after = apply_move(state, move("dump_king", "KC")).state
    assert after.phase == "over" and "7D" in cards_of(after, "ann")


# -- options ---------------------------------------------------------------------------------------
def test_equal_opportunity_lets_any_king_play_and_dethrone_anywhere():
    plain = two_players()
    equal = two_players(rules=Rules(equal_opportunity=True))
    assert {m.move.castle for m in legal_moves(plain) if m.move.action == "play_king"} == {2}
    assert {m.move.castle for m in legal_moves(equal) if m.move.action == "play_king"} == {1, 2, 3, 4}
    crowned = two_players(castles=("5H+KH", "9C", "4D", "10S"), rules=Rules(equal_opportunity=True))
    after = apply_move(crowned, move("dethrone", "KC", 1)).state
    assert after.castles[0].kings == ()


def test_static_castles_keep_their_value_under_kings():
    state = two_players(rules=Rules(static_castles=True))
    after = apply_move(state, move("play_king", "KC", 2)).state
    assert after.castles[1].value(after.rules) == 9


def test_subjects_count_adds_the_subject():
    state = two_players(rules=Rules(subjects_count=True))
    after = apply_move(state, move("play_king", "KC", 2)).state
    assert after.castles[1].value(after.rules) == 22


def test_ghoul_raiser_takes_face_up_cards_instead_of_drawing():
    state = two_players(face_up="7H 3D", draw_top="2D", rules=Rules(ghoul_raiser=True))
    after = apply_move(state, move("dump_king", "KC", take_face_up=(parse_card("7H"),)))
    assert {"7H", "2D"} <= set(cards_of(after.state, "ann"))
    assert after.state.face_up == (parse_card("3D"), parse_card("KC"))
    sources = [e["from"] for e in after.events if e["type"] == "drew"]
    assert sources == ["face_up", "draw_pile"]
    both = apply_move(state, move("play_king", "KC", 2, take_face_up=parse_cards("7H 3D"))).state
    assert both.face_up == () and len(both.players[0].hand.cards) == 8
    listed = [m for m in legal_moves(state) if m.move.action == "dump_king"]
    assert [str(c) for c in listed[0].face_up_choices] == ["3D", "7H"]


def test_no_harm_no_foul_and_hand_sets_reach_the_game_calculus():
    state = two_players(ann="QH JS 10H 9D 8H 7H 3S", rules=Rules(hands="time-sink", no_harm_no_foul=True))
    after = apply_move(state, move("call_hand")).state
    assert after.players[0].status == "out"  # a plain Kingdom is no hand under THE TIME-SINK
    assert after.players[0].half_score == 2 * 12  # nothing deducted


# -- every reason code ----------------------------------------------------------------------------------
REASON_CASES = [
    ("game_over", lambda: apply_move(two_players(ann="QH JH 10H 9H 8H 7H 3S"), move("call_hand")).state, move("call_hand", player="bob")),
    ("unknown_player", two_players, move("call_hand", player="zed")),
    ("game_not_over", two_players, move("deal")),
    # ann called, so the game is over; bob was The Turn (ann acted first), so ann deals the next game (rules.md §28)
    ("not_your_deal", lambda: apply_move(two_players(ann="QH JH 10H 9H 8H 7H 3S"), move("call_hand")).state, move("deal", player="bob")),
    (
        "castles_required",
        lambda: replace(apply_move(two_players(ann="QH JH 10H 9H 8H 7H 3S"), move("call_hand")).state, deal="physical"),
        move("deal"),
    ),
    ("player_out", lambda: apply_move(build({"ann": ANN, "bob": BOB, "cy": "AH 2H 3H 4H 5H 6H 7H"}), move("call_hand")).state, move("face_up_discard", "2C")),
    ("not_your_turn", two_players, move("face_up_discard", "AS", player="bob")),
    ("wrong_phase", lambda: two_players(ann="QH JH 10H 9H 8H 2C KC 7D", phase="kingdom-discard"), move("play_king", "KC", 2)),
    ("card_required", two_players, move("face_up_discard")),
    ("card_not_in_hand", two_players, move("face_up_discard", "3S")),
    ("king_needs_dump", two_players, move("face_up_discard", "KC")),
    ("not_a_king", two_players, move("play_king", "QH", 1)),
    ("suit_mismatch", two_players, move("play_king", "KC", 1)),
    ("castle_is_double_king", lambda: two_players(castles=("5H", "9C+KC+KC", "4D", "10S"), ann="QH JH 10H 9H 8H 2C KS"), move("play_king", "KS", 2)),
    ("castle_card_is_king", lambda: two_players(castles=("5H", "KC", "4D", "10S")), move("dethrone", "KC", 2)),
    ("castle_not_crowned", two_players, move("dethrone", "KC", 2)),
    ("castle_required", two_players, move("play_king", "KC")),
    ("bad_castle", two_players, move("face_up_discard", "2C", 3)),
    ("unexpected_field", two_players, Move("ann", "call_hand", parse_card("2C"))),
    ("reveal_required", lambda: replace_hand(two_players(), 0, Zone(tuple(parse_cards("QH JH")), 5)), move("call_hand")),
    ("reveal_mismatch", two_players, move("call_hand", reveal=parse_cards("QH JH 10H 9H 8H 7H 3S"))),
    ("ghoul_raiser_off", lambda: two_players(face_up="7H"), move("dump_king", "KC", take_face_up=(parse_card("7H"),))),
    (
        "ghoul_needs_king_action",
        lambda: two_players(face_up="7H", rules=Rules(ghoul_raiser=True)),
        move("face_up_discard", "2C", take_face_up=(parse_card("7H"),)),
    ),
    ("too_many_draws", lambda: two_players(face_up="7H 3D 6H", rules=Rules(ghoul_raiser=True)), move("dump_king", "KC", take_face_up=parse_cards("7H 3D 6H"))),
    ("not_on_face_up_pile", lambda: two_players(face_up="7H", rules=Rules(ghoul_raiser=True)), move("dump_king", "KC", take_face_up=(parse_card("KC"),))),
    ("drawn_not_needed", two_players, move("face_up_discard", "2C", drawn=(parse_card("7D"),))),
    (
        "reveal_impossible",
        lambda: replace_hand(two_players(ann="QH JH 10H 9H 8H 7H 3S", face_up="6D 6D"), 0, Zone(tuple(parse_cards("QH")), 6)),
        move("call_hand", reveal=parse_cards("QH JH 10H 9H 8H 7H 6D")),
    ),
    ("drawn_impossible", lambda: counted_pile(two_players(face_up="7D 7D")), move("face_up_discard", "2C", drawn=(parse_card("7D"),))),
    ("declaration_too_early", two_players, move("face_up_discard", "2C", declarations=(Declaration("bob"),))),
    ("declared_twice", two_players, move("call_hand", declarations=(Declaration("bob"), Declaration("bob")))),
    ("declare_with_move", two_players, move("call_hand", declarations=(Declaration("ann"),))),
    ("declare_on_reveal", lambda: replace_hand(two_players(), 1, Zone(hidden=7)), move("call_hand", declarations=(Declaration("bob"),))),
    (
        "declaration_after_end",
        lambda: apply_move(replace_hand(two_players(ann="QH JH 10H 9H 8H 7H 3S"), 1, Zone(hidden=7)), move("call_hand")).state,
        move("reveal_hand", player="bob", reveal=parse_cards(BOB), declarations=(Declaration("ann"),)),
    ),
]


def replace_hand(state, seat, hand):
    return state.with_player(seat, replace(state.players[seat], hand=hand))


def counted_pile(state):
    return replace(state, draw_pile=Zone(hidden=state.draw_pile.size))


@pytest.mark.parametrize(("code", "make_state", "proposed"), REASON_CASES, ids=[c[0] for c in REASON_CASES])
def test_each_reason_code(code, make_state, proposed):
    state = make_state()
    verdict = judge(state, proposed)
    assert not verdict.legal
    assert code in [r.code for r in verdict.reasons]
    reason = next(r for r in verdict.reasons if r.code == code)
    assert reason.rule and reason.message and (reason.pointer == "" or reason.pointer.startswith("/"))
    with pytest.raises(IllegalMove) as caught:
        apply_move(state, proposed)
    assert [r.code for r in caught.value.reasons] == [r.code for r in verdict.reasons]
    assert isinstance(caught.value, ValueError)


def test_every_reason_code_in_the_engine_has_a_scenario():
    source = Path(moves_module.__file__).read_text()
    codes = set(re.findall(r'Reason\(\s*"([a-z_]+)"', source)) | set(moves_module.NAMED_CODE.values()) | set(moves_module.CASTLE_FAULTS)
    assert codes == {code for code, _, _ in REASON_CASES}


def test_every_rule_cited_by_a_reason_exists_in_rules_md():
    rules_md = (Path(__file__).resolve().parents[2] / "service" / "games" / "kings" / "rules.md").read_text()
    sections = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", rules_md, re.MULTILINE))
    cited = set(re.findall(r'"(\d+(?:\.\d+)?)"', Path(moves_module.__file__).read_text()))
    assert cited <= sections, cited - sections


def test_several_reasons_are_reported_at_once():
    verdict = judge(two_players(), move("play_king", "QS", 1, player="bob"))
    assert {r.code for r in verdict.reasons} == {"not_your_turn", "card_not_in_hand", "not_a_king"}
    assert {r.pointer for r in verdict.reasons} == {"/player", "/card"}


def test_legal_moves_list_each_face_once_by_rank_then_suit():
    state = two_players(ann="KC 2H QH AS 10S 2C 10H")
    listed = [str(option.move.card) for option in legal_moves(state) if option.move.action == "face_down_discard"]
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    expected = sorted(["KC", "2H", "QH", "AS", "10S", "2C", "10H"], key=lambda text: (ranks.index(text[:-1]), text[-1]))
    assert listed == expected == ["AS", "2C", "2H", "10H", "10S", "QH", "KC"]


def test_alternatives_offer_the_same_card_elsewhere_first():
    verdict = judge(two_players(), move("play_king", "KC", 1))
    first = verdict.alternatives[0].move
    assert (first.action, str(first.card), first.castle) == ("play_king", "KC", 2)
    actions = [a.move.action for a in verdict.alternatives]
    assert "dump_king" in actions and "face_down_discard" in actions
    assert all(judge(two_players(), a.move).legal for a in verdict.alternatives)
    discard = judge(two_players(), move("face_up_discard", "KC"))
    assert [a.move.action for a in discard.alternatives][:1] in (["face_down_discard"], ["dump_king"])


def test_a_move_out_of_turn_is_answered_with_the_moves_of_the_player_to_act():
    alternatives = judge(two_players(), move("face_up_discard", "AS", player="bob")).alternatives
    assert alternatives and {alt.move.player for alt in alternatives} == {"ann"}


def test_verify_and_can_move_agree_with_judge():
    state = two_players()
    verify_move(state, move("face_up_discard", "2C"))
    assert can_move(state, move("face_up_discard", "2C")) and not can_move(state, move("face_up_discard", "KC"))


# -- legal moves -----------------------------------------------------------------------------------------
def test_identical_cards_are_one_choice():
    state = two_players(ann="5C 5C KC KC 2D 3D 6D")
    listed = [m.move for m in legal_moves(state)]
    assert sum(1 for m in listed if m.action == "face_up_discard" and str(m.card) == "5C") == 1
    assert sum(1 for m in listed if m.action == "dump_king") == 1


def test_the_discard_step_lists_only_discards():
    state = two_players(ann="QH JH 10H 9H 8H 2C KC 7D", phase="kingdom-discard")
    listed = legal_moves(state)
    assert {m.move.action for m in listed} == {"face_down_discard", "face_up_discard"}
    assert len(listed) == 8 + 7


def test_an_unseen_hand_can_discard_face_down_unseen_and_must_reveal_to_call():
    state = replace_hand(two_players(), 0, Zone(tuple(parse_cards("QH")), 6))
    listed = [m.move for m in legal_moves(state)]
    assert Move("ann", "face_down_discard") in listed
    after = apply_move(state, Move("ann", "face_down_discard")).state
    assert after.face_down.hidden == 1 and after.players[0].hand.hidden == 5 and after.players[0].hand.size == 7
    assert judge(state, move("face_up_discard", "3S")).legal is False  # one 3S is bob's, the other in the known pile
    assert judge(state, move("face_up_discard", "10H")).legal  # 10H was ann's: an unseen card may be it


def test_a_counted_draw_pile_takes_the_cards_the_player_names():
    state = counted_pile(two_players())
    after = apply_move(state, move("face_up_discard", "2C", drawn=(parse_card("7D"),))).state
    assert "7D" in cards_of(after, "ann") and after.draw_pile.hidden == state.draw_pile.hidden - 1
    unseen = apply_move(state, move("face_up_discard", "2C")).state
    assert unseen.players[0].hand.hidden == 1


def test_a_call_with_revealed_cards_is_scored_on_them():
    state = replace_hand(two_players(ann="QH JH 10H 9H 8H 7H 3S"), 0, Zone(tuple(parse_cards("QH")), 6))
    after = apply_move(state, move("call_hand", reveal=parse_cards("QH JH 10H 9H 8H 7H 3S"))).state
    assert after.outcome.reason == "valid_call" and after.players[0].half_score == 96


def test_hidden_hands_at_the_end_are_revealed_before_the_winners():
    state = replace_hand(two_players(ann="QH JH 10H 9H 8H 7H 3S"), 1, Zone(hidden=7))
    after = apply_move(state, move("call_hand"))
    assert after.events[-2]["unscored"] == ["bob"] and after.state.outcome.winners == ()
    assert after.state.phase == "reveal" and after.state.acting.name == "bob"


# -- moves from JSON ---------------------------------------------------------------------------------------
def test_move_from_dict_reads_every_field():
    read = move_from_dict({"player": "ann", "action": "play_king", "card": "k♣", "castle": 2, "take_face_up": ["7h"], "drawn": []})
    assert read == Move("ann", "play_king", parse_card("KC"), 2, (parse_card("7H"),))
    assert Move.to_dict(read) == {"player": "ann", "action": "play_king", "card": "KC", "castle": 2, "take_face_up": ["7H"]}


def test_move_from_dict_reports_every_malformed_field():
    with pytest.raises(InvalidInput) as caught:
        move_from_dict({"player": 3, "action": "fly", "card": "XX", "castle": "two", "drawn": ["7D", "ZZ"]})
    assert {p.pointer for p in caught.value.problems} == {"/player", "/action", "/card", "/castle", "/drawn/1"}


def test_each_impossible_drawn_card_is_its_own_reason():
    state = counted_pile(two_players(face_up="7D 7D"))
    verdict = judge(state, move("dump_king", "KC", drawn=parse_cards("7D 7D")))
    assert [(r.code, r.pointer) for r in verdict.reasons] == [("drawn_impossible", "/drawn/0"), ("drawn_impossible", "/drawn/1")]


def test_a_listed_move_is_the_move_its_fields_make():
    """The listing's constructor gives the very move the general one does: equal, hashed alike, written alike."""
    card = parse_card("KC")
    for listed, made in (
        (Move.listed("ann", "play_king", card, 2), Move("ann", "play_king", card, 2)),
        (Move.listed("ann", "face_down_discard"), Move("ann", "face_down_discard", None, None, [], [])),
        (Move.listed("bob", "call_hand"), Move(player="bob", action="call_hand")),
    ):
        assert listed == made and hash(listed) == hash(made) and listed.to_dict() == made.to_dict()
        assert type(listed.take_face_up) is tuple and type(listed.drawn) is tuple and listed.declarations == ()
