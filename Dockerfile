# The 24 Kings referee: gunicorn (sync workers) serving service:create_app().
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PORT=8000

WORKDIR /app
COPY requirements.txt .
RUN pip install --no-deps -r requirements.txt

COPY gunicorn.conf.py ./
COPY service ./service
COPY schemas ./schemas
COPY examples ./examples

RUN useradd --create-home --uid 10001 referee
USER referee

EXPOSE 8000
# No curl in the slim image: ask the service with the Python it already has.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD python -c "import os, urllib.request; urllib.request.urlopen(f'http://127.0.0.1:{os.environ.get(\"PORT\", \"8000\")}/healthz', timeout=2)"

CMD ["gunicorn", "-c", "gunicorn.conf.py"]
