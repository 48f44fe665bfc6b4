// A feature's owners (Flagsmith's add-owners / remove-owners actions and the `owners` field of
// a new feature). Owners must be members of the project's organisation: Ensign has no finer
// project permissions to check.
import { ValidationError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record";
import { db, type Tx } from "@/lib/db/client";
import { featureInclude, requireFeature } from "./access";
import { serializeGroupOwner, serializeOwner } from "./feature-serializers";
import { featureEntry } from "./feature-entry";
import type { TFeatureOwnersInput } from "./schemas";

type Scope = { userId: number; projectId: number; featureId: number };

/** The ids of users that are not members of the organisation. */
export async function nonMembers(tx: Tx, organisationId: number, userIds: number[]) {
  const members = await tx.organisationUser.findMany({
    where: { organisationId, userId: { in: userIds } },
    select: { userId: true },
  });
  const ids = new Set(members.map((m) => m.userId));
  return [...new Set(userIds)].filter((id) => !ids.has(id));
}

/** A feature as Flagsmith's ProjectFeatureSerializer shows it, the answer of the owner actions. */
export async function presentOwnedFeature(featureId: number) {
  const feature = await db.feature.findUniqueOrThrow({ where: { id: featureId }, include: featureInclude });
  return {
    id: feature.id,
    name: feature.name,
    created_date: feature.createdAt.toISOString(),
    description: feature.description,
    initial_value: feature.initialValue,
    default_enabled: feature.defaultEnabled,
    type: feature.type,
    owners: feature.owners.map((o) => serializeOwner(o.user)),
    group_owners: feature.groupOwners.map((o) => serializeGroupOwner(o.group)),
    is_server_key_only: feature.isServerKeyOnly,
  };
}

/** The feature a change of owners names, read before the change. */
type Owned = Awaited<ReturnType<typeof requireFeature>>;

/**
 * The one path of every owner change (users or groups, added or removed): find the feature, make
 * the change in a transaction with its audit entry (a feature update, as Flagsmith records it),
 * answer the feature as it now stands.
 */
export async function changeOwnership(scope: Scope, change: (tx: Tx, owned: Owned) => Promise<void>) {
  const owned = await requireFeature(scope.userId, scope.projectId, scope.featureId);
  const { feature } = owned;
  await db.$transaction(async (tx) => {
    await change(tx, owned);
    const after = await tx.feature.findUniqueOrThrow({ where: { id: feature.id }, include: featureInclude });
    await recordAudit(tx, featureEntry(feature, after, `Flag / Remote Config updated: ${feature.name}`));
  });
  return presentOwnedFeature(feature.id);
}

function changeOwners(scope: Scope, input: TFeatureOwnersInput, adding: boolean) {
  const userIds = [...new Set(input.user_ids)];
  return changeOwnership(scope, async (tx, { project, feature }) => {
    const featureId = feature.id;
    if (!adding) {
      await tx.featureOwner.deleteMany({ where: { featureId, userId: { in: userIds } } });
      return;
    }
    if ((await nonMembers(tx, project.organisationId, userIds)).length) {
      throw new ValidationError(["Some users not found"]);
    }
    // Read in the transaction, so a concurrent add of the same owner cannot make a duplicate row.
    const current = await tx.featureOwner.findMany({ where: { featureId, userId: { in: userIds } } });
    const owning = new Set(current.map((o) => o.userId));
    const added = userIds.filter((userId) => !owning.has(userId));
    await tx.featureOwner.createMany({ data: added.map((userId) => ({ featureId, userId })) });
  });
}

export function addFeatureOwners(scope: Scope, input: TFeatureOwnersInput) {
  return changeOwners(scope, input, true);
}

export function removeFeatureOwners(scope: Scope, input: TFeatureOwnersInput) {
  return changeOwners(scope, input, false);
}
