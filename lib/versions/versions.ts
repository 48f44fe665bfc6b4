// Reading the versions of a feature in an environment: the list (newest first), one version,
// and the comparison of two. Tenant answers follow the other environment routes: an unknown
// or invisible environment key, feature or version answers 404.
import { NotFoundError } from "@/lib/api/errors";
import { buildPage, FIXED_PAGE_SIZE, pageWindow, type TPageQuery } from "@/lib/api/pagination";
import { db, type DbOrTx } from "@/lib/db/client";
import { requireEnvironment } from "@/lib/organisations/access";
import { compareSnapshots } from "./compare";
import { ensureBaselineVersion } from "@/lib/feature-states/record-version";
import type { TFeatureVersionCompareQuery } from "./schemas";
import { serializeFeatureVersion } from "./serializers";
import type { FeatureInEnvironment, FeatureSnapshot } from "@/lib/feature-states/feature-snapshot";

/** `apiKey`: the environment's key, or its integer id (the versions paths take either). */
export type FeaturePath = { userId: number; apiKey: string | number; featureId: number };
export type VersionPath = FeaturePath & { versionUuid: string };

export async function requireFeatureInEnvironment(path: FeaturePath) {
  const environment = await requireEnvironment(path.userId, path.apiKey);
  const feature = await db.feature.findFirst({
    where: { id: path.featureId, projectId: environment.projectId },
    select: { id: true, name: true },
  });
  if (!feature) throw new NotFoundError();
  return { environment, feature, where: { featureId: feature.id, environmentId: environment.id } };
}

export async function requireVersion(client: DbOrTx, where: FeatureInEnvironment, uuid: string) {
  const version = await client.featureVersion.findFirst({ where: { ...where, uuid } });
  if (!version) throw new NotFoundError();
  return version;
}

type Row = Awaited<ReturnType<typeof requireVersion>>;

export async function serializeVersions(client: DbOrTx, where: FeatureInEnvironment, rows: Row[]) {
  const [live, authors] = await Promise.all([
    client.featureVersion.findFirst({ where, orderBy: { id: "desc" }, select: { id: true } }),
    client.user.findMany({
      where: { id: { in: rows.flatMap((r) => (r.authorId === null ? [] : [r.authorId])) } },
      select: { id: true, email: true },
    }),
  ]);
  const byId = new Map(authors.map((a) => [a.id, a]));
  return rows.map((r) =>
    serializeFeatureVersion(
      r,
      r.id === live?.id,
      r.authorId === null ? null : (byId.get(r.authorId) ?? null),
    ),
  );
}

export async function listFeatureVersions(path: FeaturePath, request: Request, query: TPageQuery) {
  const { where } = await requireFeatureInEnvironment(path);
  // A feature created before versioning shows its current state as its first version.
  await db.$transaction((tx) => ensureBaselineVersion(tx, where));
  const window = pageWindow(query, FIXED_PAGE_SIZE);
  const [count, rows] = await Promise.all([
    db.featureVersion.count({ where }),
    db.featureVersion.findMany({ where, orderBy: { id: "desc" }, skip: window.skip, take: window.take }),
  ]);
  return buildPage(request, window, count, await serializeVersions(db, where, rows));
}

export async function getFeatureVersion(path: VersionPath) {
  const { where } = await requireFeatureInEnvironment(path);
  const version = await requireVersion(db, where, path.versionUuid);
  const [serialized] = await serializeVersions(db, where, [version]);
  return serialized;
}

/** What changed from `compare_with` (the older side) to this version. */
export async function compareFeatureVersions(path: VersionPath, query: TFeatureVersionCompareQuery) {
  const { where } = await requireFeatureInEnvironment(path);
  const [version, other] = await Promise.all([
    requireVersion(db, where, path.versionUuid),
    requireVersion(db, where, query.compare_with),
  ]);
  const parse = (row: Row) => JSON.parse(row.snapshot) as FeatureSnapshot;
  return {
    version: version.uuid,
    compare_with: other.uuid,
    changes: compareSnapshots(parse(other), parse(version)),
  };
}
