# Everything runs from a project venv built from the pinned requirements,
# so `make test` works on a fresh machine that has only python3 and make.
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000
# What ruff checks and formats (mypy's files are in pyproject.toml).
LINTED := service schemas tests benchmarks clients
export PYTHONPATH := $(CURDIR)

.PHONY: install install-serving run test test-fast bench bench-http profile-http soak soak-proxy lint lint-openapi format typecheck openapi docker-build

# Two steps: what serving needs (requirements.txt, the serving pins), then the
# test, lint and benchmark tools and the editable installs (the client package
# in clients/python, then the service and its `kings`), which
# `make test`, `make lint` and the others add. `make run` takes only the first.
$(VENV)/.serving: requirements.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.installed: $(VENV)/.serving requirements-dev.txt pyproject.toml clients/python/pyproject.toml
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e clients/python
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $@

install-serving: $(VENV)/.serving

install: $(VENV)/.installed

# The settings ship in the package (service/serving.py): loopback unless
# KINGS_HOST says otherwise, e.g. `make run KINGS_HOST=0.0.0.0`. The service
# runs from the checkout (PYTHONPATH above), so serving needs no editable install.
# The sources are compiled first (only what changed since the last time), so the master
# loads bytecode even where PYTHONDONTWRITEBYTECODE is set: compiling the project
# from source costs about 0.2 s of CPU more at every start (issue 25). A checkout it
# cannot write to only misses the saving (the leading -: make goes on).
run: install-serving
	-$(PY) -m compileall -q service schemas
	PORT=$(PORT) $(VENV)/bin/gunicorn -c python:service.serving

# The whole suite, slow tests included (CI runs this).
# Two processes on two cores: the whole suite is ≈ 6 min of CPU.
test: install
	$(PY) -m pytest -n 2

# Everything but the tests marked slow (by their decorator, or by place and name in tests/conftest.py).
test-fast: install
	$(PY) -m pytest -n 2 -m "not slow"

# The service and a plain Flask floor (benchmarks/floor_app.py), both under the shipped
# gunicorn settings; every endpoint as a ratio to the floor of the same run.
bench-http: install
	$(PY) -m benchmarks.http_bench

# Where a served request's CPU goes, by layer (gunicorn, werkzeug, flask, marshmallow, the project's
# schemas, HTTP layer and engines): py-spy on one worker while wrk loads each row of bench-http.
# Needs py-spy (`.venv/bin/pip install py-spy`); e.g. `make profile-http PROFILE_ARGS="--rows healthz"`.
profile-http: install
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" $(PY) -m benchmarks.served_profile $(PROFILE_ARGS)

soak: install
	$(PY) -m benchmarks.soak $(SOAK_ARGS)

# The production setup (Debian's nginx on deploy/nginx.conf in front of
# gunicorn) under issue 16's loads: 6 slow clients for 30 s while /healthz
# answers within 1 s, then 60 s of parallel uploads of the worst accepted
# spreadsheet (no worker dies, each worker under 512 MiB).
soak-proxy: install
	$(PY) -m benchmarks.soak_proxy

openapi: install
	$(PY) -m service.http.openapi_file openapi.yaml
	$(PY) clients/python/sync_openapi.py openapi.yaml

docker-build:
	docker build -t kings-referee .

bench: install
	$(PY) -m pytest benchmarks --benchmark-only --benchmark-columns=min,median,mean,max,rounds --benchmark-sort=name

# Every check runs, so one report shows every kind of finding. openapi.yaml is
# linted by Redocly CLI (recommended ruleset) and Spectral (spectral:oas), every
# rule on and any finding failing, at the versions tools/openapi-lint/ pins
# (installed there by `npm ci`); a machine without node skips them and says so.
OPENAPI_LINT := tools/openapi-lint
lint: install
	@status=0; \
	$(PY) -m ruff check $(LINTED) || status=1; \
	$(PY) -m ruff format --check $(LINTED) || status=1; \
	$(PY) -m mypy || status=1; \
	$(MAKE) --no-print-directory lint-openapi || status=1; \
	exit $$status

lint-openapi:
	@if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then \
		echo "lint-openapi: SKIPPED: node and npm are not installed, so Redocly and Spectral did not lint openapi.yaml"; \
	else \
		cd $(OPENAPI_LINT) && \
		if [ ! -f node_modules/.installed ] || [ package-lock.json -nt node_modules/.installed ]; then \
			npm ci --no-audit --no-fund --loglevel=error && touch node_modules/.installed; \
		fi && \
		node lint.mjs ../../openapi.yaml; \
	fi

format: install
	$(PY) -m ruff format $(LINTED)

typecheck: install
	$(PY) -m mypy
