"""The settings live in the package (service/serving.py, ``gunicorn -c python:service.serving``).

This file stays for the test fixture that still starts gunicorn with ``-c gunicorn.conf.py``.
"""

from service.serving import *  # noqa: F403
