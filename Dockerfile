# The referee: gunicorn (sync workers) serving service:create_app(), on the
# settings the package ships (service/serving.py), as `make run` and
# `kings serve` use them. The container listens on every interface, in
# production mode: it refuses to start without KINGS_SEAL_KEYS, and says how
# to make a key (docs/sealed-deals.md). It belongs behind nginx
# (compose.yaml, deploy/): sync workers must never face slow clients.
#
# The base image by its exact version (never `latest`, never a floating tag).
FROM python:3.11.14-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    KINGS_HOST=0.0.0.0 \
    KINGS_ENV=production \
    PORT=8000

# The source commit, for GET /version: docker build --build-arg COMMIT=$(git rev-parse --short HEAD) .
ARG COMMIT=""
ENV KINGS_COMMIT=$COMMIT

WORKDIR /app
# The pinned versions the suite runs against (requirements.txt), each file
# checked against its hash in the lock the project keeps (requirements.lock).
COPY requirements.lock .
RUN pip install --no-deps --require-hashes -r requirements.lock

# The sources run from /app (gunicorn puts its working directory on the
# path), not from an installed wheel: the tournaments endpoint still reads
# examples/ beside service/ when the app is built.
COPY service ./service
COPY schemas ./schemas
COPY examples ./examples
# Compiled here, once: the running container can never write bytecode (a user that
# does not own /app, a read-only root filesystem in compose.yaml and deploy/kubernetes/,
# PYTHONDONTWRITEBYTECODE above), so without this every start of every container compiled
# the whole project from source, about 0.2 s of CPU in gunicorn's master before it could
# fork (issue 25). The libraries are compiled by pip as it installs them. The bytecode is
# checked against the sources' times, which nothing in the image changes after this step.
RUN python -m compileall -q service schemas

# Not root; by number, so Kubernetes' runAsNonRoot can check it (deploy/kubernetes/).
RUN groupadd --gid 10001 referee && useradd --create-home --uid 10001 --gid 10001 referee
USER 10001:10001

EXPOSE 8000
# No curl in the slim image: ask the service with the Python it already has.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD python -c "import os, urllib.request; urllib.request.urlopen(f'http://127.0.0.1:{os.environ.get(\"PORT\", \"8000\")}/healthz', timeout=2)"

CMD ["gunicorn", "-c", "python:service.serving"]
