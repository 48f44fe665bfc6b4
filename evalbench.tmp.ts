import { compileSnapshot } from "@/lib/sdk/compile";
import { respondWithIdentity, overlayTraits } from "@/lib/sdk/identities/respond";
import { parseIdentifyBody } from "@/lib/sdk/identities/parse";
import { randomTraits } from "./bench/seed";
async function main() {
  const snap = (await compileSnapshot(1))!;
  const N = 20000;
  const bodies = Array.from({length: 1000}, (_, i) => JSON.stringify({ identifier: `x${i}`, traits: randomTraits(i) }));
  for (let round = 0; round < 3; round++) {
    let t = performance.now();
    let size = 0;
    for (let i = 0; i < N; i++) {
      const b = JSON.parse(bodies[i % 1000]);
      const p = parseIdentifyBody(b, null);
      if (!p.ok) throw new Error("bad");
      const r = respondWithIdentity({ snapshot: snap, isServerKey: false, identifier: p.value.identifier!, identityId: i, traits: overlayTraits([], p.value.traits) });
      size += r.body.length;
    }
    console.log(`${((performance.now() - t) / N * 1000).toFixed(1)} µs/request, avg body ${size / N}`);
  }
  process.exit(0);
}
main();
