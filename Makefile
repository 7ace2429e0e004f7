# Two commands do all set-up themselves: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck bench clean-venv browser

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[all,dev,eval]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/newsweave brief examples/

browser:
	@sh scripts/ensure-chromium.sh

test: $(STAMP) browser lint
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check newsweave tests bench
	$(BIN)/mypy newsweave

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python bench/summarize.py

clean-venv:
	rm -rf $(VENV)
