"""Twenty-Four's page in Debian's chromium at 390×844: a whole game at a real table, every card tapped, nothing typed.

Expected values come from the rule book (service/games/twenty_four/rules.md: §2.2 the highest card drawn deals,
§3.2 a right claim wins the four cards, §3.3 a wrong claim bars its player for the round, §3.4 setting aside,
§5 the hand's points are the cards won), and from arithmetic done here, never from the page's code.
"""

from __future__ import annotations

from typing import Any

from selenium.webdriver.common.by import By

from tests.browser.conftest import TIME_TAP, open_page, record_figures, screenshot, wait_ready
from tests.browser.test_pages_usable import check
from tests.browser.test_table_page import press, tap_cards, wait_text

PAGE = "/table/?game=twenty-four"
# Ten rounds of four cards: the 40 cards of the pack (Ace to 10), each once (rules.md §1.1); the two cards drawn for
# the deal go back into the pack.
ROUNDS = [
    "2S 4H 10D 10C",
    "AS AH 5D 9C",
    "3S 10H AD 3C",
    "4S 6H 8D 2C",
    "5S 2H 2D AC",
    "6S 3H 3D 4C",
    "7S 5H 4D 5C",
    "8S 7H 6D 6C",
    "9S 8H 7D 7C",
    "10S 9H 9D 8C",
]


class Table:
    """The page, with every tap counted and the time from a tap to the rendered answer measured (figures only)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0
        self.answers: list[float] = []

    def tap(self, css: str) -> None:
        press(self.page, self.page.find_element(By.CSS_SELECTOR, css))
        self.taps += 1

    def answer(self, css: str) -> None:
        """A tap whose answer comes from the referee: measured until the events show it."""
        element = self.page.find_element(By.CSS_SELECTOR, css)
        self.page.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        self.answers.append(self.page.execute_async_script(TIME_TAP, element, "#events"))
        self.taps += 1

    def cards(self, cards: str) -> None:
        tap_cards(self.page, "entry-picker", cards)
        self.taps += len(cards.split())
        self.answer("#enter-cards")

    def claim(self, player: str, keys: list[str], shot: str = "") -> None:
        names = [el.get_attribute("value") for el in self.page.find_elements(By.CSS_SELECTOR, "input[name=claimant]")]
        self.tap(f'label[for="claimant-{names.index(player)}"]')
        for key in keys:
            self.tap(f'#keypad [data-key="{key}"]')
        if shot:  # the round as a phone shows it: the four cards, the claim built, the keypad
            self.page.execute_script("document.getElementById('game-status').scrollIntoView({block: 'start'})")
            screenshot(self.page, shot)
        self.answer("#judge")


def test_a_whole_game_of_twenty_four_from_the_draw_to_the_winner(browser, live_url):
    page = open_page(browser, live_url, PAGE)
    table = Table(page)
    table.tap("#start")  # ann and bob, one hand: the page's own defaults, nothing typed
    wait_text(page, "#entry-what", "the card each of ann, bob draws")
    table.cards("3C 9D")  # §2.2: the highest card deals
    assert "bob deals" in wait_text(page, "#events", "Drawn for the deal")
    taps_before = table.taps
    table.cards(ROUNDS[0])
    wait_text(page, "#game-status", "round 1: make 24")
    assert [el.get_attribute("aria-label") for el in page.find_elements(By.CSS_SELECTOR, "#four .card")] == [
        "2 of spades",
        "4 of hearts",
        "10 of diamonds",
        "10 of clubs",
    ]
    # bob: 2 + 4 + 10 + 10 makes 26, not 24 (§3.3): he is barred for the round.
    table.claim("bob", ["card-0", "+", "card-1", "+", "card-2", "+", "card-3"])
    assert "bob claimed 2 + 4 + 10 + 10: wrong" in wait_text(page, "#events", "may not claim again this round")
    assert [el.get_attribute("value") for el in page.find_elements(By.CSS_SELECTOR, "input[name=claimant]")] == ["ann"]
    # A number is used once: its key is spent once tapped, so no claim can use a card twice.
    table.tap('label[for="claimant-0"]')
    table.tap('#keypad [data-key="card-2"]')
    assert page.find_element(By.CSS_SELECTOR, '#keypad [data-key="card-2"]').get_attribute("disabled") is not None
    assert not page.find_element(By.ID, "judge").is_enabled()  # three numbers unused: not a claim yet
    table.tap("#key-clear")
    # ann: (2 + 4 / 10) * 10 = 24 (§3.2): she wins the four cards.
    table.claim("ann", ["(", "card-0", "+", "card-1", "÷", "card-2", ")", "×", "card-3"])
    assert "ann wins 2♠ 4♥ 10♦ 10♣." in wait_text(page, "#events", "right")
    taps_round_with_a_wrong_claim = table.taps - taps_before
    assert "ann: 4 cards won this hand" in page.find_element(By.ID, "standings").text
    # Each card is turned once a hand (§10.5): the four won are greyed out in the grid, and said so.
    won = page.find_element(By.CSS_SELECTOR, '#entry-picker .pick[data-card="10D"]')
    assert won.get_attribute("disabled") is not None and won.get_attribute("aria-label").endswith("already seen")
    # 1 1 5 9: the table agrees there is no way, and the referee confirms it (§3.4).
    table.cards(ROUNDS[1])
    table.answer("#aside-agreed")
    assert "There was no way to make it." in wait_text(page, "#events", "set aside")
    page.refresh()  # the phone keeps the game through a reload
    wait_ready(page)
    wait_text(page, "#entry-what", "4 cards turned up")
    # bob: 3 * (10 + 1 - 3) = 24.
    taps_before = table.taps
    table.cards(ROUNDS[2])
    wait_text(page, "#game-status", "round 3")
    # The round's controls (the four cards, who claims, the keypad) labelled, axe-clean and whole at 200% zoom.
    assert check(page) == {"unlabelled": [], "serious": [], "sideways": 0, "clipped": []}
    table.claim("bob", ["card-0", "×", "(", "card-1", "+", "card-2", "−", "card-3", ")"], shot="twenty-four-claim")
    wait_text(page, "#events", "bob wins")
    taps_per_claimed_round = table.taps - taps_before
    # ann: 8 + 4 + 6 * 2 = 24, with the cards in the order turned: 4 6 8 2.
    table.cards(ROUNDS[3])
    table.claim("ann", ["card-2", "+", "card-0", "+", "card-1", "×", "card-3"])
    wait_text(page, "#events", "ann wins")
    taps_before = table.taps
    for four in ROUNDS[4:]:
        table.cards(four)
        table.answer("#aside-time")
    taps_per_set_aside_round = (table.taps - taps_before) / len(ROUNDS[4:])
    # §5: the hand's points are the cards won: ann 8, bob 4; ann wins.
    wait_text(page, "#winners", "Winner: ann.")
    standings = page.find_element(By.ID, "standings").text
    assert "ann: 8 in all" in standings and "bob: 4 in all" in standings
    screenshot(page, "twenty-four-over")
    # Taking back the last move returns to the round before the end.
    press(page, page.find_element(By.ID, "undo"))
    wait_text(page, "#events", "Taken back: set aside: time is up.")
    assert page.find_elements(By.ID, "winners") == []
    record_figures(
        "twenty-four",
        {
            "taps_per_claimed_round": taps_per_claimed_round,
            "taps_round_with_a_wrong_claim_then_a_right_one": taps_round_with_a_wrong_claim,
            "taps_per_set_aside_round": taps_per_set_aside_round,
            "taps_whole_game": table.taps,
            "tap_to_answer_ms": table.answers,
        },
    )


def test_the_dynamic_target_comes_from_eight_tapped_cards(browser, live_url):
    """§7: of the eight cards, the two highest and the two lowest go; the other four, summed, are the target."""
    eight = "AS 3H 5D 7C 9S 10H 2D 8C"
    values = sorted(int(card[:-1].replace("A", "1")) for card in eight.split())
    target = sum(values[2:-2])  # 3 + 5 + 7 + 8
    page = open_page(browser, live_url, PAGE)
    press(page, page.find_element(By.CSS_SELECTOR, 'label[for="dynamic-target"]'))
    press(page, page.find_element(By.ID, "start"))
    wait_text(page, "#entry-what", "draws")
    tap_cards(page, "entry-picker", "3C 9D")
    press(page, page.find_element(By.ID, "enter-cards"))
    wait_text(page, "#entry-what", "8")  # the step asks for the eight target cards
    tap_cards(page, "entry-picker", eight)
    press(page, page.find_element(By.ID, "enter-cards"))
    assert f"The eight cards set the target: {target}." in wait_text(page, "#events", "target")
    tap_cards(page, "entry-picker", "2S 4H 10D 10C")
    press(page, page.find_element(By.ID, "enter-cards"))
    wait_text(page, "#game-status", f"round 1: make {target}")
