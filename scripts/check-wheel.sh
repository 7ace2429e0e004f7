#!/bin/sh
# The wheel as a user gets it: build it from this repo, install it with [all] from PyPI into a
# fresh venv in a temporary folder (dependencies downloaded for real, nothing from this tree or
# another venv), then run issue 16's acceptance there (scripts/wheel_acceptance.py, also run by
# tests/test_packaging.py against local dependencies). Not part of `make test`: it downloads
# some hundreds of MB and takes minutes.
#
#   sh scripts/check-wheel.sh            # PYTHON=python3, seeds from ../shared/seeds if present
#   PYTHON=.venv/bin/python KEEP=1 sh scripts/check-wheel.sh   # KEEP=1 keeps the temp folder
set -eu
REPO=$(cd "$(dirname "$0")/.." && pwd)
PYTHON=${PYTHON:-python3}
SEEDS=${SEEDS:-$REPO/../shared/seeds}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/newsweave-wheel.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then echo "check-wheel: keeping $TMP"; else trap 'rm -rf "$TMP"' EXIT; fi
unset PYTHONPATH  # the installed wheel must be what imports

echo "check-wheel: building the wheel"
"$PYTHON" -m build --wheel --outdir "$TMP/dist" "$REPO" >"$TMP/build.log" 2>&1 \
    || { tail -20 "$TMP/build.log"; echo "check-wheel: build failed (is 'build' installed? pip install build)"; exit 1; }
WHEEL=$(ls "$TMP"/dist/newsweave-*.whl)
echo "check-wheel: $(basename "$WHEEL")"

echo "check-wheel: fresh venv, pip install '$(basename "$WHEEL")[all]' from PyPI"
"$PYTHON" -m venv "$TMP/venv"
"$TMP/venv/bin/python" -m pip install --quiet --upgrade pip
"$TMP/venv/bin/python" -m pip install --quiet --no-cache-dir "$WHEEL[all]"
"$TMP/venv/bin/python" -m pip check
echo "check-wheel: $("$TMP/venv/bin/python" -m pip list --format=freeze | wc -l) packages installed"

[ -d "$SEEDS" ] || { echo "check-wheel: no seeds at $SEEDS: the seeds check is skipped"; SEEDS=""; }
mkdir "$TMP/work"
cp "$REPO/scripts/wheel_acceptance.py" "$REPO/examples/dailyledger-valmora.txt" "$TMP/work/"
cd "$TMP/work"
"$TMP/venv/bin/newsweave" --help >/dev/null
"$TMP/venv/bin/python" wheel_acceptance.py "$SEEDS" dailyledger-valmora.txt --web
