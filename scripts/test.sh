#!/usr/bin/env bash
# The whole test suite, as README.md documents it: unit tests, the API suite over HTTP on
# SQLite and again on PostgreSQL, then the dashboard in Chromium. Needs a PostgreSQL server
# on 127.0.0.1:5432 (POSTGRES_URL overrides; ENSIGN_SKIP_POSTGRES=1 skips that run).
# Builds once: the API tests and Playwright's server both run this build.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
STAGE_LABEL="npm test"
source scripts/stage.sh

stage "test prerequisites" bash scripts/check-test-prereqs.sh

stage "build" npm run build

stage "unit tests" npx vitest run --project unit

stage "API tests on SQLite" env TEST_DATABASE=sqlite npx vitest run --project api

if [ "${ENSIGN_SKIP_POSTGRES:-0}" != "1" ]; then
  stage "API tests on PostgreSQL" env TEST_DATABASE=postgres npx vitest run --project api
fi

if [ -f playwright.config.ts ]; then
  stage "dashboard tests in Chromium" npx playwright test
fi
