"""The phone page is usable by everyone: every control labelled, axe-core clean, readable at 200% zoom; screenshots.

One page, filled once with every step's results showing (so every control the
page can show is there), serves every check of this module.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By

from tests.browser.conftest import VENDOR, open_page, phone, screenshot, script_errors
from tests.browser.test_table_page import STEPS, go, set_castles, tap_cards, wait_text
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def filled(browser: Any, live_url: str) -> Iterator[Any]:
    """Every step with its results showing."""
    page = open_page(browser, live_url)
    set_castles(page, "5H", "9C", "4D", "10S")
    go(page, "hand")
    tap_cards(page, "hand-picker", "QH JH 10H 9H 8H 7H 3S")
    wait_text(page, "#hand-result .score", "points")
    go(page, "move")
    page.find_element(By.ID, "start-game").click()
    wait_text(page, "#game-status", "to act")
    page.find_element(By.ID, "legal-moves").click()
    wait_text(page, "#verdict", "may")
    go(page, "calculus")
    page.find_element(By.ID, "score").click()
    wait_text(page, "#winners", "Winner")
    yield page
    assert script_errors(page) == []


CONTROLS = "a[href], button, input, select, textarea, [role=button], [tabindex]:not([tabindex='-1'])"


def test_every_control_is_labelled(filled):
    """Chromium's own computed name (WebDriver's Get Computed Label) of every control a step shows is not empty."""
    page = filled
    unlabelled = []
    for step in STEPS:
        go(page, step)
        shown = page.execute_script(
            "return [...document.querySelectorAll(arguments[0])].filter(el => el.getClientRects().length && !el.closest(arguments[1]))",
            ", ".join(f"{scope} {control}" for scope in ("header", "nav", f"#{step}") for control in CONTROLS.split(", ")),
            "[hidden], details:not([open]) > :not(summary)",  # out of sight: hidden, or folded in a closed disclosure
        )
        assert len(shown) > 5, step
        unlabelled += [(step, control.get_attribute("outerHTML")[:120]) for control in shown if not control.accessible_name.strip()]
    assert unlabelled == []


AXE = (VENDOR / "axe.min.js").read_text(encoding="utf-8")
RUN_AXE = """
const [context, done] = arguments;
axe.run(context ? {include: [context]} : document, {resultTypes: ["violations"]})
  .then(results => done(JSON.stringify(results.violations)))
  .catch(error => done(JSON.stringify([{id: "axe-failed", impact: "critical", help: String(error), nodes: []}])));
"""


def test_axe_finds_no_serious_or_critical_violation_on_any_step(filled):
    page = filled
    found = {}
    for step in STEPS:
        go(page, step)
        if not page.execute_script("return typeof axe !== 'undefined'"):
            page.execute_script(AXE)
        # The whole document once; then each other step alone (the header and the step bar do not change).
        violations = json.loads(page.execute_async_script(RUN_AXE, None if step == STEPS[0] else f"#{step}"))
        serious = [(v["id"], v["impact"], v["help"], [n["target"] for n in v["nodes"]][:5]) for v in violations if v["impact"] in ("serious", "critical")]
        if serious:
            found[step] = serious
    assert found == {}


def overflow_report(page: Any) -> dict[str, Any]:
    """What does not fit a narrow viewport: horizontal scrolling, and any card whose face is clipped or sticks out."""
    result: dict[str, Any] = page.execute_script(
        """
        const width = document.documentElement.clientWidth;
        const clipped = [];
        for (const el of document.querySelectorAll('.card, .pick, .pick .face')) {
          if (!el.getClientRects().length) continue;
          const box = el.getBoundingClientRect();
          if (box.left < -0.5 || box.right > width + 0.5 || el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
            clipped.push(el.outerHTML.slice(0, 100));
          }
        }
        const faces = [...document.querySelectorAll('.pick .face')].filter(el => el.getClientRects().length);
        const sizes = faces.map(el => parseFloat(getComputedStyle(el).fontSize));
        return {scroll: document.documentElement.scrollWidth - width, clipped, smallest: Math.min(...sizes, 99), faces: faces.length};
        """
    )
    return result


def test_cards_are_readable_at_200_percent_zoom(filled):
    """A 200% zoom of a 390 px phone leaves 195 CSS pixels: nothing scrolls sideways, no card is clipped or cut off."""
    page = filled
    phone(page, 195, 422, scale=2)
    try:
        problems = {}
        for step in STEPS:
            go(page, step)
            report = overflow_report(filled)
            if report["scroll"] > 0 or report["clipped"]:
                problems[step] = report
            if step == "hand":
                assert report["faces"] == 52
                assert report["smallest"] >= 16  # CSS pixels, so 32 device pixels at this zoom
                screenshot(page, "hand-zoom-200")
        assert problems == {}
    finally:
        phone(filled)


def test_screenshots_of_every_step_at_390_by_844(filled):
    page = filled
    for step in STEPS:
        go(page, step)
        page.execute_script("window.scrollTo(0, 0)")
        path = screenshot(page, f"step-{step}")
        assert png_size(path) == (390, 844)


def png_size(path: Path) -> tuple[int, int]:
    width, height = struct.unpack(">II", path.read_bytes()[16:24])
    return width, height


def test_the_readme_screenshot_is_a_phone_screenshot():
    assert png_size(ROOT / "docs" / "images" / "table.png") == (390, 844)


def test_the_page_loads_nothing_from_elsewhere_and_its_policy_blocks_nothing(filled, live_url):
    """Works offline: every file and every call goes to the referee's own origin, and the strict policy never had to step in."""
    page = filled
    loaded = page.execute_script("return performance.getEntriesByType('resource').map(entry => entry.name)")
    assert {"table.css", "app.js", "api.js", "cards.js", "picker.js", "icon.svg"} <= {url.rsplit("/", 1)[-1] for url in loaded}
    assert [url for url in loaded if not url.startswith(f"{live_url}/")] == []
    assert page.execute_script("return window.blocked") == []
