"""The API docs at /docs/ (Swagger UI) work in a real browser under their Content-Security-Policy (issue 29)."""

from __future__ import annotations

from typing import Any

from selenium.webdriver.support.ui import WebDriverWait

from tests.browser.conftest import phone, script_errors


def test_the_docs_render_every_operation_and_the_policy_blocks_nothing(browser: Any, live_url: str) -> None:
    phone(browser, 1280, 900)
    browser.get(f"{live_url}/docs/")
    # Swagger UI's start-up script is inline: it runs only if the policy's hash is right, and then lists the operations.
    WebDriverWait(browser, 20).until(lambda d: d.execute_script("return document.querySelectorAll('.opblock').length") > 20)
    assert "/v1/games" in browser.execute_script("return document.body.innerText")
    assert browser.execute_script("return window.blocked") == []
    assert script_errors(browser) == []
