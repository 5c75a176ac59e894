"""1923's page in Debian's chromium at 390×844: a whole match at a real table, every card tapped, only names typed.

Expected values come from the rule book as the service reads it (/work/shared/rules/1923-reading.md, the project's
service/games/nineteen_twenty_three/rules.md): blackjack values (Ace 1 or 11 as its holder chooses, J Q K 10), who
wins a game (§4: the range 19–23, the nearer end, the average, draw-offs with an Ace 11, war with the hands), a set
(§5: the last game of war, most cards won, Ace benefit and Ace damage) and the match to N (§6); every figure below is
worked out in the comments or by `value` here, never read from the page's code.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.browser.conftest import open_page, record_figures, screenshot, wait_ready
from tests.browser.test_pages_usable import check
from tests.browser.test_table_page import press, tap_cards, wait_text
from tests.browser.test_twenty_four_page import Table as TwentyFourTable

PAGE = "/table/?game=1923"


def value(hand: str) -> int:
    """A hand's value as its holder counts it (the reading's "Values"): in 19–23 the higher; else nearer the range, then higher."""
    options = set()
    for aces in product((1, 11), repeat=sum(card.startswith("A") for card in hand.split())):
        others = sum(10 if card[:-1] in "JQK" else int(card[:-1]) for card in hand.split() if not card.startswith("A"))
        options.add(others + sum(aces))

    def rank(total: int) -> tuple[int, int]:
        return (0 if 19 <= total <= 23 else -min(abs(total - 19), abs(total - 23)), total)

    return max(options, key=rank)


class Table(TwentyFourTable):
    """The page, every tap counted and the time from a tap to the rendered answer measured (figures only), as for Twenty-Four."""

    def picks(self, cards: str) -> None:
        tap_cards(self.page, "entry-picker", cards)
        self.taps += len(cards.split())

    def reveal(self, shot: str = "", **hands: str) -> None:
        """Each hand tapped right to left (the order taken), player after player, then the reveal sent."""
        names = list(hands)
        for index, name in enumerate(names):
            wait_text(self.page, "#entry-what", f"Tap {name}'s cards right to left")
            self.picks(hands[name])
            if shot and index == len(names) - 1:  # the reveal as a phone shows it, the last hand tapped
                self.page.execute_script("document.getElementById('entry').scrollIntoView({block: 'start'})")
                screenshot(self.page, shot)
            if index < len(names) - 1:
                self.tap("#enter")  # "Next: bob's hand"
        self.answer("#enter")

    def one_each(self, **cards: str) -> None:
        """A draw-off or the last war: one card per player, the next player's turn coming with the tap."""
        for name, card in cards.items():
            wait_text(self.page, "#entry-what", name)
            self.picks(card)
        self.answer("#enter")


def hands(page: Any) -> list[str]:
    """The judgment's hands, one line each, as read: name, cards in the order taken, value."""
    return [" ".join(item.text.split()) for item in page.find_elements(By.CSS_SELECTOR, "#judgment ul.split > li")]


def steps(page: Any) -> list[str]:
    return [item.text for item in page.find_elements(By.CSS_SELECTOR, "#judgment ol li")]


def test_the_reading_values_used_below():
    """The oracle agrees with the reading's worked examples."""
    assert value("AH 9C 2D") == 22 and value("AH 3C 10D") == 24 and value("AH AC 2D") == 24 and value("AH 5C 10D") == 26
    assert value("KH QS 5D") == 25 and value("10C 7D") == 17


def test_a_whole_match_of_1923_from_the_deal_to_the_winner(browser, live_url):
    page = open_page(browser, live_url, PAGE)
    table = Table(page)
    # ann and bob, one deck (ceil(2 / 3)), the match to 21: the page's own defaults, nothing typed.
    table.tap("#start")
    wait_text(page, "#game-status", "Set 1, game 1")
    assert "48 cards left in the pile" in page.find_element(By.ID, "game-status").text  # 52 less two cards each (§3.1)
    # -- game 1: takes and locks told as they happen; a tie the draw-offs settle (§4.2 to §4.4).
    taps_before = table.taps
    table.answer("#take-0")
    assert "ann took a card (3 cards in hand, 47 left in the pile)." in wait_text(page, "#events", "ann took")
    table.answer("#take-1")
    table.answer("#lock-0")
    assert "ann locked with 3 cards." in wait_text(page, "#events", "locked")
    table.answer("#lock-1")
    seats = page.find_element(By.ID, "seats").text
    assert "ann 3 cards, locked" in seats and "bob 3 cards, locked" in seats
    assert len(page.find_elements(By.CSS_SELECTOR, '#seats [aria-label="a card the referee has not seen"]')) == 6
    # 10 6 2 against 10 6 2: 18 each, both 1 below 19 (§4.2); three cards each, average 6 (§4.3): the tie waits for draws.
    assert value("10H 6D 2S") == value("10C 6S 2D") == 18
    table.reveal(ann="10H 6D 2S", bob="10C 6S 2D")
    assert "ann and bob are still tied" in wait_text(page, "#events", "round 1")
    wait_text(page, "#entry-title", "The draw-off, round 1")
    # The hands shown are seen: one deck holds each card once, so they cannot be tapped again.
    assert page.find_element(By.CSS_SELECTOR, '#entry-picker .pick[data-card="10H"]').get_attribute("disabled") is not None
    table.one_each(ann="5S", bob="5D")  # 5 against 5: still tied (§4.4)
    wait_text(page, "#entry-title", "round 2")
    page.refresh()  # a reload keeps the match and the step it is at
    wait_ready(page)
    wait_text(page, "#entry-title", "The draw-off, round 2")
    table.one_each(ann="7S", bob="2C")  # 7 against 2: ann wins the 6 cards of the hands and the 4 drawn
    assert "ann wins the game (decided by the draw-off) and takes 10 cards." in wait_text(page, "#events", "wins the game")
    taps_game_with_draw_offs = table.taps - taps_before
    lines = steps(page)
    assert lines[0].startswith("Nobody is in 19–23 (rule 4.2)") and "ann 18 is 1 below 19 and bob 18 is 1 below 19" in lines[0]
    assert lines[0].endswith("still tied: ann and bob.")
    assert lines[1].startswith("The average card value breaks the tie (rule 4.3): ann 6 and bob 6")
    assert lines[2].startswith("Draw-off, round 1") and "ann 5♠ (5), bob 5♦ (5)" in lines[2]
    assert lines[3].startswith("Draw-off, round 2") and "ann 7♠ (7), bob 2♣ (2)" in lines[3] and lines[3].endswith("ann is ahead.")
    # 48 - 2 taken - 4 drawn = 42, and two cards each dealt for game 2: 38.
    assert "Set 1, game 2" in wait_text(page, "#game-status", "38 cards left")
    assert "this set 10 cards won" in page.find_element(By.ID, "standings").text
    # The play's controls (each player's take and lock, the reveal's grid, the judgment) labelled, axe-clean, whole at 200%.
    assert check(page) == {"unlabelled": [], "serious": [], "sideways": 0, "clipped": []}
    # -- game 2: nothing told before the reveal; the range decides (§4.1). A♥ 9♣ 2♥ is 22 with the Ace 11.
    assert value("AH 9C 2H") == 22 and value("KS 9D") == 19
    taps_before = table.taps
    table.reveal(ann="AH 9C 2H", bob="KS 9D", shot="1923-reveal")
    wait_text(page, "#events", "ann wins the game (decided by the range)")
    taps_game_revealed_at_once = table.taps - taps_before
    assert hands(page) == ["ann A♥ 9♣ 2♥ = 22 (the Ace counted 11)", "bob K♠ 9♦ = 19"]
    assert steps(page) == ["In the range 19–23 (rule 4.1): ann 22 and bob 19; the nearest to 23 is best: ann is ahead."]
    # -- game 3: the reading's worked example: 25 is 2 above 23, 17 is 2 below 19; 17/2 beats 25/3 (§4.3).
    table.reveal(ann="KH QS 5H", bob="10D 7D")
    wait_text(page, "#events", "bob wins the game (decided by the average)")
    lines = steps(page)
    assert "ann 25 is 2 above 23 and bob 17 is 2 below 19" in lines[0]
    assert "ann 25/3 (8.33) and bob 17/2 (8.50)" in lines[1] and lines[1].endswith("bob is ahead.")
    page.execute_script("document.getElementById('judgment').scrollIntoView({block: 'start'})")
    screenshot(page, "1923-judgment")  # the judgment as a phone shows it (docs/images/table-1923.png)
    # -- game 4: long hands use up the pile: 28 - 26 untold cards leaves 2 for 2 players, so game 5 is war (§5.2).
    ann = "9H JH QH 8C JC QC KC 8D JD QD KD 8S 9S 10S JS"
    bob = "AC AD 3H 3D 3S 4H 4C 4D 4S 5C 6H 6C 7H 7C 8H"
    assert (value(ann), value(bob)) == (142, 66)  # 119 and 43 from the range: bob is nearer (§4.2)
    table.reveal(ann=ann, bob=bob)
    assert "the set's last game, war: 2 cards left, one card each" in wait_text(page, "#events", "war")
    wait_text(page, "#entry-title", "The last game of war")
    # Every control of the step labelled, axe-clean and whole at 200% zoom.
    assert check(page) == {"unlabelled": [], "serious": [], "sideways": 0, "clipped": []}
    # -- game 5, the last war: A♠ (11) beats 3♣ (3); the set ends with the pack used up: no dead card (§5.3).
    table.one_each(ann="AS", bob="3C")
    events = wait_text(page, "#events", "The match is over")
    assert "The last war: ann A♠ (11) and bob 3♣ (3); ann wins those cards." in events
    # §5.4, §5.5: bob won 5 + 30 = 35 cards with A♣ A♦, the most: 35 + 2 = 37; ann won 10 + 5 + 2 = 17 with A♥ A♠:
    # she scores nothing for them and loses 2 (Ace damage). bob reaches 21 first (§6.1).
    standings = page.find_element(By.ID, "standings").text
    assert "Set 1: ann −2 (17 cards won, not the most: they score nothing; Ace damage −2) and bob +37 (35 cards won, Ace benefit +2)." in standings
    assert "bob: 37 points" in standings and "ann: −2 points" in standings
    assert wait_text(page, "#winners", "Winner") == "Winner of the match: bob (the first to reach the target)."
    assert page.find_element(By.ID, "entry").is_displayed() is False
    page.execute_script("window.scrollTo(0, 0)")
    screenshot(page, "1923-over")
    assert check(page) == {"unlabelled": [], "serious": [], "sideways": 0, "clipped": []}
    taps_whole_match = table.taps
    # Taking back the last move returns to the last war, its cards to tap again.
    press(page, page.find_element(By.ID, "undo"))
    wait_text(page, "#events", "Taken back: the last war: ann A♠ and bob 3♣.")
    assert page.find_elements(By.ID, "winners") == []
    wait_text(page, "#entry-title", "The last game of war")
    record_figures(
        "1923",
        {
            "taps_game_with_takes_locks_and_two_draw_offs": taps_game_with_draw_offs,
            "taps_game_of_five_cards_revealed_at_once": taps_game_revealed_at_once,
            "taps_whole_match": taps_whole_match,
            "tap_to_answer_ms": table.answers,
        },
    )


def test_a_tie_no_draw_can_settle_is_war_with_the_hands_and_the_match_runs_over_two_sets(browser, live_url):
    """§4.5: the whole pack in two hands of 170 (26 cards each, average equal): the pile cannot give a draw, so war.

    The hearts and clubs against the diamonds and spades, each hand led by a King: the first turn ties (10 against
    10), the second is A♥ (11) against 9♦ (9), and ann wins all 52 cards: 52 + 4 Aces = 56 points (§5.5). The match
    goes to 57 here, so a second set is dealt from the whole pack (§5.1, §6.1); the same game again takes ann to 112.
    """
    ann = "KH AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KC AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC"
    bob = "KD 9D AD 2D 3D 4D 5D 6D 7D 8D 10D JD QD KS AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"
    assert value(ann) == value(bob) == 170  # far above 23, every Ace counts 1
    page = open_page(browser, live_url, PAGE)
    table = Table(page)
    Select(page.find_element(By.ID, "target")).select_by_value("57")  # chosen in a list: nothing typed
    table.tap("#start")
    wait_text(page, "#game-status", "The match goes to 57 points")
    table.reveal(ann=ann, bob=bob)
    wait_text(page, "#events", "ann wins the game (decided by war)")
    lines = steps(page)
    assert lines[0].endswith("still tied: ann and bob.") and lines[1].endswith("still tied: ann and bob.")
    assert lines[2].startswith("War with the hands, turn 1 (rule 4.5") and "ann K♥ (10), bob K♦ (10)" in lines[2]
    assert lines[3].startswith("War with the hands, turn 2") and "ann A♥ (11), bob 9♦ (9)" in lines[3] and lines[3].endswith("ann is ahead.")
    set_one = "Set 1: ann +56 (52 cards won, Ace benefit +4) and bob 0 (0 cards won, not the most: they score nothing)."
    assert set_one in page.find_element(By.ID, "standings").text
    assert "Set 2 begins" in page.find_element(By.ID, "events").text
    wait_text(page, "#game-status", "Set 2, game 1")
    assert page.find_elements(By.ID, "winners") == []  # 56 is short of 57
    table.reveal(ann=ann, bob=bob)  # a new set: the whole pack again, every card tappable once more
    standings = wait_text(page, "#standings", "Set 2:")
    assert set_one in standings and "ann: 112 points" in standings
    assert wait_text(page, "#winners", "Winner") == "Winner of the match: ann (the first to reach the target)."


def test_a_move_told_by_mistake_is_taken_back_and_two_decks_hold_each_card_twice(browser, live_url):
    """Four players play with ceil(4 / 3) = 2 decks (§1.2): a card may be shown twice in a game."""
    page = open_page(browser, live_url, PAGE)
    players = page.find_element(By.ID, "players")
    players.clear()
    players.send_keys("ann, bob, cy, dee\t")  # names are the only thing typed
    assert Select(page.find_element(By.ID, "decks")).first_selected_option.text == "2"
    press(page, page.find_element(By.ID, "start"))
    wait_text(page, "#game-status", "96 cards left in the pile")  # 104 less two cards each for four
    press(page, page.find_element(By.ID, "take-2"))
    wait_text(page, "#events", "cy took a card (3 cards in hand, 95 left in the pile).")
    undo = page.find_element(By.ID, "undo")
    assert undo.text == "Take back: cy takes a card"
    press(page, undo)
    wait_text(page, "#events", "Taken back: cy takes a card.")
    assert "96 cards left in the pile" in page.find_element(By.ID, "game-status").text
    assert page.find_element(By.ID, "undo-box").is_displayed() is False
    # The reveal: 10♥ in ann's hand and in bob's (two decks); a third 10♥ is greyed out for cy.
    hands = {"ann": "10H 9S", "bob": "10H 9C", "cy": "2D 3D", "dee": "4S 5S"}
    for name, cards in hands.items():
        wait_text(page, "#entry-what", f"Tap {name}'s cards")
        if name == "cy":
            assert page.find_element(By.CSS_SELECTOR, '#entry-picker .pick[data-card="10H"]').get_attribute("disabled") is not None
        tap_cards(page, "entry-picker", cards)
        press(page, page.find_element(By.ID, "enter"))
    # 19 and 19 in range, both two cards: average 9.5 each; the draw-off is next for ann and bob (§4.1, §4.3, §4.4).
    assert (value(hands["ann"]), value(hands["bob"])) == (19, 19)
    wait_text(page, "#entry-title", "The draw-off, round 1")
    assert [el.get_attribute("data-player") for el in page.find_elements(By.CSS_SELECTOR, "#entry-slots button")] == ["ann", "bob"]


def test_the_referee_unreachable_is_said_plainly_and_the_cards_entered_are_kept(browser, live_url):
    page = open_page(browser, live_url, PAGE)
    press(page, page.find_element(By.ID, "start"))
    wait_text(page, "#game-status", "Set 1, game 1")
    tap_cards(page, "entry-picker", "10H 6D")
    # The referee goes away (every request to it fails as a network error does), and the reveal is tapped.
    page.execute_script("window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));")
    press(page, page.find_element(By.ID, "enter"))  # Next: bob's hand
    tap_cards(page, "entry-picker", "10C 6S")
    press(page, page.find_element(By.ID, "enter"))
    assert "The referee cannot be reached" in wait_text(page, "#status", "cannot be reached")
    assert page.find_element(By.ID, "undo-box").is_displayed() is False  # no move was recorded
    page.refresh()  # the referee is back: nothing entered was lost
    wait_ready(page)
    assert [el.text for el in page.find_elements(By.CSS_SELECTOR, "#entry-slots button")] == ["ann: 10♥ 6♦", "bob: 10♣ 6♠"]
    press(page, page.find_element(By.ID, "enter"))
    wait_text(page, "#events", "The reveal: ann shows 10♥ 6♦ and bob shows 10♣ 6♠.")


def test_the_page_is_linked_from_the_home_and_served_at_its_own_path(browser, live_url):
    page = open_page(browser, live_url, "/table/")
    press(page, page.find_element(By.CSS_SELECTOR, '#game-1923 a[href="./?game=1923"]'))
    wait_ready(page)
    assert page.title == "1923 at the table"
    page.get(f"{live_url}/table/1923/")
    wait_ready(page)
    assert page.title == "1923 at the table" and page.current_url.endswith("/table/?game=1923")
