# The README's two commands: `make run` and `make test`. Both set everything up first.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
WORKSPACE ?= $(if $(JARVIS_WORKSPACE),$(JARVIS_WORKSPACE),$(HOME)/jarvis)
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1

.PHONY: install run test lint bench eval eval-learning train-judge clean screenshots

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	# CPU torch first: a plain `torch` requirement would pull a multi-GB CUDA build.
	$(PY) -m pip install --disable-pip-version-check torch==2.13.0
	# A "compat" editable install is one path line in a .pth file: no import hook taxing every
	# process's start-up (~10 ms), and the tests still run the source tree they sit in.
	$(PY) -m pip install --disable-pip-version-check --config-settings editable_mode=compat -e '.[dev]'
	# The one-time ONNX copy of the embedding model, so the first recall is not the one that waits.
	$(VENV)/bin/jarvis prepare
	touch $(STAMP)

install: $(STAMP)

run: install
	@test -f "$(WORKSPACE)/jarvis.toml" || $(VENV)/bin/jarvis init "$(WORKSPACE)"
	$(VENV)/bin/jarvis -w "$(WORKSPACE)" index
	@echo
	@echo "jarvis is serving $(WORKSPACE) (Ctrl-C stops it). From another terminal:"
	@echo "  $(abspath $(VENV))/bin/jarvis -w $(WORKSPACE) remember 'I prefer tea to coffee'"
	@echo "  $(abspath $(VENV))/bin/jarvis -w $(WORKSPACE) recall 'what do I drink'"
	@echo "  $(abspath $(VENV))/bin/jarvis -w $(WORKSPACE) status"
	@echo
	$(VENV)/bin/jarvis -w "$(WORKSPACE)" serve

lint: install
	$(VENV)/bin/ruff check jarvis tests bench
	$(VENV)/bin/ruff format --check jarvis tests bench
	$(VENV)/bin/mypy

test: lint
	$(VENV)/bin/pytest -q

bench: install
	$(PY) bench/run.py

eval: install
	$(PY) bench/eval_locomo.py

# The learning loop on hand-labelled sessions (dev and held-out halves), offline, no API key.
eval-learning: install
	$(PY) bench/eval_learning.py

# Retrain the observer's learned judge (jarvis/observe/judge.json) on tests/data/learning/, with
# its leave-one-split-out figures; `python bench/eval_learning.py --judge held-out` measures it end to end.
# The judge's threshold is 0.55 since the decoy veto reads what it keeps (adr/0098); the veto's own
# threshold is chosen by --cv.
train-judge: install
	$(PY) bench/train_judge.py --cv --threshold 0.55 --veto-threshold 0.60

# PNGs of every `jarvis ui` page in docs/screenshots/, taken with Debian's Chromium (no download).
screenshots: install
	$(PY) docs/screenshots/take.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
