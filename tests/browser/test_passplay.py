"""Pass-and-play for sealed deals (passplay.js) and the round timer, on Twenty-Four's page in Debian's chromium at 390×844.

One phone holds the sealed game: at the deal each player is shown their seat key once (a QR code, decoded here with
zxing-cpp, and its short code); before each seat acts the page hides everything and asks for that seat's key, uses it
and forgets it: after every turn neither the key nor its code is anywhere in the page or its storage. Expected values
come from the rule book (service/games/twenty_four/rules.md: §3.2 a right claim wins the four cards, §3.3 a wrong
claim bars its player, §3.4 setting aside) and from arithmetic done here (a brute-force solver written in this test).
"""

from __future__ import annotations

import base64
import itertools
import json
import re
import struct
import zlib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.browser.conftest import TIME_TAP, open_page, record_figures, screenshot, wait_ready
from tests.browser.test_pages_usable import check
from tests.browser.test_table_page import press, wait_text
from tests.browser.test_twenty_four_page import Table

PAGE = "/table/?game=twenty-four"
STORAGE = "twenty-four-table-v1"
VALUES = {"Ace": 1, "Jack": 11, "Queen": 12, "King": 13}
KEYS = {"+": "+", "-": "−", "*": "×", "/": "÷"}


def key_of(code: str) -> str:
    """The seat key (base64url, as the referee writes it) behind a short code (RFC 4648 base32): Python's own codecs."""
    raw = base64.b32decode(code.replace(" ", "") + "====")
    assert len(raw) == 32
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def solve(values: list[int], target: int) -> list[str] | None:
    """A way to make ``target`` from the four values, as keypad keys (card-i, operators, parentheses); None if none."""
    items: list[tuple[Fraction, list[str]]] = [(Fraction(v), [f"card-{i}"]) for i, v in enumerate(values)]

    def search(items: list[tuple[Fraction, list[str]]]) -> list[str] | None:
        if len(items) == 1:
            return items[0][1] if items[0][0] == target else None
        for i, j in itertools.permutations(range(len(items)), 2):
            (a, ka), (b, kb) = items[i], items[j]
            rest = [items[k] for k in range(len(items)) if k not in (i, j)]
            for op in "+-*/":
                if op == "/" and b == 0:
                    continue
                value = {"+": a + b, "-": a - b, "*": a * b, "/": a / b if b else a}[op]
                found = search([*rest, (value, ["(", *ka, KEYS[op], *kb, ")"])])
                if found:
                    return found
        return None

    return search(items)


def qr_pixels(page: Any) -> Any:
    """The QR code on the screen as a grey image, 8 pixels a module, from its drawing (one square per dark module)."""
    import numpy

    svg = page.find_element(By.CSS_SELECTOR, "#passplay svg.qr")
    size = int(page.execute_script("return arguments[0].viewBox.baseVal.width", svg))
    path = page.execute_script("return arguments[0].querySelector('path').getAttribute('d')", svg)
    pixels = numpy.full((size * 8, size * 8), 255, dtype=numpy.uint8)
    for x, y in re.findall(r"M(\d+) (\d+)h1v1h-1z", path):
        pixels[int(y) * 8 : int(y) * 8 + 8, int(x) * 8 : int(x) * 8 + 8] = 0
    return pixels


def qr_text(pixels: Any) -> str:
    """The text of the QR code in ``pixels``, decoded by zxing-cpp."""
    import zxingcpp

    found = zxingcpp.read_barcodes(pixels)
    assert len(found) == 1 and found[0].format == zxingcpp.BarcodeFormat.QRCode
    return str(found[0].text)


def photo(pixels: Any, path: Path) -> Path:
    """A photo of a QR code, as a phone's camera would hand it to the page: a PNG file (written here with zlib)."""
    height, width = pixels.shape
    rows = b"".join(b"\x00" + pixels[y].tobytes() for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit grey
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
    return path


def fresh(browser: Any, live_url: str, path: str) -> Any:
    """The page loaded anew with nothing saved (a path that differs from the last test's by its hash alone would
    otherwise keep the last test's page, and what it holds in memory)."""
    page = open_page(browser, live_url, path)
    page.refresh()
    wait_ready(page)
    return page


def nothing_of(page: Any, secrets: list[str]) -> list[str]:
    """Which of ``secrets`` (keys and codes, spaces ignored) the page's DOM, its fields or its storage still hold."""
    held = page.execute_script(
        """
        const values = [...document.querySelectorAll('input, select, textarea')].map((el) => el.value);
        const stored = [localStorage, sessionStorage].flatMap((s) => Object.keys(s).map((k) => k + s.getItem(k)));
        return [document.documentElement.outerHTML, ...values, ...stored].join('\\n');
        """
    )
    flat = held.replace(" ", "")
    return [secret for secret in secrets if secret.replace(" ", "") in flat]


class Phone(Table):
    """Twenty-Four's page, taps counted and answers timed (figures only), with the key screen's fields."""

    def type_key(self, code: str) -> None:
        """The short code typed as a player would: lower case, in its groups (typing a key is allowed; a card never)."""
        field = self.page.find_element(By.ID, "passplay-key")
        field.send_keys(code.lower())
        self.taps += 1  # one field filled

    def four(self) -> list[int]:
        labels = [el.get_attribute("aria-label") for el in self.page.find_elements(By.CSS_SELECTOR, "#four .card")]
        return [VALUES.get(label.split()[0]) or int(label.split()[0]) for label in labels]

    def claim(self, player: str, keys: list[str], shot: str = "") -> None:
        """A claim built and judged: the key screen comes next (a sealed game), so the events do not change yet."""
        names = [el.get_attribute("value") for el in self.page.find_elements(By.CSS_SELECTOR, "input[name=claimant]")]
        self.tap(f'label[for="claimant-{names.index(player)}"]')
        for key in keys:
            self.tap(f'#keypad [data-key="{key}"]')
        self.tap("#judge")


def test_a_sealed_game_of_twenty_four_passed_round_one_phone_with_a_key_per_seat(browser, live_url, tmp_path):
    page = open_page(browser, live_url, PAGE)
    phone = Phone(page)
    players = page.find_element(By.ID, "players")
    players.clear()
    players.send_keys("ann, bob, cy\t")
    phone.tap('label[for="deal-sealed"]')
    page.find_element(By.CSS_SELECTOR, '#timer-length option[value="180"]').click()
    phone.tap("#start")

    # The deal: each player in turn sees their own key once, as a QR code and a short code.
    codes: dict[str, str] = {}
    photos: dict[str, Path] = {}
    for name in ("ann", "bob", "cy"):
        wait_text(page, "#passplay h2", f"Pass the phone to {name}")
        assert page.find_element(By.ID, "main").get_attribute("hidden") is not None  # nothing else shows
        phone.tap("#passplay-next")
        wait_text(page, "#passplay h2", f"{name}'s seat key")
        code = page.find_element(By.ID, "passplay-code").text
        assert re.fullmatch(r"([A-Z2-7]{4} ){12}[A-Z2-7]{4}", code)
        pixels = qr_pixels(page)
        assert qr_text(pixels) == code.replace(" ", "")  # the QR code carries the short code, letter for letter
        photos[name] = photo(pixels, tmp_path / f"{name}.png")
        if name == "ann":
            assert check(page) == {"unlabelled": [], "serious": [], "sideways": 0, "clipped": []}
            screenshot(page, "passplay-seat-key")
        codes[name] = code
        phone.tap("#passplay-next")
    secrets = [*codes.values(), *(key_of(code) for code in codes.values())]
    wait_text(page, "#game-status", "round 1: make 24")
    assert nothing_of(page, secrets) == []  # the phone kept none of the keys
    stored = json.loads(page.execute_script(f"return localStorage.getItem('{STORAGE}')"))
    assert stored["seal"]["sealed_move"] == 0 and stored["game"]["players"][0]["pile"] == []
    assert "Time left: 3:00" in page.find_element(By.ID, "timer").text or "Time left: 2:5" in page.find_element(By.ID, "timer").text

    # cy claims wrong (§3.3): the sum of the four is not 24 (checked here), so cy is barred for the round.
    values = phone.four()
    wrong = ["card-0", "+", "card-1", "+", "card-2", "+", "card-3"] if sum(values) != 24 else ["card-0", "×", "card-1", "×", "card-2", "×", "card-3"]
    taps_before = phone.taps
    phone.claim("cy", wrong)
    wait_text(page, "#passplay h2", "Pass the phone to cy")
    phone.tap("#passplay-next")
    wait_text(page, "#passplay h2", "cy: your seat key")
    assert check(page) == {"unlabelled": [], "serious": [], "sideways": 0, "clipped": []}
    screenshot(page, "passplay-key-asked")
    phone.type_key(codes["cy"])
    phone.answer("#passplay-use")
    taps_sealed_claim = phone.taps - taps_before
    assert "cy claimed" in wait_text(page, "#events", "may not claim again this round")
    assert nothing_of(page, secrets) == []
    assert [el.get_attribute("value") for el in page.find_elements(By.CSS_SELECTOR, "input[name=claimant]")] == ["ann", "bob"]

    # bob claims, gives ann's key by mistake: refused (403), asked again; then his own.
    solution = solve(values, 24)
    if solution:
        phone.claim("bob", solution)
        phone.tap("#passplay-next")
        phone.type_key(codes["ann"])
        phone.tap("#passplay-use")
        wait_text(page, "#passplay [role=alert]", "That is not bob's key")
        assert page.find_element(By.ID, "passplay-key").get_attribute("value") == ""
        # bob photographs his QR code instead of typing (the phone's camera, through the page's file field).
        page.find_element(By.ID, "passplay-photo").send_keys(str(photos["bob"]))
        phone.taps += 1
        assert "bob wins" in wait_text(page, "#events", "right")
        assert "bob: 4 cards won this hand" in page.find_element(By.ID, "standings").text
    else:  # no way to make 24 with these four: the table sets them aside instead, with bob's key
        phone.tap("#aside-agreed")
        page.find_element(By.CSS_SELECTOR, '#passplay-seat option[value="bob"]').click()
        phone.type_key(codes["bob"])
        phone.answer("#passplay-use")
        wait_text(page, "#events", "set aside")
    assert nothing_of(page, secrets) == []
    assert page.find_element(By.ID, "undo-box").get_attribute("hidden") is not None  # a sealed game never goes back

    # The timer runs out (its end, kept with the table, moved to the past; a reload keeps the game): the page offers
    # the set-aside "time is up" (§3.4), the table's own move, made with anyone's key: ann's.
    wait_text(page, "#game-status", "round 2")
    page.execute_script(
        f"const t = JSON.parse(localStorage.getItem('{STORAGE}')); t.clock.ends = Date.now() - 1000; localStorage.setItem('{STORAGE}', JSON.stringify(t));"
    )
    page.refresh()
    wait_ready(page)
    assert "Time is up" in wait_text(page, "#time-up", "Set the four cards aside?")
    offered = page.find_element(By.ID, "aside-time")
    assert page.execute_script("return document.activeElement === arguments[0]", offered)
    taps_before = phone.taps
    phone.tap("#aside-time")
    wait_text(page, "#passplay h2", "A key, for the table's move")
    page.find_element(By.CSS_SELECTOR, '#passplay-seat option[value="ann"]').click()
    phone.taps += 1
    phone.type_key(codes["ann"])
    phone.answer("#passplay-use")
    taps_sealed_aside = phone.taps - taps_before
    assert "set aside: time is up" in wait_text(page, "#events", "set aside")
    wait_text(page, "#game-status", "round 3")
    assert nothing_of(page, secrets) == []
    stored = json.loads(page.execute_script(f"return localStorage.getItem('{STORAGE}')"))
    assert stored["seal"]["sealed_move"] == 3  # cy's wrong claim, bob's right one or the agreed set-aside, the time-up set-aside

    record_figures(
        "passplay",
        {
            "tap_to_answer_ms": phone.answers,
            "taps_sealed_claim_wrong": taps_sealed_claim,
            "taps_sealed_set_aside_time_up": taps_sealed_aside,
        },
    )


def test_a_sealed_game_of_24_kings_passed_round_shows_each_hand_only_to_its_player(browser, live_url):
    """Three turns (bob, cy, ann: the seat after The Turn acts first, rules.md §8): each seat's key asked, its
    cards and moves shown, a move made, and after the turn nothing of that seat left in the page or its storage."""
    page = fresh(browser, live_url, "/table/?game=24-kings#move")
    phone = Phone(page)
    phone.tap("#deal-sealed")
    codes: dict[str, str] = {}
    for name in ("ann", "bob", "cy"):
        wait_text(page, "#passplay h2", f"Pass the phone to {name}")
        phone.tap("#passplay-next")
        wait_text(page, "#passplay h2", f"{name}'s seat key")
        codes[name] = page.find_element(By.ID, "passplay-code").text
        assert qr_text(qr_pixels(page)) == codes[name].replace(" ", "")
        phone.tap("#passplay-next")
    secrets = [*codes.values(), *(key_of(code) for code in codes.values())]
    wait_text(page, "#sealed-status", "bob to act")
    turns = []
    for name in ("bob", "cy", "ann"):
        taps_before = phone.taps
        wait_text(page, "#sealed-turn", f"pass the phone to {name}")
        phone.tap("#sealed-turn")
        phone.tap("#passplay-next")
        phone.type_key(codes[name])
        phone.tap("#passplay-use")
        wait_text(page, "#sealed-private", f"{name}'s turn")
        hand = [el.get_attribute("aria-label") for el in page.find_elements(By.CSS_SELECTOR, "#sealed-private .card")]
        assert len(hand) == 7  # a dealt hand (rules.md §7), shown to its player
        if name == "bob":
            assert check(page) == {"unlabelled": [], "serious": [], "sideways": 0, "clipped": []}
            screenshot(page, "passplay-kings-turn")
        move = next(el for el in page.find_elements(By.CSS_SELECTOR, "#sealed-private button.alternative") if "face down" in el.text)
        phone.page.execute_script("arguments[0].scrollIntoView({block: 'center'})", move)
        start = len(phone.answers)
        phone.answers.append(page.execute_async_script(TIME_TAP_PRIVATE, move))
        phone.taps += 1
        assert len(phone.answers) == start + 1
        seen = wait_text(page, "#sealed-private", "cards now")
        assert f"{name} drew" in seen  # the seat sees its own draw named
        phone.tap("#sealed-done")
        turns.append(phone.taps - taps_before)
        # The turn is over: nothing of that seat is in the page, its fields or its storage.
        private = page.find_element(By.ID, "sealed-private")
        assert private.get_attribute("hidden") is not None and private.get_attribute("innerHTML") == ""
        assert f"{name}'s cards" not in page.execute_script("return document.body.textContent")
        assert nothing_of(page, secrets) == []
        stored = json.loads(page.execute_script("return localStorage.getItem('kings-table-v1')"))
        assert all(player["hand"]["cards"] == [] for player in stored["sealed"]["state"]["players"])
        assert "seat_key" not in json.dumps(stored) and stored["sealed"]["sealed_move"] == len(turns)
        log = page.find_element(By.ID, "sealed-log").text
        assert f"{name} discarded a card face down, not shown." in log and f"{name} drew 1 card not shown." in log
    wait_text(page, "#sealed-status", "bob to act")
    record_figures("passplay-kings", {"tap_to_answer_ms": phone.answers, "taps_per_sealed_turn": turns})


# A tap in the seat's own panel, and the time until that panel shows the referee's answer (figures only).
TIME_TAP_PRIVATE = TIME_TAP.replace("const [target, watched, done] = arguments;", "const [target, done] = arguments; const watched = '#sealed-private';")


def test_a_sealed_24_kings_match_goes_on_to_its_next_game_with_the_same_keys(browser, live_url):
    """Two players: bob's false call puts him out and leaves ann alone, which ends the game (rules.md §11, §17);
    the next game of the match (§28) is dealt sealed from the finished game's token, and bob's key still opens it."""
    page = fresh(browser, live_url, "/table/?game=24-kings#setup")
    players = page.find_element(By.ID, "players")
    players.clear()
    players.send_keys("ann, bob\t")
    page.get(f"{live_url}/table/?game=24-kings#move")
    wait_ready(page)
    phone = Phone(page)
    phone.tap("#deal-sealed")
    codes: dict[str, str] = {}
    for name in ("ann", "bob"):
        wait_text(page, "#passplay h2", f"Pass the phone to {name}")
        phone.tap("#passplay-next")
        codes[name] = wait_text(page, "#passplay-code", " ")
        phone.tap("#passplay-next")
    wait_text(page, "#sealed-status", "bob to act")
    phone.tap("#sealed-turn")
    phone.tap("#passplay-next")
    phone.type_key(codes["bob"])
    phone.tap("#passplay-use")
    call = wait_text(page, "#sealed-private", "bob calls HAND!")
    if "a valid call" in call:  # seven cards dealt that already hold a valid call: rare, and no false call to make
        pytest.skip("bob was dealt a valid HAND! call: this deal cannot end on a false call")
    button = next(el for el in page.find_elements(By.CSS_SELECTOR, "#sealed-private button.alternative") if "calls HAND!" in el.text)
    press(page, button)
    wait_text(page, "#sealed-private", "cards now")
    phone.tap("#sealed-done")
    status = wait_text(page, "#sealed-status", "The game is over")
    stored = json.loads(page.execute_script("return localStorage.getItem('kings-table-v1')"))
    scores = {player["name"]: player["score"] for player in stored["sealed"]["state"]["players"]}
    best = max(scores.values())  # §17: the highest score wins, the false caller's included; equal ones share it
    winners = [name for name, score in scores.items() if score == best]
    assert ("Winners: ann and bob." if len(winners) == 2 else f"Winner: {winners[0]}.") in status
    phone.tap("#sealed-next")  # the next game is bob's deal move (§28): the phone passes to him, his key opens it
    wait_text(page, "#passplay h2", "Pass the phone to bob")
    phone.tap("#passplay-next")
    phone.type_key(codes["bob"])
    phone.tap("#passplay-use")
    deal = wait_text(page, "#sealed-private", "bob deals the next game")
    assert "calls HAND!" not in deal  # the deal is the one move of a finished game
    press(page, next(el for el in page.find_elements(By.CSS_SELECTOR, "#sealed-private button.alternative") if "deals the next game" in el.text))
    wait_text(page, "#sealed-private", "cards now")
    assert len(page.find_elements(By.CSS_SELECTOR, "#sealed-private .card")) == 7  # bob's new hand, his only
    phone.tap("#sealed-done")
    status = wait_text(page, "#sealed-status", "Match before this game (1 game)")
    assert f"ann {scores['ann']} and bob {scores['bob']}" in status  # the match's totals: this one game's scores
    assert "ann to act" in status  # The Turn passes to bob (§28): ann, after him, acts first
    stored = json.loads(page.execute_script("return localStorage.getItem('kings-table-v1')"))
    assert stored["sealed"]["sealed_move"] == 2 and stored["sealed"]["state"]["match"]["games"] == 1
    phone.tap("#sealed-turn")
    phone.tap("#passplay-next")
    phone.type_key(codes["ann"])
    phone.tap("#passplay-use")
    assert len(wait_text(page, "#sealed-private", "ann's turn")) > 0
    assert len(page.find_elements(By.CSS_SELECTOR, "#sealed-private .card")) == 7
    phone.tap("#sealed-private button:not(.alternative)")  # "Hide ann's cards, not now"
    assert nothing_of(page, [*codes.values(), *(key_of(code) for code in codes.values())]) == []
