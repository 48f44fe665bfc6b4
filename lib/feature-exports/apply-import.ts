// Applies a checked feature file to an environment inside the caller's transaction, as
// Flagsmith's importer does: a feature the project lacks is created; an existing one is left
// alone under SKIP and overwritten in this environment under OVERWRITE_DESTRUCTIVE (its
// segment and identity overrides here are removed, its default takes the file's enabled,
// value and variation shares). Every state change goes through lib/feature-states/write.ts.
// The `ensign` extension adds the feature's description, tags and owners (on creation) and
// its segment overrides, with their segments (found by name, or created).
import { ValidationError } from "@/lib/api/errors";
import type { Tx } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record";
import { changeState, insertState, removeState } from "@/lib/feature-states/write";
import { ENVIRONMENT_SCOPE } from "@/lib/feature-states/scope";
import { insertFeature, type CreateContext } from "@/lib/features/features";
import { allocateNewOption, syncFeatureType } from "@/lib/features/option-writes";
import { generateUuid } from "@/lib/keys";
import { assertQuota } from "@/lib/limits/quotas";
import { insertFeatureSegment } from "@/lib/overrides/feature-segments";
import { createRules } from "@/lib/segments/rules";
import { storeFileValue, type TFileFeature, type TFileExtension } from "./file-format";
import type { ImportStrategy } from "./schemas";

type Target = { userId: number; environmentId: number; projectId: number; context: CreateContext };
type Option = { id: number; valueType: string; value: string | null };
type FileValue = { value: string | number | boolean | null; type: string };

const optionKey = (valueType: string, value: string | null) => JSON.stringify([valueType, value]);

function stored(item: FileValue) {
  // The file's shape has been checked (./file-format.ts), so the value matches its type.
  return storeFileValue(item.value, item.type)!;
}

async function tagIdsFor(tx: Tx, projectId: number, tags: TFileExtension["tags"]): Promise<number[]> {
  const ids: number[] = [];
  for (const tag of tags) {
    const found = await tx.tag.findFirst({ where: { projectId, label: tag.label }, select: { id: true } });
    if (found) {
      ids.push(found.id);
      continue;
    }
    const created = await tx.tag.create({
      data: {
        uuid: generateUuid(),
        projectId,
        label: tag.label,
        color: tag.color ?? "#6837FC",
        description: tag.description ?? null,
      },
    });
    await recordAudit(tx, {
      type: "TAG",
      after: { label: created.label, color: created.color, description: created.description },
      log: `Tag created: ${created.label}`,
      object: created,
      scope: { projectId },
    });
    ids.push(created.id);
  }
  return [...new Set(ids)];
}

/** Owners named by email who are members of the organisation; the others are left out. */
async function ownerIdsFor(tx: Tx, organisationId: number, emails: string[]): Promise<number[]> {
  if (!emails.length) return [];
  const members = await tx.organisationUser.findMany({
    where: { organisationId, user: { email: { in: emails }, isApiKey: false } },
    select: { userId: true },
  });
  return members.map((m) => m.userId);
}

async function createFeatureFromFile(tx: Tx, target: Target, item: TFileFeature) {
  const extension = item.ensign;
  const owners = extension ? await ownerIdsFor(tx, target.context.organisationId, extension.owners) : [];
  const tags = extension ? await tagIdsFor(tx, target.projectId, extension.tags) : [];
  return insertFeature(
    tx,
    { userId: target.userId, projectId: target.projectId },
    {
      name: item.name,
      initial_value: item.initial_value,
      default_enabled: item.default_enabled,
      is_server_key_only: item.is_server_key_only,
      description: extension?.description ?? null,
      owners: owners.length ? owners : undefined,
      tags,
    },
    target.context,
  );
}

/** The feature's option for each variation of the file, created when the feature lacks it. */
async function ensureOptions(tx: Tx, featureId: number, item: TFileFeature): Promise<Map<string, Option>> {
  const existing = await tx.multivariateFeatureOption.findMany({
    where: { featureId },
    orderBy: { id: "asc" },
    select: { id: true, valueType: true, value: true },
  });
  const byKey = new Map(existing.map((o) => [optionKey(o.valueType, o.value), o]));
  for (const mv of item.multivariate) {
    const value = stored(mv);
    const key = optionKey(value.valueType, value.value);
    if (byKey.has(key)) continue;
    await assertQuota(tx, "options", featureId);
    const option = await tx.multivariateFeatureOption.create({
      data: {
        uuid: generateUuid(),
        featureId,
        valueType: value.valueType,
        value: value.value,
        defaultPercentageAllocation: mv.default_percentage_allocation,
      },
    });
    await allocateNewOption(tx, option, "file");
    await syncFeatureType(tx, featureId, "added");
    byKey.set(key, option);
  }
  return byKey;
}

function allocationsFor(
  options: Map<string, Option>,
  variations: (FileValue & { percentage_allocation: number })[],
) {
  const shares = new Map<number, number>();
  for (const mv of variations) {
    const value = stored(mv);
    const option = options.get(optionKey(value.valueType, value.value));
    if (!option)
      throw ValidationError.field("file", "A segment override names a variation its feature lacks.");
    shares.set(option.id, mv.percentage_allocation);
  }
  // Flagsmith sets the share of every option the file leaves out to 0.
  return [...options.values()].map((o) => ({
    multivariate_feature_option: o.id,
    percentage_allocation: shares.get(o.id) ?? 0,
  }));
}

async function clearOverrides(tx: Tx, featureId: number, environmentId: number) {
  const overrides = await tx.featureState.findMany({
    where: { featureId, environmentId, scope: { not: ENVIRONMENT_SCOPE } },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  for (const state of overrides) await removeState(tx, state.id);
  await tx.featureSegment.deleteMany({ where: { featureId, environmentId } });
}

async function segmentIdFor(
  tx: Tx,
  projectId: number,
  segment: TFileExtension["segment_overrides"][number]["segment"],
) {
  const found = await tx.segment.findFirst({
    where: { projectId, name: segment.name, featureId: null },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  if (found) return found.id;
  await assertQuota(tx, "segments", projectId);
  const created = await tx.segment.create({
    data: { uuid: generateUuid(), name: segment.name, description: segment.description ?? null, projectId },
  });
  await createRules(tx, created.id, segment.rules);
  await recordAudit(tx, {
    type: "SEGMENT",
    after: { name: created.name, description: created.description },
    log: `New Segment created: ${created.name}`,
    object: created,
    scope: { projectId },
  });
  return created.id;
}

async function writeSegmentOverrides(
  tx: Tx,
  target: Target,
  featureId: number,
  options: Map<string, Option>,
  extension: TFileExtension,
) {
  const overrides = [...extension.segment_overrides].sort((a, b) => a.priority - b.priority);
  for (const override of overrides) {
    const segmentId = await segmentIdFor(tx, target.projectId, override.segment);
    const link = { featureId, segmentId, environmentId: target.environmentId };
    const featureSegment = await insertFeatureSegment(tx, link);
    await insertState(
      tx,
      { ...link, featureSegmentId: featureSegment.id, enabled: override.enabled, value: stored(override) },
      {
        allocations: allocationsFor(options, override.multivariate).filter(
          (a) => a.percentage_allocation > 0,
        ),
        duplicate: () => ValidationError.field("file", `The segment ${override.segment.name} is used twice.`),
      },
    );
  }
}

async function overwriteFeature(tx: Tx, target: Target, featureId: number, item: TFileFeature) {
  await clearOverrides(tx, featureId, target.environmentId);
  const options = await ensureOptions(tx, featureId, item);
  const state = await tx.featureState.findUniqueOrThrow({
    where: {
      featureId_environmentId_scope: {
        featureId,
        environmentId: target.environmentId,
        scope: ENVIRONMENT_SCOPE,
      },
    },
    select: { id: true },
  });
  await changeState(tx, state.id, {
    enabled: item.enabled,
    value: stored(item),
    allocations: allocationsFor(options, item.multivariate),
  });
  if (item.ensign) await writeSegmentOverrides(tx, target, featureId, options, item.ensign);
}

export type ImportCounts = { created: number; overwritten: number; skipped: number };

export async function applyFeatureFile(
  tx: Tx,
  target: Target,
  strategy: ImportStrategy,
  features: TFileFeature[],
): Promise<ImportCounts> {
  const counts: ImportCounts = { created: 0, overwritten: 0, skipped: 0 };
  for (const item of features) {
    const existing = await tx.feature.findFirst({
      where: { projectId: target.projectId, nameLower: item.name.toLowerCase() },
      select: { id: true },
    });
    if (existing && strategy === "SKIP") {
      counts.skipped++;
      continue;
    }
    const featureId = existing?.id ?? (await createFeatureFromFile(tx, target, item)).id;
    if (existing) counts.overwritten++;
    else counts.created++;
    await overwriteFeature(tx, target, featureId, item);
  }
  return counts;
}
