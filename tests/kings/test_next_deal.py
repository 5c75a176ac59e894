"""Scenario tests: a match goes on by a move (issue 27). At a game's end the next dealer deals the next game.

Expected values from the rule book: The Turn (the dealer) deals seven cards to each player from two decks (104
cards), the first turn goes to the player after The Turn in the agreed direction, and the player after The Turn
is "next, The Turn" (*The Kingdom Phase*); "points travel in sum across a predetermined number of games"
(*Introduction*). rules.md §28 reads these as the next seat dealing the follow-on game and the running totals.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from service.core.cards import parse_card, parse_cards
from service.games.kings import GAME
from service.games.kings.moves import Move, legal_moves
from service.games.kings.state import Match, Zone
from tests.kings.tables import build

CALLER = "QH JH 10H 9H 8H 7H 3S"  # a valid call against castles 5H 9C 4D 10S (tests/kings/test_moves.py)
OTHERS = {"bob": "AS 2S 3S 4D 5D 8C 7C", "cy": "AH 2H 3H 4H 5H 6H 2C"}
CASTLES = [{"card": "2H", "kings": []}, {"card": "3C", "kings": []}, {"card": "4D", "kings": []}, {"card": "5S", "kings": []}]


def finished(dealer: int = 2, direction: str = "clockwise", **fields):
    """ann (seat 0) acts first and calls HAND! validly: the game is over. The dealer sits before ann in the direction of play."""
    state = build({"ann": CALLER, **OTHERS}, dealer=dealer, direction=direction, **fields)
    after = GAME.apply(state, Move("ann", "call_hand")).state
    assert after.phase == "over"
    return after


def every_card(state) -> Counter[str]:
    """Every card of the state's zones, known ones by name; the rule book's pack is two standard decks."""
    cards = [castle.card for castle in state.castles] + [king for castle in state.castles for king in castle.kings]
    cards += [*state.face_up, *state.draw_pile.cards, *state.face_down.cards, *state.set_aside.cards]
    cards += [card for player in state.players for card in player.hand.cards]
    return Counter(str(card) for card in cards)


TWO_DECKS = Counter({rank + suit: 2 for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for suit in "SHDC"})


# -- a service-dealt game ------------------------------------------------------------------------------------
def test_the_next_dealer_deals_the_next_game_as_the_one_legal_move():
    over = finished()  # cy (seat 2) dealt; clockwise the next seat is ann's
    report = GAME.legal_report(over).to_dict()
    assert report["player"] == "ann" and report["phase"] == "over"
    assert report["moves"] == [{"player": "ann", "action": "deal"}]
    assert report["counts"] == {"deal": 1}


def test_applying_the_deal_starts_the_next_game_of_the_match():
    over = finished()
    scores = {player.name: player.half_score for player in over.players}
    transition = GAME.apply(over, Move("ann", "deal"))
    game = transition.state
    assert game.dealer == 0  # ann is The Turn
    assert game.to_act == 1  # bob, the player after The Turn clockwise, acts first
    assert game.phase == "kingdom-action" and game.outcome is None
    assert [player.hand.size for player in game.players] == [7, 7, 7]  # seven cards each
    assert all(player.hand.known and player.status == "in" and player.half_score is None for player in game.players)
    assert every_card(game) == TWO_DECKS  # a new deal of the whole two decks
    assert len({castle.suit for castle in game.castles}) == 4
    assert game.match == Match(1, tuple(scores.items()))  # one game played; the totals are its scores
    assert game.deal == "service" and game.rules == over.rules and [p.name for p in game.players] == ["ann", "bob", "cy"]
    dealt = transition.events[0]
    assert dealt["type"] == "game_dealt" and dealt["game"] == 2 and dealt["dealer"] == "ann" and dealt["rule"] == "28"
    assert not any(event["type"] == "drew" for event in transition.events)  # the deal's draws name hidden hands


def test_the_deal_is_the_same_every_time_it_is_applied_and_comes_from_the_finished_games_seed():
    over = finished(seed=11)
    first, again = GAME.apply(over, Move("ann", "deal")).state, GAME.apply(over, Move("ann", "deal")).state
    assert first == again
    other = GAME.apply(replace(over, seed=12), Move("ann", "deal")).state
    assert every_card(other) == TWO_DECKS and other.players != first.players  # another match's seed, another deal


def test_running_totals_add_each_games_scores():
    over = replace(finished(), match=Match(2, (("ann", 20), ("bob", -7), ("cy", 0))))  # half-points: 10, -3.5, 0
    game = GAME.apply(over, Move("ann", "deal")).state
    halves = {player.name: player.half_score for player in over.players}
    assert game.match == Match(3, (("ann", 20 + halves["ann"]), ("bob", -7 + halves["bob"]), ("cy", halves["cy"])))


def test_counterclockwise_the_turn_passes_to_the_right():
    over = finished(dealer=1, direction="counterclockwise")  # bob dealt; counterclockwise ann (seat 0) acted first
    report = GAME.legal_report(over).to_dict()
    assert report["moves"] == [{"player": "ann", "action": "deal"}]  # the seat after bob, counterclockwise
    game = GAME.apply(over, Move("ann", "deal")).state
    assert game.dealer == 0 and game.to_act == 2  # cy sits after ann counterclockwise


def test_a_player_out_still_sits_in_the_rotation():
    three = build({"ann": "AD 2D 3D 6C 9D 10D JD", **OTHERS}, dealer=2)
    out = GAME.apply(three, Move("ann", "call_hand")).state  # a false call: ann is out, bob acts
    out = GAME.apply(out, Move("bob", "call_hand")).state  # bob too: cy is the last one in, the game is over
    assert out.phase == "over" and out.players[0].status == "out"
    assert GAME.legal_report(out).to_dict()["moves"] == [{"player": "ann", "action": "deal"}]  # the next seat after cy
    game = GAME.apply(out, Move("ann", "deal")).state
    assert [player.status for player in game.players] == ["in", "in", "in"]


@pytest.mark.parametrize(
    ("move", "code", "pointer"),
    [
        (Move("bob", "deal"), "not_your_deal", "/player"),
        (Move("zed", "deal"), "unknown_player", "/player"),
        (Move("ann", "call_hand"), "game_over", "/action"),
        (Move("ann", "deal", castles=()), "unexpected_field", "/castles"),  # the service deals a service-dealt game
        (Move("ann", "deal", card=parse_card("2C")), "unexpected_field", "/card"),
    ],
)
def test_a_wrong_deal_is_refused_with_the_deal_as_its_alternative(move, code, pointer):
    verdict = GAME.judge(finished(), move)
    assert not verdict.legal and (code, pointer) in [(reason.code, reason.pointer) for reason in verdict.reasons]
    assert [option.to_dict() for option in verdict.alternatives] == [{"player": "ann", "action": "deal"}]


def test_a_deal_while_the_game_goes_on_is_refused():
    state = build({"ann": CALLER, **OTHERS})
    verdict = GAME.judge(state, Move("ann", "deal"))
    assert [(reason.code, reason.pointer) for reason in verdict.reasons] == [("game_not_over", "/action")]
    assert all(option.move.action != "deal" for option in legal_moves(state))


# -- a real table ----------------------------------------------------------------------------------------------
def physical_over():
    return replace(finished(), deal="physical")


def test_a_real_tables_next_deal_is_a_template_naming_what_the_table_enters():
    listed = GAME.legal_report(physical_over()).to_dict()["moves"]
    assert len(listed) == 1 and {key: listed[0][key] for key in ("player", "action")} == {"player": "ann", "action": "deal"}
    assert set(listed[0]["fill"]) == {"castles"}
    refused = GAME.judge(physical_over(), Move("ann", "deal"))  # the template sent as listed: the table's cards are missing
    assert [(reason.code, reason.pointer) for reason in refused.reasons] == [("castles_required", "/castles")]


def table_move(**fields):
    castles = [{"card": "2H", "kings": []}, {"card": "3C", "kings": []}, {"card": "4D", "kings": []}, {"card": "5S", "kings": []}]
    data = {"player": "ann", "action": "deal", "castles": castles, "face_up": ["6H", "7C"], "hands": [["AS", "KD"], [], ["QH"]], **fields}
    return GAME.read_move(data)


def test_a_real_tables_deal_counts_the_unseen_cards_and_carries_the_match():
    game = GAME.apply(physical_over(), table_move()).state
    assert game.deal == "physical" and game.dealer == 0 and game.to_act == 1
    assert [str(castle.card) for castle in game.castles] == ["2H", "3C", "4D", "5S"]
    assert [str(card) for card in game.face_up] == ["6H", "7C"]
    hands = [(list(map(str, player.hand.cards)), player.hand.hidden) for player in game.players]
    assert hands == [(["AS", "KD"], 5), ([], 7), (["QH"], 6)]  # seven cards each, the unnamed ones counted
    assert game.draw_pile.size == 104 - 4 - 2 - 21 and not game.draw_pile.cards
    assert game.match is not None and game.match.games == 1


def test_every_card_a_real_tables_deal_names_is_checked_against_every_other():
    # 2H founds castle 1 and ann holds the other one: a third 2H in bob's hand is one too many (two decks).
    move = table_move(hands=[["2H"], ["2H"], []])
    verdict = GAME.judge(physical_over(), move)
    assert ("third_copy", "/hands/1/0") in [(reason.code, reason.pointer) for reason in verdict.reasons]
    assert [option.move.action for option in verdict.alternatives] == ["deal"]  # the template, to fill again


def test_a_castle_phase_no_table_can_turn_is_refused():
    move = table_move(face_up=["9S"])  # castle 4 is 5S: the first spade turned founded it and ended the Castle Phase
    verdict = GAME.judge(physical_over(), move)
    assert [(reason.code, reason.pointer) for reason in verdict.reasons] == [("castle_phase_impossible", "/face_up/0")]


# -- a King template no card can fill is not listed (rules.md §9.4) ------------------------------------------------
def test_no_king_template_for_a_castle_whose_kings_are_all_known_elsewhere():
    """bob's hand is unseen. Both KS lie face up and both KD in the draw pile, so no King of spades or diamonds can be
    in it: castles 4 (10S) and 3 (4D) get no play_king template; KH and KC each have a copy nobody has seen."""
    state = build({"ann": "QH JH 10H 9H 8H 2C 6C", "bob": "KH KC 3S 4D 5D 8C 7C"}, face_up="KS KS", to_act=1)
    assert Counter(map(str, state.draw_pile.cards))["KD"] == 2
    state = state.with_player(1, replace(state.players[1], hand=Zone(hidden=7)))
    templates = {option.move.castle: list(map(str, option.card_choices)) for option in legal_moves(state) if option.move.action == "play_king"}
    assert templates == {1: ["KH"], 2: ["KC"]}
    for castle, choices in templates.items():
        for king in choices:
            assert GAME.judge(state, Move("bob", "play_king", parse_card(king), castle)).legal
    assert not GAME.judge(state, Move("bob", "play_king", parse_cards("KS")[0], 4)).legal


# -- through HTTP: the move, and the deprecated endpoint it replaces ------------------------------------------------
def test_the_deal_move_gives_the_state_games_next_gives(client):
    over = finished(seed=5).to_dict()
    legal = client.post("/v1/24-kings/moves/legal", json={"state": over}).get_json()
    assert legal["moves"] == [{"player": "ann", "action": "deal"}]
    applied = client.post("/v1/24-kings/moves/apply", json={"state": over, "move": legal["moves"][0]})
    assert applied.status_code == 200, applied.get_json()
    game = applied.get_json()["state"]
    same = client.post("/v1/24-kings/games/next", json={"state": over, "seed": game["seed"]})
    assert same.status_code == 200 and same.get_json()["state"] == game  # the alias deals the same game from the same seed
    assert client.post("/v1/24-kings/state/check", json={"state": game}).get_json() == {"valid": True, "problems": []}


def test_a_real_tables_deal_over_http_points_into_the_body(client):
    over = physical_over().to_dict()
    move = {"player": "ann", "action": "deal", "castles": CASTLES, "hands": [["2H"], ["2H"], []]}
    verdict = client.post("/v1/24-kings/moves/validate", json={"state": over, "move": move}).get_json()
    assert not verdict["legal"] and ("third_copy", "/move/hands/1/0") in [(r["code"], r["pointer"]) for r in verdict["reasons"]]
    assert [alternative["action"] for alternative in verdict["alternatives"]] == ["deal"] and "castles" in verdict["alternatives"][0]["fill"]
    refused = client.post("/v1/24-kings/moves/apply", json={"state": over, "move": move})
    assert refused.status_code == 422 and "/move/hands/1/0" in [error["pointer"] for error in refused.get_json()["errors"]]
    applied = client.post("/v1/24-kings/moves/apply", json={"state": over, "move": {**move, "hands": [["2H"], [], []]}})
    assert applied.status_code == 200 and applied.get_json()["state"]["deal"] == "physical"
    table = client.post("/v1/24-kings/games/next", json={"state": over, "castles": CASTLES, "hands": [["2H"], [], []]}).get_json()
    assert table["state"] == applied.get_json()["state"]
