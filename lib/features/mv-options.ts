// /projects/{id}/features/{id}/mv-options/: a feature's multivariate options one by one. Adding
// an option makes the feature MULTIVARIATE and gives the option its default share in every
// environment; removing the last makes it STANDARD again.
import { assertQuota, assertValueBudget, readServedChars } from "@/lib/limits/quotas";
import { NotFoundError, PermissionDeniedError, ValidationError } from "@/lib/api/errors";
import { buildPage, FIXED_PAGE_SIZE, pageWindow, type TPageQuery } from "@/lib/api/pagination";
import { db, type Tx } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/db/revision";
import { recordAudit } from "@/lib/audit/record";
import { generateUuid } from "@/lib/keys";
import { featureInclude, requireFeature } from "./access";
import { featureEntry } from "./feature-entry";
import { serializeMultivariateOption } from "./feature-serializers";
import {
  allocateNewOption,
  assertKeyFree,
  DEFAULT_ALLOCATION,
  INVALID_ALLOCATION,
  optionData,
  syncFeatureType,
} from "./option-writes";
import { mergeOptionData } from "./nested-options";
import type { TMultivariateOptionCreate } from "./schemas";

type FeatureScope = { userId: number; projectId: number; featureId: number };
type OptionScope = FeatureScope & { optionId: number };

/** A `feature` in the body must be the feature of the path: 403 if invisible, 400 if another one. */
async function checkBodyFeature(scope: FeatureScope, feature: number | undefined) {
  if (feature === undefined || feature === scope.featureId) return;
  const visible = await db.feature.findFirst({
    where: { id: feature, project: { organisation: { users: { some: { userId: scope.userId } } } } },
    select: { id: true },
  });
  if (!visible) throw new PermissionDeniedError();
  throw ValidationError.field("feature", "Must be the feature of the URL.");
}

/** Flagsmith: the defaults of a feature's options may not add up to more than 100. */
async function assertTotalWithin100(tx: Tx, featureId: number, allocation: number, exceptId?: number) {
  const siblings = await tx.multivariateFeatureOption.aggregate({
    where: { featureId, ...(exceptId ? { id: { not: exceptId } } : {}) },
    _sum: { defaultPercentageAllocation: true },
  });
  if ((siblings._sum.defaultPercentageAllocation ?? 0) + allocation > 100) {
    throw ValidationError.field("default_percentage_allocation", INVALID_ALLOCATION);
  }
}

async function requireOption(scope: OptionScope) {
  await requireFeature(scope.userId, scope.projectId, scope.featureId);
  const option = await db.multivariateFeatureOption.findFirst({
    where: { id: scope.optionId, featureId: scope.featureId },
  });
  if (!option) throw new NotFoundError();
  return option;
}

export async function listMultivariateOptions(scope: FeatureScope, request: Request, query: TPageQuery) {
  await requireFeature(scope.userId, scope.projectId, scope.featureId);
  const where = { featureId: scope.featureId };
  const window = pageWindow(query, FIXED_PAGE_SIZE);
  const [count, options] = await Promise.all([
    db.multivariateFeatureOption.count({ where }),
    db.multivariateFeatureOption.findMany({
      where,
      orderBy: { id: "asc" },
      skip: window.skip,
      take: window.take,
    }),
  ]);
  return buildPage(request, window, count, options.map(serializeMultivariateOption));
}

export async function createMultivariateOption(scope: FeatureScope, input: TMultivariateOptionCreate) {
  await requireFeature(scope.userId, scope.projectId, scope.featureId);
  await checkBodyFeature(scope, input.feature);
  const option = await db.$transaction(async (tx) => {
    const before = await loadFeature(tx, scope.featureId);
    // DRF runs the unique-together check before validate(), so a key clash is reported first.
    await assertQuota(tx, "options", scope.featureId);
    await assertKeyFree(tx, scope.featureId, input.key);
    await assertTotalWithin100(
      tx,
      scope.featureId,
      input.default_percentage_allocation ?? DEFAULT_ALLOCATION,
    );
    const created = await tx.multivariateFeatureOption.create({
      data: { uuid: generateUuid(), featureId: scope.featureId, ...optionData(input) },
    });
    await allocateNewOption(tx, created);
    await syncFeatureType(tx, scope.featureId, "added");
    await assertValueBudget(tx, { projectId: scope.projectId });
    await touchEnvironments({ projectId: scope.projectId }, tx);
    await recordOptionChange(tx, before, "added");
    return created;
  });
  return serializeMultivariateOption(option);
}

export async function getMultivariateOption(scope: OptionScope) {
  return serializeMultivariateOption(await requireOption(scope));
}

/**
 * PUT and PATCH: fields left out keep their value. Changing the default share does not move
 * any environment's share (Flagsmith copies it only when an option or environment is created).
 */
export async function updateMultivariateOption(scope: OptionScope, input: TMultivariateOptionCreate) {
  const existing = await requireOption(scope);
  await checkBodyFeature(scope, input.feature);
  const data = mergeOptionData(existing, input);
  const option = await db.$transaction(async (tx) => {
    const before = await loadFeature(tx, scope.featureId);
    const served = await readServedChars(tx, scope.projectId);
    await assertKeyFree(tx, scope.featureId, data.key, existing.id);
    await assertTotalWithin100(tx, scope.featureId, data.defaultPercentageAllocation, existing.id);
    const updated = await tx.multivariateFeatureOption.update({ where: { id: existing.id }, data });
    await assertValueBudget(tx, { projectId: scope.projectId }, served);
    await touchEnvironments({ projectId: scope.projectId }, tx);
    await recordOptionChange(tx, before, "updated");
    return updated;
  });
  return serializeMultivariateOption(option);
}

export async function deleteMultivariateOption(scope: OptionScope) {
  const option = await requireOption(scope);
  await db.$transaction(async (tx) => {
    const before = await loadFeature(tx, scope.featureId);
    await tx.multivariateFeatureOption.delete({ where: { id: option.id } });
    await syncFeatureType(tx, scope.featureId, "removed");
    await touchEnvironments({ projectId: scope.projectId }, tx);
    await recordOptionChange(tx, before, "removed");
  });
}

function loadFeature(tx: Tx, featureId: number) {
  return tx.feature.findUniqueOrThrow({ where: { id: featureId }, include: featureInclude });
}

/**
 * An option change is recorded as a change of its feature's options, with Flagsmith's lines
 * for an option added or removed (Flagsmith writes none for an option's update; Ensign
 * records it as the feature's update).
 */
async function recordOptionChange(
  tx: Tx,
  before: Awaited<ReturnType<typeof loadFeature>>,
  change: "added" | "updated" | "removed",
) {
  const after = await loadFeature(tx, before.id);
  const log =
    change === "added"
      ? `Multivariate option added to feature '${after.name}'.`
      : change === "removed"
        ? `Multivariate option removed from feature '${after.name}'.`
        : `Flag / Remote Config updated: ${after.name}`;
  await recordAudit(tx, featureEntry(before, after, log));
}
