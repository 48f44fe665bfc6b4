#!/usr/bin/env bash
# The whole test suite, as README.md documents it: unit tests, the API suite over HTTP on
# SQLite and again on PostgreSQL, then the dashboard in Chromium. Needs a PostgreSQL server
# on 127.0.0.1:5432 (POSTGRES_URL overrides; ENSIGN_SKIP_POSTGRES=1 skips that run).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

bash scripts/check-test-prereqs.sh

echo "== build"
npm run build

echo "== unit tests"
npx vitest run --project unit

echo "== API tests on SQLite"
TEST_DATABASE=sqlite npx vitest run --project api

if [ "${ENSIGN_SKIP_POSTGRES:-0}" != "1" ]; then
  echo "== API tests on PostgreSQL"
  TEST_DATABASE=postgres npx vitest run --project api
fi

if [ -f playwright.config.ts ]; then
  echo "== dashboard tests in Chromium"
  npx playwright test
fi
