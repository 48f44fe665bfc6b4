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

# The unit tests need no build: generate the database clients they import first, then build
# the app and run the unit tests at once (each alone leaves one of the two cores idle part of
# the time).
stage "database clients" npm run db:generate
stage_side_by_side "build and unit tests" -- \
  "build" "npm run build:app" \
  "unit tests" "npx vitest run --project unit --project unit-isolated"

# The API suite waits on its server more than it computes, so the SQLite and PostgreSQL runs
# go side by side (each its own server and database), their logs printed as each ends.
# ENSIGN_API_DATABASES_AT_ONCE=1 runs them one after the other instead.
api_run() {
  env TEST_DATABASE="$1" npx vitest run --project api
}
api_runs_side_by_side() {
  local logs pids=() status=0 db
  logs=$(mktemp -d)
  for db in "$@"; do
    api_run "$db" >"$logs/$db.log" 2>&1 &
    pids+=("$!")
  done
  local i=0
  for db in "$@"; do
    local s=0
    wait "${pids[$i]}" || s=$?
    echo "---- API tests on $db (exit $s)"
    cat "$logs/$db.log"
    [ "$s" = 0 ] || status=$s
    i=$((i + 1))
  done
  # The logs are long and a CI view may show only their end: repeat what failed, per database.
  for db in "$@"; do
    if grep -qE '(FAIL|×) ' "$logs/$db.log"; then
      echo "---- what failed on $db"
      sed 's/\x1b\[[0-9;]*m//g' "$logs/$db.log" | grep -E '^ *(FAIL|×) ' | sort -u | head -n 60
      echo "---- the first failures' messages on $db"
      sed 's/\x1b\[[0-9;]*m//g' "$logs/$db.log" | sed -n '/Failed Tests/,$p' | head -n 150
    fi
  done
  rm -rf "$logs"
  return "$status"
}

databases=(sqlite)
[ "${ENSIGN_SKIP_POSTGRES:-0}" != "1" ] && databases+=(postgres)
if [ "${ENSIGN_API_DATABASES_AT_ONCE:-2}" -gt 1 ] && [ "${#databases[@]}" -gt 1 ]; then
  stage "API tests on ${databases[*]}, side by side" api_runs_side_by_side "${databases[@]}"
else
  for db in "${databases[@]}"; do
    stage "API tests on $db" api_run "$db"
  done
fi

if [ -f playwright.config.ts ]; then
  stage "dashboard tests in Chromium" npx playwright test
fi
