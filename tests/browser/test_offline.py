"""The app a phone keeps: once loaded, the pages open without the network (a service worker keeps them, in a secure
context); where no worker may register (plain HTTP from another machine) the page works without one; and when the
referee cannot be reached the page says so plainly and keeps what was entered.

Each test serves the app on its own server, so that stopping it is the referee going away for that origin only.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.browser.conftest import KINGS_PAGE, open_page, wait_ready
from tests.browser.test_table_page import go, held, tap_cards, wait_text

WORKER_READY = """
const done = arguments[0];
navigator.serviceWorker.ready.then(() => done(Boolean(navigator.serviceWorker.controller) || "registered"));
"""


class Server:
    def __init__(self, app: Any, host: str) -> None:
        from werkzeug.serving import make_server

        self.server = make_server(host, 0, app, threaded=True)
        self.url = f"http://{host}:{self.server.port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


@pytest.fixture
def own_server(app: Any) -> Iterator[Server]:
    server = Server(app, "127.0.0.1")
    try:
        yield server
    finally:
        server.stop()


def outward_address() -> str | None:
    """This machine's address on its network (not loopback), if it has one: http:// there is not a secure context."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outward interface
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") else address


def test_once_loaded_the_page_opens_without_the_referee_and_says_plainly_it_cannot_be_reached(browser, own_server):
    page = open_page(browser, own_server.url)
    assert page.execute_async_script(WORKER_READY)  # loopback is a secure context: the worker registers
    page.refresh()  # now under the worker's control, which keeps every page and file as they load
    wait_ready(page)
    go(page, "hand")
    tap_cards(page, "hand-picker", "QH JH 10H")
    wait_text(page, "#hand-result", "points")
    own_server.stop()  # the referee is gone: no page, no answer from that address
    page.refresh()
    wait_ready(page)  # the page still opens, from the worker's cache
    go(page, "hand")
    assert len(held(page, "hand-picker")) == 3  # and keeps what was entered
    tap_cards(page, "hand-picker", "9H")
    alert = wait_text(page, "#hand-result [role=alert]", "The referee cannot be reached")
    assert "Nothing you entered is lost" in alert
    assert len(held(page, "hand-picker")) == 4


def test_without_a_secure_context_the_page_works_without_a_worker(browser, app):
    address = outward_address()
    if address is None:
        pytest.skip("this machine has no address but loopback")
    server = Server(app, address)
    try:
        page = open_page(browser, server.url, KINGS_PAGE)
        assert page.execute_script("return window.isSecureContext") is False
        go(page, "hand")
        tap_cards(page, "hand-picker", "QH JH 10H 9H 8H 7H 3S")
        wait_text(page, "#hand-result .score", "points")
        assert page.execute_script("return navigator.serviceWorker ? navigator.serviceWorker.controller : null") is None
        WebDriverWait(page, 5).until(lambda d: d.find_element(By.ID, "hand-summary").text.startswith("Best:"))
    finally:
        server.stop()
