"""Three Kings' page in Debian's chromium at 390×844: a game at a real table from the deal to the winner, every card
tapped, nothing typed (the page's own players, ann and bob, are kept).

Expected values come from the rule book as the reading states it (/work/shared/rules, service/games/three_kings/
rules.md: §4 a set is one hand card and two table cards, two of them adding up to the third; §5.2 a King is taken with
a King in hand, besides the set; §6 an emptied table is refilled with four cards; §7.1 three Kings end the game; §8 the
three methods: pile values, +15 or -15 for three Kings) and from arithmetic done here, never from the page's code.
"""

from __future__ import annotations

import shutil
from itertools import combinations
from typing import Any

from selenium.webdriver.common.by import By

from tests.browser.conftest import TIME_TAP, open_page, record_figures, screenshot, wait_ready
from tests.browser.test_offline import Server
from tests.browser.test_pages_usable import check
from tests.browser.test_table_page import choose, press, tap_cards, wait_text
from tests.browser.test_twenty_four_page import Table as CountedTable
from tests.conftest import ROOT

PAGE = "/table/?game=three-kings"
VALUES = {"A": 1, "J": 11, "Q": 12} | {str(n): n for n in range(2, 11)}  # §1: a King has no value


def rank(card: str) -> str:
    return card[:-1]


def sets_of(hand: str, table: str) -> set[tuple[str, str, str]]:
    """The oracle of §4: a hand card and two table cards, none a King, two of them adding up to the third."""
    found = set()
    for card in hand.split():
        for pair in combinations(table.split(), 2):
            ranks = [rank(card), *(rank(c) for c in pair)]
            if "K" in ranks:
                continue
            a, b, c = sorted(VALUES[r] for r in ranks)
            if a + b == c:
                found.add((rank(card), *sorted((rank(c) for c in pair), key=VALUES.__getitem__)))
    return found


def points(cards: str) -> int:
    return sum(VALUES[rank(card)] for card in cards.split())


class Table(CountedTable):
    """Twenty-Four's counted page (every tap counted, tap to rendered answer measured), with cards in several grids
    and the answer read on the status line, which says every move made, taken back or refused."""

    def cards_in(self, picker: str, cards: str) -> None:
        tap_cards(self.page, picker, cards)
        self.taps += len(cards.split())

    def answer(self, css: str) -> None:
        element = self.page.find_element(By.CSS_SELECTOR, css)
        self.page.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        self.answers.append(self.page.execute_async_script(TIME_TAP, element, "#status"))
        self.taps += 1

    def move(self, css: str, then: tuple[tuple[str, str], ...] = ()) -> None:
        """A listed move: one tap, answered at once, or opening the card entry when ``then`` cards are to be tapped."""
        if not then:
            self.answer(f"#main {css}")
            return
        self.tap(f"#main {css}")
        for picker, cards in then:
            self.cards_in(picker, cards)
        self.answer("#enter")

    def draw(self, card: str) -> None:
        """My draw: the card grid is open at once; tap the card drawn, then Enter."""
        self.cards_in("one-picker", card)
        self.answer("#enter")

    def set_up(self, table: str, hand: str, scoring: str = "bonus") -> None:
        self.tap(f'label[for="scoring-{scoring}"]')
        self.cards_in("table-picker", table)
        self.cards_in("hand-picker", hand)
        self.answer("#start")
        wait_text(self.page, "#game-status", "ann's turn")


def shown(page: Any, css: str) -> list[str]:
    return [el.get_attribute("aria-label") for el in page.find_elements(By.CSS_SELECTOR, css)]


def test_a_whole_game_of_three_kings_from_the_deal_to_the_winner(browser, live_url):
    page = open_page(browser, live_url, PAGE)
    table = Table(page)
    # bob deals (the page's default), so ann, on his left, plays first (§2); ann holds K♥ 6♣ 9♦ 4♠.
    table.set_up("5H JS KC QD", "KH 6C 9D 4S")
    assert shown(page, "#table-cards .card") == ["5 of hearts", "Jack of spades", "King of clubs", "Queen of diamonds"]
    assert shown(page, "#my-hand .card") == ["King of hearts", "6 of clubs", "9 of diamonds", "4 of spades"]
    # The sets ann can make, highlighted, shown at any moment (here before her draw): only 6 with 5 J (6 + 5 = 11).
    assert sets_of("KH 6C 9D 4S", "5H JS KC QD") == {("6", "5", "J")}
    assert shown(page, "#my-hand mark .card") == ["6 of clubs"]
    assert shown(page, "#table-cards mark .card") == ["5 of hearts", "Jack of spades"]
    assert "6 + 5 = 11" in page.find_element(By.ID, "my-set-list").text
    assert "I may take the King on the table" in page.find_element(By.ID, "my-sets").text

    # ann: draws 2♥ (tapped), takes 6♣ with 5♥ J♠ and draws 3♠ after it (§4.4), then takes the King with hers (§5.2).
    taps_before = table.taps
    table.draw("2H")
    wait_text(page, "#events", "ann drew 2♥.")
    # The referee lists the same sets as the oracle: the hand now holds 2♥ too, which makes none.
    assert sets_of("KH 6C 9D 4S 2H", "5H JS KC QD") == {("6", "5", "J")}
    assert [el.get_attribute("data-set") for el in page.find_elements(By.CSS_SELECTOR, '#moves [data-action="set"]')] == ["6 5 J"]
    table.move('[data-set="6 5 J"]', (("one-picker", "3S"),))
    assert "ann took 6♣ with 5♥ J♠: 6 + 5 = 11." in wait_text(page, "#events", "ann drew 3♠ after the set.")
    table.move('[data-action="take_king"]')
    wait_text(page, "#events", "ann took K♣ from the table")
    taps_my_turn = table.taps - taps_before
    wait_text(page, "#game-status", "bob's turn")

    # bob: draws (unseen: one tap), has no set with a lone Q♦, and discards — first a mis-tap, taken back.
    taps_before = table.taps
    table.move('[data-action="draw"]')
    wait_text(page, "#events", "bob drew a card.")
    assert page.find_elements(By.CSS_SELECTOR, '#moves [data-action="set"]') == []  # one table card: no set (§4.1)
    table.move('[data-action="discard"]', (("one-picker", "8D"),))
    wait_text(page, "#events", "bob discarded 8♦ face up on the table.")
    assert page.find_element(By.ID, "undo").text == "Take back: bob discards 8♦"
    table.tap("#undo")
    wait_text(page, "#events", "Taken back: bob discards 8♦.")
    assert shown(page, "#table-cards .card") == ["Queen of diamonds"]
    table.move('[data-action="discard"]', (("one-picker", "7C"),))
    wait_text(page, "#events", "bob discarded 7♣ face up on the table.")
    taps_other_turn_discard = table.taps - taps_before - 4  # the mis-tap and its take back left out

    # ann: draws 5♦; 5 with 7 Q (5 + 7 = 12) empties the table: she draws 8♥, and the four cards turned are tapped (§6).
    table.draw("5D")
    wait_text(page, "#events", "ann drew 5♦.")
    assert ("5", "7", "Q") in sets_of("KH 9D 4S 2H 3S KC 5D", "QD 7C")
    assert shown(page, "#my-hand mark .card") == ["5 of diamonds"]
    # The phone as ann sees her turn: the table, her hand, the set she can make highlighted (docs/games/three-kings.md).
    page.execute_script("document.getElementById('table-title').scrollIntoView({block: 'start'})")
    shutil.copyfile(screenshot(page, "three-kings-turn"), ROOT / "docs" / "images" / "table-three-kings.png")
    taps_before = table.taps
    table.move('[data-set="5 7 Q"]', (("one-picker", "8H"), ("turned-picker", "AH 2D 10C 6H")))
    wait_text(page, "#events", "The table was empty: A♥ 2♦ 10♣ 6♥ turned face up.")
    taps_set_emptying_the_table = table.taps - taps_before

    page.refresh()  # the phone keeps the game through a reload
    wait_ready(page)
    wait_text(page, "#game-status", "bob's turn")
    assert shown(page, "#table-cards .card") == ["Ace of hearts", "2 of diamonds", "10 of clubs", "6 of hearts"]
    # The turn's controls labelled, axe-clean and whole at 200% zoom, with the card entry open.
    page.find_element(By.CSS_SELECTOR, '#moves [data-action="draw"]').click()
    table.taps += 1
    wait_text(page, "#game-status", "bob makes a set")
    press(page, page.find_element(By.CSS_SELECTOR, '#moves [data-action="discard"]'))
    assert check(page) == {"unlabelled": [], "serious": [], "sideways": 0, "clipped": []}
    page.execute_script("document.getElementById('turn').scrollIntoView({block: 'start'})")
    screenshot(page, "three-kings-discard")
    press(page, page.find_element(By.ID, "cancel"))

    # bob: a set by ranks, from a hand nobody sees (§10): 4 with 2 6 (4 + 2 = 6); his extra card is unseen.
    taps_before = table.taps
    table.move('[data-set="4 2 6"]')
    wait_text(page, "#events", "bob took 4 with 2♦ 6♥: 4 + 2 = 6.")
    taps_other_turn_set = table.taps - taps_before + 1  # and his draw before the reload

    # ann draws K♦, her third King: the game ends at once (§7.1). Method 2: her sets 6 5 J and 5 7 Q, +15; bob's 4 2 6.
    table.draw("KD")
    ann, bob = points("6C 5H JS 5D 7C QD") + 15, points("4S 2D 6H")
    assert (ann, bob) == (61, 12)
    wait_text(page, "#winners", "Winner: ann.")
    assert "ann holds three Kings." in page.find_element(By.ID, "events").text
    scores = page.find_element(By.ID, "score-list").text
    assert f"ann: {ann} points (three Kings)" in scores and f"bob: {bob} points" in scores
    assert not page.find_element(By.ID, "turn").is_displayed()
    screenshot(page, "three-kings-over")
    press(page, page.find_element(By.ID, "new-game"))  # the next deal: the same table, its cards tapped afresh
    wait_text(page, "#status", "Game forgotten")
    assert page.find_element(By.ID, "setup").is_displayed() and shown(page, "#table-picker .held button") == []
    assert page.find_element(By.ID, "players").get_attribute("value") == "ann, bob"
    record_figures(
        "three-kings",
        {
            "taps_my_turn_draw_set_king": taps_my_turn,
            "taps_my_set_emptying_the_table": taps_set_emptying_the_table,
            "taps_other_turn_draw_set": taps_other_turn_set,
            "taps_other_turn_draw_discard": taps_other_turn_discard,
            "taps_whole_game": table.taps,
            "tap_to_answer_ms": table.answers,
        },
    )


def test_three_kings_shown_out_of_turn_end_the_game(browser, live_url):
    page = open_page(browser, live_url, PAGE)
    table = Table(page)
    table.set_up("5H JS KC QD", "KH 6C 9D 4S", scoring="penalty")
    # ann's hand is known: she is never offered a show; bob's is unseen, and five Kings leave him three (§1, §10.4).
    assert [el.get_attribute("data-player") for el in page.find_elements(By.CSS_SELECTOR, "#show-list button")] == ["bob"]
    table.draw("2H")
    table.move('[data-set="6 5 J"]', (("one-picker", "3S"),))
    wait_text(page, "#game-status", "ann may take the King on the table")  # still ann's turn
    table.move('#show-list [data-player="bob"]')  # bob shows three Kings out of turn
    wait_text(page, "#events", "bob showed three Kings.")
    # Method 3: ann's set 6 5 J is 22; bob has no set, -15 for three Kings; lowest wins.
    assert (points("6C 5H JS"), 0 - 15) == (22, -15)
    wait_text(page, "#winners", "Winner: bob.")
    scores = page.find_element(By.ID, "score-list").text
    assert "ann: 22 points" in scores and "bob: -15 points (three Kings)" in scores
    # The show is taken back like any move: the game goes on from ann's turn.
    assert page.find_element(By.ID, "undo").text == "Take back: bob shows three Kings"
    press(page, page.find_element(By.ID, "undo"))
    wait_text(page, "#game-status", "ann's turn")
    assert page.find_elements(By.ID, "winners") == []


def test_a_refused_move_is_said_with_its_rule_and_the_moves_legal_instead(browser, live_url):
    """bob's hand is unseen, so his discard is tapped; a 6 makes 6 with 5 J, which proves a set was there (§3.3)."""
    page = open_page(browser, live_url, PAGE)
    table = Table(page)
    table.tap('label[for="scoring-bonus"]')
    choose(page, "dealer", "0")
    table.cards_in("table-picker", "5H JS KC QD")
    table.cards_in("hand-picker", "KH 6C 9D 4S")
    table.answer("#start")
    wait_text(page, "#game-status", "bob's turn")  # ann deals: bob, on her left, plays first
    table.move('[data-action="draw"]')
    # One button for bob's discard, whatever card it is (his hand is unseen), beside the sets he may hold.
    assert len(page.find_elements(By.CSS_SELECTOR, '#moves [data-action="discard"]')) == 1
    assert sets_of("6D", "5H JS KC QD") == {("6", "5", "J")}
    table.tap('#moves [data-action="discard"]')
    table.cards_in("one-picker", "6D")
    press(page, page.find_element(By.ID, "enter"))
    verdict = wait_text(page, "#verdict", "Not legal: bob discards 6♦.")
    assert "so no discard is allowed (rule 3.3)" in verdict and "Legal instead:" in verdict
    assert "bob's turn" in page.find_element(By.ID, "game-status").text
    assert page.find_element(By.ID, "undo").text == "Take back: bob draws"  # the refused discard was not made


def test_a_refused_table_is_said_with_its_reason(browser, live_url):
    """A fifth 5 for two players: the pack holds four of each rank (§1.3); the referee's reason is shown."""
    page = open_page(browser, live_url, PAGE)
    tap_cards(page, "table-picker", "5H 5S 5D 5C")
    tap_cards(page, "hand-picker", "5H KH KS QD")
    press(page, page.find_element(By.ID, "start"))
    assert "copy number 5" in wait_text(page, "#setup-result [role=alert]", "Impossible table")
    assert page.find_element(By.ID, "setup").is_displayed()


def test_the_referee_unreachable_is_said_plainly_and_what_was_entered_is_kept(browser, app):
    server = Server(app, "127.0.0.1")
    try:
        page = open_page(browser, server.url, PAGE)
        table = Table(page)
        table.set_up("5H JS KC QD", "KH 6C 9D 4S")
        table.draw("2H")
        wait_text(page, "#events", "ann drew 2♥.")
        table.tap('#moves [data-set="6 5 J"]')
        tap_cards(page, "one-picker", "3S")
    finally:
        server.stop()  # the referee goes away before the set is sent
    press(page, page.find_element(By.ID, "enter"))
    assert "Nothing you entered is lost" in wait_text(page, "#verdict [role=alert]", "The referee cannot be reached")
    assert "cannot be reached" in page.find_element(By.ID, "status").text
    # The game is where it was, the set chosen and the card tapped still there, kept through a reload too.
    assert "ann makes a set" in page.find_element(By.ID, "game-status").text
    assert shown(page, "#one-picker .held button") == ["3♠ (3 of spades): take out"]
    stored = page.execute_script("return JSON.parse(localStorage.getItem('three-kings-table-v1'))")
    assert stored["pending"]["move"]["hand_card"] == "6C" and stored["picked"]["one"] == ["3S"]


def test_the_page_is_served_at_its_addresses_and_linked_from_the_home(client):
    assert b"<title>Three Kings at the table</title>" in client.get(PAGE).data
    assert client.get("/table/three-kings/").headers["Location"].endswith(PAGE)
    assert b'href="./?game=three-kings"' in client.get("/table/").data


def test_a_phone_that_only_follows_sees_no_hand_and_every_move_is_a_tap(browser, live_url):
    """Nobody's hand is told: every set the table allows is offered by ranks; method 1 gives no points (§8)."""
    page = open_page(browser, live_url, PAGE)
    table = Table(page)
    choose(page, "me", "-1")
    assert not page.find_element(By.ID, "hand-picker").is_displayed()
    table.tap('label[for="scoring-three_kings_wins"]')
    table.cards_in("table-picker", "5H JS KC QD")
    table.answer("#start")
    wait_text(page, "#game-status", "ann's turn")
    assert not page.find_element(By.ID, "mine").is_displayed()
    table.move('[data-action="draw"]')
    wait_text(page, "#events", "ann drew a card.")
    # Every set a hand could make with 5 J Q (the King is never in a set), by the oracle of §4.
    ranks = list(VALUES)
    offered = {tuple(el.get_attribute("data-set").split()) for el in page.find_elements(By.CSS_SELECTOR, '#moves [data-action="set"]')}
    assert offered == sets_of(" ".join(f"{r}H" for r in ranks), "5H JS KC QD")
    table.move('[data-set="6 5 J"]')
    wait_text(page, "#events", "ann took 6 with 5♥ J♠: 6 + 5 = 11.")
    table.move('[data-action="pass"]')  # ann may hold a King to take the table's: she ends her turn instead
    wait_text(page, "#game-status", "bob's turn")
    assert {el.get_attribute("data-player") for el in page.find_elements(By.CSS_SELECTOR, "#show-list button")} == {"ann", "bob"}
    table.move('#show-list [data-player="ann"]')
    wait_text(page, "#winners", "Winner: ann.")
    assert "Method 1" in page.find_element(By.ID, "score").text and "points" not in page.find_element(By.ID, "score-list").text


def test_played_out_three_kings_do_not_end_the_game_and_count_at_the_end(browser, live_url):
    """Play it out (§9): the third King is noted, the game goes on; method 2 counts +15 for it."""
    page = open_page(browser, live_url, PAGE)
    table = Table(page)
    table.tap('label[for="play-it-out"]')
    table.set_up("5H JS KC QD", "KH KS 6C 9D")
    table.draw("2H")
    table.move('[data-set="6 5 J"]', (("one-picker", "3S"),))
    table.move('[data-action="take_king"]')  # K♥ K♠ and the table's K♣: three Kings
    wait_text(page, "#events", "ann holds three Kings.")
    wait_text(page, "#game-status", "bob's turn")  # the game goes on
    assert page.find_elements(By.ID, "winners") == []
    assert f"ann: {points('6C 5H JS') + 15} points (three Kings)" in page.find_element(By.ID, "score-list").text
