"""The real server: gunicorn on the settings the package ships (the ``server`` fixture in tests/conftest.py)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import requests

from tests.conftest import run_shell

ROOT = Path(__file__).resolve().parents[2]


def test_health_and_a_calculus_through_gunicorn(server):
    assert requests.get(f"{server}/healthz", timeout=5).json() == {"status": "ok"}
    from service.games.kings.web import CALCULUS_REQUEST

    response = requests.post(f"{server}/v1/24-kings/calculus", json=CALCULUS_REQUEST, timeout=5)
    assert response.status_code == 200 and response.json()["winners"] == ["bob"]


def test_a_body_sent_in_chunks_or_with_its_length_reads_the_same(server):
    """A declared length is read straight from the input; a chunked body goes through werkzeug."""
    from service.games.kings.web import CALCULUS_REQUEST

    raw = json.dumps(CALCULUS_REQUEST).encode()
    url, headers = f"{server}/v1/24-kings/calculus", {"Content-Type": "application/json"}
    declared = requests.post(url, data=raw, headers=headers, timeout=5)
    chunked = requests.post(url, data=iter([raw[:40], raw[40:]]), headers=headers, timeout=5)
    assert "Content-Length" in declared.request.headers and chunked.request.headers["Transfer-Encoding"] == "chunked"
    assert declared.status_code == chunked.status_code == 200 and declared.json() == chunked.json()
    big = requests.post(url, data=iter([b"[", b" " * (1024 * 1024 + 10), b"]"]), headers=headers, timeout=10)
    assert big.status_code == 413


def test_a_chunked_spreadsheet_over_the_limit_is_a_413_too(server):
    url = f"{server}/v1/24-kings/tournaments/standings"
    rows = b"game,player,points\r\n" + b"1,ann,3\r\n" * 200_000
    big = requests.post(url, data=iter([rows[:100], rows[100:]]), headers={"Content-Type": "text/csv"}, timeout=10)
    assert len(rows) > 1024 * 1024 and big.status_code == 413


def test_problems_through_gunicorn(server):
    response = requests.post(f"{server}/v1/24-kings/calculus", data=b"{", headers={"Content-Type": "application/json"}, timeout=5)
    assert response.status_code == 400 and response.headers["Content-Type"] == "application/problem+json"
    big = requests.post(f"{server}/v1/24-kings/hands", data=b"[" + b" " * (1024 * 1024 + 10) + b"]", headers={"Content-Type": "application/json"}, timeout=10)
    assert big.status_code == 413


def test_the_readme_curl_examples_work_as_written(server, tmp_path):
    """Run the README's 'Try it' block against the live server (only the port differs)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Try it", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    port = server.rsplit(":", 1)[1]
    script = block.replace("127.0.0.1:8000", f"127.0.0.1:{port}")
    result = run_shell(script, tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    output = result.stdout
    assert '"status":"ok"' in output and '"winners":["bob"]' in output and '"legal":false' in output
    assert '"type": "urn:kings-referee:problem:invalid-body"' in output
    assert '"solvable":true' in output and '"may_discard":false' in output  # Twenty-Four, Three Kings
    assert '"decided_by":"average"' in output and '"card":"3H"' in output  # 1923, Twenty-Four (1718)


def gunicorn_settings(tmp_path: Path, **env: str) -> dict[str, str]:
    """What gunicorn itself reads from service/serving.py (its ``--print-config``), run outside the checkout."""
    base = {key: value for key, value in os.environ.items() if key not in ("KINGS_HOST", "PORT", "WEB_CONCURRENCY")}
    command = [sys.executable, "-m", "gunicorn", "-c", "python:service.serving", "--print-config"]
    printed = subprocess.run(command, cwd=tmp_path, env={**base, **env}, capture_output=True, text=True, timeout=60, check=True).stdout
    return {name.strip(): value.strip() for name, _, value in (line.partition("=") for line in printed.splitlines())}


def test_the_packaged_settings_bind_loopback_unless_told(tmp_path):
    default = gunicorn_settings(tmp_path)
    assert default["bind"] == "['127.0.0.1:8000']" and default["wsgi_app"] == "service:create_app()"
    assert default["worker_class"] == "sync" and default["control_socket_disable"] == "True"
    assert gunicorn_settings(tmp_path, KINGS_HOST="0.0.0.0", PORT="8123", WEB_CONCURRENCY="3")["bind"] == "['0.0.0.0:8123']"
    assert gunicorn_settings(tmp_path, KINGS_HOST="::")["bind"] == "['[::]:8000']"
    assert gunicorn_settings(tmp_path, WEB_CONCURRENCY="3")["workers"] == "3"


def test_make_run_and_the_image_use_the_packaged_settings():
    """One set of settings: `make run`, the Docker image and `kings serve` (tests/client) all load service.serving."""
    assert "gunicorn -c python:service.serving" in (ROOT / "Makefile").read_text(encoding="utf-8")
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert 'CMD ["gunicorn", "-c", "python:service.serving"]' in dockerfile and "KINGS_HOST=0.0.0.0" in dockerfile


def raw_exchange(server: str, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """One request written as bytes to the server's socket; the status, headers and body of its answer."""
    host, port = server.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(request)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in header_lines)}
    return int(status_line.split()[1]), headers, body


@pytest.mark.parametrize(
    ("path", "content_type", "chunks"),
    [
        ("/v1/24-kings/calculus", "application/json", b"zz\r\n{}\r\n0\r\n\r\n"),  # a chunk size that is no hex number
        ("/v1/24-kings/calculus", "application/json", b"2\r\n{}XX0\r\n\r\n"),  # a chunk without its CRLF
        ("/v1/1923/tournaments/standings", "text/csv", b"-4\r\ngame\r\n0\r\n\r\n"),  # a negative size
        ("/v1/24-kings/tournaments/standings", "multipart/form-data; boundary=b", b"5\r\n--b\r\n\r\n-1\r\nx\r\n0\r\n\r\n"),  # a form, read by werkzeug
    ],
    ids=["not hex", "no CRLF", "negative", "multipart"],
)
def test_a_chunked_body_with_a_bad_chunk_is_a_400_problem(server, path, content_type, chunks):
    """RFC 9112 §7.1: a chunk is its size in hex, CRLF, the data, CRLF. gunicorn raises as the body is read; issue 29 saw a 500."""
    head = f"POST {path} HTTP/1.1\r\nHost: referee\r\nContent-Type: {content_type}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    status, headers, body = raw_exchange(server, head.encode() + chunks)
    assert status == 400, body[:300]
    assert headers["content-type"] == "application/problem+json"
    problem = json.loads(body)
    assert problem["status"] == 400 and problem["errors"][0]["code"] == "unreadable_body" and problem["errors"][0]["pointer"] == ""
