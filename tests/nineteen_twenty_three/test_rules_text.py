"""The rule text and the engine agree: every section a reason or a step cites exists; the engine loads no web framework."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib import resources

from service.games.nineteen_twenty_three.judging import RULE_OF_STEP
from service.games.nineteen_twenty_three.scoring import RULE_OF_MATCH
from tests.conftest import ROOT

PACKAGE = ROOT / "service" / "games" / "nineteen_twenty_three"
TEXT = resources.files("service.games.nineteen_twenty_three").joinpath("rules.md").read_text(encoding="utf-8")
SECTIONS = set(re.findall(r"^#{2,4} +(\d+(?:\.\d+)*)\.? ", TEXT, re.MULTILINE))


def cited_sections() -> set[str]:
    """Every "rule" a reason or an event of the engine cites, as written in its source."""
    cited: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        cited |= set(re.findall(r'Reason\(\s*"\w+",\s*"([\d.]+)"', source))
        cited |= set(re.findall(r'"rule": "([\d.]+)"', source))
        cited |= set(re.findall(r"rules\.md §([\d.]+\d)", source))
    return cited


def test_every_cited_section_exists():
    cited = cited_sections() | set(RULE_OF_STEP.values()) | set(RULE_OF_MATCH.values())
    assert len(cited) > 20
    assert cited <= SECTIONS, cited - SECTIONS


def test_the_rule_text_cites_the_rule_book_and_stands_alone():
    assert "*1923 — A magnificent card game*" in TEXT
    assert "Our choice" in TEXT and "## 8. Worked examples" in TEXT
    assert "shared/" not in TEXT and "reading" not in TEXT.lower()


def test_the_engine_imports_without_a_web_framework():
    modules = ", ".join(f"service.games.nineteen_twenty_three.{name}" for name in ("moves", "start", "judging", "scoring", "referee", "tournament"))
    code = f"import sys, {modules}; bad = [m for m in ('flask', 'werkzeug', 'marshmallow', 'orjson') if m in sys.modules]; print(bad); sys.exit(bool(bad))"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
