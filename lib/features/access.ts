// Finding features inside the caller's tenant. A feature addressed by a path answers 404 when
// its project is not visible or it is not in that project (lib/organisations/access.ts decides
// the same for projects); one named in a body is checked by the caller against its own scope.
import { NotFoundError } from "@/lib/api/errors";
import { db } from "@/lib/db/client";
import { requireProject } from "@/lib/organisations/access";

export const featureInclude = {
  multivariateOptions: { orderBy: { id: "asc" } },
  tags: { select: { tagId: true }, orderBy: { tagId: "asc" } },
  owners: {
    select: {
      user: {
        select: { id: true, uuid: true, email: true, firstName: true, lastName: true, lastLogin: true },
      },
    },
    orderBy: { userId: "asc" },
  },
  groupOwners: { select: { group: { select: { id: true, name: true } } }, orderBy: { groupId: "asc" } },
} as const;

/** The project and the feature of a `/projects/{id}/features/{id}/` path, or 404. */
export async function requireFeature(userId: number, projectId: number, featureId: number) {
  const project = await requireProject(userId, projectId);
  const feature = await db.feature.findFirst({
    where: { id: featureId, projectId },
    include: featureInclude,
  });
  if (!feature) throw new NotFoundError();
  return { project, feature };
}
