// V8 settings of the server process, applied before anything else is loaded (imported first
// by server/main.ts), so that they hold however the process is started (npm run serve, systemd,
// the tests, the bench).
//
// Allocation-site pretenuring off: under a steady identity load V8 saw a burst's request
// objects survive a scavenge and from then on allocated those sites' objects straight into the
// old space, which filled every ~4 s and was marked and compacted (a ~96 MB heap, ~200 ms of
// marking on a one-core server): the periodic 150-280 ms stalls of issue 26. With it off, the
// same 15 s open-loop run at 1,000 identity calls/s ran no major collection at all, p99 289 →
// 25 ms, CPU per call 756 → 634 µs (README, Performance).
import v8 from "node:v8";

v8.setFlagsFromString("--no-allocation-site-pretenuring");
