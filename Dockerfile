# The referee: gunicorn (sync workers) serving service:create_app(), on the
# settings the package ships (service/serving.py), as `make run` and
# `kings serve` use them. The container listens on every interface.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    KINGS_HOST=0.0.0.0 \
    PORT=8000

# The source commit, for GET /version: docker build --build-arg COMMIT=$(git rev-parse --short HEAD) .
ARG COMMIT=""
ENV KINGS_COMMIT=$COMMIT

WORKDIR /app
# The pinned versions the suite runs against.
COPY requirements.txt .
RUN pip install --no-deps -r requirements.txt

# The sources run from /app (gunicorn puts its working directory on the
# path), not from an installed wheel: the tournaments endpoint still reads
# examples/ beside service/ when the app is built.
COPY service ./service
COPY schemas ./schemas
COPY examples ./examples

RUN useradd --create-home --uid 10001 referee
USER referee

EXPOSE 8000
# No curl in the slim image: ask the service with the Python it already has.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD python -c "import os, urllib.request; urllib.request.urlopen(f'http://127.0.0.1:{os.environ.get(\"PORT\", \"8000\")}/healthz', timeout=2)"

CMD ["gunicorn", "-c", "python:service.serving"]
