"""Random self-play through the engine, with every invariant of a match checked as it goes (shared by the tests)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from service.games.twenty_four_1718 import GAME
from service.games.twenty_four_1718.start import new_match
from service.games.twenty_four_1718.state import TableState

from . import oracle

NAMES = ["ann", "bob", "cy", "dee", "eve"]


@dataclass
class HandRecord:
    """A hand as it was dealt and played, for the oracle: seats from the leader, chips before it, the tricks."""

    leader: int
    hands: list[list[str]]
    turn_up: str
    honors: str
    before: list[int]
    tricks: list[list[str]] = field(default_factory=list)
    awards: list[tuple[str, int]] = field(default_factory=list)  # (step, player from the leader)


@dataclass
class Tracker:
    """Follows a match through its events alone and checks each invariant."""

    seats: int
    chips: list[int]
    plays: list[int] = field(default_factory=list)  # seats of the trick under way
    hand: HandRecord | None = None
    hands_checked: int = 0

    def step(self, after: dict[str, Any], events: list[dict[str, Any]]) -> None:
        assert_conserved(after)
        for event in events:
            kind = event["type"]
            if kind == "played":
                self.plays.append(event["seat"])
            elif kind == "trick_taken":
                assert sorted(self.plays) == list(range(self.seats)), "a trick holds one card from each player"
                assert len(event["cards"]) == self.seats
                self.plays = []
                if self.hand is not None:
                    self.hand.tricks.append(event["cards"])
            elif kind == "scored":
                assert event["total"] == self.chips[event["seat"]] + 1, "chips grow one at a time"
                self.chips[event["seat"]] = event["total"]
                if self.hand is not None:
                    self.hand.awards.append((event["step"], (event["seat"] - self.hand.leader) % self.seats))
            elif kind == "game_won":
                assert self.chips[event["seat"]] == 6
                self._close_hand()
                self.chips = [0] * self.seats
            elif kind == "dealt":
                self._close_hand()
                self.plays = []
        if any(event["type"] == "dealt" for event in events) and after["phase"] == "declare":
            self._open_hand(after)
        if after["phase"] != "over":
            assert [player["chips"] for player in after["players"]] == self.chips, "the state's chips are the events' chips"

    def _open_hand(self, state: dict[str, Any]) -> None:
        leader = (state["dealer"] + 1) % self.seats
        turn_up = state["stock"]["turn_up"]
        rule = state["rules"]["honors"]
        honors = rule if rule != "alternate" else ("point" if state["hand_number"] % 2 else "face")
        before = list(self.chips)
        paid: list[tuple[str, int]] = []
        if turn_up[:-1] in oracle.HONORS[honors]:
            before[state["dealer"]] -= 1  # the turn-up's chip is already paid
            paid = [("turn_up", self.seats - 1)]
        self.hand = HandRecord(
            leader,
            [state["players"][(leader + p) % self.seats]["hand"] for p in range(self.seats)],
            turn_up,
            honors,
            [before[(leader + p) % self.seats] for p in range(self.seats)],
            awards=paid,
        )

    def _close_hand(self) -> None:
        hand, self.hand = self.hand, None
        if hand is None:
            return
        expected = oracle.awards_of_hand(hand.hands, hand.turn_up, hand.honors, hand.tricks, hand.before)
        assert hand.awards == expected, (hand, expected)
        self.hands_checked += 1

    def finish(self) -> None:
        self._close_hand()


def assert_conserved(state: dict[str, Any]) -> None:
    """The 52 cards, each once: hands, tricks, the trick under way, the stock."""
    cards = [card for player in state["players"] for card in player["hand"]]
    cards += [card for trick in (*state["tricks"], state["trick"]) for card in trick["cards"]]
    cards += [state["stock"]["turn_up"], *state["stock"]["cards"]]
    assert len(cards) + state["stock"]["hidden"] == 52
    assert len(set(cards)) == len(cards)


def play_match(seed: int, check_moves: bool = False) -> Tracker:
    """One random match through the engine's records (fast path); returns the tracker that checked it."""
    rng = random.Random(seed)
    players = 4 + seed % 2
    match = new_match(NAMES[:players], rng.choice(["point", "face", "alternate"]), 1 + (seed % 5 == 0), seed)  # type: ignore[arg-type]
    state: TableState = match.state
    tracker = Tracker(players, [0] * players)
    tracker.step(state.to_dict(), list(match.events))
    while not GAME.is_terminal(state):
        moves = GAME.legal_moves(state)
        if check_moves:
            check_legality(state, moves, rng)
        transition = GAME.apply(state, rng.choice(moves))
        tracker.step(transition.state.to_dict(), list(transition.events))
        state = transition.state
    tracker.finish()
    return tracker


def check_legality(state: TableState, moves: list[Any], rng: random.Random) -> None:
    """Every listed move is judged legal; every other card of the player to act is refused with a reason."""
    listed = {move.card for move in moves}
    for move in moves:
        assert GAME.judge(state, move).legal
    if state.phase != "play":
        return
    for card in state.acting.hand:
        if card not in listed:
            verdict = GAME.judge(state, type(moves[0])(state.acting.name, "play", card))
            assert not verdict.legal and verdict.reasons
            # the one alternatives policy: the nearest legal moves (all plays here, in the listed order), at most 6
            assert [alt.move.card for alt in verdict.alternatives] == [move.card for move in moves][:6]
    other = rng.choice([seat for seat in range(state.seats) if seat != state.to_act])
    if state.players[other].hand:
        refused = GAME.judge(state, type(moves[0])(state.players[other].name, "play", state.players[other].hand[0]))
        assert "not_your_turn" in {reason.code for reason in refused.reasons}
