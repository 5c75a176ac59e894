# Everything runs from a project venv built from the pinned requirements,
# so `make test` works on a fresh machine that has only python3 and make.
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000
export PYTHONPATH := $(CURDIR)

.PHONY: install test bench lint typecheck

$(VENV)/.installed: requirements.txt requirements-dev.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

test: install
	$(PY) -m pytest

bench: install
	$(PY) -m pytest benchmarks --benchmark-only --benchmark-columns=min,median,mean,max,rounds --benchmark-sort=name

lint: install
	$(PY) -m ruff check service schemas tests benchmarks
	$(PY) -m mypy

typecheck: install
	$(PY) -m mypy
