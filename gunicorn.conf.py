"""gunicorn settings: sync workers, bind 0.0.0.0:$PORT, access log to stdout."""

import multiprocessing
import os

bind = f"0.0.0.0:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
worker_class = "sync"
wsgi_app = "service:create_app()"
accesslog = "-"
errorlog = "-"
timeout = 30
graceful_timeout = 10
# Bodies are capped at 1 MiB by the app; these bound the request line and headers.
limit_request_line = 8190
limit_request_fields = 100
