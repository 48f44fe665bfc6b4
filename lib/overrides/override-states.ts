// /features/featurestates/: segment overrides (with a feature segment) and identity
// overrides (with an identity) created, listed, read, changed and deleted by id. The
// environment defaults already exist for every feature; they can be read and changed here
// too, but never created or deleted.
import { BadRequestError, NotFoundError, ValidationError } from "@/lib/api/errors";
import { DB_INT_RANGE, isDbInt } from "@/lib/api/query-int";
import { buildPage, FIXED_PAGE_SIZE, pageWindow } from "@/lib/api/pagination";
import { db, type DbOrTx } from "@/lib/db/client";
import { ENVIRONMENT_SCOPE } from "@/lib/feature-states/scope";
import { changeState, insertState, removeState } from "@/lib/feature-states/write";
import { serializeFeatureStateNested } from "@/lib/features/serializers";
import { storeInitialValue } from "@/lib/values";
import { requireEnvironmentById, requireFeatureById, visibleProject } from "./access";
import type { TFeatureStateCreate, TFeatureStateListQuery, TFeatureStatePatch } from "./schemas";

const stateInclude = { multivariateValues: true } as const;
const loadState = (client: DbOrTx, id: number) =>
  client.featureState.findUniqueOrThrow({ where: { id }, include: stateInclude });

const ALREADY_EXISTS = "Feature state already exists.";

type Target = { featureSegmentId: number | null; identityId: number | null };

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
    return { featureSegmentId: link.id, identityId: null };
  }
  if (input.identifier !== undefined) {
    const identity = await db.identity.findUnique({
      where: { environmentId_identifier: { environmentId, identifier: input.identifier } },
      select: { id: true },
    });
    if (!identity) throw ValidationError.nonField("Invalid identifier");
    return { featureSegmentId: null, identityId: identity.id };
  }
  if (input.identity !== undefined && input.identity !== null) {
    const identity = await db.identity.findFirst({
      where: { id: input.identity, environmentId },
      select: { id: true },
    });
    if (!identity) throw ValidationError.nonField("Identity does not exist in environment.");
    return { featureSegmentId: null, identityId: identity.id };
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
  const state = await db.$transaction(async (tx) => {
    const id = await insertState(
      tx,
      {
        ...target,
        featureId: feature.id,
        environmentId: environment.id,
        enabled: input.enabled ?? false,
        value: input.feature_state_value ?? storeInitialValue(feature.initialValue),
      },
      {
        allocations: input.multivariate_feature_state_values,
        duplicate: () => ValidationError.nonField(ALREADY_EXISTS),
      },
    );
    return loadState(tx, id);
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
  const updated = await db.$transaction(async (tx) => {
    await changeState(tx, state.id, {
      enabled: input.enabled,
      value: input.feature_state_value,
      allocations: input.multivariate_feature_state_values,
    });
    return loadState(tx, state.id);
  });
  return serializeFeatureStateNested(updated);
}

/** Deletes an override; the feature segment of a segment override stays (delete it to remove both). */
export async function deleteFeatureState(userId: number, id: number) {
  const state = await requireState(userId, id);
  if (state.scope === ENVIRONMENT_SCOPE) {
    throw new BadRequestError("Cannot delete the environment default feature state.");
  }
  await db.$transaction((tx) => removeState(tx, state.id));
}
