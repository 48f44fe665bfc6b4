// A feature's group owners (Flagsmith's add-group-owners / remove-group-owners actions and the
// `group_owners` field of a new feature). Only groups of the project's organisation may own its
// features; an id that names no group is refused with the same words as another organisation's
// group, so a body cannot probe for other tenants' groups. Deleting a group drops its ownerships
// (the join rows cascade).
import { ValidationError } from "@/lib/api/errors";
import { type Tx } from "@/lib/db/client";
import { changeOwnership } from "./owners";
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

function changeGroupOwners(scope: Scope, input: TFeatureGroupOwnersInput, adding: boolean) {
  const groupIds = [...new Set(input.group_ids)];
  return changeOwnership(scope, async (tx, { project, feature }) => {
    const featureId = feature.id;
    if (!adding) {
      await tx.featureGroupOwner.deleteMany({ where: { featureId, groupId: { in: groupIds } } });
      return;
    }
    if ((await groupsOutside(tx, project.organisationId, groupIds)).length) {
      throw new ValidationError(["Some groups not found"]);
    }
    const current = await tx.featureGroupOwner.findMany({ where: { featureId, groupId: { in: groupIds } } });
    const owning = new Set(current.map((o) => o.groupId));
    const added = groupIds.filter((groupId) => !owning.has(groupId));
    await tx.featureGroupOwner.createMany({ data: added.map((groupId) => ({ featureId, groupId })) });
  });
}

export function addFeatureGroupOwners(scope: Scope, input: TFeatureGroupOwnersInput) {
  return changeGroupOwners(scope, input, true);
}

export function removeFeatureGroupOwners(scope: Scope, input: TFeatureGroupOwnersInput) {
  return changeGroupOwners(scope, input, false);
}
