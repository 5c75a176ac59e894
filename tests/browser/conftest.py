"""The phone page in a real browser: Debian's chromium, driven by selenium through Debian's chromedriver.

The app is served by werkzeug in a thread on loopback, the browser runs headless
with the phone's viewport (390×844 CSS pixels). Without chromium or its driver
every test here skips and says what to install.
"""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
ARTIFACTS = ROOT / "build" / "test-artifacts" / "browser"
VENDOR = Path(__file__).parent / "vendor"
PHONE = (390, 844)
RECORD_BLOCKED = """
window.blocked = [];
document.addEventListener("securitypolicyviolation", (e) => window.blocked.push(`${e.violatedDirective} ${e.blockedURI}`));
"""


def browser_missing() -> str | None:
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not path.exists() and not shutil.which(path.name):
            return f"no {path} ({package}): install Debian's chromium and chromium-driver (apt-get install chromium chromium-driver) to run the browser tests"
    return None


@pytest.fixture(scope="session")
def live_url(app: Any) -> Iterator[str]:
    """The session's app (tests/conftest.py) served by werkzeug in a thread on a free loopback port."""
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.port}"
    server.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    missing = browser_missing()
    if missing:
        pytest.skip(missing)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM if CHROMIUM.exists() else shutil.which("chromium"))
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-extensions",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        f"--window-size={PHONE[0]},{PHONE[1]}",
    ):
        options.add_argument(flag)
    service = Service(executable_path=str(CHROMEDRIVER if CHROMEDRIVER.exists() else shutil.which("chromedriver")))
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_script_timeout(20)
    # Before any page script runs, and outside the page's policy: record what the Content-Security-Policy blocks.
    driver.execute_cdp_cmd(
        "Page.addScriptToEvaluateOnNewDocument",
        {"source": RECORD_BLOCKED},
    )
    try:
        yield driver
    finally:
        driver.quit()


def phone(driver: Any, width: int = PHONE[0], height: int = PHONE[1], scale: float = 1) -> None:
    """The phone's viewport in CSS pixels; ``scale`` device pixels per CSS pixel (2 is a 200% zoom of a 2× narrower page)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": True})


KINGS_PAGE = "/table/?game=24-kings"


def open_page(browser: Any, live_url: str, path: str = KINGS_PAGE) -> Any:
    """A page of /table/ (24 Kings' unless told) freshly opened at 390×844 with nothing saved from an earlier test."""
    phone(browser)
    browser.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": live_url, "storageTypes": "local_storage"})
    browser.get(f"{live_url}{path}")
    wait_ready(browser)
    return browser


def script_errors(browser: Any) -> list[Any]:
    """What the page's scripts logged as errors; the referee's refusals (4xx) are part of the flows and are left out."""
    return [entry for entry in browser.get_log("browser") if entry.get("level") == "SEVERE" and entry.get("source") != "network"]


@pytest.fixture
def page(browser: Any, live_url: str) -> Iterator[Any]:
    yield open_page(browser, live_url)
    assert script_errors(browser) == []


def wait_ready(driver: Any) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.documentElement.dataset.ready === 'true'"))


def screenshot(driver: Any, name: str) -> Path:
    """A PNG of what the phone shows now, kept with the tests' artefacts."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


# A tap, and the time until the element at `watched` shows a changed text, drawn (figures only, never asserted).
TIME_TAP = """
const [target, watched, done] = arguments;
const box = document.querySelector(watched);
const before = box.textContent;
const start = performance.now();
target.click();
(function wait() {
  if (box.textContent !== before) requestAnimationFrame(() => done(performance.now() - start));
  else setTimeout(wait, 1);
})();
"""


def record_figures(game: str, figures: dict[str, Any]) -> None:
    """The measured figures of a run, kept with the artefacts for docs/table.md (never asserted: a loaded machine is slow)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    answers = sorted(figures.pop("tap_to_answer_ms"))
    if answers:
        figures["tap_to_answer_ms"] = {"n": len(answers), "median": round(answers[len(answers) // 2], 1), "max": round(answers[-1], 1)}
    (ARTIFACTS / f"figures-{game}.json").write_text(json.dumps(figures, indent=2), encoding="utf-8")
