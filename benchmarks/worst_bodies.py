"""The heaviest valid body of every POST endpoint of every game (issue 16: each at most 100 ms of CPU).

Where we know what a request's cost grows with, the body is built to the
limits the schemas accept (``CRAFTED``): 24 Kings' search at 8 cards a player
under THE QUICK (the hand set with the most overlapping hands), ten players,
1,000 card rows of standings; Twenty-Four's set with the most solutions and
the longest, deepest claim; the most rows of points (limits.MAX_ROWS). The shared referee
endpoints (state check, legal moves, validate, apply, view) get each game's
largest dealt table: a new game at the game's most players. Every other
endpoint posts its OpenAPI example (the service's own), which is what its
schema allows in size: those bodies are typical, not proven worst, and are
marked so by :func:`origin`.

The ten 24 Kings holdings were found by a hill climb (random swaps of one card
from what the table leaves, kept when the best-split search took longer), one
player after another so that no card appears three times; see
:func:`find_heavy_table` (``python -m benchmarks.worst_bodies``).
"""

from __future__ import annotations

import io
import json
import math
import random
import time
import zipfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from flask.testing import FlaskClient
from openpyxl import Workbook

from schemas.nineteen_twenty_three import MAX_SETS
from service import create_app
from service.core.cards import Card, parse_cards
from service.games.kings.castles import Castle
from service.games.kings.hands import MOST_CARDS_HELD, Scorer
from service.games.kings.pack import full_deck
from service.games.kings.rules import Rules
from service.games.nineteen_twenty_three.table import MAX_PLAYERS as NINETEEN_TWENTY_THREE_PLAYERS
from service.games.twenty_four.expressions import MAX_DEPTH, MAX_LENGTH
from service.http.problems import MAX_VALUES
from service.tournaments.limits import MAX_CELLS, MAX_COLUMNS, MAX_ROWS, MAX_STANDINGS_CELLS, MAX_XML_ELEMENTS

Body = dict[str, Any]
KINGS_CASTLES = [{"card": "5H", "kings": []}, {"card": "9C", "kings": []}, {"card": "4D", "kings": []}, {"card": "10S", "kings": []}]
# Ten holdings of 8 cards on those castles under THE QUICK, heaviest first found (CPU of one best split, 2026-11-23):
HEAVY_TABLE = (
    "AC 2C 3H 4H 4S 5D 5H 6C",  # 0.20 ms
    "7C 7D 7H 8C 8D 8H 8S 9H",  # 0.42 ms
    "AH 2H 2S 3C 7S 8C 9S JD",  # 0.20 ms
    "4C 4D 4S 10C 10D 10H 10H 10S",  # 0.41 ms
    "AC AH AS 2D 2H 2S 3C 3D",  # 0.31 ms
    "6H 10C JD JH JS QD QH QS",  # 0.51 ms
    "4H 5C 5D 5S 6C 6D 6H 6S",  # 0.37 ms
    "3D 3H 3S 8H 9D 9H 9S 10D",  # 0.22 ms
    "3S 7C 7H 8D 9C 9D JH QD",  # 0.15 ms
    "AD AD AS 2C 2D 6D JC QH",  # 0.12 ms
)
KINGS_TOURNAMENT_GAMES = 100  # MAX_CARD_ROWS (1,000) over ten players a game
# Twenty-Four: the set with the most distinct solutions for any target 0-2 among the 1,820 sets of 1-13 (84, for 0).
MOST_SOLUTIONS = {"values": [1, 2, 2, 4], "target": 0}


def deepest_claim() -> str:
    """A claim nested to the deepest the judge reads, padded with spaces to the longest it reads: (2 + 4 / 10) × 10."""
    core = "(" * (MAX_DEPTH - 1) + "(2 + 4 / 10" + ")" * MAX_DEPTH + " * 10"
    return core + " " * (MAX_LENGTH - len(core))


def kings_bodies() -> dict[str, Body]:
    players = [{"name": f"p{index}", "cards": holding.split()} for index, holding in enumerate(HEAVY_TABLE)]
    castle_cells = {f"castle_{index}": castle["card"] for index, castle in enumerate(KINGS_CASTLES, start=1)}
    rows = [
        {"game": f"g{game}", "player": player["name"], "cards": " ".join(player["cards"]), **castle_cells, "caller": "yes" if index == 1 else "no"}
        for game in range(KINGS_TOURNAMENT_GAMES)
        for index, player in enumerate(players)
    ]
    return {
        "/v1/24-kings/hands": {"rules": {"hands": "quick"}, "castles": KINGS_CASTLES, "cards": HEAVY_TABLE[5].split()},
        "/v1/24-kings/calculus": {"rules": {"hands": "quick"}, "castles": KINGS_CASTLES, "players": players, "caller": "p1"},
        "/v1/24-kings/tournaments/standings?hands=quick": {"rows": rows},
    }


def points_rows(count: int = MAX_ROWS, notes: int = 0) -> Body:
    """The most rows of points a standings request takes: ten players a game (``notes``: ignored columns, filled)."""
    return {
        "rows": [
            {"game": f"g{row // 10}", "player": f"p{row % 10}", "points": (row * 7) % 41 - 20, **{f"note_{j}": f"n{row}-{j}" for j in range(notes)}}
            for row in range(count)
        ]
    }


# Tournament uploads (benchmarks/test_bench_uploads.py, tests/tournaments/test_worst_uploads.py): the worst bodies the
# limits accept, and one past each limit. Costs grow with the cells read (and, in XLSX, the XML elements parsed: every
# text cell is three, c/is/t, as openpyxl writes it) and with the standings written (games x players).
UPLOAD_PATH = "/v1/24-kings/tournaments/standings"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv"
NOTES = MAX_CELLS // (MAX_ROWS + 1) - 3  # ignored text columns that fill every row to the cells a sheet may hold (5)
WIDEST_ROWS = MAX_CELLS // MAX_COLUMNS - 1  # rows under a header of 64 columns that a sheet may hold (249)
ENVELOPE = 200  # XML elements of a sheet that are no row or cell (worksheet, sheetData, dimension, views...), and the header's slack


def xlsx_rows(columns: int, text_points: bool = False) -> int:
    """The most rows of ``points_sheet`` with ``columns`` columns that an XLSX holds within its XML elements, as openpyxl
    writes it: every text cell three elements (c, is, t), a number two, every row one."""
    per_row = 3 * (columns - 1) + (3 if text_points else 2) + 1
    return (MAX_XML_ELEMENTS - ENVELOPE) // per_row - 1


DIAGONAL = math.isqrt(MAX_STANDINGS_CELLS)  # games = players = 316, each player in one game: the widest standings written


def points_sheet(rows: int = MAX_ROWS, notes: int = NOTES, numbers: bool = False) -> list[list[object]]:
    """A header and ``rows`` rows of points, ten players a game, every one of ``notes`` ignored columns filled with text
    (with ``numbers``, a number: two XML elements a cell in XLSX, not three)."""
    header: list[object] = ["game", "player", "points", *(f"note_{j}" for j in range(notes))]
    return [
        header,
        *([f"g{row // 10}", f"p{row % 10}", (row * 7) % 41 - 20, *((row * 10 + j if numbers else f"n{row}-{j}") for j in range(notes))] for row in range(rows)),
    ]


def diagonal_sheet(games: int = DIAGONAL) -> list[list[object]]:
    """Each game played by a player of its own: ``games`` x ``games`` standings cells, almost every one empty."""
    return [["game", "player", "points"], *([f"g{game}", f"p{game}", game % 41 - 20] for game in range(games))]


def as_xlsx(lines: list[list[object]]) -> bytes:
    """As openpyxl's write-only mode saves it: text as inline strings, the heaviest cells to parse."""
    book = Workbook(write_only=True)
    sheet = book.create_sheet()
    for line in lines:
        sheet.append(line)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def as_csv(lines: list[list[object]]) -> bytes:
    return "".join(",".join(map(str, line)) + "\n" for line in lines).encode()


def as_json(lines: list[list[object]]) -> bytes:
    header = [str(name) for name in lines[0]]
    return json.dumps({"rows": [dict(zip(header, line, strict=True)) for line in lines[1:]]}).encode()


def cpu_timed(send: Callable[[], int], cpu: list[float]) -> Callable[[], int]:
    """``send``, keeping the CPU time of every call in ``cpu`` (issue 16's bounds are CPU; wall-clock is the shared cores')."""

    def timed() -> int:
        start = time.process_time()
        status = send()
        cpu.append(time.process_time() - start)
        return status

    return timed


@dataclass(frozen=True)
class Upload:
    """A body for the standings endpoint, and its expected answer: 200, or the status and the ``code`` of its one error."""

    query: str
    data: bytes
    content_type: str
    status: int = 200
    code: str | None = None
    path: str = UPLOAD_PATH


@cache
def upload_bodies() -> dict[str, Upload]:
    """The worst accepted bodies (``accepted: ...``) and the worst refusals (``refused: ...``), by name."""
    full, wide = points_sheet(), points_sheet(WIDEST_ROWS, MAX_COLUMNS - 3)
    one_more_row = points_sheet(MAX_ROWS + 1, notes=0)
    xlsx_full, xlsx_wide = points_sheet(xlsx_rows(3 + NOTES), NOTES), points_sheet(xlsx_rows(MAX_COLUMNS), MAX_COLUMNS - 3)
    every_row_bad = [xlsx_full[0], *([*line[:2], "x", *line[3:]] for line in points_sheet(xlsx_rows(3 + NOTES, text_points=True), NOTES)[1:])]
    return {
        f"accepted: XLSX, {len(xlsx_full) - 1:,} rows x 8 columns (the XML elements a sheet may hold) -> XLSX": Upload(
            "?format=xlsx", as_xlsx(xlsx_full), XLSX
        ),
        f"accepted: XLSX, {len(xlsx_full) - 1:,} rows x 8 columns -> JSON": Upload("", as_xlsx(xlsx_full), XLSX),
        f"accepted: XLSX, widest: {len(xlsx_wide) - 1} rows x 64 columns": Upload("", as_xlsx(xlsx_wide), XLSX),
        "accepted: CSV, 2,000 rows x 8 columns -> JSON": Upload("", as_csv(full), CSV),
        "accepted: CSV, widest: 249 rows x 64 columns -> CSV": Upload("?format=csv", as_csv(wide), CSV),
        "accepted: JSON, 2,000 rows x 8 keys": Upload("", as_json(full), "application/json"),
        "accepted: 316 games x 316 players -> XLSX": Upload("?format=xlsx", as_csv(diagonal_sheet()), CSV),
        "refused: XLSX, 2,001 rows": Upload("", as_xlsx(one_more_row), XLSX, 413, "rows"),
        "refused: XLSX, cells past the limit (empty cells: read until the limit)": Upload("", empty_cells(MAX_CELLS + 1), XLSX, 413, "cells"),
        "refused: XLSX, text cells past the XML elements (counted before parsing)": Upload(
            "", as_xlsx(points_sheet(len(xlsx_full) + ENVELOPE, NOTES)), XLSX, 413, "xml_elements"
        ),
        "refused: XLSX, rich texts: XML elements past the limit": Upload("", rich_texts(as_xlsx(xlsx_full)), XLSX, 413, "xml_elements"),
        "refused: XLSX, every row bad at the XML elements (read to the end)": Upload("", as_xlsx(every_row_bad), XLSX, 422, "bad_points"),
        "refused: CSV, 2,001 rows": Upload("", as_csv(one_more_row), CSV, 413, "rows"),
        "refused: CSV, cells past the limit": Upload("", as_csv(points_sheet(MAX_ROWS, NOTES + 1)), CSV, 413, "cells"),
        "refused: JSON, 2,001 rows": Upload("", as_json(one_more_row), "application/json", 413, "rows"),
        "refused: JSON, cells past the limit": Upload("", as_json(points_sheet(MAX_ROWS, NOTES + 1)), "application/json", 413, "cells"),
        "refused: 317 games x 317 players": Upload("", as_csv(diagonal_sheet(DIAGONAL + 1)), CSV, 413, "standings_cells"),
        "accepted: 1923, 500 rows of cards won (250 sets of 13 + 13)": Upload("?target=10000", as_csv(sets_sheet(250, 13)), CSV, path=SETS_PATH),
        "refused: 1923, 501 rows": Upload("?target=10000", as_csv([*sets_sheet(250, 13), ["s250", "ann", "AH"]]), CSV, 422, "too_many_rows", SETS_PATH),
        "refused: 1923, 500 rows, the match over before its last sets": Upload(
            "?target=5000", as_csv(sets_sheet(250, 26)), CSV, 422, "match_already_over", SETS_PATH
        ),
        "refused: every row bad (422)": Upload(
            "", as_csv([["game", "player", "points"], *([f"g{i}", f"p{i % 10}", "x"] for i in range(MAX_ROWS))]), CSV, 422, "bad_points"
        ),
    }


SETS_PATH = "/v1/1923/tournaments/standings"


def sets_sheet(sets: int, won: int) -> list[list[object]]:
    """A 1923 match of ``sets`` sets of two players, each winning ``won`` cards of one shuffled deck (the pack's 52 at most)."""
    rng = random.Random(1923)
    deck = [f"{rank}{suit}" for suit in "SHDC" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    lines: list[list[object]] = [["game", "player", "won"]]
    for number in range(sets):
        rng.shuffle(deck)
        lines += [[f"s{number}", "ann", " ".join(deck[:won])], [f"s{number}", "bob", " ".join(deck[won : 2 * won])]]
    return lines


def empty_cells(count: int) -> bytes:
    """A workbook of points whose sheet then holds empty cells (``<c r="B7"/>``, one element each) to ``count`` cells in all."""
    from tests.tournaments.hostile import POINTS_ROWS, book_parts, zipped

    per_row, start = 9, 4
    rows = []
    for index in range((count - 9) // per_row + 1):
        number = start + index
        rows.append(f'<row r="{number}">' + "".join(f'<c r="{letter}{number}"/>' for letter in "ABCDEFGHI") + "</row>")
    return zipped(book_parts(POINTS_ROWS + "".join(rows)))


def _bad_points() -> list[list[object]]:
    return [["game", "player", "points"], *([f"g{row // 10}", f"p{row % 10}", "x"] for row in range(MAX_ROWS))]


def rich_texts(data: bytes) -> bytes:
    """The same workbook with every inline text a rich text of one run (``<is><r><t>``): one XML element more a text cell."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for entry in source.infolist():
            part = source.read(entry)
            if entry.filename.startswith("xl/worksheets/"):
                part = part.replace(b"<is><t>", b"<is><r><t>").replace(b"</t></is>", b"</t></r></is>")
            target.writestr(entry, part)
    return out.getvalue()


MATCH_PATH = "/v1/1923/matches/standings"
MATCH_PLAYERS = NINETEEN_TWENTY_THREE_PLAYERS  # 1923's most players, dealt ceil(players / 3) decks


def match_sets(sets: int, players: int = MATCH_PLAYERS) -> list[Body]:
    """``sets`` sets of a 1923 match, each dealing the whole pack (ceil(players / 3) decks) among ``players`` as cards won."""
    rng = random.Random(1923)
    deck = [f"{rank}{suit}" for suit in "SHDC" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    names = [f"p{index}" for index in range(players)]
    share = len(deck) * -(-players // 3) // players
    out = []
    for _ in range(sets):
        pack = deck * -(-players // 3)
        rng.shuffle(pack)
        out.append({"won": {name: pack[index * share : (index + 1) * share] for index, name in enumerate(names)}})
    return out


def nineteen_twenty_three_bodies() -> dict[str, Body]:
    """The longest match the schema takes (its sets x the most players, every card of their decks won), to a target no set reaches."""
    return {MATCH_PATH: {"target": 10_000, "sets": match_sets(MAX_SETS)}}


def worst_refusals() -> dict[str, tuple[str, Body]]:
    """The worst refusals this suite knows that belong to one endpoint (name -> path, body); benchmarks/test_bench_refusals.py
    has those of every body (size, syntax, nesting, values, duplicate keys, unknown fields)."""
    return {
        "1923: the longest match, over after its first set (every set judged)": (MATCH_PATH, {"target": 1, "sets": match_sets(MAX_SETS)}),
        "1923: one set too many (refused before any set loads)": (MATCH_PATH, {"target": 10_000, "sets": match_sets(MAX_SETS + 1)}),
        # a map the schema's fast path hands to marshmallow whole, one value a list of cards far past its bound, each
        # card in a text that must be read (not the canonical one): its length refuses it before any card is read
        "three kings: one pile of 99,900 cards (refused by its length, no card read)": (
            "/v1/three-kings/score",
            {"method": "bonus", "piles": {"ann": ["2s"] * (MAX_VALUES - 100)}},
        ),
        # a name of nearly a megabyte: refused by its length before any character of it is scanned
        "1923: a player's name of 999,900 characters": ("/v1/1923/games", {"players": ["a" * 999_900, "bob"]}),
        "1923: a name of 150,000 two-byte characters and one noncharacter past the first plane": (
            "/v1/1923/games",
            {"players": ["é" * 150_000 + "\U0001fffe", "bob"]},
        ),
    }


CRAFTED: dict[str, Callable[[], dict[str, Body]]] = {
    "24-kings": kings_bodies,
    "1923": nineteen_twenty_three_bodies,
    "twenty-four": lambda: {
        "/v1/twenty-four/solve": MOST_SOLUTIONS,
        "/v1/twenty-four/judge": {"values": [2, 4, 10, 10], "expression": deepest_claim(), "target": 24},
    },
}
SHARED = ("state/check", "moves/legal", "moves/validate", "moves/apply", "view")


def post_examples(client: FlaskClient) -> dict[str, Body]:
    """Every POST's JSON request example from the service's own OpenAPI document."""
    spec = client.get("/openapi.json").get_json()
    return {
        path: operations["post"]["requestBody"]["content"]["application/json"]["example"] for path, operations in spec["paths"].items() if "post" in operations
    }


def largest_table(client: FlaskClient, game: str, examples: dict[str, Body], most_players: int) -> dict[str, Body]:
    """The shared endpoints' bodies on a new game at the game's most players, with its first legal move."""
    new_game = {**examples[f"/v1/{game}/games"], "players": [f"p{index}" for index in range(most_players)]}
    answer = client.post(f"/v1/{game}/games", json=new_game)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    state = answer.get_json()["state"]
    legal = client.post(f"/v1/{game}/moves/legal", json={"state": state}).get_json()
    listed = [entry.get("move", entry) if isinstance(entry, dict) else entry for entry in legal["moves"]]
    # a move to fill in (Twenty-Four's claim needs the player's expression) is a template: the first complete one is sent
    move = next((entry for entry in listed if not (isinstance(entry, dict) and "fill" in entry)), listed[0])
    to_act = move.get("player") or state["players"][0]["name"]
    bodies = {f"/v1/{game}/{endpoint}": {"state": state} for endpoint in SHARED}
    for endpoint in ("moves/validate", "moves/apply"):
        bodies[f"/v1/{game}/{endpoint}"]["move"] = move
    bodies[f"/v1/{game}/view"]["player"] = to_act
    bodies[f"/v1/{game}/games"] = new_game
    return bodies


@cache
def worst_bodies() -> dict[str, Body]:
    """Path (with its query, if any) -> body, for every POST endpoint of every registered game.

    24 Kings' standings appear twice: 10,000 rows of points, and 1,000 card rows (the hand set in the query).
    """
    client = create_app().test_client()
    examples = post_examples(client)
    bodies = dict(examples)
    for listed in client.get("/v1/games").get_json()["games"]:
        game = listed["slug"]
        bodies.update(largest_table(client, game, examples, listed["players"]["max"]))
        if f"/v1/{game}/tournaments/standings" in bodies:
            bodies[f"/v1/{game}/tournaments/standings"] = points_rows()
        bodies.update(CRAFTED.get(game, dict)())
    return bodies


def origin(path: str) -> str:
    """How a path's body was made: crafted to the limits, the largest dealt table, or the OpenAPI example."""
    game = path.split("/")[2]
    if path in CRAFTED.get(game, dict)() or path.endswith("tournaments/standings"):
        return "crafted"
    if path.removeprefix(f"/v1/{game}/") in (*SHARED, "games"):
        return "largest table"
    return "example"


def find_heavy_table(seed: int = 16, climbs: int = 4, steps: int = 250) -> list[list[Card]]:
    """Ten 8-card holdings, each climbed toward the slowest best split from what the earlier ones left."""
    castles = [Castle(card) for card in parse_cards(" ".join(castle["card"] for castle in KINGS_CASTLES))]
    scorer = Scorer(castles, Rules(hands="quick"))
    rng = random.Random(seed)
    pool = Counter(full_deck()) - Counter(castle.card for castle in castles)

    def cost(cards: list[Card]) -> float:
        times = []
        for _ in range(2):
            start = time.process_time()
            scorer.best_split(cards)
            times.append(time.process_time() - start)
        return min(times)

    table = []
    for _ in HEAVY_TABLE:
        available = [card for card, count in pool.items() for _ in range(count) if not card.is_king]
        found: tuple[float, list[Card]] = (0.0, [])
        for _ in range(climbs):
            holding = rng.sample(available, MOST_CARDS_HELD)
            spent = cost(holding)
            for _ in range(steps):
                candidate = list(holding)
                candidate[rng.randrange(MOST_CARDS_HELD)] = rng.choice(available)
                if all(count <= pool[card] for card, count in Counter(candidate).items()) and (took := cost(candidate)) >= spent:
                    holding, spent = candidate, took
            found = max(found, (spent, holding), key=lambda pair: pair[0])
        pool -= Counter(found[1])
        table.append(sorted(found[1]))
        print(" ".join(map(str, table[-1])), f"{found[0] * 1e3:.2f} ms")
    return table


if __name__ == "__main__":
    find_heavy_table()
