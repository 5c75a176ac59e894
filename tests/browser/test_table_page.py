"""The phone page in Debian's chromium at 390×844: whole flows, labels, 200% zoom, axe-core, screenshots.

Expected values come from the rule book (service/games/kings/rules.md §8, §9.4,
§12 and the worked examples of §25), never from the page's own code.
"""

from __future__ import annotations

from typing import Any

import pytest
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.browser.conftest import TIME_TAP, record_figures, screenshot, wait_ready

STEPS = ("setup", "hand", "move", "calculus")


# -- driving the page ---------------------------------------------------------------------------
def wait_text(driver: Any, css: str, text: str, timeout: float = 10) -> str:
    """Wait until the element at ``css`` shows ``text``; its whole text back."""

    def shown(d: Any) -> str | bool:
        found = d.find_elements(By.CSS_SELECTOR, css)
        return found[0].text if found and text in found[0].text else False

    try:
        result: str = WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(shown)
    except TimeoutException:
        found = driver.find_elements(By.CSS_SELECTOR, css)
        pytest.fail(f"{css} never showed {text!r}; it shows {found[0].text if found else 'nothing'!r}")
    return result


def go(driver: Any, step: str) -> None:
    driver.find_element(By.ID, f"nav-{step}").click()
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, step).is_displayed())


CHOOSE = """
const [select, value] = arguments;
if (![...select.options].some((option) => option.value === value)) return false;
select.value = value;
select.dispatchEvent(new Event("change", {bubbles: true}));
return true;
"""


def choose(driver: Any, element_id: str, value: str) -> None:
    """Choose an option as a phone's picker does (the value, then a change event), in one round trip to the browser."""
    assert driver.execute_script(CHOOSE, driver.find_element(By.ID, element_id), value), f"{element_id} has no option {value!r}"


def set_castles(driver: Any, *castles: str) -> None:
    """Castles as ``"6C+K"`` (a card, then ``+K`` per King on it), through the set-up step's selects."""
    go(driver, "setup")
    for number, text in enumerate(castles, start=1):
        card, _, kings = text.partition("+")
        choose(driver, f"castle-{number}-rank", card[:-1])
        choose(driver, f"castle-{number}-suit", card[-1])
        choose(driver, f"castle-{number}-kings", str(kings.count("K")))


def set_players(driver: Any, names: str, me: int = 0, dealer: int = 0) -> None:
    go(driver, "setup")
    field = driver.find_element(By.ID, "players")
    field.clear()
    field.send_keys(names)
    driver.find_element(By.ID, "hand-set").click()  # leaving the field commits it, as a tap elsewhere on a phone does
    choose(driver, "me", str(me))
    choose(driver, "dealer", str(dealer))


def press(driver: Any, element: Any) -> None:
    """Scroll the element to the middle of the screen, clear of the sticky step bar, and tap it."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def tap_cards(driver: Any, picker: str, cards: str) -> None:
    for card in cards.split():
        press(driver, driver.find_element(By.CSS_SELECTOR, f'#{picker} .pick[data-card="{card}"]'))


def hold_cards(driver: Any, picker: str, cards: str) -> None:
    """Cards tapped into a hand, each once the last has shown there: a busy machine must not lose a tap to a re-render."""
    for card in cards.split():
        before = len(held(driver, picker))
        tap_cards(driver, picker, card)
        WebDriverWait(driver, 10, ignored_exceptions=(StaleElementReferenceException,)).until(lambda d, before=before: len(held(d, picker)) > before)


def held(driver: Any, picker: str) -> list[str]:
    return [item.get_attribute("aria-label") for item in driver.find_elements(By.CSS_SELECTOR, f"#{picker} .held button")]


# -- the flows ---------------------------------------------------------------------------------------
def test_a_hand_shows_its_best_split_the_call_and_progress_to_all_24_hands(page):
    set_castles(page, "5H", "9C", "4D", "10S")
    go(page, "hand")
    tap_cards(page, "hand-picker", "QH JH 10H 9H 8H 7H 3S")
    assert len(held(page, "hand-picker")) == 7
    # §12: the Super Kingdom pays 3 * (K1 + K4) = 3 * (5 + 10) = 45, the 3S is the Pointer: 48, a valid call (§11).
    wait_text(page, "#hand-result .score", "48 points")
    assert page.find_element(By.ID, "hand-summary").text == "Best: 48 points · HAND! valid · 3 of 24 hands complete"
    assert "HAND! would be a valid call" in page.find_element(By.ID, "hand-result").text
    # Seven hearts 7..Q in castle 1's suit complete the Kingdom family (Super, full, half) and nothing else.
    wait_text(page, "#hand-result", "3 of 24 hands complete")
    assert page.find_element(By.ID, "hand-progress").get_attribute("value") == "3"
    # The hands held, each once (§13: the Super Kingdom is not also counted as a plain Kingdom): it and the four
    # runs of three hearts among 7..Q, each a Half Kingdom (§12).
    found = [item.text.split(",")[0] for item in page.find_elements(By.CSS_SELECTOR, "#hand-result .found > li")]
    assert sorted(found) == ["Half Kingdom"] * 4 + ["Super Kingdom"]
    complete = [item.find_element(By.TAG_NAME, "strong").text for item in page.find_elements(By.CSS_SELECTOR, ".progress-list li.complete")]
    assert sorted(complete) == ["Half Kingdom", "Kingdom", "Super Kingdom"]
    screenshot(page, "hand")


def test_kings_on_a_castle_and_the_hand_set_change_the_score(page):
    """§25's third worked example: 15.5 and a valid call; under THE ELDERS no half hands, −30."""
    set_castles(page, "AH", "6C+K", "8D", "2S")
    go(page, "hand")
    tap_cards(page, "hand-picker", "4C 10C 10C 3D 9D 9D 5H")
    wait_text(page, "#hand-result .score", "15.5 points")
    assert "valid call" in page.find_element(By.ID, "hand-result").text
    go(page, "setup")
    choose(page, "hand-set", "elders")
    go(page, "hand")
    wait_text(page, "#hand-result .score", "-30 points")


def test_cards_are_taken_out_and_two_decks_hold_two_copies(page):
    """Jasper's hand (§25): no hand forms, 13 points, not a valid call; a third copy of a card is refused (§1)."""
    set_castles(page, "2H", "3C", "QD", "7S")
    go(page, "hand")
    tap_cards(page, "hand-picker", "QH AS KD KD KD")
    assert "Both copies of King of diamonds are in already" in page.find_element(By.CSS_SELECTOR, "#hand-picker .note").text
    tap_cards(page, "hand-picker", "2H JH 6C 9S 10S")
    assert "8 cards already" in page.find_element(By.CSS_SELECTOR, "#hand-picker .note").text  # §15: eight at most
    assert held(page, "hand-picker") == [
        f"{face} ({name}): take out"
        for face, name in [
            ("Q♥", "Queen of hearts"),
            ("A♠", "Ace of spades"),
            ("K♦", "King of diamonds"),
            ("K♦", "King of diamonds"),
            ("2♥", "2 of hearts"),
            ("J♥", "Jack of hearts"),
            ("6♣", "6 of clubs"),
            ("9♠", "9 of spades"),
        ]
    ]
    press(page, page.find_element(By.CSS_SELECTOR, "#hand-picker .held li:last-child button"))  # the 9S out again
    assert len(held(page, "hand-picker")) == 7
    wait_text(page, "#hand-result .score", "13 points")
    assert "false call" in page.find_element(By.ID, "hand-result").text
    wait_text(page, "#hand-result", "0 of 24 hands complete")
    page.refresh()  # the phone keeps the table through a reload
    wait_ready(page)
    assert len(held(page, "hand-picker")) == 7


def action(driver: Any, name: str) -> None:
    """Tap an action of the move form (a radio button, by its label: a thumb taps the words)."""
    press(driver, driver.find_element(By.CSS_SELECTOR, f'label[for="action-{name}"]'))


def castle(driver: Any, number: int) -> None:
    press(driver, driver.find_element(By.CSS_SELECTOR, f'label[for="castle-{number}"]'))


def checked(driver: Any, name: str) -> str:
    values: list[str] = [el.get_attribute("value") for el in driver.find_elements(By.CSS_SELECTOR, f"input[name={name}]:checked")]
    return ",".join(values)


def timed_move(driver: Any, answers: list[float]) -> None:
    """Tap "Make move" and measure the time until the referee's answer is on the screen (a figure, never asserted)."""
    button = driver.find_element(By.ID, "make-move")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    answers.append(driver.execute_async_script(TIME_TAP, button, "#events"))


def start_game(driver: Any, players: str, dealer: int, castles: tuple[str, str, str, str], hand: str) -> None:
    """A table (I am the first seat) with its castles and my dealt hand, then "Start refereeing this table"."""
    set_players(driver, players, me=0, dealer=dealer)
    set_castles(driver, *castles)
    go(driver, "hand")
    tap_cards(driver, "hand-picker", hand)
    go(driver, "move")
    press(driver, driver.find_element(By.ID, "start-game"))
    wait_text(driver, "#game-status", "to act")


def test_a_move_is_checked_then_made_and_the_form_starts_afresh_for_the_next_player(page):
    start_game(page, "ann, bob, cy", 2, ("7H", "2C", "JD", "4S"), "QH AS KD KD 2H JH 6C")
    # §8: the first turn goes to the player after The Turn; cy deals, so ann acts.
    wait_text(page, "#game-status", "ann to act")
    assert not page.find_element(By.ID, "start-game").is_displayed()  # one game at a time, until it is forgotten
    # ann's own cards are offered first: the King of diamonds is one tap away.
    suggested = [b.get_attribute("data-card") for b in page.find_elements(By.CSS_SELECTOR, "#card-picker .suggested-row button")]
    assert suggested == ["QH", "AS", "KD", "2H", "JH", "6C"]
    action(page, "play_king")
    tap_cards(page, "card-picker .suggested-row", "KD")
    castle(page, 1)
    press(page, page.find_element(By.ID, "check-move"))
    # §9.4: a King goes onto a castle of its own suit; castle 1 is the 7H, castle 3 the JD.
    verdict = wait_text(page, "#verdict", "Not legal")
    assert "rule 9.4" in verdict
    screenshot(page, "move-refused")
    alternative = next(b for b in page.find_elements(By.CSS_SELECTOR, "#verdict .alternative") if "castle 3" in b.text)
    press(page, alternative)
    wait_text(page, "#verdict", "Legal: ann plays K♦ on castle 3 (East)")
    press(page, page.find_element(By.ID, "drawn-summary"))  # folded away until a player shows a draw
    tap_cards(page, "drawn-picker", "5C 6C")  # the cards ann drew, tapped as she shows them
    press(page, page.find_element(By.ID, "make-move"))
    # §9.4 then §9.7: the castle is crowned, ann drew two and now discards one of eight.
    wait_text(page, "#game-status", "ann discards one of eight cards")
    assert "3: J♦ + 1 King" in " ".join(page.find_element(By.ID, "game-status").text.split())
    events = page.find_element(By.ID, "events").text
    assert "ann crowned castle 3 (East) with K♦." in events and "ann drew 5♣ 6♣." in events
    assert len(held(page, "hand-picker")) == 8  # her hand, as the referee now knows it: the two drawn cards in, the King out
    assert "5♣ (5 of clubs): take out" in held(page, "hand-picker")
    # §9.7: in this phase only a discard may be made, and the form starts afresh: no card chosen.
    shown = [el.get_attribute("for") for el in page.find_elements(By.CSS_SELECTOR, "#move-actions label") if el.is_displayed()]
    assert shown == ["action-face_down_discard", "action-face_up_discard"]
    assert held(page, "card-picker") == []
    action(page, "face_up_discard")
    tap_cards(page, "card-picker .suggested-row", "6C")
    press(page, page.find_element(By.ID, "make-move"))
    # §9.8: the turn passes clockwise, to bob; the 6C lies face up.
    status = " ".join(wait_text(page, "#game-status", "bob to act").split())
    assert "Face-up pile: 6♣ on top, 1 in all." in status
    # The form is bob's now, with the first action and no card: never ann's last action and card.
    assert page.find_element(By.ID, "move-player").get_attribute("value") == "1"
    assert checked(page, "action") == "face_down_discard" and held(page, "card-picker") == []
    # bob's cards were never seen: no card of ann's is offered for him.
    assert page.find_elements(By.CSS_SELECTOR, "#card-picker .suggested-row button") == []
    # §22: bob's cards are unseen; one may go face down without being named, and his draw stays unseen.
    press(page, page.find_element(By.ID, "check-move"))
    wait_text(page, "#verdict", "Legal: bob discards a card face down, not shown")
    press(page, page.find_element(By.ID, "make-move"))
    status = " ".join(wait_text(page, "#game-status", "cy to act").split())
    assert "Face-down pile: 1." in status and "bob: 7 cards" in status
    assert "bob drew 1 card not shown." in page.find_element(By.ID, "events").text
    press(page, page.find_element(By.ID, "reset-game"))
    assert page.find_element(By.ID, "start-game").is_displayed() and not page.find_element(By.ID, "game-panel").is_displayed()


def test_a_mis_tapped_move_is_taken_back_and_a_reload_keeps_the_game(page):
    """The referee is stateless: taking back is following the game from the state before the move (§9.8's turn returns)."""
    start_game(page, "ann, bob", 1, ("5H", "9C", "4D", "10S"), "QH JH 10H 9H 8H 7H 3S")
    answers: list[float] = []
    action(page, "face_up_discard")
    tap_cards(page, "card-picker .suggested-row", "QH")  # meant the 3S
    press(page, page.find_element(By.ID, "drawn-summary"))
    tap_cards(page, "drawn-picker", "4S")
    timed_move(page, answers)  # 5 taps: the action, the card, "Cards drawn", the card drawn, Make move
    wait_text(page, "#game-status", "bob to act")
    assert "Q♥ (Queen of hearts): take out" not in held(page, "hand-picker")
    page.refresh()  # the phone keeps the game, and its history, through a reload
    wait_ready(page)
    go(page, "move")
    wait_text(page, "#game-status", "bob to act")
    undo = page.find_element(By.ID, "undo")
    assert undo.text == "Take back: ann discards Q♥ face up"
    page.execute_script("arguments[0].scrollIntoView({block: 'center'})", undo)
    answers.append(page.execute_async_script(TIME_TAP, undo, "#events"))  # taking back: no referee call at all
    status = " ".join(wait_text(page, "#game-status", "ann to act").split())
    assert "Face-up pile: empty." in status
    assert "Taken back: ann discards Q♥ face up." in page.find_element(By.ID, "events").text
    assert "Q♥ (Queen of hearts): take out" in held(page, "hand-picker")  # her hand as it was before the move
    assert not page.find_element(By.ID, "undo-box").is_displayed()  # nothing more to take back
    record_figures("24-kings-undo", {"taps_discard_face_up_with_a_shown_draw": 5, "tap_to_answer_ms": answers})


def test_a_call_ends_the_game_the_reveals_name_the_winners_and_the_next_game_carries_the_match(page):
    """ann calls with a Super Kingdom and the 3S as Pointer: 3 * (5 + 10) + 3 = 48 (§12, §15), a valid call (§11).
    bob's hand was never seen, so the referee asks him to reveal it (§27) before naming the winners:
    his Super Southie in castle 4's suit pays 2 * (5 + 10) = 30, his 9C Pointer 9: 39, and ann wins (§17).
    The next game (§28): The Turn passes to the next seat, and the match carries 48 to 39."""
    start_game(page, "ann, bob", 1, ("5H", "9C", "4D", "10S"), "QH JH 10H 9H 8H 7H 3S")
    answers: list[float] = []
    action(page, "call_hand")
    assert not page.find_element(By.ID, "reveal-box").is_displayed()  # the referee sees ann's cards: nothing to show
    press(page, page.find_element(By.ID, "check-move"))
    assert "The call would be valid." in wait_text(page, "#verdict", "Legal: ann calls HAND!")
    timed_move(page, answers)  # 3 taps: the action, Check move (optional), Make move
    status = wait_text(page, "#game-status", "The game is over: bob shows their cards next")
    assert "Winner" not in status and "ann: 7 cards, 48 points" in status  # no winner named while a hand is unseen
    events = page.find_element(By.ID, "events").text
    assert "ann called HAND!: a valid call, 48 points." in events and "Still to show their cards: bob." in events
    assert checked(page, "action") == "reveal_hand"
    assert "bob's cards, as shown" in page.find_element(By.ID, "reveal-box").text
    tap_cards(page, "reveal-picker", "AS 2S 3S 4S 5S 6S 9C")
    timed_move(page, answers)  # 8 taps: seven cards, Make move (the action is chosen already)
    wait_text(page, "#game-winners", "Winner: ann.")
    status = page.find_element(By.ID, "game-status").text
    assert "bob: 7 cards, 39 points" in status and "shows their cards" not in status
    assert "This game (game 1): ann 48 and bob 39." in page.find_element(By.ID, "match").text
    assert not page.find_element(By.ID, "move-form").is_displayed()  # nothing left to move
    screenshot(page, "game-over")
    go(page, "calculus")
    assert len(held(page, "final-picker")) == 7  # ann's cards, as the game knows them
    assert page.find_element(By.ID, "caller").get_attribute("value") == "ann"  # the caller, from the game's outcome
    choose(page, "final-player", "1")
    assert len(held(page, "final-picker")) == 7  # bob's cards, as revealed to the game
    press(page, page.find_element(By.ID, "score"))
    wait_text(page, "#winners", "Winner: ann")
    result = page.find_element(By.ID, "calculus-result").text
    assert "ann: 48 points" in result and "bob: 39 points" in result and "ann's call: valid" in result
    go(page, "move")
    press(page, page.find_element(By.ID, "next-game"))
    WebDriverWait(page, 5).until(lambda d: d.find_element(By.ID, "setup").is_displayed())
    assert "Game 2" in page.find_element(By.ID, "status").text
    set_castles(page, "6H", "9C", "4D", "10S")
    go(page, "hand")
    assert held(page, "hand-picker") == []  # a new deal: the old hand is gone
    tap_cards(page, "hand-picker", "2C 3C 4C 5C 6C 7C 8D")
    go(page, "move")
    assert page.find_element(By.ID, "start-game").text == "Start game 2 of the match"
    press(page, page.find_element(By.ID, "start-game"))
    # §28: bob was The Turn; now ann is, so bob acts first.
    wait_text(page, "#game-status", "bob to act")
    assert "Match before this game (1 game): ann 48 and bob 39." in page.find_element(By.ID, "match").text
    record_figures("24-kings-call", {"taps_call_hand_checked_first": 3, "taps_reveal_of_seven_cards": 8, "tap_to_answer_ms": answers})


def test_the_calculus_scores_everyone_and_names_the_winners(page):
    """§25: ann's 7H 8H 8H KS QD 5C 3H make 11; bob's Super Southie pays 2 × (K1 + K4) = 22, his 9C Pointer 9: 31 (§12, §15)."""
    set_players(page, "ann, bob", me=0)
    set_castles(page, "7H", "2C", "JD", "4S")
    go(page, "hand")
    tap_cards(page, "hand-picker", "7H 8H 8H KS QD 5C 3H")
    go(page, "calculus")
    assert len(held(page, "final-picker")) == 7  # ann's own cards come from "My cards"
    choose(page, "final-player", "1")
    tap_cards(page, "final-picker", "AS 2S 3S 4S 5S 6S 9C")
    choose(page, "caller", "bob")
    page.find_element(By.ID, "score").click()
    wait_text(page, "#winners", "Winner: bob")
    result = page.find_element(By.ID, "calculus-result").text
    assert "ann: 11 points" in result and "bob: 31 points" in result
    assert "bob's call: valid" in result
    summary = page.find_element(By.ID, "final-summary").text
    assert "ann:" in summary and "bob:" in summary
    screenshot(page, "calculus")


def test_a_refusal_is_shown_with_its_reasons(page):
    """Two castles of one suit cannot be (§4): the page shows the referee's problem and where it points, not a blank."""
    set_castles(page, "7H", "2H", "JD", "4S")
    go(page, "hand")
    tap_cards(page, "hand-picker", "QH")
    alert = wait_text(page, "#hand-result [role=alert]", "/castles")
    assert "refused" in page.find_element(By.ID, "hand-summary").text
    assert len(alert.splitlines()) >= 2  # the title, then each problem on its own line


def test_the_skip_link_keeps_the_step(page):
    go(page, "calculus")
    link = page.find_element(By.CSS_SELECTOR, "a.skip")
    page.execute_script("arguments[0].focus()", link)  # it shows on focus, as for a keyboard user
    link.click()
    assert page.find_element(By.ID, "calculus").is_displayed() and page.switch_to.active_element.get_attribute("id") == "main"


def test_a_refereed_game_starts_from_a_dealt_hand_of_seven(page):
    """§8: seven cards each; eight tapped cards are not a dealt hand, and the page says so instead of guessing which."""
    go(page, "hand")
    hold_cards(page, "hand-picker", "QH AS KD KD 2H JH 6C 9S")
    assert len(held(page, "hand-picker")) == 8
    go(page, "move")
    press(page, page.find_element(By.ID, "start-game"))
    assert "seven cards" in wait_text(page, "#status", "take the extra ones out")
    assert not page.find_element(By.ID, "game-panel").is_displayed()
