# Developer entry points. `make test` is the one command CI runs (see .ci/run).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.coursekit-dev

.PHONY: dev system kernels lint test bench clean

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

lint: dev
	$(BIN)/ruff check coursekit tests bench
	$(BIN)/mypy

test: system kernels lint
	$(BIN)/python -m pytest

bench: dev
	$(BIN)/python bench/build.py
	$(BIN)/python bench/subtitles.py
	$(BIN)/python bench/check.py
	$(BIN)/python bench/verify.py
	$(BIN)/python bench/adversarial.py
	$(BIN)/python bench/format.py
	$(BIN)/python bench/report_cost.py

clean:
	rm -rf $(VENV) build/notebooks build/executed .coursekit
