"""Twenty-Four (1718) through HTTP (the Flask test client): its own endpoints, the shared referee endpoints, problems."""

from __future__ import annotations

import pytest

from service.games.twenty_four_1718.web import (
    DECLARATIONS_REQUEST,
    EXAMPLE_HANDS,
    SCORE_STOP_REQUEST,
    TABLE_REQUEST,
    TRICK_LEGAL_REQUEST,
    TRICK_WINNER_REQUEST,
    examples,
)

ROOT = "/v1/twenty-four-1718"


def post(client, path: str, body: dict, status: int = 200) -> dict:
    response = client.post(ROOT + path, json=body)
    assert response.status_code == status, response.get_json()
    return response.get_json()


# -- the issue's endpoints, with the issue's fields -------------------------------------------------------
def test_declarations_answer_the_issues_fields(client):
    answer = post(client, "/declarations", DECLARATIONS_REQUEST)
    assert answer["turn_up"]["honor"] is True and answer["turn_up"]["chips"] == {"dealer": 1}
    assert {"player_position", "cards", "length", "top"} <= set(answer["sequences"][0])
    assert answer["sequence_winner_position"] == 3  # the third hand (cy): hearts are trumps (rules.md §12.2)
    assert answer["point"] == {"winner_position": 2, "paid": True, "suit": "S", "count": 5, "sum": 47}
    assert answer["chips"] == [0, 1, 2, 0, 1]


def test_tricks_legal_is_the_readings_example(client):
    assert post(client, "/tricks/legal", TRICK_LEGAL_REQUEST) == {
        "legal": ["KS"],
        "duty": "head",
        "section": "7.2",
        "rule": "holding spades, the suit led, the player must follow and beat 9S, the highest of them in the trick",
    }


def test_tricks_legal_leading_needs_no_trick(client):
    assert post(client, "/tricks/legal", {"hand": ["2C", "KD"], "trump": "S"})["legal"] == ["2C", "KD"]


def test_tricks_winner_is_the_readings_example(client):
    assert post(client, "/tricks/winner", TRICK_WINNER_REQUEST) == {"winner_position": 3, "card": "3H", "honors": ["3H", "2H"]}
    assert post(client, "/tricks/winner", {**TRICK_WINNER_REQUEST, "rules": {"honors": "face"}})["honors"] == []


def test_score_stops_at_the_sequence(client):
    answer = post(client, "/score", SCORE_STOP_REQUEST)
    assert [(s["step"], s["player_position"]) for s in answer["steps"]] == [("turn_up", 5), ("sequence", 3)]
    assert answer["reached_24"]["step"] == "sequence"
    assert answer["totals"] == [0, 0, 6, 0, 1]


def test_score_of_a_whole_hand_with_the_card(client):
    from .deals import played_hand

    hand = played_hand(2)
    answer = post(client, "/score", {"hands": hand.hands, "turn_up": hand.turn_up, "tricks": hand.tricks, "rules": {"honors": "face"}})
    assert answer["complete"] is True and answer["steps"][-1]["step"] == "card"
    assert sum(answer["chips"]) == len(answer["steps"])


# -- matches ------------------------------------------------------------------------------------------
def test_a_seeded_match_is_reproducible(client):
    body = {"players": ["ann", "bob", "cy", "dee"], "seed": 77, "rules": {"honors": "alternate", "games": 3}}
    first = post(client, "/games", body)
    assert first == post(client, "/games", body)
    assert first["seed"] == 77 and len(first["state"]["players"][0]["hand"]) == 12
    assert first["state"]["stock"]["hidden"] == 0 and len(first["state"]["stock"]["cards"]) == 3


@pytest.mark.parametrize("path", ["/games", "/games/from-table"])
def test_honors_and_games_go_under_rules_and_the_old_places_are_refused_naming_the_new(client, path):
    """Names alike (issue 26): a match's settings are its `rules`, as every game's; the old top-level fields are refused."""
    base = {"players": ["ann", "bob", "cy", "dee"], **({"seed": 5} if path == "/games" else {})}
    answer = client.post(f"/v1/twenty-four-1718{path}", json={**base, "honors": "face", "games": 2})
    assert answer.status_code == 422
    errors = {(e["pointer"], e["code"]): e["message"] for e in answer.get_json()["errors"]}
    assert set(errors) == {("/honors", "renamed_field"), ("/games", "renamed_field")}
    assert "rules.honors" in errors[("/honors", "renamed_field")] and "rules.games" in errors[("/games", "renamed_field")]
    state = post(client, path, {**base, "rules": {"honors": "face", "games": 2}})["state"]
    assert state["rules"] == {"honors": "face", "games": 2} and "honors" not in state and "games" not in state
    state = post(client, path, base)["state"]
    assert state["rules"] == {"honors": "point", "games": 1}  # the defaults: one game, honors at the point (rules.md §1.4)


def test_a_table_hand_counts_what_the_table_cannot_see(client):
    body = {key: value for key, value in TABLE_REQUEST.items() if key != "stock"}
    answer = post(client, "/games/from-table", body)
    assert answer["state"]["stock"] == {"turn_up": "5H", "cards": [], "hidden": 1}
    assert answer["draw"] == []
    assert post(client, "/state/check", {"state": answer["state"]}) == {"valid": True, "problems": []}


def test_the_referee_endpoints_play_a_move(client):
    state = examples()["state"]
    legal = post(client, "/moves/legal", {"state": state})
    assert legal["player"] == "cy" and legal["duty"]["duty"] == "ruff" and legal["counts"] == {"play": 5}
    verdict = post(client, "/moves/validate", {"state": state, "move": {"player": "cy", "action": "play", "card": "3D"}})
    assert verdict["legal"] is False
    assert [(r["code"], r["rule"], r["pointer"]) for r in verdict["reasons"]] == [("must_ruff", "7.3", "/move/card")]
    applied = post(client, "/moves/apply", {"state": state, "move": legal["moves"][0]})
    assert applied["events"][0]["type"] == "played"
    view = post(client, "/view", {"state": applied["state"], "player": "dee"})
    assert view["hand"] == applied["state"]["players"][3]["hand"]
    assert all("hand" not in seat for seat in view["players"])


def test_an_illegal_apply_is_a_problem_with_the_verdicts_reasons(client):
    state = examples()["state"]
    response = client.post(ROOT + "/moves/apply", json={"state": state, "move": {"player": "cy", "action": "play", "card": "3D"}})
    assert response.status_code == 422
    assert response.mimetype == "application/problem+json"


# -- problems -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "body", "pointer"),
    [
        ("/tricks/legal", {"hand": ["KS", "1X"], "trump": "H"}, "/hand/1"),
        ("/tricks/legal", {"hand": ["KS"], "trick": ["KS"], "trump": "H"}, "/trick/0"),
        ("/tricks/winner", {"trick": ["2S", "3S", "4S"], "trump": "H"}, "/trick"),
        ("/declarations", {**DECLARATIONS_REQUEST, "hands": EXAMPLE_HANDS[:3]}, "/hands"),
        ("/declarations", {**DECLARATIONS_REQUEST, "trump": "S"}, "/trump"),
        ("/score", {**SCORE_STOP_REQUEST, "tricks": [["2S", "8S"]], "chips": None}, "/chips"),
        ("/score", {**SCORE_STOP_REQUEST, "tricks": [["3S", "AD"]], "chips": [0, 0, 0, 0, 0]}, "/tricks/0/1"),
        ("/games", {"players": ["a", "a", "b", "c"]}, "/players/1"),
        ("/games/from-table", {**TABLE_REQUEST, "turn_up": "AC"}, "/turn_up"),
        ("/games/from-table", {**TABLE_REQUEST, "stock": ["2S"]}, "/stock/0"),
        ("/games/from-table", {**TABLE_REQUEST, "chips": [0, 6, 0, 0, 0]}, "/chips/1"),
        ("/games/from-table", {**TABLE_REQUEST, "hands": [EXAMPLE_HANDS[0][:9], *EXAMPLE_HANDS[1:]]}, "/hands/0"),
    ],
)
def test_bad_input_is_a_422_pointing_at_the_fault(client, path, body, pointer):
    response = client.post(ROOT + path, json=body)
    assert response.status_code == 422, response.get_json()
    assert pointer in [error["pointer"] for error in response.get_json()["errors"]]


def test_an_impossible_state_is_reported_whole(client):
    state = examples()["state"]
    broken = {**state, "players": [{**state["players"][0], "hand": state["players"][0]["hand"][:-1]}, *state["players"][1:]], "to_act": 0}
    answer = post(client, "/state/check", {"state": broken})
    found = {(p["pointer"], p["code"]) for p in answer["problems"]}
    assert answer["valid"] is False
    assert ("/state/players/0/hand", "hand_size") in found and ("/state", "card_total") in found


def test_rules_cite_every_section_the_verdicts_use(client):
    sections = {s["section"] for s in client.get(ROOT + "/rules").get_json()["sections"]}
    from service.games.twenty_four_1718.chips import RULE_OF_STEP
    from service.games.twenty_four_1718.tricks import RULE_OF_DUTY

    assert set(RULE_OF_DUTY.values()) | set(RULE_OF_STEP.values()) | {"1.2", "5.2", "6.1", "10.3", "2.2", "3.3"} <= sections


# -- self-play through HTTP ----------------------------------------------------------------------------------
@pytest.mark.slow
def test_a_hundred_random_matches_through_http(client):
    """Each move listed by /moves/legal, chosen at random and posted to /moves/apply; the tracker checks every invariant."""
    import random

    from .selfplay import NAMES, Tracker

    hands = 0
    for seed in range(100):
        rng = random.Random(seed)
        players = 4 + seed % 2
        started = post(client, "/games", {"players": NAMES[:players], "seed": seed, "rules": {"honors": rng.choice(["point", "face", "alternate"])}})
        state = started["state"]
        tracker = Tracker(players, [0] * players)
        tracker.step(state, started["events"])
        while state["phase"] != "over":
            move = rng.choice(post(client, "/moves/legal", {"state": state})["moves"])
            applied = post(client, "/moves/apply", {"state": state, "move": move})
            tracker.step(applied["state"], applied["events"])
            state = applied["state"]
        tracker.finish()
        hands += tracker.hands_checked
    assert hands >= 100


def test_score_checks_the_declarations_a_table_announced(client):
    right = [
        {"sequences": [["AC", "2C", "3C", "4C", "5C"]], "point": {"count": 5, "sum": 15}},
        {"sequences": [["8S", "9S", "10S", "JS", "QS"]]},
        {},
        {"sequences": []},
        {"point": {"count": 3, "sum": 17}},
    ]
    assert post(client, "/score", {**SCORE_STOP_REQUEST, "declarations": right})["reached_24"]["step"] == "sequence"
    wrong = [*right[:2], {"sequences": [["8H", "9H", "10H", "JH", "QH"]]}, {"point": {"count": 3, "sum": 20}}, right[4]]
    response = client.post(ROOT + "/score", json={**SCORE_STOP_REQUEST, "declarations": wrong})
    assert response.status_code == 422
    found = {(error["pointer"], error["code"]) for error in response.get_json()["errors"]}
    assert found == {("/declarations/2/sequences", "wrong_sequences"), ("/declarations/3/point", "wrong_point")}


def test_the_rules_catalog_states_the_readings_facts(client):
    rules = client.get(ROOT + "/rules").get_json()
    assert rules["card_order"] == ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]
    assert rules["deal"] == {"5": {"batches": [3, 3, 4], "hand": 10, "stock": 2}, "4": {"batches": [3, 3, 3, 3], "hand": 12, "stock": 4}}
    assert rules["honors"] == {"point": ["A", "2", "3", "4", "5"], "face": ["9", "10", "J", "Q", "K"]}
    assert [item["step"] for item in rules["precedence"]] == ["turn_up", "sequence", "point", "honors", "card"]
    assert (rules["chips_to_win"], rules["points_per_chip"], rules["players"]) == (6, 4, {"min": 4, "max": 5})


def test_a_wrong_total_of_games_won_points_at_games_won(client):
    """Before game 1 nobody has won a game: a table claiming one is wrong in /games_won, not in the player names."""
    response = client.post(ROOT + "/games/from-table", json={**TABLE_REQUEST, "games_won": [1, 0, 0, 0, 0]})
    assert response.status_code == 422
    assert [(error["pointer"], error["code"]) for error in response.get_json()["errors"]] == [("/games_won", "games_won_total")]


def test_the_view_shows_a_point_sum_only_after_a_tied_count(client):
    """The example after the declarations: ann, bob and cy tie at five cards and say their sums; dee and eve, at three, do not."""
    state = examples()["state"]
    seen = {made["player"]: made["point"] for made in post(client, "/view", {"state": state, "player": "eve"})["declarations"]}
    assert seen == {"ann": {"count": 5, "sum": 15}, "bob": {"count": 5, "sum": 47}, "cy": {"count": 5, "sum": 47}, "dee": {"count": 3}, "eve": {"count": 3}}


# -- names alike across games (issue 26): rules in the state and the bare-hand requests, seats in the view -----------------
def _old_form(state: dict) -> dict:
    """A state as 0.4.0 wrote it: honors and games at the top level, no rules."""
    return {**{key: value for key, value in state.items() if key != "rules"}, **state["rules"]}


@pytest.mark.parametrize(
    ("path", "extra"), [("/state/check", {}), ("/moves/legal", {}), ("/moves/validate", "move"), ("/moves/apply", "move"), ("/view", "player")]
)
def test_a_state_in_the_old_form_is_refused_naming_rules(client, path, extra):
    state = examples()["state"]
    assert state["rules"] == {"honors": "point", "games": 1} and not {"honors", "games"} & state.keys()
    body = {"state": _old_form(state), **({extra: examples()[extra]} if extra else {})}
    response = client.post(ROOT + path, json=body)
    assert response.status_code == 422
    errors = {(e["pointer"], e["code"]): e["message"] for e in response.get_json()["errors"]}
    # one problem per old field, each naming its new place; the missing rules are told too
    assert {("/state/honors", "renamed_field"), ("/state/games", "renamed_field")} <= set(errors)
    assert "rules.honors" in errors[("/state/honors", "renamed_field")] and "rules.games" in errors[("/state/games", "renamed_field")]
    body["state"] = state
    assert client.post(ROOT + path, json=body).status_code == 200


def test_a_states_rules_are_read_and_checked_where_they_are(client):
    state = examples()["state"]
    for rules, pointer in (
        ({"games": 1}, "/state/rules/honors"),
        ({"honors": "half", "games": 1}, "/state/rules/honors"),
        ({"honors": "face", "games": 0}, "/state/rules/games"),
    ):
        response = client.post(ROOT + "/state/check", json={"state": {**state, "rules": rules}})
        assert response.status_code == 422 and pointer in [e["pointer"] for e in response.get_json()["errors"]], rules
    # the match's settings change what the referee says: at the face cards 5H, the turn-up, is no honor (rules.md §1.4)
    face = post(client, "/moves/legal", {"state": {**state, "rules": {"honors": "face", "games": 1}}})
    assert post(client, "/moves/legal", {"state": state})["honors"] == ["AH", "2H", "3H", "4H", "5H"]
    assert face["honors"] == ["9H", "10H", "JH", "QH", "KH"]


BARE_HANDS = [("/declarations", DECLARATIONS_REQUEST), ("/tricks/winner", TRICK_WINNER_REQUEST), ("/score", SCORE_STOP_REQUEST)]


@pytest.mark.parametrize(("path", "body"), BARE_HANDS)
def test_a_bare_hands_honors_go_under_rules_and_the_old_place_is_refused(client, path, body):
    assert body["rules"] == {"honors": "point"}
    sent = {key: value for key, value in body.items() if key != "rules"}
    response = client.post(ROOT + path, json={**sent, "honors": "point"})
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [("/honors", "renamed_field")] and "rules.honors" in errors[0]["message"]
    assert post(client, path, sent) == post(client, path, body)  # omitted, the honors are at the point
    # alternate is a match's setting, by hands or games: a bare hand's honors are the point's or the face cards'
    response = client.post(ROOT + path, json={**sent, "rules": {"honors": "alternate"}})
    assert response.status_code == 422 and [e["pointer"] for e in response.get_json()["errors"]] == ["/rules/honors"]


def test_a_bare_hands_honors_under_rules_are_the_ones_scored(client):
    """§12.2's deal: the turn-up 5H is an honor at the point (A 2 3 4 5 of trumps), not at the face cards (9 to K), §1.4, §4."""
    point = post(client, "/declarations", DECLARATIONS_REQUEST)
    face = post(client, "/declarations", {**DECLARATIONS_REQUEST, "rules": {"honors": "face"}})
    assert (point["turn_up"]["honor"], face["turn_up"]["honor"]) == (True, False)
    assert (point["chips"][4], face["chips"][4]) == (1, 0)  # the dealer (the last hand) scores the turn-up's chip
    assert post(client, "/tricks/winner", {**TRICK_WINNER_REQUEST, "rules": {"honors": "face"}})["honors"] == []


def test_the_view_gives_seats_as_the_state_does(client):
    """dealer, to_act, leader and the trick's leader are indexes into players, as in the state; the leader sits after the dealer."""
    state = examples()["state"]
    names = [player["name"] for player in state["players"]]
    for player in names:
        view = post(client, "/view", {"state": state, "player": player})
        assert (view["dealer"], view["to_act"], view["trick"]["leader"]) == (state["dealer"], state["to_act"], state["trick"]["leader"])
        assert view["leader"] == (state["dealer"] + 1) % len(names)  # rules.md §2.2: the player to the dealer's right leads
        assert view["rules"] == state["rules"] and "games" not in view
        assert view["seat"] == names.index(player) and [seat["name"] for seat in view["players"]] == names
    assert (names[state["dealer"]], names[state["to_act"]]) == ("eve", "cy")  # the example: eve deals, cy, void in spades, plays


def test_the_view_of_a_match_over_names_no_seat_to_act(client):
    from .selfplay import NAMES

    state = post(client, "/games", {"players": NAMES[:4], "seed": 3})["state"]
    while state["phase"] != "over":
        state = post(client, "/moves/apply", {"state": state, "move": post(client, "/moves/legal", {"state": state})["moves"][0]})["state"]
    view = post(client, "/view", {"state": state, "player": NAMES[0]})
    assert view["to_act"] is None and view["dealer"] == state["dealer"] and view["leader"] == (state["dealer"] + 1) % 4
