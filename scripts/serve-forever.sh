#!/bin/sh
# `npm run serve:forever`: runs the production server as `npm run serve` does, and starts it
# again whenever it exits on its own (a crash, an out-of-memory kill), waiting 1 s, doubling
# up to 30 s while it keeps failing fast. SIGTERM or SIGINT stops the server and the loop.
# A real supervisor does the same job better: see README, "Keep it running".
cd "$(dirname "$0")/.." || exit 1
child=""
stopping=""
stop() {
  stopping=1
  [ -n "$child" ] && kill -TERM "$child" 2>/dev/null
}
trap stop TERM INT
delay=1
while [ -z "$stopping" ]; do
  started=$(date +%s)
  NODE_ENV=production node --max-old-space-size="${ENSIGN_HEAP_MB:-160}" --min-semi-space-size=8 --max-semi-space-size=8 dist/server.mjs &
  child=$!
  wait "$child"
  status=$?
  # `wait` returns early when a trapped signal arrives: wait again for the server to finish.
  while kill -0 "$child" 2>/dev/null; do wait "$child"; status=$?; done
  child=""
  [ -n "$stopping" ] && break
  [ $(($(date +%s) - started)) -ge 60 ] && delay=1
  echo "[ensign] server exited with status $status; starting again in ${delay}s" >&2
  sleep "$delay"
  delay=$((delay * 2))
  [ "$delay" -gt 30 ] && delay=30
done
