// A feature's owners (Flagsmith's add-owners / remove-owners actions and the `owners` field of
// a new feature). Owners must be members of the project's organisation: Ensign has no finer
// project permissions to check.
import { ValidationError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record";
import { db, type Tx } from "@/lib/db/client";
import { featureInclude, requireFeature } from "./access";
import { serializeGroupOwner, serializeOwner } from "./feature-serializers";
import { featureEntry } from "./features";
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

async function changeOwners(scope: Scope, input: TFeatureOwnersInput, adding: boolean) {
  const { project, feature } = await requireFeature(scope.userId, scope.projectId, scope.featureId);
  const userIds = [...new Set(input.user_ids)];
  await db.$transaction(async (tx) => {
    if (adding) {
      if ((await nonMembers(tx, project.organisationId, userIds)).length) {
        throw new ValidationError(["Some users not found"]);
      }
      const current = new Set(feature.owners.map((o) => o.user.id));
      const added = userIds.filter((id) => !current.has(id));
      await tx.featureOwner.createMany({ data: added.map((userId) => ({ featureId: feature.id, userId })) });
    } else {
      await tx.featureOwner.deleteMany({ where: { featureId: feature.id, userId: { in: userIds } } });
    }
    const after = await tx.feature.findUniqueOrThrow({ where: { id: feature.id }, include: featureInclude });
    await recordAudit(tx, featureEntry(feature, after, `Flag / Remote Config updated: ${feature.name}`));
  });
  return presentOwnedFeature(feature.id);
}

export function addFeatureOwners(scope: Scope, input: TFeatureOwnersInput) {
  return changeOwners(scope, input, true);
}

export function removeFeatureOwners(scope: Scope, input: TFeatureOwnersInput) {
  return changeOwners(scope, input, false);
}
