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
alternative offered is listed. The test's own Calculus (the rule book's table of hands, the reading's
scoring) judges every call on the caller's true cards (a valid call ends the game, a false one puts the
caller out), scores a false caller at the castle values of that moment and everyone else at the end, and the
winners are the highest of its scores. No answer names a card the table has never named to the referee
(tests/hidden.py).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

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


# -- the test's own Calculus: the rule book's table of hands and the reading's scoring, nothing from service/ -------
FACE = {rank: index + 1 for index, rank in enumerate(RANKS)}
# family: (six ranks, castles of a Super (one: all six of it; two: three of each), what X is, full/Super/half factors,
# the rank sets of a half hand). Points: full = f*X, Super = s*X, half = h*X (rule book, Table 1).
FAMILIES = [
    ("Q J 10 9 8 7", (1,), lambda k: k[1] + k[4], (2, 3, 1), [r.split() for r in ("7 8 9", "8 9 10", "9 10 J", "10 J Q")]),
    ("A 2 3 4 5 6", (4,), lambda k: k[1] + k[4], (1, 2, 0.5), [r.split() for r in ("A 2 3", "2 3 4", "3 4 5", "4 5 6")]),
    ("4 4 4 10 10 10", (2, 3), lambda k: k[2], (1, 2, 0.5), [["4", "10", "10"], ["4", "4", "10"]]),
    ("3 3 3 9 9 9", (2, 3), lambda k: k[3], (1, 2, 0.5), [["3", "9", "9"], ["3", "3", "9"]]),
    ("A A A 2 2 2", (1, 2), lambda k: abs(k[1] - k[2]), (1, 2, 0.5), [["A", "2", "2"], ["A", "A", "2"]]),
    ("5 5 5 6 6 6", (2, 4), lambda k: abs(k[2] - k[4]), (1, 2, 0.5), [["5", "6", "6"], ["5", "5", "6"]]),
    ("7 7 7 8 8 8", (1, 3), lambda k: abs(k[1] - k[3]), (1, 2, 0.5), [["7", "8", "8"], ["7", "7", "8"]]),
    ("J J J Q Q Q", (3, 4), lambda k: abs(k[3] - k[4]), (1, 2, 0.5), [["J", "Q", "Q"], ["J", "J", "Q"]]),
]


def castle_values(state) -> dict[int, int]:
    """Reading, Castle value: plain its card, crowned 13, Double King 26 (a King as castle card counts as the first);
    SUBJECTS COUNT: every card of the stack at face value; STATIC CASTLES: the castle card's face value always."""
    rules, values = state.get("rules", {}), {}
    for number, castle in enumerate(state["castles"], 1):
        kings = len(castle["kings"]) + is_king(castle["card"])
        if rules.get("static_castles") or not castle["kings"]:
            values[number] = FACE[castle["card"][:-1]]
        elif rules.get("subjects_count"):
            values[number] = FACE[castle["card"][:-1]] + 13 * len(castle["kings"])
        else:
            values[number] = 13 * kings
    return values


def hand_points(cards: list[str], state) -> float | None:
    """The points of three or six cards as a hand of the variant's set (a Super read before the plain hand).
    THE QUICK: half hands of any suits; THE ELDERS: no half hands; THE TIME-SINK: the Super hands alone."""
    variant = state.get("rules", {}).get("hands", "standard")
    k = castle_values(state)
    suits = {number: castle["card"][-1] for number, castle in enumerate(state["castles"], 1)}
    ranks = sorted(card[:-1] for card in cards)
    best = None
    for six, castles, x, (full, superb, half), halves in FAMILIES:
        if len(cards) == 6 and ranks == sorted(six.split()):
            count = Counter(card[-1] for card in cards)
            is_super = count == Counter({suits[c]: 6 // len(castles) for c in castles})
            if not is_super and variant == "time-sink":
                continue
            points = (superb if is_super else full) * x(k)
        elif len(cards) == 3 and variant in ("standard", "quick") and any(ranks == sorted(r) for r in halves):
            if variant == "standard" and not (len({c[-1] for c in cards}) == 1 and cards[0][-1] in {suits[c] for c in castles}):
                continue
            points = half * x(k)
        else:
            continue
        best = points if best is None else max(best, points)
    return best


def splits(cards: list[str], state):
    """Every way to lay ``cards`` out as hands and left-over cards: (points of the hands, the left-over cards)."""
    if not cards:
        yield 0.0, []
        return
    first, rest = cards[0], cards[1:]
    for points, left in splits(rest, state):
        yield points, [first, *left]
    for size in (3, 6):
        for others in combinations(range(len(rest)), size - 1):
            points = hand_points([first, *(rest[i] for i in others)], state)
            if points is not None:
                for more, left in splits([rest[i] for i in range(len(rest)) if i not in others], state):
                    yield points + more, left


def calculus(cards: list[str], state) -> float:
    """The best score of a hand (reading, The Calculus): a Pointer at face value, the hands formed, minus every
    non-King card left over that no King saved (one King saves one card, two save all)."""
    kings = sum(map(is_king, cards))
    best = None
    for index, pointer in enumerate(cards):
        for points, left in splits(cards[:index] + cards[index + 1 :], state):
            costs = sorted((FACE[card[:-1]] for card in left if not is_king(card)), reverse=True)
            if kings >= 2 or state.get("rules", {}).get("no_harm_no_foul"):  # NO HARM-NO FOUL: no deduction
                costs = []
            score = FACE[pointer[:-1]] + points - sum(costs[kings:])
            best = score if best is None else max(best, score)
    return best


def valid_call(cards: list[str], state) -> bool:
    """Reading, Calling "HAND!": the seven cards are a Pointer and one six-card hand, or a Pointer and exactly two half hands."""
    for index in range(len(cards)):
        rest = cards[:index] + cards[index + 1 :]
        if hand_points(rest, state) is not None:
            return True
        for three in combinations(range(6), 3):
            if (
                0 in three
                and hand_points([rest[i] for i in three], state) is not None
                and hand_points([rest[i] for i in range(6) if i not in three], state) is not None
            ):
                return True
    return False


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
    {
        "ghoul_raiser": st.booleans(),
        "face_up_consequences": st.booleans(),
        "shuffle_me_out": st.booleans(),
        "equal_opportunity": st.booleans(),
        "hands": st.sampled_from(["standard", "quick", "elders", "time-sink"]),
        "subjects_count": st.booleans(),
        "static_castles": st.booleans(),
        "no_harm_no_foul": st.booleans(),
    }
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
    rules |= {"hands": ["quick", "elders", "time-sink"][seed], "subjects_count": seed == 0, "static_castles": seed == 1, "no_harm_no_foul": seed == 2}
    play(seed, 2 + seed, rules, 20)


def play(seed, players, rules, patience):
    rng = random.Random(seed)
    table = Table(rng, players)
    client = APP.test_client()
    names = [f"p{seat}" for seat in range(players)]
    body = {"players": names, "rules": rules, "castles": [{"card": c} for c in table.castles], "face_up": table.face_up}
    state = post(client, "/games/from-table", {**body, "hands": [table.hands[0]] + [[] for _ in names[1:]]}, table=table)["state"]
    turn = 1  # dealer 0: the deal starts with seat 1, who moves first (reading: Castle phase, Turns)
    expected: dict[str, float] = {}  # the test's Calculus, player by player
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
        if move["action"] == "call_hand":  # the test's Calculus judges the call, and scores a false one now
            seat, true_hand = state["to_act"], table.hands[state["to_act"]]
            out = after["state"]["players"][seat]["status"] == "out"
            assert out != valid_call(true_hand, state), (true_hand, state["castles"], after["state"]["players"][seat])
            if out:
                expected[names[seat]] = calculus(true_hand, state)
                assert after["state"]["players"][seat]["score"] == expected[names[seat]], (true_hand, state["castles"])
                table.hands[seat] = []  # set aside, shown
        if after["state"]["phase"].startswith("kingdom"):  # a King action keeps the turn for its discard; else the next player in
            king_action = state["phase"] == "kingdom-action" and move["action"] in KING_ACTIONS
            assert after["state"]["phase"] == ("kingdom-discard" if king_action else "kingdom-action"), (move, after["state"]["phase"])
            statuses = [player["status"] for player in after["state"]["players"]]
            while not king_action and statuses[turn := (turn + 1) % players] != "in":
                pass
        state = after["state"]
    if state["phase"] == "over":  # everyone still in is scored on the true hand at the final castle values
        for seat in range(players):
            if names[seat] not in expected:
                expected[names[seat]] = calculus(table.hands[seat], state)
        assert {p["name"]: p["score"] for p in state["players"]} == expected, [(hand, state["castles"]) for hand in table.hands]
        best = max(expected.values())
        assert state["outcome"]["winners"] == [name for name in names if expected[name] == best]
    return state


def test_the_tests_calculus_on_the_readings_worked_examples():
    def castles(*cards):
        return {"castles": [{"card": card.split("+")[0], "kings": card.split("+")[1:]} for card in cards]}

    jasper = ["QH", "AS", "KD", "KD", "2H", "JH", "6C"]
    assert calculus(jasper, castles("2H", "3C", "QD", "7S")) == 13 and not valid_call(jasper, castles("2H", "3C", "QD", "7S"))
    assert calculus(["7H", "8H", "8H", "KS", "QD", "5C", "3H"], castles("7H", "2C", "JD", "4S")) == 11
    halves = ["4C", "10C", "10C", "3D", "9D", "9D", "5H"]
    assert calculus(halves, castles("AH", "6C+KC", "8D", "2S")) == 15.5 and valid_call(halves, castles("AH", "6C+KC", "8D", "2S"))


def test_the_truth_model_deals_as_the_rules_say():
    """The oracle's own Castle Phase and deal, checked by hand on a stacked pile (rules.md §7, §8)."""
    pile = list(reversed(["5H", "7H", "9C", "KC", "4D", "10S", "2S"]))
    castles, face_up = castle_phase(pile)
    assert castles == ["5H", "9C", "4D", "10S"] and face_up == ["7H", "KC"] and pile == ["2S"]
    assert len(DECK) == 104 and set(FULL.values()) == {2} and "10S" in FULL
