"""The floor of `make bench-http`: a plain Flask hello-world, served by the same gunicorn settings as the service.

``gunicorn -c python:service.serving benchmarks.floor_app:app`` runs it with the
service's worker count, worker class and hooks; every endpoint's req/s is read
as a ratio to this app's in the same run. Nothing of the service is imported
here beyond what the settings module loads: a cost every request of the service
pays (logging, request ids, checks) shows against this floor instead of
cancelling out, as it did against the service's own ``/healthz``.
"""

from __future__ import annotations

from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello() -> str:
    return "Hello, World!"
