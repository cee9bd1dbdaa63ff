# Developer entry points. `make test` is the one command CI runs (see .ci/run).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.coursekit-dev

.PHONY: dev system kernels sdists lint test floors pythons bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

dev: $(STAMP)

# Chromium and FFmpeg from Debian when missing and installable (root with apt-get);
# otherwise it says which are missing, and the tests that need them skip saying so.
system:
	bash .ci/system-packages

# The PyTorch and TensorFlow lesson kernels and the offline stand-ins that
# `coursekit verify` runs lessons with; idempotent, so a second run is quick.
kernels: dev
	$(BIN)/coursekit kernels install
	$(BIN)/coursekit standins build

# The source distributions whose own test files the tests read (pysrt's tests/static),
# fetched into a cache folder before the tests, which never download: where the fetch
# fails, it says so and the tests that need them skip with that reason.
SDISTS := .coursekit/sdists
PYSRT_VERSION = $$($(BIN)/python -c 'from importlib.metadata import version; print(version("pysrt"))')
sdists: dev
	$(BIN)/python -m pip download --quiet --no-deps --no-binary :all: -d $(SDISTS) \
		"pysrt==$(PYSRT_VERSION)" \
		|| echo "pysrt's source distribution not fetched: tests/subtitles/test_pysrt_static.py will skip"

lint: dev
	$(BIN)/ruff check coursekit tests bench
	$(BIN)/mypy

test: system kernels sdists lint
	$(BIN)/python -m pytest
	PYTHONS=newest bash .ci/pythons

# The tests again with every dependency at the lowest version pyproject.toml allows.
floors: system kernels sdists
	bash .ci/floors

# The tests again on each newer CPython the machine has (3.12, 3.13, 3.14), without
# lesson kernels: what coursekit itself does runs on each version (`make test` runs them
# on the newest one).
pythons: system sdists
	bash .ci/pythons

bench: dev
	$(BIN)/python bench/build.py
	$(BIN)/python bench/subtitles.py
	$(BIN)/python bench/check.py
	$(BIN)/python bench/verify.py
	$(BIN)/python bench/adversarial.py
	$(BIN)/python bench/format.py
	$(BIN)/python bench/report_cost.py
	$(BIN)/python bench/history.py

clean:
	rm -rf $(VENV) .venv-floors .venv-3.* build/notebooks build/executed .coursekit
