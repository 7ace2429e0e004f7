#!/bin/sh
# Usage: ensure-debian.sh PACKAGE 'GLOB' 'WHAT'
# Installs Debian's PACKAGE when no file matches GLOB and we may (root with apt); otherwise
# WHAT (the tests that need it) skips. The browser tests need chromium; the PostgreSQL store
# tests need the server binaries (and fail under CI without them: tests/conftest.py).
package=$1 glob=$2 what=$3
for f in $glob; do
  if [ -e "$f" ]; then exit 0; fi
done
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian $package for the $what..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null) \
    || echo "warning: could not install $package; the $what will be skipped"
else
  echo "note: $package not found ($glob); the $what will be skipped"
fi
exit 0
