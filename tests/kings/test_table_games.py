"""Random games at a real table, played through HTTP (issue 15, issue 27; rules.md §22, §26, §27).

The test holds the truth the referee cannot see — every hand, the draw pile's order, the face-down pile — and
plays as a table would: one player's phone knows that player's cards (seat 0, who names every card they
draw); every other hand is unseen until it is shown. People shuffle (the test's own generator), so after a
reshuffle the referee only counts the pile. The test's own referee (below, from the reading's Turns and
Castle value; nothing from ``service/``) decides at every step:

- whose turn it is (the first player after the dealer, then clockwise over the players still in; a King
  action keeps the turn for its discard) and the phase after each move;
- for seat 0, whose hand it knows whole, exactly which discards and King moves are legal, and a random move
  by seat 0 validates exactly when it allows it; a move by anyone not to act is refused;
- for an unseen hand, that every move the true hand allows is listed, and that the cards offered for its
  unseen part are those the public counts allow (not shown twice), so they say nothing of the true hand.

And as before: conservation (the zones add up to 104 and, with the truth, hold every card exactly twice);
/state/check finds nothing wrong; listed moves validate, a random move that validates is listed, every
alternative offered is listed; at the end the winners are the highest scores over everyone. No answer names a
card the table has never named to the referee (tests/hidden.py). Not checked independently: the Calculus
(the scores and whether a call is valid are the service's).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from service import create_app
from tests.hidden import assert_hides, strings

V1 = "/v1/24-kings"
APP = create_app({"TESTING": True})
DRAWS = {"face_down_discard": 1, "face_up_discard": 1, "dump_king": 2, "play_king": 2, "dethrone": 2}
KING_ACTIONS = ("dump_king", "play_king", "dethrone")
RANKS = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
DECK = [rank + suit for suit in "SHDC" for rank in RANKS] * 2  # two decks: every card exactly twice (reading: Cards)
FULL = Counter(DECK)
MAX_STEPS = 50


def post(client, path, body, status=200, table=None):
    """One request; with the table, its answer must show no card the table has never named to the referee."""
    response = client.post(f"{V1}{path}", json=body)
    assert response.status_code == status, (path, response.get_json())
    answer = response.get_json()
    if table is not None:
        table.named |= set(strings(body))
        hidden = set(table.pile + table.face_down + [card for hand in table.hands[1:] for card in hand]) - table.named
        # card_choices lists every card an unseen hand may hold, from public counts alone (checked in choices_for)
        assert_hides(answer, hidden, path, ignore={"card_choices"})
    return answer


def castle_phase(pile: list[str]) -> tuple[list[str], list[str]]:
    """rules.md §7, written again here: the first card of each new suit founds a castle, the rest go face up."""
    castles: list[str] = []
    face_up: list[str] = []
    while len(castles) < 4:
        card = pile.pop()
        if card[-1] in {c[-1] for c in castles}:
            face_up.append(card)
        else:
            castles.append(card)
    return castles, face_up


class Table:
    """The truth of a physical game: hands, the draw pile in order (top last), the face-down pile."""

    def __init__(self, rng: random.Random, players: int) -> None:
        self.rng = rng
        pile = list(DECK)
        rng.shuffle(pile)
        self.castles, self.face_up = castle_phase(pile)
        self.hands: list[list[str]] = [[] for _ in range(players)]
        for _ in range(7):
            for seat in [*range(1, players), 0]:  # dealer 0: the deal starts with seat 1
                self.hands[seat].append(pile.pop())
        self.pile = pile
        self.face_down: list[str] = []
        self.named: set[str] = set()  # every string the table has sent the referee

    def unseen_part(self, seat: int, known: list[str]) -> list[str]:
        rest = list(self.hands[seat])
        for card in known:
            rest.remove(card)
        return rest


def known_cards(zone):
    return list(zone["cards"])


def check_conservation(state, table: Table) -> None:
    public = [c["card"] for c in state["castles"]] + [k for c in state["castles"] for k in c["kings"]]
    public += state["face_up"] + state["set_aside"]["cards"]
    assert state["set_aside"]["hidden"] == 0
    truth = public + [card for hand in table.hands for card in hand] + table.pile + table.face_down
    assert Counter(truth) == FULL
    assert state["draw_pile"]["cards"] == [] and state["draw_pile"]["hidden"] == len(table.pile)
    assert state["face_down"]["hidden"] + len(state["face_down"]["cards"]) == len(table.face_down)
    assert not Counter(state["face_down"]["cards"]) - Counter(table.face_down)
    for seat, player in enumerate(state["players"]):
        hand = player["hand"]
        assert len(hand["cards"]) + hand["hidden"] == len(table.hands[seat])
        assert not Counter(hand["cards"]) - Counter(table.hands[seat])


def core(move):
    return (move["player"], move["action"], move.get("card"), move.get("castle"))


def listed_cores(listed):
    """Every (player, action, card, castle) the list allows, its choices filled in."""
    cores = set()
    for option in listed:
        if option.get("card_choices"):
            cores |= {(option["player"], option["action"], card, option.get("castle")) for card in option["card_choices"]}
            if option["action"] == "face_down_discard":
                cores.add(core(option))  # an unseen card may also go face down unnamed
        else:
            cores.add(core(option))
    return cores


def truthful_moves(state, table: Table, listed):
    """The listed moves the truth allows, each filled in as the list says (a card from card_choices, a reveal)."""
    seat = state["to_act"]
    hand = state["players"][seat]["hand"]
    unseen = table.unseen_part(seat, known_cards(hand))
    cards_held = known_cards(hand) + unseen
    moves = []
    for option in listed:
        move = {k: v for k, v in option.items() if k in ("player", "action", "card", "castle")}
        if option["action"] in ("call_hand", "reveal_hand"):
            moves.append({**move, "reveal": list(table.hands[seat])} if option.get("reveal_unseen") else move)
        elif option.get("card_choices"):
            fits = sorted({card for card in unseen if card in option["card_choices"]})
            if option["action"] == "face_up_discard":  # the truth is never left out of the list (known cards are listed by name)
                assert {c for c in unseen if c[0] != "K"} <= set(option["card_choices"]) | set(known_cards(hand)), (unseen, option)
            moves += [{**move, "card": card} for card in fits]
            if option["action"] == "face_down_discard" and unseen:
                moves.append(move)
        elif option.get("card") in cards_held:
            moves.append(move)
    return moves


def face_up_after(state, move) -> list[str]:
    pile = list(state["face_up"])
    if move["action"] in ("face_up_discard", "dump_king"):
        pile.append(move["card"])
    if move["action"] == "dethrone":
        pile += state["castles"][move["castle"] - 1]["kings"] + [move["card"]]
    for card in move.get("take_face_up", []):
        pile.remove(card)
    return pile


def play_truth(state, table: Table, move, rules) -> None:
    """Move the true cards as the move does (rules.md §9, §10), drawing for real and naming seat 0's draws."""
    seat = state["to_act"]
    hand = table.hands[seat]
    known = known_cards(state["players"][seat]["hand"])
    action = move["action"]
    if action in ("call_hand", "reveal_hand"):
        return
    card = move.get("card")
    if card is None:  # an unseen card face down, unnamed
        card = table.rng.choice(table.unseen_part(seat, known))
    hand.remove(card)
    if action == "face_down_discard":
        table.face_down.append(card)
    if state["phase"] == "kingdom-discard":
        return
    taken = move.get("take_face_up", [])
    hand += taken
    face_up = face_up_after(state, move)
    drawn = []
    for _ in range(DRAWS[action] - len(taken)):
        if not table.pile:
            pool = table.face_down + ([] if rules.get("face_up_consequences") else face_up)
            if rules.get("shuffle_me_out") or not pool:
                break
            table.rng.shuffle(pool)
            table.pile, table.face_down, face_up = pool, [], []
        drawn.append(table.pile.pop())
    hand += drawn
    if seat == 0 and drawn:
        move["drawn"] = drawn


# -- the test's own referee: the reading's Turns and Castle value, nothing from service/ ---------------------------
def is_king(card: str) -> bool:
    return card[:-1] == "K"


def castle_moves(state, king: str, rules) -> list[tuple[str, int]]:
    """Where a King may go (reading: Turns 4-5, Castle value): play on any castle of its suit that is not a Double
    King; dethrone a crowned castle (one King over a non-King card) of its suit. EQUAL OPPORTUNITY: any castle."""
    found = []
    for number, castle in enumerate(state["castles"], 1):
        if not rules["equal_opportunity"] and king[-1] != castle["card"][-1]:
            continue
        crowned_king = is_king(castle["card"])
        if len(castle["kings"]) + crowned_king < 2:
            found.append(("play_king", number))
        if not crowned_king and len(castle["kings"]) == 1:
            found.append(("dethrone", number))
    return found


def referee_moves(state, seat: int, hand: list[str], rules) -> set:
    """Every (player, action, card, castle) the rules allow the seat holding ``hand`` now, a call aside."""
    name = state["players"][seat]["name"]
    moves = {(name, "face_down_discard", card, None) for card in hand}
    moves |= {(name, "face_up_discard", card, None) for card in hand if not is_king(card)}
    if state["phase"] == "kingdom-action":
        for king in {card for card in hand if is_king(card)}:
            moves.add((name, "dump_king", king, None))
            moves |= {(name, action, king, number) for action, number in castle_moves(state, king, rules)}
    return moves


def known_counts(state) -> Counter:
    """How many copies of each card the referee has been shown (castles, piles, every known part of a hand)."""
    known = Counter(c["card"] for c in state["castles"]) + Counter(k for c in state["castles"] for k in c["kings"])
    known += Counter(state["face_up"] + state["set_aside"]["cards"] + state["face_down"]["cards"] + state["draw_pile"]["cards"])
    return known + Counter(card for player in state["players"] for card in player["hand"]["cards"])


def expected_choices(state, option, rules) -> list[str]:
    """The cards an unseen part of a hand may hold for this option: those not already shown twice, fit for the action.
    A card known in the hand is offered by name instead (the same move), so it is not among the choices."""
    own = set(state["players"][state["to_act"]]["hand"]["cards"])
    known = known_counts(state)
    possible = {card for card in FULL if known[card] < 2} - own
    action = option["action"]
    if action == "face_up_discard":
        possible = {card for card in possible if not is_king(card)}
    elif action == "dump_king":
        possible = {card for card in possible if is_king(card)}
    elif action in ("play_king", "dethrone"):
        possible = {card for card in possible if is_king(card) and (action, option["castle"]) in castle_moves(state, card, rules)}
    return sorted(possible)


def check_referee(state, listed, table: Table, rules) -> None:
    """The listed moves against the test's referee: exact for the seat whose hand is known whole (seat 0), never
    refusing a true move of any other, and the choices for an unseen part from public counts alone."""
    seat = state["to_act"]
    cores = listed_cores(listed)
    truly = referee_moves(state, seat, table.hands[seat], rules)
    assert truly <= cores, (truly - cores, seat)
    if seat == 0:
        assert {item for item in cores if item[1] not in ("call_hand", "reveal_hand")} == truly
    for option in listed:
        assert option["player"] == state["players"][seat]["name"]
        if option.get("card_choices"):
            assert sorted(option["card_choices"]) == expected_choices(state, option, rules), option


def random_move(rng: random.Random, state):
    """Any move at all by a player at the table, to test that validate accepts only what the list holds."""
    cards = sorted(FULL)
    move = {
        "player": rng.choice(state["players"])["name"],
        "action": rng.choice(["face_down_discard", "face_up_discard", "dump_king", "play_king", "dethrone"]),
    }
    if rng.random() < 0.9:
        move["card"] = rng.choice(cards + ["KS", "KH", "KD", "KC"] * 6)
    if move["action"] in ("play_king", "dethrone"):
        move["castle"] = rng.randint(1, 4)
    return move


def check_agreement(client, rng: random.Random, state, listed, table: Table, rules) -> None:
    cores = listed_cores(listed)
    for option in rng.sample(listed, min(1, len(listed))):
        move = {k: v for k, v in option.items() if k in ("player", "action", "card", "castle", "reveal")}
        if option.get("card_choices"):
            move["card"] = rng.choice(option["card_choices"])
        if option.get("reveal_unseen"):
            continue  # a reveal is filled from the truth, in truthful_moves
        assert post(client, "/moves/validate", {"state": state, "move": move}, table=table)["legal"], move
    guess = random_move(rng, state)
    verdict = post(client, "/moves/validate", {"state": state, "move": guess}, table=table)
    if verdict["legal"]:
        assert core(guess) in cores, guess
    if guess["player"] != state["players"][state["to_act"]]["name"]:
        assert not verdict["legal"], guess  # only the player to act moves
    elif state["to_act"] == 0 and state["phase"].startswith("kingdom"):  # the known hand: the referee decides exactly
        assert verdict["legal"] == (core(guess) in referee_moves(state, 0, table.hands[0], rules)), (guess, verdict)
    for alternative in verdict["alternatives"]:
        assert alternative in listed, alternative
    for reason in verdict["reasons"]:
        assert reason["pointer"].startswith("/move"), reason


RULES = st.fixed_dictionaries(
    {"ghoul_raiser": st.booleans(), "face_up_consequences": st.booleans(), "shuffle_me_out": st.booleans(), "equal_opportunity": st.booleans()}
)


@pytest.mark.slow
@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), rules=RULES, patience=st.sampled_from([5, 100, 10**6]))
def test_random_games_at_a_real_table_through_http(seed, players, rules, patience):
    """No call before step ``patience``, then one chance in five: short games, and long ones that reshuffle."""
    state = play(seed, players, rules, patience)
    event(f"ended: {state['phase'] == 'over'}, physical reshuffles: {min(state['shuffles'], 2)}")
    event(f"revealed in turn: {sum(p['status'] == 'in' for p in state['players'][1:]) if state['phase'] == 'over' else 0}")


@pytest.mark.parametrize("seed", range(3))
def test_a_few_real_table_games_quickly(seed):
    rules = {"ghoul_raiser": seed == 1, "face_up_consequences": seed == 2, "shuffle_me_out": False, "equal_opportunity": seed != 1}
    play(seed, 2 + seed, rules, 20)


def play(seed, players, rules, patience):
    rng = random.Random(seed)
    table = Table(rng, players)
    client = APP.test_client()
    names = [f"p{seat}" for seat in range(players)]
    body = {"players": names, "rules": rules, "castles": [{"card": c} for c in table.castles], "face_up": table.face_up}
    state = post(client, "/games/from-table", {**body, "hands": [table.hands[0]] + [[] for _ in names[1:]]}, table=table)
    turn = 1  # dealer 0: the deal starts with seat 1, who moves first (reading: Castle phase, Turns)
    for step in range(MAX_STEPS * players):
        check_conservation(state, table)
        assert post(client, "/state/check", {"state": state}, table=table) == {"valid": True, "problems": []}
        if state["phase"] == "over":
            break
        listed = post(client, "/moves/legal", {"state": state}, table=table)["moves"]
        if state["phase"].startswith("kingdom"):
            assert state["to_act"] == turn, (state["to_act"], turn)
            check_referee(state, listed, table, rules)
        check_agreement(client, rng, state, listed, table, rules)
        options = truthful_moves(state, table, listed)
        assert options, (state, listed)
        calls = [m for m in options if m["action"] in ("call_hand", "reveal_hand")]
        others = [m for m in options if m["action"] not in ("call_hand", "reveal_hand")]
        move = rng.choice(calls) if calls and (not others or (step >= patience and rng.random() < 0.2)) else rng.choice(others)
        if rules["ghoul_raiser"] and move["action"] in ("dump_king", "play_king", "dethrone") and state["face_up"] and rng.random() < 0.5:
            move["take_face_up"] = [rng.choice(state["face_up"])]
        play_truth(state, table, move, rules)
        assert post(client, "/moves/validate", {"state": state, "move": move}, table=table)["legal"], move
        after = post(client, "/moves/apply", {"state": state, "move": move}, table=table)
        if move["action"] == "call_hand" and after["state"]["players"][state["to_act"]]["status"] == "out":
            table.hands[state["to_act"]] = []  # set aside, shown
        if after["state"]["phase"].startswith("kingdom"):  # a King action keeps the turn for its discard; else the next player in
            king_action = state["phase"] == "kingdom-action" and move["action"] in KING_ACTIONS
            assert after["state"]["phase"] == ("kingdom-discard" if king_action else "kingdom-action"), (move, after["state"]["phase"])
            statuses = [player["status"] for player in after["state"]["players"]]
            while not king_action and statuses[turn := (turn + 1) % players] != "in":
                pass
        state = after["state"]
    if state["phase"] == "over":
        scores = {p["name"]: p["score"] for p in state["players"]}
        assert None not in scores.values()
        best = max(scores.values())
        assert state["outcome"]["winners"] == [name for name, score in scores.items() if score == best]
    return state


def test_the_truth_model_deals_as_the_rules_say():
    """The oracle's own Castle Phase and deal, checked by hand on a stacked pile (rules.md §7, §8)."""
    pile = list(reversed(["5H", "7H", "9C", "KC", "4D", "10S", "2S"]))
    castles, face_up = castle_phase(pile)
    assert castles == ["5H", "9C", "4D", "10S"] and face_up == ["7H", "KC"] and pile == ["2S"]
    assert len(DECK) == 104 and set(FULL.values()) == {2} and "10S" in FULL
