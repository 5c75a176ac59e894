"""The real server: gunicorn with the project's gunicorn.conf.py on a free loopback port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def server():
    """gunicorn as `make run` starts it, bound to loopback for the test; stopped afterwards."""
    port = free_port()
    env = {**os.environ, "PORT": str(port), "WEB_CONCURRENCY": "2", "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            requests.get(f"{url}/healthz", timeout=1)
            break
        except requests.ConnectionError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"gunicorn did not start: {process.stdout.read().decode() if process.stdout else ''}")
            time.sleep(0.1)
    yield url
    process.terminate()
    process.wait(timeout=10)


def test_health_and_a_calculus_through_gunicorn(server):
    assert requests.get(f"{server}/healthz", timeout=5).json() == {"status": "ok"}
    from service.http.examples import CALCULUS_REQUEST

    response = requests.post(f"{server}/v1/24-kings/calculus", json=CALCULUS_REQUEST, timeout=5)
    assert response.status_code == 200 and response.json()["winners"] == ["bob"]


def test_problems_through_gunicorn(server):
    response = requests.post(f"{server}/v1/24-kings/calculus", data=b"{", headers={"Content-Type": "application/json"}, timeout=5)
    assert response.status_code == 400 and response.headers["Content-Type"] == "application/problem+json"
    big = requests.post(f"{server}/v1/24-kings/hands", data=b"[" + b" " * (1024 * 1024 + 10) + b"]",
                        headers={"Content-Type": "application/json"}, timeout=10)
    assert big.status_code == 413


def test_the_readme_curl_examples_work_as_written(server, tmp_path):
    """Run the README's 'Try it' block against the live server (only the port differs)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Try it", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    port = server.rsplit(":", 1)[1]
    script = block.replace("127.0.0.1:8000", f"127.0.0.1:{port}")
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    output = result.stdout
    assert '"status":"ok"' in output and '"winners":["bob"]' in output and '"legal":false' in output
    assert '"type": "urn:24-kings:problem:invalid-body"' in output
