"""The files the commands of the README and the guides write, run from the checkout as written, are ignored by git:
following the docs never leaves a checkout dirty."""

from __future__ import annotations

import fnmatch
import re
import subprocess

from tests.conftest import ROOT

FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
# ``-o FILE``, ``--output FILE``, ``> FILE``, ``>> FILE`` (not ``2>``, not ``&>``).
WRITES = re.compile(r"(?:(?<![0-9&])>>?|\s-o|\s--output)\s+([^\s|;&)'\"]+)")
DATA = (".json", ".csv", ".xlsx", ".py")


def written_files() -> dict[str, set[str]]:
    """Each file name a shell block writes into the directory it runs in, with the documents that write it."""
    found: dict[str, set[str]] = {}
    for document in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        for language, block in FENCE.findall(document.read_text(encoding="utf-8")):
            if language not in ("sh", "bash", "shell"):
                continue
            for name in WRITES.findall(block):
                if "/" not in name and name.endswith(DATA):
                    found.setdefault(name, set()).add(str(document.relative_to(ROOT)))
    return found


def ignored(name: str, patterns: list[str]) -> bool:
    """Whether a file at the top of the checkout matches a .gitignore line (a top-anchored or a plain pattern)."""
    return any(fnmatch.fnmatchcase(name, pattern.removeprefix("/")) for pattern in patterns if pattern and not pattern.startswith(("#", "!")))


def test_every_file_the_documented_commands_write_is_ignored():
    patterns = [line.strip() for line in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()]
    found = written_files()
    assert {"game.json", "after.json", "standings.xlsx", "standings.csv"} <= found.keys()  # the scan sees what README and docs/cli.md write
    assert {name: sorted(documents) for name, documents in found.items() if not ignored(name, patterns)} == {}


def test_no_tracked_file_is_hidden_by_those_lines():
    """The lines are anchored at the top, where the repository keeps no file of these kinds (examples/**/*.json stay
    tracked); read from git where the checkout is a clone."""
    done = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False)
    top = [line for line in done.stdout.splitlines() if "/" not in line] if done.returncode == 0 else []
    assert [name for name in top if name.endswith(DATA)] == []
