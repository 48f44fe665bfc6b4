#!/usr/bin/env bash
# Before the test run: make sure the two system services the suite needs are here, and
# say exactly what to do when one is not, instead of failing deep inside a test.
# Chromium: CHROMIUM_PATH, else Debian's headless shell, /usr/bin/chromium-headless-shell (the
# lighter headless-only build; playwright.config.ts says what it saves). When it is missing and
# this runs as root on a Debian/Ubuntu machine it is installed (ENSIGN_NO_INSTALL=1 prevents that).
set -uo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
if [ ! -x "$chromium" ]; then
  if [ "${ENSIGN_NO_INSTALL:-0}" != "1" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "== Chromium not found at $chromium: installing Debian's chromium-headless-shell package"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  fi
  if [ ! -x "$chromium" ]; then
    cat >&2 <<MSG

The dashboard tests need Chromium, and none was found at $chromium.
Install it, then run npm test again:
  Debian:     sudo apt-get install -y chromium-headless-shell
  elsewhere:  install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium
              (a full browser works too: CHROMIUM_PATH=/usr/bin/chromium)
(Playwright's own browser download is not used: npx playwright install is not needed.)
MSG
    exit 1
  fi
fi

if [ "${ENSIGN_SKIP_POSTGRES:-0}" != "1" ]; then
  pg_url="${POSTGRES_URL:-postgresql://postgres@127.0.0.1:5432/postgres}"
  if ! node -e '
    const pg = require("pg");
    const c = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
    c.connect().then(() => c.end()).then(() => process.exit(0), () => process.exit(1));
  ' "$pg_url" 2>/dev/null; then
    cat >&2 <<MSG

The API suite also runs on PostgreSQL, and none answered at $pg_url.
Either start one (Debian: sudo apt-get install -y postgresql, then
  sudo pg_ctlcluster \$(ls /etc/postgresql) main start
with trust auth for user postgres on 127.0.0.1:5432), point POSTGRES_URL at a server
where that user may create databases, or skip that run with ENSIGN_SKIP_POSTGRES=1.
MSG
    exit 1
  fi
fi
