"""Twenty-Four (1718)'s page in Debian's chromium at 390×844: a whole match at a real table, every card tapped.

The table draws for the first dealer, deals the rule text's worked deal (service/games/twenty_four_1718/rules.md
§12.2), announces its declarations, plays the hand card by card, deals the next hand and plays on until a player
reaches six chips. Nothing is typed: the players' names are the page's own defaults. Expected values come from the
rule text (§12.2's chips after the declarations, §4 the turn-up, §5.4 the sequences, §13.3 the revoke) and from a
small oracle written here for the tricks (§7.6 who takes a trick, §8 the honors, §9 the card), never from the page.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from tests.browser.conftest import open_page, record_figures, screenshot, wait_ready
from tests.browser.test_offline import Server
from tests.browser.test_pages_usable import check
from tests.browser.test_table_page import held, press, tap_cards, wait_text
from tests.browser.test_twenty_four_page import Table as CountedTable

PAGE = "/table/?game=twenty-four-1718"
PLAYERS = ["ann", "bob", "cy", "dee", "eve"]
# §12.2's deal: eve deals, ann leads, 5H is turned up (hearts trumps, honors at the point). The referee sees no hand:
# each player announces; the cards of a sequence are shown.
DECLARATIONS = [
    ("ann", "AC 2C 3C 4C 5C", 5, 15),
    ("bob", "8S 9S 10S JS QS", 5, 47),
    ("cy", "3D 4D 5D 6D 7D 8H 9H 10H JH QH", 5, 47),
    ("dee", "", 3, 28),
    ("eve", "", 3, 17),
]
# The hand's ten tricks as they fall (docs/games/twenty-four-1718.md, "A game at a real table"), each from its leader.
TRICKS = [
    "ann:AC bob:6C cy:8H dee:8C eve:9C",
    "cy:3D dee:10D eve:JD ann:8D bob:AD",
    "eve:JC ann:2C bob:7C cy:9H dee:QC",
    "cy:4D dee:QD eve:KD ann:9D bob:2D",
    "eve:4H ann:KH bob:2H cy:10H dee:AH",
    "ann:3C bob:8S cy:JH dee:10C eve:6H",
    "cy:5D dee:3H eve:7H ann:4C bob:9S",
    "eve:AS ann:2S bob:10S cy:QH dee:KS",
    "cy:6D dee:4S eve:5S ann:5C bob:JS",
    "cy:7D dee:6S eve:7S ann:3S bob:QS",
]
ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]  # §1.1: the Ace lowest, the King highest


def taker(plays: list[tuple[str, str]], trump: str) -> str:
    """§7.6: the highest trump takes the trick; with none, the highest card of the suit led."""
    led = plays[0][1][-1]
    suit = trump if any(card[-1] == trump for _, card in plays) else led
    return max((ORDER.index(card[:-1]), name) for name, card in plays if card[-1] == suit)[1]


def chips_after_the_hand(start: dict[str, int], trump: str, honors: set[str], leader: str) -> dict[str, int]:
    """§8: each honor scores for the player who takes its trick; §9: the most tricks score the card, ties to the earlier
    player counted from the leader."""
    chips = dict(start)
    tricks = dict.fromkeys(PLAYERS, 0)
    for trick in TRICKS:
        plays = [(play.split(":")[0], play.split(":")[1]) for play in trick.split()]
        winner = taker(plays, trump)
        tricks[winner] += 1
        chips[winner] += sum(card in honors for _, card in plays)
    seats = PLAYERS[PLAYERS.index(leader) :] + PLAYERS[: PLAYERS.index(leader)]
    most = max(tricks.values())
    chips[next(name for name in seats if tricks[name] == most)] += 1
    return chips


class Table(CountedTable):
    """Twenty-Four's counted page (every tap counted, the tap-to-answer time measured), with this game's entries."""

    def choose(self, select_id: str, value: str) -> None:
        element = self.page.find_element(By.ID, select_id)
        self.page.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        Select(element).select_by_value(value)
        self.taps += 1

    def tap_in(self, picker: str, cards: str) -> None:
        if cards:
            tap_cards(self.page, picker, cards)
            self.taps += len(cards.split())

    def declare(self, player: str, cards: str, count: int, total: int) -> None:
        wait_text(self.page, "#step-title", f"{player} declares")
        self.tap_in("sequence-picker", cards)
        self.choose("point-count", str(count))
        self.choose("point-sum", str(total))
        self.answer("#enter-declaration")

    def play(self, player: str, card: str) -> None:
        wait_text(self.page, "#step-title", f": {player} ")
        self.answer(f'#play-picker .pick[data-card="{card}"]')
        wait_text(self.page, "#events", f"{player} plays")

    def chips(self) -> dict[str, int]:
        return {name: int(self.page.find_element(By.ID, f"chips-{seat}").text.split(" of 6 chips")[0].split()[-1]) for seat, name in enumerate(PLAYERS)}


def test_a_whole_match_at_a_real_table_from_the_deal_to_the_winner(browser, live_url):
    page = open_page(browser, live_url, PAGE)
    table = Table(page)
    # ann, bob, cy, dee, eve, honors at the point, one game: the page's defaults. The table names eve its first dealer
    # (drawing for the dealer is the next test).
    table.choose("first-dealer", "eve")
    table.tap("#start")
    # The deal: eve turns up 5H, an honor at the point, and scores its chip at once (§4).
    wait_text(page, "#step-title", "eve deals")
    taps_before = table.taps
    table.tap_in("turn-up-picker", "5H")
    # cy shows the phone her hand (§13.5: the cards the referee may see): it then knows what she may play.
    table.tap("#shown-box summary")
    table.choose("shown-player", "2")
    table.tap_in("shown-picker", DECLARATIONS[2][1])
    assert check(page) == {"unlabelled": [], "serious": [], "sideways": 0, "clipped": []}  # the deal's screen, open
    table.answer("#enter-deal")
    taps_deal = {"the turn-up and a hand shown": table.taps - taps_before}
    events = wait_text(page, "#events", "hearts are trumps")
    assert "eve deals and ann leads" in events and "The turn-up 5♥ is an honor: eve scores a chip" in events
    assert table.chips() == {"ann": 0, "bob": 0, "cy": 0, "dee": 0, "eve": 1}
    assert "Honors at the point: A♥ 2♥ 3♥ 4♥ 5♥." in page.find_element(By.ID, "game-status").text
    # The declarations (§5.2, §13.4): a run of four is no sequence, and the referee says so; nothing is recorded.
    taps_before = table.taps
    table.declare(*DECLARATIONS[0])
    taps_per_declaration = {"a quint and the Point": table.taps - taps_before}
    wait_text(page, "#step-title", "bob declares")
    table.tap_in("sequence-picker", "8S 9S 10S JS")
    table.choose("point-count", "5")
    table.choose("point-sum", "47")
    table.tap("#enter-declaration")
    assert "not five or more cards of a suit in a row" in wait_text(page, "#verdict", "Not allowed")
    assert page.find_element(By.ID, "step-title").text == "bob declares"
    table.declare("bob", "QS", 5, 47)  # the fifth card added to the four still held
    assert page.find_element(By.ID, "verdict").text == ""
    # cy's hand is known whole: the referee announces it itself (§13.4).
    wait_text(page, "#step-title", "cy declares")
    taps_before = table.taps
    table.answer("#declare-known")
    taps_per_declaration["a hand the referee knows"] = table.taps - taps_before
    announced = wait_text(page, "#events", "cy declares")
    assert "a quint to the 7♦ (3♦ 4♦ 5♦ 6♦ 7♦)" in announced and "a quint to the Q♥ (8♥ 9♥ 10♥ J♥ Q♥)" in announced
    assert "the Point: 5 cards worth 47" in announced  # five of each suit: the hearts, worth 47, are the better (§6.2)
    # The declarations' screen, as a phone shows it: labelled, axe-clean and whole at 200% zoom.
    wait_text(page, "#step-title", "dee declares")
    # Nothing of bob's declaration is carried to the next player's: no Point chosen, no card held.
    assert [Select(page.find_element(By.ID, name)).first_selected_option.get_attribute("value") for name in ("point-count", "point-sum")] == ["", ""]
    assert held(page, "sequence-picker") == []
    assert check(page) == {"unlabelled": [], "serious": [], "sideways": 0, "clipped": []}
    page.execute_script("document.getElementById('step').scrollIntoView({block: 'start'})")
    screenshot(page, "twenty-four-1718-declare")
    taps_before = table.taps
    for declaration in DECLARATIONS[3:]:
        table.declare(*declaration)
    taps_per_declaration["no sequence, the Point"] = (table.taps - taps_before) / 2
    # §12.2: cy's quint to the Queen in trumps is the best sequence and scores with the diamond quint; bob's Point
    # (five cards worth 47) ties cy's and bob declared first. With eve's turn-up: 0, 1, 2, 0, 1.
    after_declarations = dict(zip(PLAYERS, [0, 1, 2, 0, 1], strict=True))
    wait_text(page, "#step-title", "Trick 1: ann leads")
    assert table.chips() == after_declarations
    assert "bob scores a chip for the Point, 5 cards worth 47" in page.find_element(By.ID, "events").text
    # The tricks, every card tapped as it falls.
    taps_before = table.taps
    for number, trick in enumerate(TRICKS, start=1):
        for position, play in enumerate(trick.split()):
            player, card = play.split(":")
            if (number, position) == (1, 1):
                # A mis-tap, taken back: bob's 7C recorded, then undone (the page keeps the states before each move).
                table.play("bob", "7C")
                table.tap("#undo")
                wait_text(page, "#events", "Taken back: bob plays 7♣.")
                assert "Trick 1: bob plays" in page.find_element(By.ID, "step-title").text
            if (number, position) == (1, 2):
                # cy holds no club and the trick holds no trump: she must trump, with any of her five (§7.3).
                assert "must play a trump (rule 7.3)" in wait_text(page, "#duty", "trump")
                row = page.find_elements(By.CSS_SELECTOR, "#play-picker .suggested-row .pick")
                assert sorted(el.get_attribute("data-card") for el in row) == sorted(["8H", "9H", "10H", "JH", "QH"])
                page.execute_script("document.getElementById('step').scrollIntoView({block: 'start'})")
                screenshot(page, "table-twenty-four-1718")  # the guide's picture: the trick, the duty, the cards she may play
            if (number, position) == (2, 3):
                # ann's hand is not seen: the card she plays is checked against what is known (§13.2).
                assert check(page) == {"unlabelled": [], "serious": [], "sideways": 0, "clipped": []}
            if (number, position) == (8, 0):
                # eve played 6H on ann's club lead in trick 6: she holds no club, so KC now is a revoke (§13.3).
                press(page, page.find_element(By.CSS_SELECTOR, '#play-picker .pick[data-card="KC"]'))
                refusal = wait_text(page, "#verdict", "Not allowed: eve plays K♣")
                assert "trick 6" in refusal and "(rule 13.3)" in refusal
                assert not page.find_element(By.ID, "retry-play").is_displayed()  # refused by the rules: nothing to retry
            table.play(player, card)
            if position == 4:
                winner = taker([(p.split(":")[0], p.split(":")[1]) for p in trick.split()], "H")
                wait_text(page, "#events", f"{winner} takes trick {number}")
        if number == 3:
            page.refresh()  # a reload keeps the game
            wait_ready(page)
            wait_text(page, "#step-title", "Trick 4: cy leads")
            assert "Trick 3: cy takes it" in page.find_element(By.ID, "last-trick").text
    taps_per_card = (table.taps - taps_before - 2) / 50  # less the mis-tap and its take-back
    # The hand is over: the honors and the card (the oracle above), and the next hand awaits ann's real deal (§13.5).
    expected = chips_after_the_hand(after_declarations, "H", {"AH", "2H", "3H", "4H", "5H"}, "ann")
    wait_text(page, "#step-title", "ann deals")
    assert table.chips() == expected
    assert "ann deals next" in page.find_element(By.ID, "events").text
    # Hand 2: ann turns up 2S, an honor at the point, and scores it (§4).
    taps_before = table.taps
    table.tap_in("turn-up-picker", "2S")
    table.answer("#enter-deal")
    taps_deal["the turn-up alone"] = table.taps - taps_before
    wait_text(page, "#events", "spades are trumps")
    expected["ann"] += 1
    assert table.chips() == expected
    # bob leads; ann, the dealer, declares last: two quints, the best sequence, one chip each (§5.4).
    for name in ("bob", "cy", "dee", "eve"):
        table.declare(name, "", 3, 20)
    table.declare("ann", "6H 7H 8H 9H 10H 6D 7D 8D 9D 10D", 5, 40)
    expected["ann"] = min(expected["ann"] + 2, 6)
    winner = max(expected, key=lambda name: expected[name])
    assert expected[winner] == 6  # the match's one game is won at its sixth chip (§3.3)
    wait_text(page, "#winners", f"Winner: {winner}.")
    page.execute_script("document.getElementById('play-title').scrollIntoView({block: 'start'})")
    screenshot(page, "twenty-four-1718-over")
    assert table.chips() == expected
    assert f"{winner} reaches six chips (24 points) at the sequence and wins game 1." in page.find_element(By.ID, "events").text
    assert page.find_element(By.ID, "step").is_displayed() is False  # no move is left
    record_figures(
        "twenty-four-1718",
        {
            "taps_per_card_played": taps_per_card,
            "taps_per_deal": taps_deal,
            "taps_per_declaration": taps_per_declaration,
            "taps_whole_match": table.taps,
            "tap_to_answer_ms": table.answers,
        },
    )


def test_a_table_draws_for_its_first_dealer_with_real_cards(browser, live_url):
    """§13.6 (the guide's example): ann, bob and dee draw Kings and draw again; bob's Jack is highest, he deals."""
    page = open_page(browser, live_url, PAGE)
    press(page, page.find_element(By.ID, "start"))
    wait_text(page, "#step-what", "Tap the card each of ann, bob, cy, dee and eve draws")
    tap_cards(page, "draw-picker", "KS KH 3D KD 2C")
    press(page, page.find_element(By.ID, "enter-draw"))
    wait_text(page, "#step-title", "The draw again: ann, bob and dee tied highest")
    # A card already drawn cannot be drawn again: greyed out and said so.
    again = page.find_element(By.CSS_SELECTOR, '#draw-picker .pick[data-card="KS"]')
    assert again.get_attribute("disabled") is not None and again.get_attribute("aria-label").endswith("already seen")
    tap_cards(page, "draw-picker", "5S JH 9C")
    press(page, page.find_element(By.ID, "enter-draw"))
    assert "bob drew the highest card and deals." in wait_text(page, "#events", "Drawn for the deal: ann 5♠, bob J♥ and dee 9♣.")
    wait_text(page, "#step-title", "bob deals")
    tap_cards(page, "turn-up-picker", "JD")  # at the point, the Jack of trumps is no honor: nothing scored (§4)
    press(page, page.find_element(By.ID, "enter-deal"))
    assert "bob deals and cy leads" in wait_text(page, "#events", "diamonds are trumps")
    wait_text(page, "#step-title", "cy declares")
    assert "0 of 6 chips" in page.find_element(By.ID, "chips-1").text


def test_four_players_hold_twelve_cards_and_their_point_is_three_to_twelve(browser, live_url):
    """§2.2: four players receive twelve cards each; a Point counts at least a quarter of the hand (§13.4: 3 of 12)."""
    page = open_page(browser, live_url, PAGE)
    names = page.find_element(By.ID, "players")
    names.clear()
    names.send_keys("ann, bob, cy, dee\t")  # names are the one thing typed
    Select(page.find_element(By.ID, "honors")).select_by_value("alternate")
    Select(page.find_element(By.ID, "games")).select_by_value("3")
    Select(page.find_element(By.ID, "first-dealer")).select_by_value("dee")
    press(page, page.find_element(By.ID, "start"))
    assert "12 cards each" in wait_text(page, "#step-what", "dee deals")
    tap_cards(page, "turn-up-picker", "9S")  # hand 1 of a game is at the point (§1.3): the 9 is no honor
    press(page, page.find_element(By.ID, "enter-deal"))
    assert "spades are trumps, the honors at the point" in wait_text(page, "#events", "dee deals and ann leads")
    wait_text(page, "#step-title", "ann declares")
    counts = [option.get_attribute("value") for option in Select(page.find_element(By.ID, "point-count")).options]
    assert counts == ["", *map(str, range(3, 13))]
    assert "0 of 6 chips" in page.find_element(By.ID, "chips-3").text
    # A match of three games, as chosen: the page reads it from the state's rules (0.5.0), where the referee keeps it
    assert "Game 1 of 3, hand 1" in page.find_element(By.ID, "game-status").text
    assert "0 games won" in page.find_element(By.ID, "chips-3").text
    assert page.execute_script("return JSON.parse(localStorage.getItem('twenty-four-1718-table-v1')).game.rules") == {"honors": "alternate", "games": 3}


def test_a_game_kept_before_0_5_0_plays_on_with_its_settings_under_rules(browser, live_url):
    """A phone that kept a game while states carried honors and games at their top (0.4.0) reloads into it and plays on."""
    page = open_page(browser, live_url, PAGE)
    table = Table(page)
    table.choose("games", "2")
    table.choose("first-dealer", "eve")
    table.tap("#start")
    table.tap_in("turn-up-picker", "5H")
    table.answer("#enter-deal")
    table.declare("ann", "", 3, 20)
    wait_text(page, "#step-title", "bob declares")
    key = "twenty-four-1718-table-v1"

    def old_form(state: dict[str, Any]) -> dict[str, Any]:
        return {**{name: value for name, value in state.items() if name != "rules"}, **state["rules"]}

    kept = page.execute_script(f"return JSON.parse(localStorage.getItem('{key}'))")
    assert kept["game"]["rules"] == {"honors": "point", "games": 2} and kept["history"]
    kept["game"] = old_form(kept["game"])
    kept["history"] = [{**entry, "state": old_form(entry["state"])} for entry in kept["history"]]
    page.execute_script(f"localStorage.setItem('{key}', arguments[0])", json.dumps(kept))
    page.refresh()
    wait_ready(page)
    assert "Game 1 of 2, hand 1" in wait_text(page, "#game-status", "eve deals, ann leads")
    table.declare("bob", "", 3, 20)  # the referee reads the kept state: the move is judged and applied
    wait_text(page, "#step-title", "cy declares")
    table.tap("#undo")
    wait_text(page, "#step-title", "bob declares")
    table.tap("#undo")  # the state before ann's declaration was kept in the old form too: it was moved as well
    wait_text(page, "#step-title", "ann declares")
    assert page.execute_script(f"return JSON.parse(localStorage.getItem('{key}')).game.rules") == {"honors": "point", "games": 2}


def test_the_referee_unreachable_is_said_plainly_and_what_was_entered_is_kept(browser, app):
    # A deal tapped while the referee is gone: said plainly, the turn-up kept on the page and in storage.
    server = Server(app, "127.0.0.1")
    try:
        page = open_page(browser, server.url, PAGE)
        Select(page.find_element(By.ID, "first-dealer")).select_by_value("eve")
        press(page, page.find_element(By.ID, "start"))
        wait_text(page, "#step-title", "eve deals")
        tap_cards(page, "turn-up-picker", "5H")
        server.stop()
        press(page, page.find_element(By.ID, "enter-deal"))
        assert "Nothing you entered is lost" in wait_text(page, "#verdict [role=alert]", "The referee cannot be reached")
        assert held(page, "turn-up-picker") == ["5♥ (5 of hearts): take out"]
        assert page.execute_script("return JSON.parse(localStorage.getItem('twenty-four-1718-table-v1')).drafts.turnUp") == ["5H"]
    finally:
        server.stop()
    # A card played while the referee is gone: not played, and offered again as it was tapped.
    server = Server(app, "127.0.0.1")
    try:
        page = open_page(browser, server.url, PAGE)
        table = Table(page)
        table.choose("first-dealer", "eve")
        table.tap("#start")
        table.tap_in("turn-up-picker", "5H")
        table.answer("#enter-deal")
        for name in PLAYERS:
            table.declare(name, "", 3, 20)
        wait_text(page, "#step-title", "Trick 1: ann leads")
        server.stop()
        press(page, page.find_element(By.CSS_SELECTOR, '#play-picker .pick[data-card="AC"]'))
        wait_text(page, "#verdict [role=alert]", "The referee cannot be reached")
        assert page.find_element(By.ID, "retry-play").text == "Try again: ann plays A♣"
        assert page.find_element(By.ID, "step-title").text == "Trick 1: ann leads"
    finally:
        server.stop()


def test_after_a_drawn_first_dealer_the_next_hand_awaits_its_deal(client):
    """§13.6 then §13.5: the draw names the first dealer only; the next hand is dealt by the first hand's leader."""
    referee = "/v1/twenty-four-1718/"
    state = client.post(f"{referee}games/from-table", json={"players": PLAYERS}).get_json()["state"]
    moves: list[dict[str, Any]] = [
        {"player": "ann", "action": "draw", "drawn": ["3C", "4D", "5S", "6H", "KC"]},  # eve's King: eve deals
        {"player": "eve", "action": "deal", "turn_up": "5H"},
    ]
    for name, cards, count, total in DECLARATIONS:
        runs = [cards.split()[at : at + 5] for at in range(0, len(cards.split()), 5)]
        moves.append({"player": name, "action": "declare", "sequences": runs, "point": {"count": count, "sum": total}})
    moves += [{"player": play.split(":")[0], "action": "play", "card": play.split(":")[1]} for trick in TRICKS for play in trick.split()]
    for move in moves:
        answer = client.post(f"{referee}moves/apply", json={"state": state, "move": move})
        if answer.status_code != 200:
            pytest.fail(f"{move} refused: {answer.get_json()}")
        state = answer.get_json()["state"]
    assert state["phase"] == "deal"
    legal = client.post(f"{referee}moves/legal", json={"state": state})
    assert legal.status_code == 200, legal.get_json()
    [deal] = legal.get_json()["moves"]
    assert (deal["player"], deal["action"], list(deal["fill"])) == ("ann", "deal", ["turn_up"])  # ann led the first hand (§2.4)
