"""The app's build in a fresh process (issue 25): CPU seconds of ``create_app()`` once the libraries are imported.

    python -m benchmarks.app_build [--runs 5] [--no-bytecode] [--profile N]

Each run is a new interpreter that imports the third-party libraries the service uses
(Flask, flask-smorest, flask-swagger-ui, apispec and its oneOf plugin, marshmallow and
marshmallow-oneofschema, webargs, cryptography's Fernet and HKDF, openpyxl, orjson, yaml,
numpy: :data:`LIBRARIES`), then times ``from service import create_app; create_app()`` with
``time.process_time``: the service's own imports and the build, what gunicorn's master
pays once per server start (``preload_app``). The figure printed is the least and the
median of the runs. Issue 25's goal is at most 0.2 s; this is a figure to read, not a
timed test.

The runs keep the service's bytecode in a directory of their own (``PYTHONPYCACHEPREFIX``),
written by a first run that is not counted. ``--no-bytecode`` lets no run write it
(``PYTHONDONTWRITEBYTECODE=1``): every module of the service is compiled from source in
every run, as in an image whose sources were never compiled. ``--profile N`` prints the N costliest functions (cumulative) of one run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The third-party modules the app imports, each as the service imports it: ``cryptography`` alone imports none of
# what the sealing uses (Fernet and the HKDF load OpenSSL's bindings: ≈ 10 ms), so until issue 25's fourth round
# that library's import was counted as the service's build; the plugins and the docs' blueprint likewise.
LIBRARIES = (
    "flask",
    "flask_smorest",
    "flask_swagger_ui",
    "apispec",
    "apispec_oneofschema",
    "marshmallow",
    "marshmallow.validate",
    "marshmallow_oneofschema",
    "webargs",
    "cryptography",
    "cryptography.fernet",
    "cryptography.hazmat.primitives.hmac",
    "cryptography.hazmat.primitives.kdf.hkdf",
    "openpyxl",
    "orjson",
    "yaml",
    "numpy",
)
# One run, in the child: the libraries first (not counted), then the service's build (counted).
CHILD = """
import importlib, sys, time
for name in sys.argv[1].split(","):
    try:
        importlib.import_module(name)
    except ImportError:
        pass
profile = int(sys.argv[2])
started = time.process_time()
if profile:
    import cProfile, pstats
    profiler = cProfile.Profile()
    profiler.enable()
from service import create_app
app = create_app()
spent = time.process_time() - started
if profile:
    profiler.disable()
    pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(profile)
print(f"{spent:.4f} {sum(1 for m in sys.modules if m.startswith(('service', 'schemas')))}")
"""


def one_run(cache: Path, no_bytecode: bool, profile: int = 0) -> tuple[float, int]:
    """CPU seconds of one fresh process's build, and how many of the service's modules it imported.

    The service's bytecode lives under ``cache`` (``PYTHONPYCACHEPREFIX``), not in the tree: written by the first
    run and read by the others, or, with ``no_bytecode``, neither read nor written (``cache`` is then a fresh one)."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": str(cache)}
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    if no_bytecode:
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, ",".join(LIBRARIES), str(profile)],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    if profile:
        sys.stderr.write(done.stderr)
    spent, modules = done.stdout.splitlines()[-1].split()  # the last line: the app's own log lines come before it
    return float(spent), int(modules)


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    options.add_argument("--runs", type=int, default=5)
    options.add_argument("--no-bytecode", action="store_true", help="compile every module of the service from source in each run")
    options.add_argument("--profile", type=int, default=0, metavar="N", help="print the N costliest functions of one run")
    args = options.parse_args(argv)
    with tempfile.TemporaryDirectory() as cache:
        if not args.no_bytecode:
            one_run(Path(cache), False)  # writes the bytecode the runs then read
        if args.profile:
            one_run(Path(cache), args.no_bytecode, args.profile)
            return 0
        runs = [one_run(Path(cache), args.no_bytecode) for _ in range(args.runs)]
    figures = sorted(spent for spent, _ in runs)
    caches = "no bytecode caches" if args.no_bytecode else "bytecode caches"
    print(
        f"create_app() in a fresh process, libraries imported, {caches}: "
        f"least {figures[0]:.3f} s, median {statistics.median(figures):.3f} s of CPU over {len(figures)} runs "
        f"({runs[0][1]} modules of the service imported; goal at most 0.2 s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
