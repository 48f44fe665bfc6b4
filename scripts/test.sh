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
# ENSIGN_API_DATABASES_AT_ONCE=1 runs them one after the other instead. The dashboard tests
# wait for both; ENSIGN_DASHBOARD_AFTER_API=0 starts them as soon as the first of the two ends,
# beside the other. Both stages keep both cores busy, so the order hardly matters (two clean-clone
# runs on 2026-11-28: 2,185 s with the overlap, 2,172 s without; README, "Test it").
api_run() {
  env TEST_DATABASE="$1" npx vitest run --project api
}
dashboard_run() {
  [ -f playwright.config.ts ] || return 0
  stage "dashboard tests in Chromium" npx playwright test
}
api_failures() {
  local db=$1 log=$2
  if grep -qE '(FAIL|×) ' "$log"; then
    echo "---- what failed on $db"
    sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ *(FAIL|×) ' | sort -u | head -n 60
    echo "---- the first failures' messages on $db"
    sed 's/\x1b\[[0-9;]*m//g' "$log" | sed -n '/Failed Tests/,$p' | head -n 150
  fi
}
# Runs the API suite on each database at once (with ENSIGN_DASHBOARD_AFTER_API=0, the dashboard
# tests once the first ends).
api_runs_side_by_side() {
  local logs status=0 db pid s dashboard_status=0 start=$SECONDS
  local -A pid_of=() db_of=() took=() exit_of=()
  logs=$(mktemp -d)
  for db in "$@"; do
    # Each run notes when it ended: the dashboard tests may hold this shell when it does.
    (
      r=0
      api_run "$db" >"$logs/$db.log" 2>&1 || r=$?
      echo "$((SECONDS - start))" >"$logs/$db.took"
      exit "$r"
    ) &
    pid_of[$db]=$!
    db_of[$!]=$db
  done
  local left=$#
  while [ "$left" -gt 0 ]; do
    s=0
    wait -n -p pid "${pid_of[@]}" || s=$?
    db=${db_of[$pid]}
    took[$db]=$(cat "$logs/$db.took" 2>/dev/null || echo "?")
    exit_of[$db]=$s
    left=$((left - 1))
    echo "---- API tests on $db (exit $s, ${took[$db]} s)"
    cat "$logs/$db.log"
    [ "$s" = 0 ] || status=$s
    # Only the still-running jobs are waited on from here.
    unset "pid_of[$db]"
    if [ "$left" -gt 0 ] && [ "${ENSIGN_DASHBOARD_AFTER_API:-1}" = "0" ] && [ "$dashboard_started" = 0 ]; then
      dashboard_started=1
      dashboard_run || dashboard_status=$?
    fi
  done
  for db in "$@"; do
    STAGE_TIMES+=("$(printf '%6ss  %s%s' "${took[$db]}" "  API tests on $db" "$([ "${exit_of[$db]}" = 0 ] || echo "  (failed: exit ${exit_of[$db]})")")")
  done
  # The logs are long and a CI view may show only their end: repeat what failed, per database.
  for db in "$@"; do api_failures "$db" "$logs/$db.log"; done
  rm -rf "$logs"
  [ "$status" = 0 ] || return "$status"
  return "$dashboard_status"
}

databases=(sqlite)
[ "${ENSIGN_SKIP_POSTGRES:-0}" != "1" ] && databases+=(postgres)
dashboard_started=0
if [ "${ENSIGN_API_DATABASES_AT_ONCE:-2}" -gt 1 ] && [ "${#databases[@]}" -gt 1 ]; then
  beside=""
  [ "${ENSIGN_DASHBOARD_AFTER_API:-1}" = "0" ] && beside=", the dashboard's beside the last"
  stage "API tests on ${databases[*]} side by side$beside" \
    api_runs_side_by_side "${databases[@]}" || status=$?
else
  for db in "${databases[@]}"; do
    stage "API tests on $db" api_run "$db" || status=$?
  done
fi
[ "$dashboard_started" = 1 ] || dashboard_run || status=$?
exit "${status:-0}"
