// The feature list's ?owners= and ?group_owners= filters: as in Flagsmith, a feature passes when
// a listed user or a listed group owns it (either list may be absent or empty).
import type { Prisma } from "@/lib/db/client";

const INT32 = 2147483647;

/** The condition on features, or null when neither list names anyone. */
export function ownerCondition(
  owners: number[] | undefined,
  groupOwners: number[] | undefined,
): Prisma.FeatureWhereInput | null {
  const any: Prisma.FeatureWhereInput[] = [];
  // Ids past a 32-bit integer name no row; the database would refuse them in a query.
  const inRange = (ids: number[]) => ids.filter((id) => Math.abs(id) <= INT32);
  if (owners?.length) any.push({ owners: { some: { userId: { in: inRange(owners) } } } });
  if (groupOwners?.length) any.push({ groupOwners: { some: { groupId: { in: inRange(groupOwners) } } } });
  return any.length ? { OR: any } : null;
}
