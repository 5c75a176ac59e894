"""The home and the other games' pages are usable by everyone, as 24 Kings' is (test_usable.py): every control
labelled, axe-core with no serious or critical violation, nothing clipped or scrolling sideways at 200% zoom."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import open_page, phone, screenshot
from tests.browser.test_usable import AXE, CONTROLS, RUN_AXE, overflow_report

PAGES = {"home": "/table/", "twenty-four": "/table/?game=twenty-four", "three-kings": "/table/?game=three-kings", "1923": "/table/?game=1923"}


def check(page: Any) -> dict[str, Any]:
    unlabelled = page.execute_script(
        "return [...document.querySelectorAll(arguments[0])].filter(el => el.getClientRects().length)",
        CONTROLS,
    )
    if not page.execute_script("return typeof axe !== 'undefined'"):
        page.execute_script(AXE)
    violations = json.loads(page.execute_async_script(RUN_AXE, None))
    phone(page, 195, 422, scale=2)
    try:
        zoomed = overflow_report(page)
    finally:
        phone(page)
    return {
        "unlabelled": [el.get_attribute("outerHTML")[:120] for el in unlabelled if not el.accessible_name.strip()],
        "serious": [(v["id"], v["impact"], v["help"]) for v in violations if v["impact"] in ("serious", "critical")],
        "sideways": zoomed["scroll"],
        "clipped": zoomed["clipped"],
    }


@pytest.mark.parametrize("name", PAGES)
def test_the_page_is_labelled_axe_clean_and_whole_at_200_percent(browser, live_url, name):
    page = open_page(browser, live_url, PAGES[name])
    assert check(page) == {"unlabelled": [], "serious": [], "sideways": 0, "clipped": []}
    page.execute_script("window.scrollTo(0, 0)")
    screenshot(page, f"page-{name}")
