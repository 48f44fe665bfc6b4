// Source id → Ensign id, per organisation and import source: what makes a second run update
// the objects of the first instead of copying them again.
import type { DbOrTx } from "@/lib/db/client";

export type MappingKind =
  "project" | "environment" | "tag" | "feature" | "option" | "segment" | "feature-segment" | "identity";

export type MappingScope = { organisationId: number; source: string };

export async function findMapping(
  tx: DbOrTx,
  scope: MappingScope,
  kind: MappingKind,
  sourceId: string | number,
) {
  const row = await tx.importMapping.findUnique({
    where: {
      organisationId_source_kind_sourceId: { ...scope, kind, sourceId: String(sourceId) },
    },
    select: { targetId: true },
  });
  return row?.targetId ?? null;
}

export async function saveMapping(
  tx: DbOrTx,
  scope: MappingScope,
  kind: MappingKind,
  sourceId: string | number,
  targetId: number,
) {
  const key = { ...scope, kind, sourceId: String(sourceId) };
  await tx.importMapping.upsert({
    where: { organisationId_source_kind_sourceId: key },
    create: { ...key, targetId },
    update: { targetId },
  });
}

/** Every mapping of one kind, source id → Ensign id. */
export async function loadMappings(tx: DbOrTx, scope: MappingScope, kind: MappingKind) {
  const rows = await tx.importMapping.findMany({
    where: { ...scope, kind },
    select: { sourceId: true, targetId: true },
  });
  return new Map(rows.map((r) => [r.sourceId, r.targetId]));
}

/** Mappings of one kind made by dump imports (any source organisation): source key → Ensign id. */
export async function loadDumpMappings(tx: DbOrTx, organisationId: number, kind: MappingKind) {
  const rows = await tx.importMapping.findMany({
    where: { organisationId, kind, source: { startsWith: "dump:" } },
    select: { sourceId: true, targetId: true },
    orderBy: { id: "asc" },
  });
  return new Map(rows.map((r) => [r.sourceId, r.targetId]));
}
