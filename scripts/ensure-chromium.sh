#!/bin/sh
# Browser tests drive Debian's chromium through Playwright (never `playwright install`).
# Installs it when missing and we may (root with apt); otherwise the browser tests skip.
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian chromium for the browser tests..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
    || echo "warning: could not install chromium; browser tests will be skipped"
else
  echo "note: /usr/bin/chromium not found; browser tests will be skipped"
fi
exit 0
