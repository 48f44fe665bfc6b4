// The segment rows of a dump: segments, then their rules (parents first), then conditions.
// Ensign's rules and conditions have no uuid, so each gets one derived from its id, the same
// on every export (a second import of a newer dump then finds the same rows).
import { createHash } from "node:crypto";
import { db } from "@/lib/db/client";
import type { DumpRowOut } from "./types";

const iso = (d: Date) => d.toISOString();

/** A UUID that is the same on every export (rules, conditions and values have none in Ensign). */
export function stableUuid(name: string): string {
  const h = createHash("sha1").update(name).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Every rule of the segments, parents before children, each level in its order. */
async function readRules(segmentIds: number[]) {
  const include = { conditions: { orderBy: [{ position: "asc" as const }, { id: "asc" as const }] } };
  const orderBy = [{ position: "asc" as const }, { id: "asc" as const }];
  const all = [];
  let level = await db.segmentRule.findMany({ where: { segmentId: { in: segmentIds } }, orderBy, include });
  // Segments nest rules a few levels deep (lib/segments); the bound only guards a loop.
  for (let depth = 0; level.length && depth < 10; depth++) {
    all.push(...level);
    level = await db.segmentRule.findMany({
      where: { parentRuleId: { in: level.map((r) => r.id) } },
      orderBy,
      include,
    });
  }
  return all;
}

type SegmentRow = {
  id: number;
  uuid: string;
  name: string;
  description: string | null;
  importedId: number | null;
  createdAt: Date;
  updatedAt: Date;
  project: { uuid: string };
  feature: { uuid: string } | null;
};

export async function segmentRows(orgUuid: string, segments: SegmentRow[], keepIds: boolean) {
  const out: DumpRowOut[] = [];
  const rules = await readRules(segments.map((s) => s.id));
  const ruleUuid = (id: number) => stableUuid(`${orgUuid}/segment-rule/${id}`);
  const conditionUuid = (id: number) => stableUuid(`${orgUuid}/condition/${id}`);
  const segmentUuids = new Map(segments.map((s) => [s.id, s.uuid]));
  for (const s of segments) {
    out.push({
      model: "segments.segment",
      ...(keepIds ? { pk: s.importedId ?? s.id } : {}),
      fields: {
        uuid: s.uuid,
        name: s.name,
        description: s.description,
        project: [s.project.uuid],
        feature: s.feature ? [s.feature.uuid] : null,
        version: 1,
        version_of: [s.uuid],
        created_at: iso(s.createdAt),
        updated_at: iso(s.updatedAt),
      },
    });
  }
  for (const r of rules) {
    out.push({
      model: "segments.segmentrule",
      fields: {
        uuid: ruleUuid(r.id),
        segment: r.segmentId ? [segmentUuids.get(r.segmentId)] : null,
        rule: r.parentRuleId ? [ruleUuid(r.parentRuleId)] : null,
        type: r.type,
      },
    });
  }
  for (const r of rules) {
    for (const c of r.conditions) {
      out.push({
        model: "segments.condition",
        fields: {
          uuid: conditionUuid(c.id),
          rule: [ruleUuid(r.id)],
          operator: c.operator,
          property: c.property,
          value: c.value,
          description: c.description,
        },
      });
    }
  }
  return out;
}
