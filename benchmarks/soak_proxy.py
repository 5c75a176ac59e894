"""`make soak-proxy`: the production setup under the loads issue 16 names (not part of `make test`).

Starts gunicorn on the packaged settings (service/serving.py: its worker count
follows the CPUs this process may use) and Debian's nginx in front of it, with
the very deploy/nginx.conf that compose.yaml mounts (only listen.conf and
upstream.conf, beside it, name loopback ports). Then:

1. Slow clients: 6 clients each send a request body one byte a second,
   holding their connections open for 30 s, while /healthz is asked through
   nginx every 0.25 s: every answer must be a 200 within 1 s, and every slow
   client gets its answer in the end. (``--direct`` runs the same against bare
   gunicorn, to show what nginx prevents.)
2. Uploads: the worst spreadsheet the service accepts, found by sending each
   candidate once (the documented bounds: MAX_ROWS rows of points, 1,000 rows
   of cards, XLSX and CSV, and sheets widened with ignored columns as far as
   the service still accepts them, within the 1 MiB body limit), is uploaded by 6 clients in parallel for 60 s. No
   worker may die (gunicorn's log: no timeout, no signal, no exit) and no
   worker's resident memory may pass 512 MiB, sampled every 0.1 s; answers
   other than 200 are counted and shown. A worker past 2 GiB stops the run (the machine is
   shared).

Prints the figures and exits 1 when a bound is broken.

    python -m benchmarks.soak_proxy [--slow-seconds 30] [--upload-seconds 60] [--sheet FILE] [--direct]
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.http_bench import free_port, start_gunicorn
from benchmarks.worst_bodies import as_xlsx
from service.serving import available_cpus
from service.tournaments.limits import MAX_ROWS

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
MIB = 1024 * 1024
WORKER_RSS_BOUND_MIB = 512
WORKER_RSS_ABORT_MIB = 2048
HEALTH_WITHIN = 1.0
STANDINGS = "/v1/24-kings/tournaments/standings"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
# gunicorn's words when a worker does not end by itself (timeout, signal, crash, out of memory).
WORKER_DEATH = re.compile(r"WORKER TIMEOUT|was sent SIGKILL|was sent code|terminated due to signal|exited with code|out of memory", re.IGNORECASE)


def nginx_binary() -> str | None:
    """Debian's nginx (`apt-get install nginx-light`), on PATH or in /usr/sbin."""
    found = shutil.which("nginx")
    if found:
        return found
    return "/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None


def start_nginx(directory: Path, listen_port: int, upstream_port: int, user: int | None = None) -> subprocess.Popen[bytes]:
    """nginx on deploy/nginx.conf as it is, in front of gunicorn on ``upstream_port``; only the two included files differ.

    ``user``: run nginx as this user id (and the same group id) instead of the caller, as the compose image does; the
    caller must be root, and ``directory`` reachable by that user.
    """
    binary = nginx_binary()
    if binary is None:
        raise RuntimeError("nginx is missing: apt-get install nginx-light")
    directory.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(DEPLOY / "nginx.conf", directory / "nginx.conf")
    (directory / "listen.conf").write_text(f"listen 127.0.0.1:{listen_port};\n")
    (directory / "upstream.conf").write_text(f"upstream referee {{\n    server 127.0.0.1:{upstream_port};\n}}\n")
    log = (directory / "nginx.log").open("wb")
    if user is not None:
        for path in (directory, *directory.iterdir()):
            os.chown(path, user, user)
    command = [binary, "-p", str(directory), "-c", str(directory / "nginx.conf"), "-g", f"daemon off; pid {directory / 'nginx.pid'};"]
    as_user = {} if user is None else {"user": user, "group": user, "extra_groups": []}
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, **as_user)  # type: ignore[call-overload]
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"nginx did not start: {(directory / 'nginx.log').read_text(errors='replace')}")
        try:
            socket.create_connection(("127.0.0.1", listen_port), timeout=1).close()
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("nginx did not listen within 10 s")


def stop(process: subprocess.Popen[bytes], timeout: float = 15) -> None:
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def http_request(port: int, raw: bytes, timeout: float = 10) -> tuple[int, dict[str, str], bytes]:
    """One request over a fresh connection, exactly as written: (status, headers in lower case, body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        connection.sendall(raw)
        return read_answer(connection)


def read_answer(connection: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """The answer on ``connection``: read to its Content-Length (nginx may keep the connection, or linger), else to the end."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(65536)
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    length = int(headers["content-length"]) if "content-length" in headers else None
    while length is None or len(body) < length:
        chunk = connection.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(lines[0].split()[1]), headers, body


@dataclass
class SlowClient:
    """Sends a valid /calculus request whose body trickles one byte per ``interval`` for ``hold`` seconds, then reads the answer."""

    port: int
    hold: float
    interval: float = 1.0
    status: int | None = None
    error: str | None = None
    held: float = 0.0
    thread: threading.Thread = field(init=False)

    def __post_init__(self) -> None:
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> SlowClient:
        self.thread.start()
        return self

    def _run(self) -> None:
        from service.games.kings.web import CALCULUS_REQUEST

        body = json.dumps(CALCULUS_REQUEST).encode()
        body += b" " * max(0, int(self.hold / self.interval) + 2 - len(body))
        head = (
            "POST /v1/24-kings/calculus HTTP/1.1\r\nHost: referee\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        )
        started = time.monotonic()
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=self.hold + 60) as connection:
                connection.sendall(head.encode())
                sent = 0
                while time.monotonic() - started < self.hold and sent < len(body) - 1:
                    connection.sendall(body[sent : sent + 1])
                    sent += 1
                    time.sleep(self.interval)
                connection.sendall(body[sent:])
                self.held = time.monotonic() - started
                self.status = read_answer(connection)[0]
        except OSError as error:
            self.held = time.monotonic() - started
            self.error = repr(error)

    def join(self, timeout: float) -> None:
        self.thread.join(timeout)


def probe_health(port: int, seconds: float, interval: float = 0.25) -> list[tuple[float, int | None]]:
    """/healthz every ``interval`` for ``seconds``: (seconds to the answer, status or None when it never came)."""
    probes: list[tuple[float, int | None]] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.monotonic()
        try:
            status = http_request(port, b"GET /healthz HTTP/1.1\r\nHost: referee\r\nConnection: close\r\n\r\n", timeout=5)[0]
        except OSError:
            status = None
        probes.append((time.monotonic() - started, status))
        time.sleep(max(0.0, interval - (time.monotonic() - started)))
    return probes


def slow_clients_under_probe(port: int, clients: int, hold: float, settle: float = 1.0) -> tuple[list[SlowClient], list[tuple[float, int | None]]]:
    """``clients`` slow clients hold connections for ``hold`` s; /healthz is probed meanwhile (after ``settle`` s)."""
    slow = [SlowClient(port, hold).start() for _ in range(clients)]
    time.sleep(settle)
    probes = probe_health(port, hold - settle)
    for client in slow:
        client.join(timeout=hold + 60)
    return slow, probes


# The candidates for "the worst spreadsheet the service accepts".


def points_rows(games: int = MAX_ROWS // 10, players: int = 10, extra: int = 0) -> list[list[object]]:
    """The most rows of points by default (the documented bound, ``MAX_ROWS``), optionally with ``extra`` ignored columns."""
    header: list[object] = ["game", "player", "points", *(f"note {i}" for i in range(extra))]
    rows = [
        [game, f"player-{p:02d}", (game * 7 + p) % 41 - 20 + 0.5 * (p % 2), *(f"n{game}.{p}.{i}" for i in range(extra))]
        for game in range(1, games + 1)
        for p in range(players)
    ]
    return [header, *rows]


def cards_rows(games: int = 100, players: int = 10, hand: int = 8, seed: int = 24) -> list[list[object]]:
    """1,000 rows of cards by default (the documented bound): 10 players a game, 8 final cards each, from two decks."""
    rng = random.Random(seed)
    rows: list[list[object]] = [["game", "player", "castle_1", "castle_2", "castle_3", "castle_4", "cards", "caller"]]
    for game in range(1, games + 1):
        deck = [rank + suit for suit in "SHDC" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")] * 2
        rng.shuffle(deck)
        castles = []
        for suit in "SHDC":
            card = next(c for c in deck if c.endswith(suit) and not c.startswith("K"))
            deck.remove(card)
            castles.append(card)
        for p in range(players):
            rows.append([game, f"player-{p:02d}", *castles, " ".join(deck.pop() for _ in range(hand)), "yes" if p == 0 else ""])
    return rows


def as_csv(rows: list[list[object]]) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows(rows)
    return buffer.getvalue().encode()


def widest(accepted: Callable[[bytes], bool], make: Callable[[int], bytes]) -> tuple[int, bytes]:
    """The most extra columns (0 to 61: 64 in all), and the file, that ``accepted`` still takes (a search in halves)."""
    low, high, best = 1, 61, (0, make(0))
    while low <= high:
        middle = (low + high) // 2
        body = make(middle)
        if accepted(body):
            best, low = (middle, body), middle + 1
        else:
            high = middle - 1
    return best


def candidates(port: int) -> dict[str, tuple[bytes, str]]:
    """name: (body, content type). The widened sheets are as wide as the service behind ``port`` still accepts
    (within the 1 MiB body limit): the search asks it."""

    def accepted(content_type: str) -> Callable[[bytes], bool]:
        return lambda body: len(body) <= MIB - 4096 and upload(port, body, content_type) == 200

    wide_xlsx = widest(accepted(XLSX), lambda extra: as_xlsx(points_rows(extra=extra)))
    wide_csv = widest(accepted("text/csv"), lambda extra: as_csv(points_rows(extra=extra)))
    return {
        f"points, {MAX_ROWS:,} rows, XLSX": (as_xlsx(points_rows()), XLSX),
        f"points, {MAX_ROWS:,} rows, CSV": (as_csv(points_rows()), "text/csv"),
        "cards, 1,000 rows, XLSX": (as_xlsx(cards_rows()), XLSX),
        "cards, 1,000 rows, CSV": (as_csv(cards_rows()), "text/csv"),
        f"points, {MAX_ROWS:,} rows, {wide_xlsx[0]} ignored columns, XLSX": (wide_xlsx[1], XLSX),
        f"points, {MAX_ROWS:,} rows, {wide_csv[0]} ignored columns, CSV": (wide_csv[1], "text/csv"),
    }


def upload(port: int, body: bytes, content_type: str, timeout: float = 120) -> int | None:
    head = f"POST {STANDINGS} HTTP/1.1\r\nHost: referee\r\nContent-Type: {content_type}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    try:
        return http_request(port, head.encode() + body, timeout=timeout)[0]
    except OSError:
        return None


class MemoryWatch:
    """Samples the resident memory of gunicorn's workers every 0.1 s: the peak per worker; kills the server past the abort bound."""

    def __init__(self, master: subprocess.Popen[bytes]) -> None:
        self.master = master
        self.peak_kib: dict[int, int] = {}
        self.aborted = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> MemoryWatch:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()

    def workers(self) -> dict[int, int]:
        children = subprocess.run(["pgrep", "-P", str(self.master.pid)], capture_output=True, text=True, check=False).stdout.split()
        rss = {}
        for pid in map(int, children):
            try:
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            found = re.search(r"VmRSS:\s+(\d+) kB", status)
            if found:
                rss[pid] = int(found.group(1))
        return rss

    def _run(self) -> None:
        while not self._stop.wait(0.1):
            workers = self.workers()
            for pid, kib in workers.items():
                self.peak_kib[pid] = max(kib, self.peak_kib.get(pid, 0))
            if max(workers.values(), default=0) > WORKER_RSS_ABORT_MIB * 1024 and not self.aborted:
                self.aborted = True
                self.master.kill()
                for pid in workers:
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)

    @property
    def worst_mib(self) -> float:
        return max(self.peak_kib.values(), default=0) / 1024


def deaths(log: Path, since: int) -> list[str]:
    """Lines of gunicorn's log (from byte ``since``) saying a worker did not end by itself."""
    with log.open("rb") as handle:
        handle.seek(since)
        text = handle.read().decode(errors="replace")
    return [line for line in text.splitlines() if WORKER_DEATH.search(line)]


def parallel_uploads(port: int, sheet: tuple[bytes, str], clients: int, seconds: float) -> list[tuple[float, int | None]]:
    """``clients`` uploaders, each sending ``sheet`` again as soon as it is answered, for ``seconds``: (seconds, status) per upload."""
    results: list[tuple[float, int | None]] = []
    lock = threading.Lock()
    end = time.monotonic() + seconds

    def uploader() -> None:
        while time.monotonic() < end:
            started = time.monotonic()
            status = upload(port, *sheet)
            with lock:
                results.append((time.monotonic() - started, status))

    threads = [threading.Thread(target=uploader, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def run_slow(front: int, args: argparse.Namespace, through: str) -> bool:
    slow, probes = slow_clients_under_probe(front, args.slow_clients, args.slow_seconds)
    answered = [latency for latency, status in probes if status == 200]
    late = [latency for latency, status in probes if status != 200 or latency > HEALTH_WITHIN]
    print(f"slow clients ({through}): {args.slow_clients} clients held their connections {min(c.held for c in slow):.1f}-{max(c.held for c in slow):.1f} s")
    print(f"  their answers: {sorted(str(c.status or c.error) for c in slow)}")
    if answered:
        print(
            f"  /healthz: {len(probes)} probes, {len(answered)} answered 200, "
            f"median {statistics.median(answered) * 1000:.0f} ms, slowest {max(answered) * 1000:.0f} ms"
        )
    print(f"  /healthz later than {HEALTH_WITHIN:.0f} s or not 200: {len(late)} (must be 0)")
    return not late and all(c.status == 200 for c in slow)


def run_uploads(front: int, server: subprocess.Popen[bytes], log: Path, args: argparse.Namespace) -> bool:
    if args.sheet:
        sheets = {args.sheet.name: (args.sheet.read_bytes(), XLSX if args.sheet.suffix.lower() == ".xlsx" else "text/csv")}
    else:
        sheets = {name: sheet for name, sheet in candidates(front).items() if not args.candidate or any(part in name for part in args.candidate)}
    print("uploads: each candidate sent once through nginx")
    measured = []
    with MemoryWatch(server) as watch:
        for name, sheet in sheets.items():
            watch.peak_kib.clear()
            started = time.monotonic()
            status = upload(front, *sheet)
            elapsed = time.monotonic() - started
            time.sleep(0.3)
            print(f"  {name}: {len(sheet[0]) / 1024:.0f} KiB, answer {status}, {elapsed:.2f} s, worker peak {watch.worst_mib:.0f} MiB")
            if watch.aborted:
                print(f"  a worker passed {WORKER_RSS_ABORT_MIB} MiB: stopped")
                return False
            if status == 200:
                measured.append((elapsed, watch.worst_mib, name))
    if not measured:
        print("  no candidate was accepted")
        return False
    worst_time = max(measured)
    worst_memory = max(measured, key=lambda m: m[1])
    mix = [sheets[worst_time[2]]] + ([sheets[worst_memory[2]]] if worst_memory[2] != worst_time[2] else [])
    print(f"  the worst accepted: {worst_time[2]} (time), {worst_memory[2]} (memory)")
    since = log.stat().st_size
    with MemoryWatch(server) as watch:
        results = []
        per_sheet = max(1, args.upload_clients // len(mix))
        threads = []
        for sheet in mix:
            thread = threading.Thread(target=lambda s=sheet: results.extend(parallel_uploads(front, s, per_sheet, args.upload_seconds)), daemon=True)
            threads.append(thread)
            thread.start()
        for thread in threads:
            thread.join()
    died = deaths(log, since)
    statuses: dict[str, int] = {}
    for _, status in results:
        statuses[str(status)] = statuses.get(str(status), 0) + 1
    times = sorted(latency for latency, _ in results)
    print(f"uploads: {len(results)} in {args.upload_seconds} s by {per_sheet * len(mix)} parallel clients; answers {statuses}")
    if times:
        print(f"  seconds per upload: median {statistics.median(times):.2f}, slowest {times[-1]:.2f}")
    print(f"  worker deaths (gunicorn's log): {len(died)} (must be 0)" + "".join(f"\n    {line}" for line in died[:5]))
    print("  peak resident memory per worker (MiB): " + ", ".join(f"{kib / 1024:.0f}" for _, kib in sorted(watch.peak_kib.items())))
    print(f"  the largest: {watch.worst_mib:.0f} MiB (must be under {WORKER_RSS_BOUND_MIB} MiB)")
    given_up = sum(count for status, count in statuses.items() if status != "200")
    print(f"  answers other than 200: {given_up} (reported; a 504 is nginx giving up after 25 s on a saturated machine, not a death)")
    return not died and watch.worst_mib < WORKER_RSS_BOUND_MIB and not watch.aborted


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    options.add_argument("--slow-clients", type=int, default=6)
    options.add_argument("--slow-seconds", type=float, default=30)
    options.add_argument("--upload-clients", type=int, default=6)
    options.add_argument("--upload-seconds", type=float, default=60)
    options.add_argument("--sheet", type=Path, help="upload this file (.xlsx or .csv) instead of the worst accepted candidate")
    options.add_argument("--candidate", action="append", default=[], help="only the candidates whose name holds this text (repeatable)")
    options.add_argument("--direct", action="store_true", help="the slow clients against bare gunicorn, no nginx (to see the starvation)")
    options.add_argument("--skip-uploads", action="store_true")
    args = options.parse_args(argv)
    if nginx_binary() is None and not args.direct:
        print("make soak-proxy needs Debian's nginx: apt-get install nginx-light", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        backend, front = free_port(), free_port()
        log = directory / "gunicorn.log"
        # The packaged count (2 x the CPUs this process may use + 1), unless WEB_CONCURRENCY says otherwise.
        os.environ.setdefault("WEB_CONCURRENCY", str(available_cpus() * 2 + 1))
        server = start_gunicorn(backend, log)
        workers = len(MemoryWatch(server).workers())
        print(f"gunicorn: {workers} sync workers on 127.0.0.1:{backend}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
        proxy = None
        try:
            if args.direct:
                return 0 if run_slow(backend, args, "bare gunicorn") else 1
            proxy = start_nginx(directory / "nginx", front, backend)
            print(f"nginx: deploy/nginx.conf on 127.0.0.1:{front}")
            ok = run_slow(front, args, "through nginx")
            if not args.skip_uploads:
                ok = run_uploads(front, server, log, args) and ok
        finally:
            if proxy is not None:
                stop(proxy)
            stop(server)
    print("soak-proxy: " + ("every bound held" if ok else "a bound was broken"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
