"""The golden cases the project was given, read from the package's own copy."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

GOLDEN_FILE = Path(__file__).resolve().parents[2] / "service" / "games" / "twenty_four" / "golden" / "twenty-four.json"
GOLDEN: dict[str, Any] = json.loads(GOLDEN_FILE.read_text(encoding="utf-8"))


def case_id(case: dict[str, Any]) -> str:
    values = case.get("values") or case.get("cards")
    return " ".join(map(str, values)) + (f" {case['expression']}" if "expression" in case else "") + (f" ->{case['target']}" if "target" in case else "")
