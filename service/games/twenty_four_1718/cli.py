"""``kings twenty-four-1718 ...``: Twenty-Four (1718) from a terminal.

Each subcommand calls the service through the one client (card_referee_client)
and returns readable text, or the JSON answer with ``--json`` (a new match:
always the JSON answer, to keep).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from service.cli import STATE_HELP, add_new_game_command, legal_moves, read_object, show_legal

if TYPE_CHECKING:
    from card_referee_client import RefereeClient

HONORS = ("point", "face")
MATCH_HONORS = (*HONORS, "alternate", "alternate_games")  # a match may also alternate, by hands or by games (rules.md §1.3)


def _cards(text: str) -> list[str]:
    """``"KS QS 10S"`` or ``"KS,QS,10S"`` as a list of card texts."""
    return text.replace(",", " ").split()


def _post(client: RefereeClient, name: str, body: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = client.game("twenty-four-1718").invoke(name, body)
    return answer


def new_match_body(args: argparse.Namespace, players: list[str]) -> dict[str, Any]:
    return {"players": players, "rules": {"honors": args.honors, "games": args.games}}


def declarations(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    return _post(client, "declarations", {"hands": [_cards(hand) for hand in args.hands], "turn_up": args.turn_up, "rules": {"honors": args.honors}})


def show_declarations(answer: dict[str, Any]) -> str:
    lines = ["Hands are counted from 1, the leader's first, the dealer's last."]
    lines.append(f"Turn-up {answer['turn_up']['card']}: " + ("an honor, 1 chip to the dealer" if answer["turn_up"]["honor"] else "no honor"))
    lines += [f"Hand {run['player_position']}: {' '.join(run['cards'])} (a {run['length']} to the {run['top']})" for run in answer["sequences"]]
    winner = answer["sequence_winner_position"]
    lines.append("No sequence" if winner is None else f"Sequences: hand {winner} scores {len(answer['scoring_sequences'])}")
    point = answer["point"]
    taker = "not scored (the game stopped before it)" if point["winner_position"] is None else f"hand {point['winner_position']}"
    lines.append(f"Point: {taker}, {point['count']} cards worth {point['sum']}")
    lines.append(f"Chips: {answer['chips']}")
    return "\n".join(lines)


def legal(args: argparse.Namespace, client: RefereeClient) -> str | dict[str, Any]:
    """``legal STATE``: the shared command (every legal move of a state); ``legal --hand ... --trump ...``: one trick's cards."""
    if args.state is not None:
        if args.hand is not None:
            raise argparse.ArgumentTypeError("give a state file, or --hand and --trump, not both")
        return legal_moves(args, client)  # shown by show_legal, or as JSON with --json
    if args.hand is None or args.trump is None:
        raise argparse.ArgumentTypeError("legal needs a state file, or --hand and --trump")
    return tricks_legal(args, client)


def tricks_legal(args: argparse.Namespace, client: RefereeClient) -> str | dict[str, Any]:
    answer = _post(client, "tricks/legal", {"hand": _cards(args.hand), "trick": _cards(args.trick), "trump": args.trump})
    return answer if args.json else f"{' '.join(answer['legal'])}\n§{answer['section']}: {answer['rule']}"


def tricks_winner(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    return _post(client, "tricks/winner", {"trick": list(args.trick), "trump": args.trump, "rules": {"honors": args.honors}})


def show_winner(answer: dict[str, Any]) -> str:
    honors = " ".join(answer["honors"]) or "none"
    return f"{answer['card']} takes the trick (card {answer['winner_position']} of the trick, the lead is 1); honors: {honors}"


def score(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    """A whole hand's chips from a JSON file holding the /score body (hands, turn_up, tricks, rules, chips)."""
    return _post(client, "score", read_object(args.file))


def show_score(answer: dict[str, Any]) -> str:
    lines = [f"{step['step']}: hand {step['player_position']} ({step['total']} chips)" for step in answer["steps"]]
    reached = answer["reached_24"]
    lines.append(f"Chips after the hand: {answer['totals']}")
    if reached is not None:
        lines.append(f"Hand {reached['player_position']} reached 24 at the {reached['step']}: the game stops there")
    return "\n".join(lines)


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The subcommands of ``kings twenty-four-1718``."""
    # ``new``, the name this game's command had, stays as an alias: docs/cli.md and the guide showed it.
    new = add_new_game_command(
        commands, new_match_body, show=None, help_text="a new match: the draw for the dealer and the first deal (JSON), four or five players", aliases=("new",)
    )
    new.add_argument("--honors", choices=MATCH_HONORS, default="point")
    new.add_argument("--games", type=int, default=1)

    declared = commands.add_parser("declarations", help="the sequences, the Point and the chips of a deal")
    declared.add_argument("hands", nargs="+", help='each hand as one quoted argument, "AC 2C 3C ...", from the leader, the dealer last')
    declared.add_argument("--turn-up", required=True)
    declared.add_argument("--honors", choices=HONORS, default="point")
    declared.set_defaults(run=declarations, show=show_declarations)

    listed = commands.add_parser("legal", help="every legal move of a state (STATE), or the cards a hand may play to a trick, and why (--hand, --trump)")
    listed.add_argument("state", nargs="?", help=STATE_HELP)
    listed.add_argument("--hand", help='"KS 2S 5H AH"')
    listed.add_argument("--trick", default="", help='the cards already played, in order: "7S 9S 3H"')
    listed.add_argument("--trump", choices=("S", "H", "D", "C"))
    listed.set_defaults(run=legal, show=show_legal, game="twenty-four-1718")

    winner = commands.add_parser("winner", help="who takes a complete trick, and its honors")
    winner.add_argument("trick", nargs="+", help="the cards in playing order")
    winner.add_argument("--trump", required=True, choices=("S", "H", "D", "C"))
    winner.add_argument("--honors", choices=HONORS, default="point")
    winner.set_defaults(run=tricks_winner, show=show_winner)

    scored = commands.add_parser("score", help="a whole hand's chips, from a JSON file with the /score body")
    scored.add_argument("file", help="a JSON file, or - for standard input")
    scored.set_defaults(run=score, show=show_score)
