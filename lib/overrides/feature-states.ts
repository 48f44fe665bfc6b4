// /features/featurestates/: segment overrides (with a feature segment) and identity
// overrides (with an identity) created, listed, read, changed and deleted by id. The
// environment defaults already exist for every feature; they can be read and changed here
// too, but never created or deleted.
import { assertValueBudget } from "@/lib/limits/quotas";
import { BadRequestError, NotFoundError, ValidationError } from "@/lib/api/errors";
import { DB_INT_RANGE, isDbInt } from "@/lib/api/query-int";
import { buildPage, FIXED_PAGE_SIZE, pageWindow } from "@/lib/api/pagination";
import { db } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/environments/revision";
import { recordStateChange, snapshotState, snapshotStateBeforeChange } from "@/lib/audit/feature-state-entry";
import { serializeFeatureStateNested } from "@/lib/features/serializers";
import { generateUuid } from "@/lib/keys";
import { storeInitialValue } from "@/lib/values";
import { requireEnvironmentById, requireFeatureById, visibleProject } from "./access";
import type { TFeatureStateCreate, TFeatureStateListQuery, TFeatureStatePatch } from "./schemas";
import { checkMultivariateValues, loadState, replaceMultivariateValues, stateInclude } from "./state-writes";

const ALREADY_EXISTS = "Feature state already exists.";

type Target = { scope: string; featureSegmentId: number | null; identityId: number | null };

/** Which override a create body asks for, checked against the environment and feature. */
async function resolveTarget(
  environmentId: number,
  featureId: number,
  input: TFeatureStateCreate,
): Promise<Target> {
  const wantsIdentity = (input.identity ?? null) !== null || input.identifier !== undefined;
  const featureSegmentId = input.feature_segment ?? null;
  if (featureSegmentId !== null && wantsIdentity) {
    throw ValidationError.nonField("A feature state cannot be for both a feature segment and an identity.");
  }
  if (featureSegmentId !== null) {
    const link = await db.featureSegment.findFirst({
      where: { id: featureSegmentId, environmentId },
      select: { id: true, featureId: true },
    });
    if (!link) throw ValidationError.nonField("Feature Segment does not belong to environment.");
    if (link.featureId !== featureId) {
      throw ValidationError.field("feature_segment", "Feature segment is for another feature.");
    }
    return { scope: `seg:${link.id}`, featureSegmentId: link.id, identityId: null };
  }
  if (input.identifier !== undefined) {
    const identity = await db.identity.findUnique({
      where: { environmentId_identifier: { environmentId, identifier: input.identifier } },
      select: { id: true },
    });
    if (!identity) throw ValidationError.nonField("Invalid identifier");
    return { scope: `id:${identity.id}`, featureSegmentId: null, identityId: identity.id };
  }
  if (input.identity !== undefined && input.identity !== null) {
    const identity = await db.identity.findFirst({
      where: { id: input.identity, environmentId },
      select: { id: true },
    });
    if (!identity) throw ValidationError.nonField("Identity does not exist in environment.");
    return { scope: `id:${identity.id}`, featureSegmentId: null, identityId: identity.id };
  }
  // Every feature already has its environment default.
  throw ValidationError.nonField(ALREADY_EXISTS);
}

export async function createFeatureState(userId: number, input: TFeatureStateCreate) {
  const environment = await requireEnvironmentById(userId, input.environment);
  const feature = await requireFeatureById(userId, input.feature);
  if (feature.projectId !== environment.projectId) {
    throw ValidationError.field("feature", "Feature does not exist in project");
  }
  const target = await resolveTarget(environment.id, feature.id, input);
  await checkMultivariateValues(db, feature.id, input.multivariate_feature_state_values);
  const value = input.feature_state_value ?? storeInitialValue(feature.initialValue);
  const state = await db.$transaction(async (tx) => {
    const clash = await tx.featureState.findUnique({
      where: {
        featureId_environmentId_scope: {
          featureId: feature.id,
          environmentId: environment.id,
          scope: target.scope,
        },
      },
      select: { id: true },
    });
    if (clash) throw ValidationError.nonField(ALREADY_EXISTS);
    const created = await tx.featureState.create({
      data: {
        uuid: generateUuid(),
        featureId: feature.id,
        environmentId: environment.id,
        ...target,
        enabled: input.enabled ?? false,
        ...value,
      },
    });
    await replaceMultivariateValues(tx, created.id, input.multivariate_feature_state_values ?? []);
    await assertValueBudget(tx, { projectId: environment.projectId });
    await touchEnvironments({ environmentId: environment.id }, tx);
    await recordStateChange(tx, null, await snapshotState(tx, created.id));
    return loadState(tx, created.id);
  });
  return serializeFeatureStateNested(state);
}

function parseEnvironmentParam(raw: string | undefined): number {
  if (!raw) throw new ValidationError(["'environment' GET parameter is required."]);
  if (!/^\d{1,10}$/.test(raw)) throw ValidationError.field("environment", "A valid integer is required.");
  if (!isDbInt(Number(raw))) throw ValidationError.field("environment", DB_INT_RANGE.error);
  return Number(raw);
}

export async function listFeatureStates(userId: number, request: Request, query: TFeatureStateListQuery) {
  const environment = await requireEnvironmentById(userId, parseEnvironmentParam(query.environment));
  const where = {
    environmentId: environment.id,
    featureId: query.feature,
    featureSegmentId: query.feature_segment,
    identityId: query.identity,
  };
  const window = pageWindow(query, FIXED_PAGE_SIZE);
  const [count, rows] = await Promise.all([
    db.featureState.count({ where }),
    db.featureState.findMany({
      where,
      include: stateInclude,
      orderBy: { id: "asc" },
      skip: window.skip,
      take: window.take,
    }),
  ]);
  return buildPage(request, window, count, rows.map(serializeFeatureStateNested));
}

async function requireState(userId: number, id: number) {
  const state = await db.featureState.findFirst({
    where: { id, environment: { project: visibleProject(userId) } },
    include: stateInclude,
  });
  if (!state) throw new NotFoundError();
  return state;
}

export async function getFeatureState(userId: number, id: number) {
  return serializeFeatureStateNested(await requireState(userId, id));
}

function refuseChange(field: string, label: string, sent: number | null | undefined, current: number | null) {
  if (sent !== undefined && (sent ?? null) !== current) {
    throw ValidationError.field(field, `Cannot change the ${label} of a feature state`);
  }
}

/** PUT and PATCH: enabled, value and weights change; what the state belongs to cannot. */
export async function updateFeatureState(userId: number, id: number, input: TFeatureStatePatch) {
  const state = await requireState(userId, id);
  refuseChange("feature", "feature", input.feature, state.featureId);
  refuseChange("environment", "environment", input.environment, state.environmentId);
  refuseChange("feature_segment", "feature segment", input.feature_segment, state.featureSegmentId);
  refuseChange("identity", "identity", input.identity, state.identityId);
  await checkMultivariateValues(db, state.featureId, input.multivariate_feature_state_values);
  const updated = await db.$transaction(async (tx) => {
    const before = await snapshotStateBeforeChange(tx, state.id);
    await tx.featureState.update({
      where: { id: state.id },
      data: { enabled: input.enabled, ...(input.feature_state_value ?? {}) },
    });
    if (input.multivariate_feature_state_values) {
      await replaceMultivariateValues(tx, state.id, input.multivariate_feature_state_values);
    }
    await assertValueBudget(tx, { environmentId: state.environmentId });
    await touchEnvironments({ environmentId: state.environmentId }, tx);
    await recordStateChange(tx, before, await snapshotState(tx, state.id));
    return loadState(tx, state.id);
  });
  return serializeFeatureStateNested(updated);
}

/** Deletes an override; the feature segment of a segment override stays (delete it to remove both). */
export async function deleteFeatureState(userId: number, id: number) {
  const state = await requireState(userId, id);
  if (state.scope === "env")
    throw new BadRequestError("Cannot delete the environment default feature state.");
  await db.$transaction(async (tx) => {
    const before = await snapshotStateBeforeChange(tx, state.id);
    await tx.featureState.delete({ where: { id: state.id } });
    // After the delete, so that the feature's new version no longer has the override.
    await recordStateChange(tx, before, null);
    await touchEnvironments({ environmentId: state.environmentId }, tx);
  });
}
