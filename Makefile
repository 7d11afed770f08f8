# Quick start: `make run` serves the web table, `make test` runs every check.
# Prefer the system Python (distribution builds are compiled with optimizations) when it is
# 3.11 or newer and can make virtual environments; else the first python3 on PATH.
PYTHON ?= $(shell for p in /usr/bin/python3 python3; do \
	if $$p -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; \
	then echo $$p; break; fi; done)
VENV := .venv
BIN := $(VENV)/bin
# What each quick-start command installs: `make run` only what serving needs (the `web`
# extra), `make test` everything the checks need (`dev` and `web`).
RUN_STAMP := $(VENV)/.run-stamp
STAMP := $(VENV)/.installed-stamp
# The wheels (`make wheel`): the pure-Python one and the compiled one (setup.py: mypyc), side
# by side in dist/; rebuilt whenever a source changes.
DIST := dist
WHEEL_STAMP := $(DIST)/.built-stamp
COMPILED_WHEEL := $(DIST)/tricktable-*-cp*-*.whl
# The compiled engine unpacked from that wheel, apart from the sources so that the pure-Python
# package stays what `src/` holds.
ACCEL := build/accel
ACCEL_STAMP := $(ACCEL)/.built-stamp
# A clean virtual environment holding the compiled wheel as a user installs it, and the test
# runner: nothing else.
WHEEL_VENV := build/wheel-venv
SOURCES := setup.py pyproject.toml $(shell find src/tricktable -name '*.py')

.PHONY: run test lint typecheck unit unit-compiled wheel wheel-test accel bench clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,web]'
	@touch $(STAMP)

$(RUN_STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[web]'
	@touch $(RUN_STAMP)

run: $(RUN_STAMP)
	$(BIN)/tricktable serve

lint: $(STAMP)
	$(BIN)/ruff check src tests bench examples tools sdk/python
	$(BIN)/ruff format --check src tests bench examples tools sdk/python

typecheck: $(STAMP)
	$(BIN)/mypy --strict src/tricktable examples/oh_hell_fitted_q.py examples/batched_ppo.py \
		examples/rl_baselines.py \
		tools/check_wheels.py \
		sdk/python/tricktable_bot sdk/python/examples/highest.py

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

# The compiled wheel installed into a clean virtual environment, as a user gets it: the rules'
# conformance and perft suites (failing at once unless the compiled modules are the ones
# imported) and a short run of the engine benchmark (without OpenSpiel: our figures only).
wheel-test: $(WHEEL_STAMP)
	@test -x $(WHEEL_VENV)/bin/python || $(BIN)/python -m venv $(WHEEL_VENV)
	$(WHEEL_VENV)/bin/python -m pip install --quiet --upgrade pip 'pytest>=8' 'hypothesis>=6.100'
	$(WHEEL_VENV)/bin/python -m pip uninstall --quiet --yes tricktable
	$(WHEEL_VENV)/bin/python -m pip install --quiet $(COMPILED_WHEEL)
	TRICKTABLE_EXPECT_COMPILED=1 $(WHEEL_VENV)/bin/python -m pytest -q -rs \
		-o addopts="-p no:cacheprovider" tests/games/test_conformance.py tests/games/test_perft.py
	TRICKTABLE_EXPECT_COMPILED=1 $(WHEEL_VENV)/bin/python bench/engine.py --installed \
		--seconds 0.5 --rounds 1

test: lint typecheck unit unit-compiled wheel-test

$(WHEEL_STAMP): $(STAMP) $(SOURCES)
	rm -rf $(DIST) build/lib build/lib.* build/bdist.*
	$(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation --wheel-dir $(DIST) .
	TRICKTABLE_COMPILE=1 $(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation \
		--wheel-dir $(DIST) .
	$(BIN)/python tools/check_wheels.py $(DIST)
	@touch $@

wheel: $(WHEEL_STAMP)

$(ACCEL_STAMP): $(WHEEL_STAMP)
	rm -rf $(ACCEL)
	$(BIN)/python -m pip install --quiet --no-deps --target $(ACCEL) $(COMPILED_WHEEL)
	@touch $@

accel: $(ACCEL_STAMP)

# Figures for both builds, each beside OpenSpiel in the same run.
bench: $(STAMP) $(ACCEL_STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/engine.py --python

clean:
	rm -rf $(VENV) build $(DIST) src/*.egg-info
