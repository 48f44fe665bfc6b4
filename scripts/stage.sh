# Sourced by scripts/test.sh and .ci/run: `stage NAME COMMAND...` runs COMMAND, prints how
# long it took, and the script prints every stage's time again when it ends (also on failure).
STAGE_TIMES=()

stage() {
  local name=$1 start=$SECONDS status=0
  shift
  echo "== $name"
  "$@" || status=$?
  STAGE_TIMES+=("$(printf '%6ss  %s%s' "$((SECONDS - start))" "$name" "$([ "$status" = 0 ] || echo "  (failed: exit $status)")")")
  echo "== $name: $((SECONDS - start)) s"
  return "$status"
}

stage_summary() {
  [ "${#STAGE_TIMES[@]}" = 0 ] && return
  echo "== stage times (${STAGE_LABEL:-$0}, total ${SECONDS} s)"
  printf '%s\n' "${STAGE_TIMES[@]}"
}
trap stage_summary EXIT
