# Everything runs from a project venv built from the pinned requirements,
# so `make test` works on a fresh machine that has only python3 and make.
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000
export PYTHONPATH := $(CURDIR)

.PHONY: install run test bench bench-http soak lint typecheck openapi docker-build

$(VENV)/.installed: requirements.txt requirements-dev.txt pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $@

install: $(VENV)/.installed

# The settings ship in the package (service/serving.py): loopback unless
# KINGS_HOST says otherwise, e.g. `make run KINGS_HOST=0.0.0.0`.
run: install
	PORT=$(PORT) $(VENV)/bin/gunicorn -c python:service.serving

test: install
	$(PY) -m pytest

bench-http: install
	$(PY) -m benchmarks.http_bench

soak: install
	$(PY) -m benchmarks.soak

openapi: install
	$(PY) -m service.http.openapi_file openapi.yaml

docker-build:
	docker build -t kings-referee .

bench: install
	$(PY) -m pytest benchmarks --benchmark-only --benchmark-columns=min,median,mean,max,rounds --benchmark-sort=name

lint: install
	$(PY) -m ruff check service schemas tests benchmarks
	$(PY) -m mypy

typecheck: install
	$(PY) -m mypy
