// Measures what compiled SDK snapshots really take (V8 heap plus array buffers) against
// lib/sdk/heap-size.ts's estimate, to calibrate its HEAP_FACTOR:
//   node --expose-gc --import tsx scripts/measure-snapshot-heap.ts
import { buildSnapshot } from "@/lib/sdk/compile";
import type { LoadedEnvironment } from "@/lib/sdk/load";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("Run with node --expose-gc.");

const at = new Date("2024-06-28T13:45:45.123Z");
let serial = 0;
// Flat strings, as a database driver returns them (padEnd alone makes a rope).
const text = (length: number, twoByte: boolean): string =>
  JSON.parse(JSON.stringify(`${serial++}`.padEnd(length, twoByte ? "€" : "v").slice(0, length)));

function environment(features: number, valueLength: number): LoadedEnvironment {
  const id = serial++;
  const base = { createdAt: at, updatedAt: at };
  const featureRows = Array.from({ length: features }, (_, i) => ({
    ...base,
    id: i + 1,
    uuid: text(36, false),
    name: text(24, false),
    nameLower: "",
    projectId: 1,
    type: "STANDARD",
    defaultEnabled: false,
    initialValue: i % 3 === 0 ? text(valueLength, i % 2 === 0) : null,
    description: i % 4 === 0 ? text(valueLength, false) : null,
    isArchived: false,
    isServerKeyOnly: i % 5 === 0,
  }));
  for (const f of featureRows) f.nameLower = f.name.toLowerCase();
  const state = (sid: number, featureId: number, extra: Record<string, unknown>) => ({
    ...base,
    id: sid,
    uuid: text(36, false),
    featureId,
    environmentId: id,
    featureSegmentId: null,
    identityId: null,
    scope: "env",
    enabled: sid % 2 === 0,
    valueType: "unicode",
    value: text(valueLength, sid % 2 === 0),
    multivariateValues: [],
    featureSegment: null,
    identity: null,
    ...extra,
  });
  const states = featureRows.map((f) => state(f.id, f.id, {}));
  for (let i = 0; i < features / 10; i++) {
    const sid = 100_000 + i;
    states.push(
      state(sid, featureRows[i].id, {
        featureSegmentId: sid,
        scope: `seg:${sid}`,
        featureSegment: { id: sid, priority: i, segmentId: 1 + (i % 5) },
      }),
    );
    states.push(
      state(sid + 50_000, featureRows[i].id, {
        identityId: sid,
        scope: `id:${sid}`,
        identity: { id: sid, uuid: text(36, false), identifier: text(20, false), createdAt: at },
      }),
    );
  }
  const segments = Array.from({ length: 5 }, (_, i) => ({
    ...base,
    id: i + 1,
    uuid: text(36, false),
    name: text(20, false),
    description: null,
    projectId: 1,
    featureId: null,
    rules: [
      {
        id: i * 10 + 1,
        segmentId: i + 1,
        parentRuleId: null,
        type: "ALL",
        position: 0,
        conditions: Array.from({ length: 10 }, (_, c) => ({
          id: i * 100 + c,
          ruleId: i * 10 + 1,
          property: text(12, false),
          operator: "EQUAL",
          value: text(40, false),
          description: null,
          position: c,
        })),
        rules: [],
      },
    ],
  }));
  return {
    environment: {
      ...base,
      id,
      uuid: text(36, false),
      name: "Production",
      apiKey: text(22, false),
      projectId: 1,
      description: null,
      bannerText: null,
      bannerColour: null,
      minimumChangeRequestApprovals: null,
      allowClientTraits: true,
      hideDisabledFlags: null,
      hideSensitiveData: false,
      useIdentityCompositeKeyForHashing: true,
      useIdentityOverridesInLocalEval: true,
      revision: 1,
      documentUpdatedAt: at,
      project: {
        id: 1,
        uuid: "p",
        name: "Project",
        organisationId: 2,
        hideDisabledFlags: false,
        enableRealtimeUpdates: false,
        preventFlagDefaults: false,
        createdAt: at,
        organisation: {
          id: 2,
          uuid: "o",
          name: "Org",
          persistTraitData: true,
          stopServingFlags: false,
          featureAnalytics: true,
          createdAt: at,
        },
      },
      serverKeys: [],
    },
    features: featureRows,
    states,
    segments,
  } as unknown as LoadedEnvironment;
}

/** Heap and array buffers in use; array buffers are freed after a collection, not during it. */
async function used(): Promise<number> {
  for (let i = 0; i < 3; i++) {
    gc!();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

async function main() {
  for (const [features, valueLength] of [
    [300, 40],
    [100, 2000],
    [30, 20000],
  ]) {
    const before = await used();
    const kept = Array.from({ length: 20 }, () => buildSnapshot(environment(features, valueLength)));
    const measured = ((await used()) - before) / kept.length;
    const estimated = kept.reduce((sum, s) => sum + s.heapBytes, 0) / kept.length;
    console.log(
      `${features} features of ${valueLength} characters: measured ${Math.round(measured)} B, ` +
        `estimated ${Math.round(estimated)} B, ratio ${(estimated / measured).toFixed(2)}`,
    );
    // Released before the next case measures its baseline.
    kept.length = 0;
  }
}

void main();
