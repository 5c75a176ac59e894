"""``kings twenty-four solve 2 4 10 10``, ``judge``, ``target``, ``new-game``: Twenty-Four from a terminal.

Every call goes through the one client (card_referee_client); what is here reads the commands' arguments and
renders the answers as text.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from service.cli import add_new_game_command, rules_field

if TYPE_CHECKING:
    from card_referee_client import RefereeClient


def add_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    solve = commands.add_parser("solve", help="every distinct way to make the target from four cards or numbers")
    solve.add_argument("table", nargs=4, help="four numbers (1-13) or cards (7H, AS, KD)")
    solve.add_argument("--target", type=int, default=24)
    solve.add_argument("--face-cards", action="store_true", help="Jacks, Queens and Kings count 11, 12, 13")
    solve.add_argument("--ascii", action="store_true", help="write - * / instead of − × ÷")
    solve.set_defaults(run=run_solve, show=show_solutions)

    judge = commands.add_parser("judge", help="judge a claimed expression against four cards or numbers")
    judge.add_argument("expression", help='e.g. "(2 + 4 / 10) * 10"')
    judge.add_argument("table", nargs=4, help="four numbers (1-13) or cards")
    judge.add_argument("--target", type=int, default=24)
    judge.add_argument("--face-cards", action="store_true")
    judge.set_defaults(run=run_judge)

    target = commands.add_parser("target", help="the dynamic target set by eight cards")
    target.add_argument("cards", nargs=8)
    target.add_argument("--face-cards", action="store_true")
    target.set_defaults(run=run_target, show=show_target)

    game = add_new_game_command(commands, new_game_body, show=show_new_game, help_text="a new seeded game: the deal, the first round's table")
    game.add_argument("--dealer", type=int, help="the dealer's seat (0 first)")
    game.add_argument("--face-cards", action="store_true", help="Jacks, Queens and Kings count 11, 12, 13")
    game.add_argument("--dynamic-target", action="store_true", help="each round's target is set by eight cards")
    game.add_argument("--hands", type=int, help="hands to play (default the service's)")


def _table(items: list[str]) -> dict[str, Any]:
    """Numbers as ``values``, card texts (``7H``) as ``cards``."""
    if all(item.isdigit() for item in items):
        return {"values": [int(item) for item in items]}
    return {"cards": list(items)}


def run_solve(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    body = _table(args.table) | {"target": args.target, "face_cards": args.face_cards, "notation": "ascii" if args.ascii else "unicode"}
    answer: dict[str, Any] = client.game("twenty-four").invoke("solve", body)
    return answer


def show_solutions(answer: dict[str, Any]) -> str:
    values = " ".join(map(str, answer["values"]))
    if not answer["solvable"]:
        return f"{values} cannot make {answer['target']}."
    lines = [f"{values} make {answer['target']} in {answer['count']} distinct way{'s' if answer['count'] != 1 else ''}:"]
    return "\n".join(lines + [f"  {solution}" for solution in answer["solutions"]])


def run_judge(args: argparse.Namespace, client: RefereeClient) -> str | dict[str, Any]:
    body = _table(args.table) | {"expression": args.expression, "target": args.target, "face_cards": args.face_cards}
    answer: dict[str, Any] = client.game("twenty-four").invoke("judge", body)
    return answer if args.json else show_judgement(answer, args.expression)


def show_judgement(answer: dict[str, Any], expression: str) -> str:
    """The verdict, with a caret under the place each reason points at."""
    if answer["correct"]:
        return f"Correct: {expression} = {answer['value']}"
    makes = f" (it makes {answer['value']})" if answer["value"] is not None else ""
    lines = [f"Wrong{makes}:", f"  {expression}"]
    lines += [f"  {' ' * reason['at']}^ {reason['code']} (§{reason['rule']}): {reason['message']}" for reason in answer["reasons"]]
    return "\n".join(lines)


def run_target(args: argparse.Namespace, client: RefereeClient) -> dict[str, Any]:
    answer: dict[str, Any] = client.game("twenty-four").invoke("target", {"cards": args.cards, "face_cards": args.face_cards})
    return answer


def show_target(answer: dict[str, Any]) -> str:
    return (
        f"Removed high: {' '.join(answer['removed_high'])}; removed low: {' '.join(answer['removed_low'])}; "
        f"summed: {' '.join(answer['summed'])} = {answer['target']}"
    )


def new_game_body(args: argparse.Namespace, players: list[str]) -> dict[str, Any]:
    variant = {"face_cards": args.face_cards, "dynamic_target": args.dynamic_target} | ({"hands": args.hands} if args.hands is not None else {})
    return {"players": players, rules_field("post_v1_twenty_four_games"): variant} | ({"dealer": args.dealer} if args.dealer is not None else {})


def show_new_game(answer: dict[str, Any]) -> str:
    """The deal: the seed, the dealer, each pile's size, the first table and its target."""
    state = answer["state"]
    piles = ", ".join(f"{player['name']} {len(player['pile'])} cards" for player in state["players"])
    return "\n".join(
        [
            f"Seed {state['seed']}; {state['players'][state['dealer']]['name']} deals; piles: {piles}.",
            f"Table: {' '.join(state['table'])}; make {state['target']}.",
        ]
    )
