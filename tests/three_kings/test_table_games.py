"""Random games of Three Kings at a real table, played through HTTP, judged by an independent referee (issue 27).

The test holds the truth the referee cannot see — every hand and the draw pile's order — and plays as a table
would: people shuffle and deal (the test's own generator), the phone is told only the four table cards, a
drawn card is named or not (the player's choice), the cards turned onto an emptied table are named, and the
moment a hand truly holds three Kings its holder shows them, in or out of turn, before anyone else acts.

The judge below is written from the rule book (``../shared/seeds/002_…``) and the revised reading alone and
imports nothing from ``service/``. At every step:

- conservation: what the referee knows of each zone is in the truth, and its counts are the truth's sizes;
- the judge decides, move by move: the player to act (from the dealer's left, clockwise) is the one listed; at
  the draw only the draw (and shows) is listed; a sample of the moves the true hand allows all validate; and a
  random move the rule book forbids whatever the unseen hands hold (out of turn, at the wrong moment, table
  cards not there, three that do not add up, a second set or discard, a King discarded, a King taken from a
  table without one) is refused;
- legal and validate agree: every listed move (the player to act's and those open out of turn) validates, the
  true move is listed, and random moves validate exactly when listed;
- /state/check finds nothing wrong;
- at the end the outcome (reason, three-Kings player, scores, winners) is the judge's.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service import create_app

V1 = "/v1/three-kings"
APP = create_app({"TESTING": True})
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
VALUE = {rank: index + 1 for index, rank in enumerate(RANKS[:-1])}  # the King has no value
ACTIONS = ["draw", "set", "take_king", "discard", "pass", "show_kings"]
MAX_MOVES = 600


# -- the independent judge: the rule book and the reading, nothing from service/ -------------------------------
def adds_up(a: str, b: str, c: str) -> bool:
    """Two of the three add up to the third; a King is never in a set."""
    if "K" in (a, b, c):
        return False
    x, y, z = sorted((VALUE[a], VALUE[b], VALUE[c]))
    return x + y == z


class Truth:
    """The real table: hands, face-up cards, the pile (top last), the sets taken, and the game's course."""

    def __init__(self, rng: random.Random, names: list[str], dealer: int, scoring: str, play_it_out: bool) -> None:
        self.names, self.dealer, self.scoring, self.play_it_out = names, dealer, scoring, play_it_out
        count = len(names)
        pile = [rank for rank in RANKS for _ in range(2 * count + (rank == "K"))]  # two suits each, one King more
        rng.shuffle(pile)
        self.hands: list[list[str]] = [[] for _ in names]
        for step in range(4 * count):  # one at a time, from the dealer's left
            self.hands[(dealer + 1 + step) % count].append(pile.pop())
        self.table = [pile.pop() for _ in range(4)]
        self.pile = pile
        self.piles: list[list[str]] = [[] for _ in names]
        self.to_act = (dealer + 1) % count
        self.passes = 0
        self.three_kings: str | None = None
        self.ended: str | None = None  # "three_kings" or "all_passed"
        self.acted = False  # this turn's set or discard is made
        for offset in range(count):  # dealt three Kings: the first dealt to has them first
            self.check_three((dealer + 1 + offset) % count)

    def check_three(self, seat: int) -> None:
        if self.three_kings is None and self.hands[seat].count("K") >= 3:
            self.three_kings = self.names[seat]
            if not self.play_it_out:
                self.ended = "three_kings"

    def draw(self, seat: int) -> str | None:
        if not self.pile:
            return None
        card = self.pile.pop()
        self.hands[seat].append(card)
        self.check_three(seat)
        return card

    def refill(self, seat: int, late: bool = False) -> list[str]:
        """An emptied table gets four new cards; its Kings go to whoever emptied it, again while it is empty.
        ``late``: the table turned them before the holder of three Kings said so (their play stands)."""
        turned: list[str] = []
        while (late or not self.ended) and not self.table and self.pile:
            cards = [self.pile.pop() for _ in range(min(4, len(self.pile)))]
            turned += cards
            self.table = [card for card in cards if card != "K"]
            self.hands[seat] += [card for card in cards if card == "K"]
            self.check_three(seat)
        return turned

    def sets(self) -> list[tuple[str, str, str]]:
        hand, table = self.hands[self.to_act], self.table
        found = set()
        for h in hand:
            for i in range(len(table)):
                for j in range(i + 1, len(table)):
                    if adds_up(h, table[i], table[j]):
                        found.add((h, *sorted((table[i], table[j]), key=RANKS.index)))
        return sorted(found)

    def may_take(self) -> bool:
        return "K" in self.hands[self.to_act] and "K" in self.table

    def options(self) -> list[tuple[Any, ...]]:
        """What the player to act may truly do after the draw (reading: A turn)."""
        hand = self.hands[self.to_act]
        found: list[tuple[Any, ...]] = [("take",)] if self.may_take() else []
        if self.acted:
            return [*found, ("pass",)]
        sets = self.sets()
        if sets:
            return found + [("set", *item) for item in sets]
        discards = sorted({card for card in hand if card != "K"}, key=RANKS.index)
        return found + ([("discard", card) for card in discards] or [("pass",)])

    def end_turn(self) -> None:
        self.passes = 0 if self.acted or self.pile else self.passes + 1  # a round without set or discard, pile empty
        self.acted = False
        if self.passes == len(self.names):
            self.ended = "all_passed"
        self.to_act = (self.to_act + 1) % len(self.names)

    def outcome(self) -> dict[str, Any]:
        reason = "three_kings" if self.three_kings and not self.play_it_out else "all_passed"
        if self.scoring == "three_kings_wins":
            return {"reason": reason, "three_kings": self.three_kings, "scores": None, "winners": [self.three_kings] if self.three_kings else []}
        sign = 1 if self.scoring == "bonus" else -1
        scores = {name: sum(VALUE[c] for c in pile) + (sign * 15 if name == self.three_kings else 0) for name, pile in zip(self.names, self.piles, strict=True)}
        best = max(sign * points for points in scores.values())
        return {"reason": reason, "three_kings": self.three_kings, "scores": scores, "winners": [n for n, p in scores.items() if sign * p == best]}


# -- the table and the phone -----------------------------------------------------------------------------------
def post(client: Any, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"{V1}{path}", json=body)
    assert response.status_code == 200, (path, body.get("move"), response.get_json())
    answer: dict[str, Any] = response.get_json()
    return answer


def rank_of(text: str) -> str:
    return "K" if text.upper() == "JK" else text


def choice_of(data: dict[str, Any]) -> tuple[Any, ...]:
    """A move as a choice: who, what, and the ranks it names (the two table cards in any order)."""
    tables = tuple(sorted(data.get("table_cards", []), key=RANKS.index))
    return (data["player"], data["action"], data.get("card"), data.get("hand_card"), tables)


def check_conservation(state: dict[str, Any], truth: Truth) -> None:
    for seat, player in enumerate(state["players"]):
        known = Counter(rank_of(card) for card in player["hand"]["cards"])
        assert not known - Counter(truth.hands[seat]), (player["name"], known, truth.hands[seat])
        assert sum(known.values()) + player["hand"]["hidden"] == len(truth.hands[seat])
        assert [rank_of(card) for card in player["pile"]] == truth.piles[seat]
    assert Counter(rank_of(card) for card in state["table"]) == Counter(truth.table)
    assert state["draw_pile"] == {"cards": [], "hidden": len(truth.pile)}


def random_move(rng: random.Random, state: dict[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = {"player": rng.choice(state["players"])["name"], "action": rng.choice(ACTIONS)}
    if data["action"] == "set":
        data["hand_card"] = rng.choice(RANKS)
        data["table_cards"] = rng.sample([*map(rank_of, state["table"]), "5", "J"], 2)
    elif data["action"] == "discard":
        data["card"] = rng.choice(RANKS)
    return data


def refused_by_the_rules(data: dict[str, Any], state: dict[str, Any], truth: Truth) -> bool:
    """The judge on a move, from what the table has shown: True when the rule book forbids it whatever the unseen
    hands hold (someone else's turn, the wrong moment, table cards not there, three that do not add up, a second
    set or discard, a King discarded, a King taken from a table without one)."""
    action, mine = data["action"], data["player"] == truth.names[truth.to_act]
    if action == "show_kings":
        return False  # any player, at any moment: whether they hold three is theirs to show
    if not mine or (action == "draw") != (state["phase"] == "draw"):
        return True
    if action == "set":
        table = Counter(rank_of(card) for card in state["table"])
        return truth.acted or bool(Counter(data["table_cards"]) - table) or not adds_up(data["hand_card"], *data["table_cards"])
    if action == "discard":
        return truth.acted or data["card"] == "K"
    if action == "take_king":
        return "K" not in truth.table
    return False


def true_moves(truth: Truth) -> list[dict[str, Any]]:
    """What the true hand allows after the draw, as moves (those that empty the table, which need the turned
    cards named, left out: the test names them when it plays one)."""
    name, moves = truth.names[truth.to_act], []
    for option in truth.options():
        if option[0] == "set" and len(truth.table) > 2:
            moves.append({"player": name, "action": "set", "hand_card": option[1], "table_cards": list(option[2:])})
        elif option[0] == "discard":
            moves.append({"player": name, "action": "discard", "card": option[1]})
        elif option[0] == "take" and len(truth.table) > 1:
            moves.append({"player": name, "action": "take_king"})
        elif option[0] == "pass":
            moves.append({"player": name, "action": "pass"})
    return moves


def check_agreement(client: Any, rng: random.Random, state: dict[str, Any], true_move: dict[str, Any] | None, truth: Truth) -> None:
    report = post(client, "/moves/legal", {"state": state})
    in_turn = true_move is not None and true_move["action"] != "show_kings"  # a show is out of turn, at any moment
    if in_turn and state["phase"] == "draw":
        assert [item["action"] for item in report["moves"] if item["action"] != "show_kings"] == ["draw"]
    elif in_turn:  # every move the true hand allows is allowed (the referee cannot see the hand, so it may allow more)
        for item in rng.sample(true_moves(truth), min(3, len(true_moves(truth)))):
            assert post(client, "/moves/validate", {"state": state, "move": item})["legal"], (item, truth.hands[truth.to_act])
    listed = report["moves"] + report.get("open", [])
    assert all(item["player"] == report["player"] for item in report["moves"])
    if in_turn:  # the judge's turn: from the dealer's left, clockwise
        assert report["player"] == truth.names[truth.to_act]
    assert all(item["player"] != report["player"] and item["action"] == "show_kings" for item in report.get("open", []))
    choices = {choice_of(item) for item in listed}
    # A template (a move emptying the table of the unseen pile) needs its turned cards named: sent as listed,
    # validate refuses it for exactly that, as apply would (rules.md §10.3).
    templates = {choice_of(item) for item in listed if "fill" in item}
    assert all(set(item["fill"]) == {"turned"} for item in listed if "fill" in item)
    for item in rng.sample(listed, min(4, len(listed))):
        verdict = post(client, "/moves/validate", {"state": state, "move": item})
        if "fill" in item:
            assert [(r["code"], r["pointer"]) for r in verdict["reasons"]] == [("turned_required", "/move/turned")], (item, verdict)
        else:
            assert verdict["legal"], item
    for _ in range(3):
        item = random_move(rng, state)
        verdict = post(client, "/moves/validate", {"state": state, "move": item})
        assert verdict["legal"] == (choice_of(item) in choices - templates), (item, verdict)
        if in_turn and refused_by_the_rules(item, state, truth):
            assert not verdict["legal"], (item, verdict)
        assert all(choice_of(alternative) in choices for alternative in verdict["alternatives"])
    if true_move is not None:
        assert choice_of(true_move) in choices, (true_move, listed)
        assert post(client, "/moves/validate", {"state": state, "move": true_move})["legal"], true_move
    assert post(client, "/state/check", {"state": state})["valid"]


def play(seed: int, players: int, scoring: str, play_it_out: bool) -> tuple[dict[str, Any], Truth]:
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    dealer = rng.randrange(players)
    truth = Truth(rng, names, dealer, scoring, play_it_out)
    client = APP.test_client()
    options = {"scoring": scoring, "play_it_out": play_it_out}
    state = post(client, "/games/from-table", {"players": names, "dealer": dealer, "table": truth.table, "rules": options})["state"]
    shown: set[str] = set()

    def send(move: dict[str, Any], before: Truth | None = None) -> None:
        """``before``: the truth as it was when the move was chosen (the table moves its cards first)."""
        nonlocal state
        check_agreement(client, rng, state, move, before or truth)
        state = post(client, "/moves/apply", {"state": state, "move": move})["state"]
        check_conservation(state, truth)

    def show_if_held() -> None:
        """The moment three Kings are truly held and the referee does not know it, the holder shows them."""
        holder = truth.three_kings
        if holder is not None and state["three_kings"] is None and holder not in shown:
            shown.add(holder)
            send({"player": holder, "action": "show_kings"})

    show_if_held()
    for _ in range(MAX_MOVES):
        if state["phase"] == "over" or truth.ended:
            break
        name = names[truth.to_act]
        assert state["players"][state["to_act"]]["name"] == name
        before = copy.deepcopy(truth)
        if state["phase"] == "draw":
            card = truth.draw(truth.to_act)
            named = card is not None and rng.random() < 0.5
            send({"player": name, "action": "draw", **({"drawn": [card]} if named else {})}, before)
            show_if_held()
            continue
        option = rng.choice(truth.options())
        move: dict[str, Any] = {"player": name}
        if option[0] == "set":
            _, hand_card, low, high = option
            hand = truth.hands[truth.to_act]
            hand.remove(hand_card)
            truth.table.remove(low)
            truth.table.remove(high)
            truth.piles[truth.to_act] += [hand_card, low, high]
            seen = sum(rank_of(card) == "K" for card in state["players"][truth.to_act]["hand"]["cards"])
            extra = truth.draw(truth.to_act)
            named = extra is not None and rng.random() < 0.5
            # When the extra card is a third King the referee cannot count (some are unseen) and the set emptied the
            # table, the move names the turned cards before the show (what is played before a show stands).
            turned = truth.refill(truth.to_act, late=seen + (named and extra == "K") < 3)
            move |= {"action": "set", "hand_card": hand_card, "table_cards": [low, high]}
            move |= ({"drawn": [extra]} if named else {}) | ({"turned": turned} if turned else {})
            truth.acted = True
        elif option[0] == "discard":
            truth.hands[truth.to_act].remove(option[1])
            truth.table.append(option[1])
            move |= {"action": "discard", "card": option[1]}
            truth.acted = True
        elif option[0] == "take":
            seen = sum(rank_of(card) == "K" for card in state["players"][truth.to_act]["hand"]["cards"])
            truth.table.remove("K")
            truth.hands[truth.to_act].append("K")
            truth.check_three(truth.to_act)
            # The referee sees the matching King and the one taken; when the third is unseen and the take empties
            # the table, the move must name the turned cards before the show (what is played before a show stands).
            turned = truth.refill(truth.to_act, late=max(seen, 1) + 1 < 3)
            move |= {"action": "take_king", **({"turned": turned} if turned else {})}
        else:
            move |= {"action": "pass"}
        send(move, before)
        show_if_held()
        if truth.ended:
            break
        if option[0] == "pass" or (truth.acted and not truth.may_take()):
            if option[0] != "pass" and state["phase"] == "kings":  # the referee cannot see there is no King to take
                send({"player": name, "action": "pass"})
            truth.end_turn()
    else:
        pytest.fail("a game that never ends")
    return state, truth


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 6),
    scoring=st.sampled_from(["three_kings_wins", "bonus", "penalty"]),
    play_it_out=st.booleans(),
)
def test_random_games_at_a_real_table_through_http(seed, players, scoring, play_it_out):
    play_it_out = play_it_out and scoring != "three_kings_wins"
    state, truth = play(seed, players, scoring, play_it_out)
    assert truth.ended is not None and state["phase"] == "over"
    assert state["outcome"] == truth.outcome()


def test_a_few_real_table_games_quickly():
    reasons = set()
    for seed in range(6):
        state, truth = play(seed, 2 + seed % 2, ["bonus", "penalty", "three_kings_wins"][seed % 3], False)
        assert state["outcome"] == truth.outcome()
        reasons.add(state["outcome"]["reason"])
    assert reasons == {"three_kings"}


def test_the_judge_deals_the_pack_of_the_rule_book():
    truth = Truth(random.Random(1), ["a", "b", "c"], 0, "bonus", False)
    everything = Counter(card for hand in truth.hands for card in hand) + Counter(truth.table) + Counter(truth.pile)
    assert everything == Counter({rank: 6 + (rank == "K") for rank in RANKS})  # 26 * 3 + 1 cards
    assert [len(hand) for hand in truth.hands] == [4, 4, 4] and len(truth.table) == 4 and truth.to_act == 1
    assert adds_up("6", "5", "J") and adds_up("J", "6", "5") and not adds_up("9", "3", "5") and not adds_up("K", "A", "K")
