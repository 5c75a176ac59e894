"""Copy the referee's openapi.yaml into the client package as JSON (``make openapi`` runs it).

The client reads its document with the standard library alone, so it ships JSON, not YAML. Run from the project's
venv (it has PyYAML): ``python clients/python/sync_openapi.py [openapi.yaml]``. tests/client_package checks the copy.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parent.parent / "openapi.yaml"
TARGET = HERE / "src" / "card_referee_client" / "openapi.json"


def render(document: Any) -> str:
    """The document as the package ships it: compact JSON, one line, UTF-8."""
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n"


def main(argv: list[str]) -> int:
    source = Path(argv[0]) if argv else SOURCE
    TARGET.write_text(render(yaml.safe_load(source.read_text(encoding="utf-8"))), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
