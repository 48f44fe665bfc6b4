// A feature's group owners (Flagsmith's add-group-owners / remove-group-owners actions and the
// `group_owners` field of a new feature). Only groups of the project's organisation may own its
// features; an id that names no group is refused with the same words as another organisation's
// group, so a body cannot probe for other tenants' groups. Deleting a group drops its ownerships
// (the join rows cascade).
import { ValidationError } from "@/lib/api/errors";
import { recordAudit } from "@/lib/audit/record";
import { db, type Tx } from "@/lib/db/client";
import { featureInclude, requireFeature } from "./access";
import { featureEntry } from "./features";
import { presentOwnedFeature } from "./owners";
import type { TFeatureGroupOwnersInput } from "./schemas";

type Scope = { userId: number; projectId: number; featureId: number };

/** The ids (deduplicated, in the order given) that are not groups of the organisation. */
export async function groupsOutside(tx: Tx, organisationId: number, groupIds: number[]) {
  const unique = [...new Set(groupIds)];
  if (!unique.length) return [];
  const found = await tx.userPermissionGroup.findMany({
    where: { organisationId, id: { in: unique } },
    select: { id: true },
  });
  const ids = new Set(found.map((g) => g.id));
  return unique.filter((id) => !ids.has(id));
}

/** Flagsmith's words for group owners outside the project's organisation (a Python list of ids). */
export function foreignGroupsMessage(ids: number[]) {
  return `Groups with ids [${ids.join(", ")}] do not belong to this project's organisation.`;
}

async function changeGroupOwners(scope: Scope, input: TFeatureGroupOwnersInput, adding: boolean) {
  const { project, feature } = await requireFeature(scope.userId, scope.projectId, scope.featureId);
  const groupIds = [...new Set(input.group_ids)];
  await db.$transaction(async (tx) => {
    if (adding) {
      if ((await groupsOutside(tx, project.organisationId, groupIds)).length) {
        throw new ValidationError(["Some groups not found"]);
      }
      const current = new Set(feature.groupOwners.map((o) => o.group.id));
      const added = groupIds.filter((id) => !current.has(id));
      await tx.featureGroupOwner.createMany({
        data: added.map((groupId) => ({ featureId: feature.id, groupId })),
      });
    } else {
      await tx.featureGroupOwner.deleteMany({ where: { featureId: feature.id, groupId: { in: groupIds } } });
    }
    const after = await tx.feature.findUniqueOrThrow({ where: { id: feature.id }, include: featureInclude });
    await recordAudit(tx, featureEntry(feature, after, `Flag / Remote Config updated: ${feature.name}`));
  });
  return presentOwnedFeature(feature.id);
}

export function addFeatureGroupOwners(scope: Scope, input: TFeatureGroupOwnersInput) {
  return changeGroupOwners(scope, input, true);
}

export function removeFeatureGroupOwners(scope: Scope, input: TFeatureGroupOwnersInput) {
  return changeGroupOwners(scope, input, false);
}
