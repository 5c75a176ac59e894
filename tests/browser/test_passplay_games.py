"""Pass-and-play for sealed deals on the Three Kings, 1923 and Twenty-Four (1718) pages, in Debian's chromium at 390×844.

For each game the referee deals sealed; each player is shown their seat key once (its QR code decoded here with
zxing-cpp must carry its short code); then the phone is passed round at least two seats: each seat's key is asked,
used and forgotten, and after each turn nothing of that seat (its key, its code, its cards) is left in the page, its
fields or its storage. Another seat's key is refused. axe-core finds no serious or critical violation on the key
screens. Expected values come from the rule books: Three Kings rules.md §2.2 (four cards each; a draw to five, §3.1),
1923 rules.md §3.2 (the last card a player takes stays hidden from that player), Twenty-Four (1718) rules.md §2.2
(twelve cards each at four players, ten at five) and §5.2 (each player declares in turn before the first trick).
"""

from __future__ import annotations

import json
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.browser.conftest import TIME_TAP, record_figures, screenshot, wait_ready
from tests.browser.test_pages_usable import check
from tests.browser.test_passplay import Phone, fresh, key_of, nothing_of, qr_pixels, qr_text
from tests.browser.test_table_page import wait_text

CLEAN = {"unlabelled": [], "serious": [], "sideways": 0, "clipped": []}
# A tap in the seat's own panel, and the time until that panel shows the referee's answer (figures only).
TIME_TAP_PRIVATE = TIME_TAP.replace("const [target, watched, done] = arguments;", "const [target, done] = arguments; const watched = '#sealed-private';")


class Sealed(Phone):
    """A page in its sealed mode: the deal, a seat's turn, the check that nothing of that seat is left."""

    def __init__(self, page: Any, storage: str) -> None:
        super().__init__(page)
        self.storage = storage
        self.codes: dict[str, str] = {}

    def players(self, names: str) -> None:
        field = self.page.find_element(By.ID, "players")
        field.clear()
        field.send_keys(f"{names}\t")

    def deal(self, names: list[str], audit: bool = False) -> None:
        self.tap("#deal-sealed")
        for name in names:
            wait_text(self.page, "#passplay h2", f"Pass the phone to {name}")
            self.tap("#passplay-next")
            wait_text(self.page, "#passplay h2", f"{name}'s seat key")
            code = self.page.find_element(By.ID, "passplay-code").text
            assert qr_text(qr_pixels(self.page)) == code.replace(" ", "")  # the QR code carries the short code
            if audit and name == names[0]:
                assert check(self.page) == CLEAN
            self.codes[name] = code
            self.tap("#passplay-next")
        wait_text(self.page, "#sealed-status", " ")
        self.forgotten()

    @property
    def secrets(self) -> list[str]:
        return [*self.codes.values(), *(key_of(code) for code in self.codes.values())]

    def stored(self) -> dict[str, Any]:
        return dict(json.loads(self.page.execute_script(f"return localStorage.getItem('{self.storage}')")))

    def forgotten(self) -> None:
        """No key nor code anywhere in the page or its storage; the seat's panel empty and hidden."""
        assert nothing_of(self.page, self.secrets) == []
        private = self.page.find_element(By.ID, "sealed-private")
        assert private.get_attribute("hidden") is not None and private.get_attribute("innerHTML") == ""
        assert "seat_key" not in json.dumps(self.stored())

    def open_turn(self, button: str, seat: str, key_of_seat: str | None = None, audit: bool = False) -> None:
        """The seat's button, the hand-over screen, the key typed: the seat's panel shows."""
        self.tap(button)
        wait_text(self.page, "#passplay h2", f"Pass the phone to {seat}")
        self.tap("#passplay-next")
        wait_text(self.page, "#passplay h2", f"{seat}: your seat key")
        if audit:
            assert check(self.page) == CLEAN
        if key_of_seat and key_of_seat != seat:  # another seat's key: refused, asked again, the field emptied
            self.type_key(self.codes[key_of_seat])
            self.tap("#passplay-use")
            wait_text(self.page, "#passplay [role=alert]", f"That is not {seat}'s key")
            assert self.page.find_element(By.ID, "passplay-key").get_attribute("value") == ""
        self.type_key(self.codes[seat])
        self.tap("#passplay-use")
        wait_text(self.page, "#sealed-private", f"{seat}'s turn")

    def table_turn(self, button: str, seat: str) -> None:
        """The table's own move: whose key is chosen on the key screen, then typed."""
        self.tap(button)
        wait_text(self.page, "#passplay h2", "A key, for the table's move")
        self.page.find_element(By.CSS_SELECTOR, f'#passplay-seat option[value="{seat}"]').click()
        self.taps += 1
        self.type_key(self.codes[seat])
        self.tap("#passplay-use")
        wait_text(self.page, "#sealed-private", f"The table's move ({seat}'s key)")

    def cards(self) -> list[str]:
        return [el.get_attribute("aria-label") for el in self.page.find_elements(By.CSS_SELECTOR, "#sealed-private .card")]

    def move(self, words: str) -> str:
        """The seat's listed move whose words hold ``words``, tapped; its answer timed (figures only)."""
        found = [el for el in self.page.find_elements(By.CSS_SELECTOR, "#sealed-private button.alternative") if words in el.text]
        assert found, [el.text for el in self.page.find_elements(By.CSS_SELECTOR, "#sealed-private button.alternative")]
        text = str(found[0].text)
        self.page.execute_script("arguments[0].scrollIntoView({block: 'center'})", found[0])
        self.answers.append(self.page.execute_async_script(TIME_TAP_PRIVATE, found[0]))
        self.taps += 1
        return wait_text(self.page, "#sealed-private h3", f"{text}. What ")

    def done(self) -> None:
        self.tap("#sealed-done")
        self.forgotten()


def hands_sealed(players: list[dict[str, Any]]) -> bool:
    """Every hand in the kept public state is a count only (no card named)."""
    return all(not (player["hand"]["cards"] if isinstance(player["hand"], dict) else player["hand"]) for player in players)


def test_three_kings_sealed_passed_round_two_seats(browser, live_url):
    page = fresh(browser, live_url, "/table/?game=three-kings")
    phone = Sealed(page, "three-kings-table-v1")
    phone.deal(["ann", "bob"], audit=True)
    turns = []
    for turn in range(2):
        state = phone.stored()["sealed"]["state"]
        assert hands_sealed(state["players"])
        acting = state["players"][state["to_act"]]["name"]
        other = next(player["name"] for player in state["players"] if player["name"] != acting)
        taps_before = phone.taps
        # The first turn: the other seat's key is tried first and refused; the key screen audited.
        phone.open_turn(f'#sealed-seats button[data-seat="{acting}"]', acting, key_of_seat=other if turn == 0 else None, audit=turn == 0)
        held = state["players"][state["to_act"]]["hand"]["hidden"]  # the public count of the seat's cards
        assert held == 4 or turn > 0  # a dealt hand of four (§2.2)
        assert len(phone.cards()) == held  # shown to its player alone, every one
        phone.move("draws a card")
        seen = wait_text(page, "#sealed-private", f"{acting} drew")
        assert "drew a card" not in seen  # the drawer sees the card drawn named (its rank)
        assert len(phone.cards()) == held + 1  # and the card drawn (§3.1)
        if turn == 0:
            assert check(page) == CLEAN
            screenshot(page, "passplay-three-kings-turn")
        for _ in range(3):  # a set or a discard (then a King's take or the turn's end), the first listed: the turn passes on
            buttons = [el.text for el in page.find_elements(By.CSS_SELECTOR, "#sealed-private button.alternative")]
            if not buttons:
                break
            phone.move(buttons[0])
        assert "Nothing more to do now" in page.find_element(By.ID, "sealed-private").text
        phone.done()
        turns.append(phone.taps - taps_before)
        state = phone.stored()["sealed"]["state"]
        assert hands_sealed(state["players"])
        log = page.find_element(By.ID, "sealed-log").text
        assert f"{acting} drew a card." in log  # the table hears the draw counted, not named
        if state["phase"] == "over":
            break
    record_figures("passplay-three-kings", {"tap_to_answer_ms": phone.answers, "taps_per_sealed_turn": turns})


def test_1923_sealed_passed_round_hides_the_last_card_taken_from_its_taker(browser, live_url):
    page = fresh(browser, live_url, "/table/?game=1923")
    phone = Sealed(page, "1923-table-v1")
    phone.players("ann, bob")
    phone.deal(["ann", "bob"])
    turns = []
    # ann looks and takes: two cards dealt (§3.1), the second hidden from her (§3.2); after the take, three, the new one hidden.
    taps_before = phone.taps
    phone.open_turn('#sealed-seats button[data-seat="ann"]', "ann", key_of_seat="bob", audit=True)
    assert len(phone.cards()) == 1 and "1 card ann has not seen" in page.find_element(By.ID, "sealed-private").text
    first = phone.cards()[0]
    assert check(page) == CLEAN
    phone.move("ann takes a card")
    wait_text(page, "#sealed-private", "ann took a card")
    assert len(phone.cards()) == 2 and first in phone.cards()  # the card taken before is seen now; the new one is not
    assert "1 card ann has not seen" in page.find_element(By.ID, "sealed-private").text
    phone.move("ann locks")
    wait_text(page, "#sealed-private", "ann locked")
    phone.done()
    turns.append(phone.taps - taps_before)
    assert hands_sealed(phone.stored()["sealed"]["state"]["players"])
    # bob locks with what he was dealt; then everyone has locked: the reveal is the table's move, with bob's key.
    taps_before = phone.taps
    phone.open_turn('#sealed-seats button[data-seat="bob"]', "bob")
    assert len(phone.cards()) == 1
    phone.move("bob locks")
    wait_text(page, "#sealed-private", "bob locked")
    phone.done()
    turns.append(phone.taps - taps_before)
    screenshot(page, "passplay-1923-table")
    taps_before = phone.taps
    phone.table_turn("#sealed-seats button.primary", "bob")
    phone.move("revealed")
    revealed = wait_text(page, "#sealed-private", "The reveal")
    assert "ann shows" in revealed and "bob shows" in revealed
    # The next game is dealt, but the table's move offers no seat's take or lock: bob has not looked at his new cards.
    assert [el.text for el in page.find_elements(By.CSS_SELECTOR, "#sealed-private button.alternative")] == []
    phone.done()
    assert "The reveal: ann shows" in page.find_element(By.ID, "sealed-log").text  # the reveal is the table's news
    record_figures("passplay-1923", {"tap_to_answer_ms": phone.answers, "taps_per_sealed_turn": turns, "taps_reveal": phone.taps - taps_before})


def test_1718_sealed_passed_round_each_seat_declares_with_its_own_key(browser, live_url):
    page = fresh(browser, live_url, "/table/?game=twenty-four-1718")
    phone = Sealed(page, "twenty-four-1718-table-v1")
    names = ["ann", "bob", "cy", "dee"]
    phone.players(", ".join(names))
    Select(page.find_element(By.ID, "games")).select_by_value("2")
    phone.deal(names)
    state = phone.stored()["sealed"]["state"]
    assert all(player["hand"] == [] and player["hidden"] == 12 for player in state["players"])  # §2.2: twelve each, sealed
    assert state["rules"] == {"honors": "point", "games": 2} and "Game 1 of 2, hand 1" in page.find_element(By.ID, "sealed-status").text
    turns = []
    for turn in range(2):
        state = phone.stored()["sealed"]["state"]
        acting = state["players"][state["to_act"]]["name"]
        taps_before = phone.taps
        other = names[(names.index(acting) + 1) % len(names)]
        phone.open_turn(f'#sealed-seats button[data-seat="{acting}"]', acting, key_of_seat=other if turn == 0 else None, audit=turn == 0)
        assert len(phone.cards()) == 12
        if turn == 0:
            assert check(page) == CLEAN
            screenshot(page, "passplay-1718-turn")
        phone.move(f"{acting} declares")
        wait_text(page, "#sealed-private", f"{acting} declares")
        phone.done()
        turns.append(phone.taps - taps_before)
        after = phone.stored()["sealed"]["state"]
        assert after["players"][after["to_act"]]["name"] != acting  # the next seat declares (§5.2)
        assert f"{acting} declares" in page.find_element(By.ID, "sealed-log").text  # announced to the table
    # A reload keeps the sealed game (its public state and token), and still no key nor hand.
    page.refresh()
    wait_ready(page)
    wait_text(page, "#sealed-seats", f"{after['players'][after['to_act']]['name']} to act")
    assert page.find_element(By.ID, "setup").get_attribute("hidden") is not None
    phone.forgotten()
    record_figures("passplay-1718", {"tap_to_answer_ms": phone.answers, "taps_per_sealed_turn": turns})
