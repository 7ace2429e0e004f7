# Two commands do all set-up themselves: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck bench clean-venv browser postgres

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[all,dev,eval]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/newsweave brief examples/

browser:
	@sh scripts/ensure-debian.sh chromium /usr/bin/chromium "browser tests"

postgres:
	@sh scripts/ensure-debian.sh postgresql '/usr/lib/postgresql/*/bin/initdb' "PostgreSQL store tests"

test: $(STAMP) browser postgres lint
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check newsweave tests bench
	$(BIN)/mypy newsweave

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python bench/summarize.py

clean-venv:
	rm -rf $(VENV)
