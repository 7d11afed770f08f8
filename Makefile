# Quick start: `make run` serves the web table, `make test` runs every check.
# Prefer the system Python (distribution builds are compiled with optimizations) when it is
# 3.11 or newer and can make virtual environments; else the first python3 on PATH.
PYTHON ?= $(shell for p in /usr/bin/python3 python3; do \
	if $$p -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; \
	then echo $$p; break; fi; done)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
# The optional compiled engine (setup.py: mypyc), installed apart from the sources so that
# the pure-Python package stays what `src/` holds; rebuilt whenever a source changes.
ACCEL := build/accel
ACCEL_STAMP := $(ACCEL)/.built-stamp
SOURCES := setup.py pyproject.toml $(shell find src/tricktable -name '*.py')

.PHONY: run test lint typecheck unit unit-compiled accel bench clean

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

# axe-core for the browser tests' accessibility check (tests/web/axe/package-lock.json);
# without npm the check is skipped and says so.
AXE := tests/web/axe/node_modules/axe-core/axe.min.js
$(AXE): tests/web/axe/package-lock.json
	-cd tests/web/axe && npm ci --no-audit --no-fund

unit: $(STAMP) $(AXE)
	$(BIN)/python -m pytest -q -rs

# The engine's tests again against the compiled build (doctests and web tests are the
# pure-Python run's); conftest checks that the compiled modules are the ones imported.
unit-compiled: $(ACCEL_STAMP)
	TRICKTABLE_EXPECT_COMPILED=1 PYTHONPATH=$(ACCEL) $(BIN)/python -m pytest -q -rs \
		-o addopts="-p no:cacheprovider" --ignore=tests/web tests

test: lint typecheck unit unit-compiled

$(ACCEL_STAMP): $(STAMP) $(SOURCES)
	rm -rf $(ACCEL)
	TRICKTABLE_COMPILE=1 $(BIN)/python -m pip install --quiet --no-deps --no-build-isolation \
		--target $(ACCEL) .
	@touch $@

accel: $(ACCEL_STAMP)

# Figures for both builds, each beside OpenSpiel in the same run.
bench: $(STAMP) $(ACCEL_STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/engine.py --python

clean:
	rm -rf $(VENV) build src/*.egg-info
