# Sourced by scripts/test.sh and .ci/run: `stage NAME COMMAND...` runs COMMAND, prints how
# long it took, and the script prints every stage's time again when it ends (also on failure).
# `stage_side_by_side NAME -- "label" "command" ...` runs several independent commands at once
# (each its own log, printed whole as it ends, in the order given) and records each one's time.
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

stage_side_by_side() {
  local name=$1 start=$SECONDS status=0 logs i
  shift 2 # the name and "--"
  local labels=() commands=() pids=()
  while [ "$#" -gt 0 ]; do
    labels+=("$1")
    commands+=("$2")
    shift 2
  done
  logs=$(mktemp -d)
  echo "== $name (side by side: ${labels[*]})"
  for i in "${!commands[@]}"; do
    (
      s=$SECONDS
      r=0
      bash -c "${commands[$i]}" >"$logs/$i.log" 2>&1 || r=$?
      echo "$((SECONDS - s)) $r" >"$logs/$i.time"
    ) &
    pids+=("$!")
  done
  for i in "${!commands[@]}"; do
    wait "${pids[$i]}" || true
    local took=? r=1
    [ -f "$logs/$i.time" ] && read -r took r <"$logs/$i.time"
    echo "---- ${labels[$i]} (exit $r, $took s)"
    cat "$logs/$i.log"
    STAGE_TIMES+=("$(printf '%6ss  %s%s' "$took" "  ${labels[$i]}" "$([ "$r" = 0 ] || echo "  (failed: exit $r)")")")
    [ "$r" = 0 ] || status=$r
  done
  rm -rf "$logs"
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
