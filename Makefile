# Quick start: `make run` serves the web table, `make test` runs every check.
# Prefer the system Python (distribution builds are compiled with optimizations) when it is
# 3.11 or newer and can make virtual environments; else the first python3 on PATH.
PYTHON ?= $(shell for p in /usr/bin/python3 python3; do \
	if $$p -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; \
	then echo $$p; break; fi; done)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,web]'
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/tricktable serve

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/tricktable

unit: $(STAMP)
	$(BIN)/python -m pytest -q

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) build src/*.egg-info
