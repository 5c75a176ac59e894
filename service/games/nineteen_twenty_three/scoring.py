"""Scoring a set (rules.md §5.4, §5.5) and standing in a match (§6).

A set's points come from the cards each player won in it: the winners (most
cards, ties share) score their cards plus one per Ace (Ace benefit), everyone
else loses one per Ace won (Ace damage). A match adds the sets' points until
someone reaches the target.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from service.core.cards import ACE, SUITS, Card, CardListError, parse_cards
from service.core.problems import InvalidInput, Problem, excess_copies

from .table import CARDS_PER_DECK, decks_problems, default_decks, pack_of, roster_problems, token

DEFAULT_TARGET = 21
MAX_TARGET = 10_000
MatchRule = Literal["first_to_target", "most_cards", "shared"]
RULE_OF_MATCH: dict[str, str] = {"first_to_target": "6.1", "most_cards": "6.2", "shared": "6.2"}


@dataclass(frozen=True, slots=True)
class SetScore:
    """A set scored: each player's cards and Aces won, the winners, and the points."""

    players: tuple[str, ...]
    cards: tuple[int, ...]
    aces: tuple[int, ...]
    winners: tuple[str, ...]
    points: tuple[int, ...]

    def points_of(self) -> dict[str, int]:
        return dict(zip(self.players, self.points, strict=True))

    def cards_of(self) -> dict[str, int]:
        return dict(zip(self.players, self.cards, strict=True))

    def to_dict(self) -> dict[str, object]:
        return {
            "winners": list(self.winners),
            "points": self.points_of(),
            "cards": self.cards_of(),
            "aces": dict(zip(self.players, self.aces, strict=True)),
            "rule": "5.5",
        }


def score_set(won: Sequence[tuple[str, Sequence[Card]]]) -> SetScore:
    """Winners by most cards won (all share when nobody won one); Ace benefit and Ace damage (§5.4, §5.5)."""
    players = tuple(name for name, _ in won)
    cards = tuple(len(pile) for _, pile in won)
    aces = tuple(sum(card.rank == ACE for card in pile) for _, pile in won)
    winners = set_winners(dict(zip(players, cards, strict=True)))
    points = tuple(count + ace if name in winners else -ace for name, count, ace in zip(players, cards, aces, strict=True))
    return SetScore(players, cards, aces, winners, points)


def set_winners(cards: Mapping[str, int]) -> tuple[str, ...]:
    """A set's winners: the players who won the most cards in it; a tie shares the win, and so does everyone when nobody won one (§5.4)."""
    most = max(cards.values(), default=0)
    return tuple(name for name, count in cards.items() if count == most)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Who won the match and by which rule (§6)."""

    winners: tuple[str, ...]
    decided_by: MatchRule

    def to_dict(self) -> dict[str, object]:
        return {"winners": list(self.winners), "decided_by": self.decided_by, "rule": RULE_OF_MATCH[self.decided_by]}


def match_result(totals: Mapping[str, int], match_cards: Mapping[str, int], target: int) -> MatchResult | None:
    """At the end of a set: None while nobody has ``target`` points; else the winner(s) (§6.1, §6.2)."""
    reached = [name for name, total in totals.items() if total >= target]
    if not reached:
        return None
    if len(reached) == 1:
        return MatchResult(tuple(reached), "first_to_target")
    most = max(match_cards[name] for name in reached)
    best = tuple(name for name in reached if match_cards[name] == most)
    return MatchResult(best, "most_cards" if len(best) == 1 else "shared")


@dataclass(frozen=True, slots=True)
class SetLine:
    """One set of a match: its points and cards, and the running totals after it."""

    number: int
    points: Mapping[str, int]
    cards: Mapping[str, int]
    totals: Mapping[str, int]
    winners: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"set": self.number, "points": dict(self.points), "cards": dict(self.cards), "totals": dict(self.totals)}
        if self.winners:
            data["winners"] = list(self.winners)
        return data


@dataclass(frozen=True, slots=True)
class MatchStandings:
    """Running totals after each set, whether the match is over, and its result."""

    target: int
    sets: tuple[SetLine, ...]
    totals: Mapping[str, int]
    match_cards: Mapping[str, int]
    result: MatchResult | None

    def to_dict(self) -> dict[str, object]:
        ranked = sorted(self.totals.items(), key=lambda item: (-item[1], -self.match_cards[item[0]]))
        return {
            "target": self.target,
            "sets": [line.to_dict() for line in self.sets],
            "totals": dict(self.totals),
            "cards": dict(self.match_cards),
            "ranking": [name for name, _ in ranked],
            "over": self.result is not None,
            "winners": list(self.result.winners) if self.result else [],
            "decided_by": self.result.decided_by if self.result else None,
            "rule": RULE_OF_MATCH[self.result.decided_by] if self.result else None,
        }


def match_standings(sets: Sequence[SetLine], target: int = DEFAULT_TARGET) -> MatchStandings:
    """Add the sets' points in order; the match ends after the first set that brings someone to ``target``.

    ``sets`` carry points and cards (their totals are filled in here); a set
    after the one that ended the match is refused.
    """
    players = list(sets[0].points) if sets else []
    totals = dict.fromkeys(players, 0)
    cards = dict.fromkeys(players, 0)
    lines = []
    result = None
    for index, line in enumerate(sets):
        if result is not None:
            raise InvalidInput(
                [
                    Problem(
                        f"/sets/{index}",
                        "match_already_over",
                        f"the match ended after set {index}: {', '.join(result.winners)} reached {target} (rules.md §6.1)",
                    )
                ]
            )
        for name in players:
            totals[name] += line.points[name]
            cards[name] += line.cards[name]
        lines.append(SetLine(index + 1, line.points, line.cards, dict(totals), line.winners))
        result = match_result(totals, cards, target)
    return MatchStandings(target, tuple(lines), totals, cards, result)


# -- the endpoints' requests --------------------------------------------------------------------------
def _won_cards(won: Mapping[str, Any], pointer: str, problems: list[Problem]) -> list[tuple[str, tuple[Card, ...]]]:
    named = []
    for name, texts in won.items():
        try:
            cards = tuple(parse_cards(texts))
        except CardListError as error:
            problems += [Problem(f"{pointer}/{token(name)}/{at}", "bad_card", message) for at, message in error.problems]
            cards = ()
        named.append((name, cards))
    return named


def _copies_problems(won: Sequence[tuple[str, Sequence[Card]]], decks: object, pointer: str) -> list[Problem]:
    """No card won more often than the decks (default ceil(players / 3)) hold it."""
    count = decks_for(decks, len(won))
    if problems := decks_problems(count, len(won)):
        return problems
    places = [(f"{pointer}/{token(name)}/{at}", card) for name, cards in won for at, card in enumerate(cards)]
    return excess_copies(places, pack_of(count))


def set_request(data: Mapping[str, Any]) -> SetScore:
    """Read and score ``{"won": {"ann": [...], ...}, "decks": n?}``; every problem at once."""
    problems: list[Problem] = []
    won = _won_cards(data.get("won") or {}, "/won", problems)
    problems += roster_problems([name for name, _ in won], "/won") + _copies_problems(won, data.get("decks"), "/won")
    if problems:
        raise InvalidInput(problems)
    return score_set(won)


def standings_request(data: Mapping[str, Any]) -> MatchStandings:
    """Read ``{"target": n?, "decks": n?, "sets": [{"won": {...}} or {"points": {...}, "cards": {...}}]}``.

    Every set names the same players as the first; a set given by its cards is
    scored by §5.5, a set given by points and card counts is checked against §5.5.
    """
    problems: list[Problem] = []
    lines: list[SetLine] = []
    places: list[int] = []
    for index, item in enumerate(data.get("sets") or []):
        line = _set_line(item, f"/sets/{index}", data.get("decks"), problems)
        if line is not None:
            lines.append(line)
            places.append(index)
    problems += [Problem(f"/sets/{places[at]}", "players_differ", f"set {places[at] + 1}: {why}") for at, why in players_differ(lines)]
    if not data.get("sets"):
        problems.append(Problem("/sets", "no_sets", "a match's standings need at least one set"))
    target = data.get("target", DEFAULT_TARGET)
    if not isinstance(target, int) or not 1 <= target <= MAX_TARGET:
        problems.append(Problem("/target", "bad_target", f"the target is a whole number of points from 1 to {MAX_TARGET}"))
    if problems:
        raise InvalidInput(problems)
    return match_standings(lines, target)


def won_line(won: Sequence[tuple[str, Sequence[Card]]]) -> SetLine:
    """A set given by the cards each player won, scored by §5.5 (its totals are filled in by :func:`match_standings`)."""
    scored = score_set(won)
    return SetLine(0, scored.points_of(), scored.cards_of(), {}, scored.winners)


def decks_for(decks: object, players: int) -> int:
    """The decks a request names, else ceil(players / 3) (§1.2)."""
    return decks if isinstance(decks, int) else default_decks(players)


def _set_line(item: Mapping[str, Any], at: str, decks: object, problems: list[Problem]) -> SetLine | None:
    """One set of a standings request, scored; None (with the problems noted) when it cannot be."""
    if ("won" in item) == ("points" in item or "cards" in item):
        problems.append(Problem(at, "set_shape", "a set gives either the cards each player won (won) or their points and card counts (points, cards)"))
        return None
    before = len(problems)
    if "won" in item:
        won = _won_cards(item["won"], f"{at}/won", problems)
        problems += roster_problems([name for name, _ in won], f"{at}/won") + _copies_problems(won, decks, f"{at}/won")
        return won_line(won) if len(problems) == before else None
    points, cards = item.get("points"), item.get("cards")
    if not isinstance(points, Mapping) or not isinstance(cards, Mapping) or set(points) != set(cards):
        problems.append(Problem(f"{at}/cards", "set_shape", "points and cards name the same players"))
        return None
    problems += roster_problems(list(points), f"{at}/points")
    if len(problems) == before:
        count = decks_for(decks, len(cards))
        problems += decks_problems(count, len(cards)) or impossible_points(points, cards, count, at)
    return SetLine(0, dict(points), dict(cards), {}) if len(problems) == before else None


def impossible_points(points: Mapping[str, int], cards: Mapping[str, int], decks: int, at: str) -> list[Problem]:
    """A set given by points and card counts, checked against §5.5 and the pack (``at`` is the set's pointer).

    The cards won fit in the pack (``decks`` × 52) and its Aces (4 a deck) bound the Aces won. A winner
    (most cards) scores their cards plus one per Ace among them; any other player scores minus their
    Aces, so between minus their cards and 0. The Aces the points imply, over every player, fit in the pack.
    """
    pack, pack_aces = decks * CARDS_PER_DECK, decks * len(SUITS)
    total = sum(cards.values())
    if total > pack:
        return [Problem(f"{at}/cards", "cards_over_pack", f"the players won {total} cards in one set; {decks} deck(s) hold {pack} (rules.md §1.2)")]
    most = max(cards.values(), default=0)
    problems = []
    for name, count in cards.items():
        aces = min(count, pack_aces)
        low, high = (count, count + aces) if count == most else (-aces, 0)
        if not low <= points[name] <= high:
            role = "won the set" if count == most else "did not win the set"
            problems.append(
                Problem(
                    f"{at}/points/{token(name)}",
                    "impossible_points",
                    f"{name!r} {role} with {count} card(s): their points are from {low} to {high}, not {points[name]} (rules.md §5.5)",
                )
            )
    if problems:
        return problems
    aces_won = sum(points[name] - count if count == most else -points[name] for name, count in cards.items())
    if aces_won > pack_aces:
        return [Problem(f"{at}/points", "aces_over_pack", f"these points mean {aces_won} Aces won; {decks} deck(s) hold {pack_aces} (rules.md §5.5)")]
    return []


def players_differ(lines: Sequence[SetLine]) -> list[tuple[int, str]]:
    """The sets (index in ``lines``, why) that name other players than the first set: a match has one table (§6)."""
    players = list(lines[0].points) if lines else []
    return [
        (index, f"this set names {', '.join(line.points)}; the match is played by {', '.join(players)}")
        for index, line in enumerate(lines)
        if sorted(line.points) != sorted(players)
    ]
