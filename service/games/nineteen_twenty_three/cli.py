"""``kings 1923 ...``: 1923 from a terminal, through a running referee.

Hands are written ``ann=AH,9C,2D`` (cards in the order taken). Each command
returns readable text, or the endpoint's JSON answer with ``--json``. Every call
goes through the one client (card_referee_client).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from service import cli
from service.cli import add_new_game_command

if TYPE_CHECKING:
    from card_referee_client import RefereeClient


def cards_by_player(items: Sequence[str]) -> dict[str, list[str]]:
    """``["ann=AH,9C", "bob=10C,7D"]`` as ``{"ann": ["AH", "9C"], "bob": ["10C", "7D"]}``."""
    parsed: dict[str, list[str]] = {}
    for item in items:
        name, separator, cards = item.partition("=")
        if not separator or not name:
            raise argparse.ArgumentTypeError(f"{item!r}: write a player's cards as name=AH,9C,2D")
        parsed[name] = [card for card in cards.replace(",", " ").split() if card]
    return parsed


def show_judgement(answer: dict[str, Any]) -> str:
    lines = ["Values: " + ", ".join(f"{name} {value}" for name, value in answer["values"].items())]
    for step in answer["steps"]:
        number = f" {step.get('round') or step.get('turn')}" if "round" in step or "turn" in step else ""
        compared = ", ".join(f"{name} {value}" for name, value in step["compared"].items())
        lines.append(f"  {step['step']}{number} (rule {step['rule']}): {compared or 'nobody has a card left'} -> {', '.join(step['tied']) or 'nobody'}")
    if answer.get("needs") == "draw":
        lines.append(f"Tied: {', '.join(answer['tied'])} must draw (round {answer['round']}); give the cards with --draw name=CARD")
    elif answer["winner"] is None:
        lines.append(f"No winner: {answer['dead_cards']} cards are dead")
    else:
        lines.append(f"Winner: {answer['winner']} by {answer['decided_by']}, takes {answer['cards_won']} cards")
    return "\n".join(lines)


def show_set(answer: dict[str, Any]) -> str:
    lines = [f"{name}: {answer['cards'][name]} cards, {answer['aces'][name]} Ace(s) -> {points:+d}" for name, points in answer["points"].items()]
    return "\n".join([*lines, f"Set won by: {', '.join(answer['winners'])}"])


def show_standings(answer: dict[str, Any]) -> str:
    lines = [f"set {line['set']}: " + ", ".join(f"{name} {total}" for name, total in line["totals"].items()) for line in answer["sets"]]
    if answer["over"]:
        lines.append(f"Match won by {', '.join(answer['winners'])} ({answer['decided_by']}, rule {answer['rule']})")
    else:
        lines.append(f"Match goes on: first to {answer['target']}")
    return "\n".join(lines)


def show_new_game(answer: dict[str, Any]) -> str:
    state = answer["state"]
    hands = ", ".join(f"{p['name']} {' '.join(p['hand']['cards'])}" for p in state["players"])
    pile = state["pile"]["hidden"] + len(state["pile"]["cards"])
    return f"Seed {state['seed']}, {state['rules']['decks']} deck(s), target {state['rules']['target']}; pile {pile}; {hands}"


def _listed(cards: dict[str, list[str]]) -> list[dict[str, Any]]:
    """``{"ann": [...]}`` as the judge's ``[{"player": "ann", "cards": [...]}]``."""
    return [{"player": name, "cards": held} for name, held in cards.items()]


def _given(**fields: Any) -> dict[str, Any]:
    """The optional fields that were given."""
    return {name: value for name, value in fields.items() if value is not None}


def _post(client: RefereeClient, name: str, body: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = client.game("1923").invoke(name, body)
    return answer


def run_judge(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    draws = _listed(cards_by_player(args.draw)) if args.draw else None
    return _post(client, "judge", {"hands": _listed(cards_by_player(args.hands)), **_given(draws=draws, pile=args.pile, decks=args.decks)})


def run_score_set(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    return _post(client, "sets/score", {"won": cards_by_player(args.won), **_given(decks=args.decks)})


def run_standings(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    """A match's standings from a JSON file of sets; a results sheet (CSV or XLSX) gives the tournament's, as in every game."""
    data = cli.read_bytes(args.file)  # read once: standard input cannot be read twice
    if data.lstrip()[:1] not in (b"{", b"["):
        return cli.standings_of_sheet(args, client, data, **_given(target=args.target))
    try:
        body = json.loads(data)
    except (ValueError, UnicodeDecodeError) as error:
        raise cli.BadInput(f"{args.file} is not JSON: {error}") from error
    sets = body["sets"] if isinstance(body, dict) else body
    return _post(client, "matches/standings", {"sets": list(sets), **_given(target=args.target)})


def show_any_standings(answer: dict[str, Any]) -> str:
    """A match's standings, or a results sheet's (which carry ``standings``)."""
    return cli.show_standings(answer) if "standings" in answer else show_standings(answer)


def new_game_body(args: argparse.Namespace, players: list[str]) -> dict[str, Any]:
    return {"players": players, **_given(decks=args.decks, target=args.target)}


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    judge = commands.add_parser("judge", help="who wins a game: 1923 judge ann=AH,9C,2D bob=10C,7D")
    judge.add_argument("hands", nargs="+", help="name=CARD,CARD,... in the order taken")
    judge.add_argument("--draw", action="append", help="tie-break draws: name=CARD,CARD (repeatable)")
    judge.add_argument("--pile", type=int, help="cards left in the pack (decides when a tie goes to war)")
    judge.add_argument("--decks", type=int)
    judge.set_defaults(run=run_judge, show=show_judgement)
    score = commands.add_parser("score-set", help="a set's points: 1923 score-set ann=AH,7C bob=AS")
    score.add_argument("won", nargs="+", help="name=CARD,CARD,... the cards each player won")
    score.add_argument("--decks", type=int)
    score.set_defaults(run=run_score_set, show=show_set)
    standings = commands.add_parser("standings", help="a match's standings from a JSON file of sets, or a tournament's from a results sheet")
    standings.add_argument(
        "file", help='a JSON file (or - for standard input): {"sets": [{"won": {...}} or {"points": {...}, "cards": {...}}]}; or a .csv or .xlsx results sheet'
    )
    standings.add_argument("--target", type=int)
    cli.add_sheet_options(standings)
    standings.set_defaults(run=run_standings, show=show_any_standings)
    new_game = add_new_game_command(commands, new_game_body, show=show_new_game, help_text="a new seeded match")
    new_game.add_argument("--decks", type=int)
    new_game.add_argument("--target", type=int)
