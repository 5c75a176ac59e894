"""What one player may see of the table (rules.md §11.4).

Their own hand; of everyone else only how many cards they hold. The
turn-up, the trick under way, the chips, the tricks each player has taken
and the declarations already made are public. As in the state (and in every
game's view), a seat is a number, an index into ``players`` (``dealer``,
``to_act``, ``leader``, the trick's ``leader``), and the match's settings
are its ``rules``. Completed tricks lie face down, so their cards are not
shown, nor is any card of the stock but the turn-up.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.core.cards import card_texts

from .declarations import declare
from .pack import honor_texts
from .state import TableState


@dataclass(frozen=True, slots=True)
class PlayerView:
    state: TableState
    seat: int

    def to_dict(self) -> dict[str, object]:
        state = self.state
        names = [player.name for player in state.players]
        taken = state.tricks_taken()
        return {
            "player": names[self.seat],
            "seat": self.seat,
            "phase": state.phase,
            "to_act": None if state.phase == "over" else state.to_act,
            "rules": state.rules_to_dict(),
            "game": state.game,
            "hand_number": state.hand_number,
            "dealer": state.dealer,
            "leader": state.leader,
            "trump": state.trump if state.trump_known else None,
            "turn_up": str(state.stock.turn_up) if state.trump_known else None,
            "stock_face_down": state.stock.size - 1 if state.trump_known else 0,
            "honors": honor_texts(state.trump, state.hand_honors) if state.trump_known else [],
            "hand": card_texts(state.players[self.seat].hand),
            "players": [
                {"name": player.name, "cards": player.holding, "chips": player.chips, "games_won": player.games_won, "tricks_taken": taken[seat]}
                for seat, player in enumerate(state.players)
            ],
            "declarations": self._declarations(),
            "tricks_played": len(state.tricks),
            "trick": {"leader": state.trick.leader, "cards": card_texts(state.trick.cards)},
        }

    def _declarations(self) -> list[dict[str, object]]:
        """The declarations made so far in this hand, in order: public once spoken.

        A match over before any trick of its last hand shows none: the state cannot tell whether
        the game stopped at the turn-up or after the declarations (the events of that move did)."""
        state = self.state
        if (state.phase == "over" and not state.tricks) or state.phase in ("draw", "deal"):
            return []
        dealt = state.dealt_hands()
        made: list[dict[str, object]] = []
        points: list[tuple[int, int]] = []  # (count, sum) of each declarer so far
        best: list[int] = []  # the places in ``made`` holding the best Point count so far
        for offset in range(state.declared()):
            seat = (state.leader + offset) % state.seats
            if state.deal == "physical" and offset < len(state.claims):  # a real table: what the player announced
                claim = state.claims[offset]
                sequences = [card_texts(run) for run in claim.sequences or ()]
                count, total = claim.point or (0, 0)
            else:
                declared = declare([dealt[seat]], state.trump)
                sequences = [card_texts(run.cards) for run in declared.sequences]
                count, total = declared.points[0].count, declared.points[0].total
            made.append({"player": state.players[seat].name, "sequences": sequences, "point": {"count": count}})
            points.append((count, total))
            if best and count == points[best[0]][0]:
                best.append(len(made) - 1)
                for place in best:  # a tie on the count: the tied players say their sums (§6.2), public from then on
                    made[place]["point"] = {"count": points[place][0], "sum": points[place][1]}
            elif not best or count > points[best[0]][0]:
                best = [len(made) - 1]
        return made
