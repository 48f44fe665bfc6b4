// Features of a project: create (with a default state and option shares in every environment),
// read, update, delete. Every write runs in one transaction and bumps the revision of the
// project's environments, since features, their types and options are in every SDK document.
import { ValidationError } from "@/lib/api/errors";
import { db, type Tx } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/db/revision";
import { recordAudit } from "@/lib/audit/record";
import { currentActor } from "@/lib/audit/context";
import { recordFeatureVersion } from "@/lib/feature-states/record-version";
import { generateUuid } from "@/lib/keys";
import { assertQuota, assertValueBudget, readServedChars } from "@/lib/limits/quotas";
import { requireProject } from "@/lib/organisations/access";
import { featureInclude, requireFeature } from "./access";
import { featureEntry } from "./feature-entry";
import { environmentDefaultState } from "./defaults";
import { loadEnvironmentContexts, requireProjectEnvironment } from "./environment-context";
import { serializeFeature } from "./feature-serializers";
import { writeDefaultAllocations } from "@/lib/feature-states/allocations";
import { assertKeyFree, INVALID_ALLOCATION, optionData, optionsExceed100 } from "./option-writes";
import { replaceFeatureOptions } from "./nested-options";
import { assertProjectTags } from "@/lib/tags/tags";
import { foreignGroupsMessage, groupsOutside } from "./group-owners";
import { nonMembers } from "./owners";
import { featureNameMismatch, matchesFeatureNamePattern } from "@/lib/projects/feature-name-pattern";
import type { TFeatureCreate, TFeatureDetailQuery, TFeatureUpdate } from "./schemas";

export const DUPLICATE_NAME =
  "Feature with that name already exists for this project. Note that feature names are case insensitive.";

type Scope = { userId: number; projectId: number };

/** The feature as the API shows it, optionally in the context of one of the project's environments. */
export async function presentFeature(projectId: number, featureId: number, environmentId?: number) {
  const feature = await db.feature.findFirstOrThrow({
    where: { id: featureId, projectId },
    include: featureInclude,
  });
  if (environmentId === undefined) return serializeFeature(feature);
  const contexts = await loadEnvironmentContexts(environmentId, [feature.id]);
  return serializeFeature(feature, contexts.get(feature.id));
}

async function nameTaken(tx: Tx, projectId: number, name: string) {
  const clash = await tx.feature.findFirst({
    where: { projectId, nameLower: name.toLowerCase() },
    select: { id: true },
  });
  return clash !== null;
}

function duplicateKeys(options: { key?: string | null }[]): boolean {
  const keys = options.map((o) => o.key).filter((k): k is string => typeof k === "string");
  return new Set(keys).size !== keys.length;
}

export type CreateContext = {
  organisationId: number;
  preventFlagDefaults: boolean;
  /** The project's feature_name_regex; imports leave it out, as Flagsmith's importer does not check it. */
  featureNameRegex?: string | null;
};

export async function insertFeature(tx: Tx, scope: Scope, input: TFeatureCreate, context: CreateContext) {
  // DRF reports every field's error at once: collect them before writing anything.
  await assertQuota(tx, "features", scope.projectId);
  const errors: Record<string, string[]> = {};
  if (context.featureNameRegex && !matchesFeatureNamePattern(context.featureNameRegex, input.name)) {
    errors.name = [featureNameMismatch(context.featureNameRegex)];
  } else if (await nameTaken(tx, scope.projectId, input.name)) errors.name = [DUPLICATE_NAME];
  const options = input.multivariate_options ?? [];
  if (optionsExceed100(options)) errors.multivariate_options = [INVALID_ALLOCATION];
  else if (duplicateKeys(options)) {
    errors.multivariate_options = ["The fields feature, key must make a unique set."];
  }
  // Flagsmith makes the creator the owner unless the request names the owners, or the
  // creator is an organisation API key (whose hidden account is nobody to own a feature).
  const byApiKey = currentActor()?.masterApiKeyId !== undefined;
  const owners = input.owners?.length ? [...new Set(input.owners)] : byApiKey ? [] : [scope.userId];
  const outsiders = await nonMembers(tx, context.organisationId, owners);
  if (outsiders.length) {
    errors.owners = [`Users with ids [${outsiders.join(", ")}] do not have access to this project.`];
  }
  const groupOwners = [...new Set(input.group_owners ?? [])];
  const foreignGroups = await groupsOutside(tx, context.organisationId, groupOwners);
  if (foreignGroups.length) errors.group_owners = [foreignGroupsMessage(foreignGroups)];
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const tagIds = input.tags?.length ? await assertProjectTags(tx, scope.projectId, input.tags) : [];
  const feature = await tx.feature.create({
    data: {
      uuid: generateUuid(),
      name: input.name,
      nameLower: input.name.toLowerCase(),
      projectId: scope.projectId,
      type: options.length ? "MULTIVARIATE" : (input.type ?? "STANDARD"),
      defaultEnabled: input.default_enabled ?? false,
      initialValue: input.initial_value ?? null,
      description: input.description ?? null,
      isArchived: input.is_archived ?? false,
      isServerKeyOnly: input.is_server_key_only ?? false,
      tags: { create: tagIds.map((tagId) => ({ tagId })) },
      owners: { create: owners.map((userId) => ({ userId })) },
      groupOwners: { create: groupOwners.map((groupId) => ({ groupId })) },
    },
  });
  // One at a time so that option ids follow the order sent: multivariate evaluation walks them by id.
  const created: { id: number; defaultPercentageAllocation: number }[] = [];
  for (const option of options) {
    await assertKeyFree(tx, feature.id, option.key);
    created.push(
      await tx.multivariateFeatureOption.create({
        data: { uuid: generateUuid(), featureId: feature.id, ...optionData(option) },
      }),
    );
  }
  const environments = await tx.environment.findMany({
    where: { projectId: scope.projectId },
    select: { id: true },
  });
  if (environments.length) {
    const states = await tx.featureState.createManyAndReturn({
      data: environments.map((env) => environmentDefaultState(feature, env.id, context.preventFlagDefaults)),
      select: { id: true },
    });
    await writeDefaultAllocations(
      tx,
      states.map((s) => ({ id: s.id, options: created })),
    );
  }
  for (const env of environments) {
    await recordFeatureVersion(tx, { featureId: feature.id, environmentId: env.id });
  }
  await assertValueBudget(tx, { projectId: scope.projectId });
  await touchEnvironments({ projectId: scope.projectId }, tx);
  const after = await tx.feature.findUniqueOrThrow({ where: { id: feature.id }, include: featureInclude });
  await recordAudit(tx, featureEntry(null, after, `New Flag / Remote Config created: ${feature.name}`));
  return feature;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "P2002";
}

export async function createFeature(scope: Scope, input: TFeatureCreate, query: TFeatureDetailQuery = {}) {
  const project = await requireProject(scope.userId, scope.projectId);
  const environmentId =
    query.environment === undefined
      ? undefined
      : await requireProjectEnvironment(project.id, query.environment);
  try {
    const feature = await db.$transaction((tx) =>
      insertFeature(tx, scope, input, {
        organisationId: project.organisationId,
        preventFlagDefaults: project.preventFlagDefaults,
        featureNameRegex: project.featureNameRegex,
      }),
    );
    return presentFeature(project.id, feature.id, environmentId);
  } catch (error) {
    // Two requests racing for one name: the unique index refuses the second.
    if (isUniqueViolation(error)) throw ValidationError.field("name", DUPLICATE_NAME);
    throw error;
  }
}

export async function getFeature(scope: Scope & { featureId: number }, query: TFeatureDetailQuery = {}) {
  const { feature } = await requireFeature(scope.userId, scope.projectId, scope.featureId);
  const environmentId =
    query.environment === undefined
      ? undefined
      : await requireProjectEnvironment(scope.projectId, query.environment);
  return presentFeature(scope.projectId, feature.id, environmentId);
}

export async function updateFeature(scope: Scope & { featureId: number }, input: TFeatureUpdate) {
  const { feature } = await requireFeature(scope.userId, scope.projectId, scope.featureId);
  await db.$transaction(async (tx) => {
    const served = await readServedChars(tx, scope.projectId);
    await tx.feature.update({
      where: { id: feature.id },
      data: {
        type: input.type,
        description: input.description,
        isArchived: input.is_archived,
        isServerKeyOnly: input.is_server_key_only,
      },
    });
    if (input.tags !== undefined) {
      const tagIds = await assertProjectTags(tx, scope.projectId, input.tags);
      await tx.featureTag.deleteMany({ where: { featureId: feature.id } });
      await tx.featureTag.createMany({ data: tagIds.map((tagId) => ({ featureId: feature.id, tagId })) });
    }
    if (input.multivariate_options !== undefined) {
      await replaceFeatureOptions(tx, feature.id, input.multivariate_options);
    }
    await assertValueBudget(tx, { projectId: scope.projectId }, served);
    await touchEnvironments({ projectId: scope.projectId }, tx);
    const after = await tx.feature.findUniqueOrThrow({ where: { id: feature.id }, include: featureInclude });
    await recordAudit(tx, featureEntry(feature, after, `Flag / Remote Config updated: ${feature.name}`));
  });
  return presentFeature(scope.projectId, feature.id);
}

export async function deleteFeature(scope: Scope & { featureId: number }) {
  const { feature } = await requireFeature(scope.userId, scope.projectId, scope.featureId);
  await db.$transaction(async (tx) => {
    await recordAudit(tx, featureEntry(feature, null, `Flag / Remote Config Deleted: ${feature.name}`));
    await tx.feature.delete({ where: { id: feature.id } });
    await touchEnvironments({ projectId: scope.projectId }, tx);
  });
}
