// Quota checks for the domain writes. Each runs inside the write's transaction: counts are
// taken under a lock on the parent row (PostgreSQL; SQLite writers are serialised anyway), so
// two concurrent creates cannot both take the last place.
import { ValidationError } from "@/lib/api/errors";
import { databaseUrl, isPostgresUrl, type Tx } from "@/lib/db/client";
import { LIMITS } from "./limits";

type Quota =
  | "features"
  | "segments"
  | "segmentOverrides"
  | "environments"
  | "options"
  | "identities"
  | "traits"
  | "invites"
  | "inviteLinks";

// Flagsmith's wording where it has a limit of its own (features, segments, segment overrides).
export const QUOTA_MESSAGES: Record<Quota, [field: string, message: string]> = {
  features: ["project", "The Project has reached the maximum allowed features limit."],
  segments: ["project", "The project has reached the maximum allowed segments limit."],
  segmentOverrides: [
    "environment",
    "The environment has reached the maximum allowed segments overrides limit.",
  ],
  environments: ["project", "The project has reached the maximum allowed environments limit."],
  options: ["feature", "The feature has reached the maximum allowed multivariate options limit."],
  identities: ["environment", "The environment has reached the maximum allowed identities limit."],
  traits: ["identity", "The identity has reached the maximum allowed traits limit."],
  invites: ["invites", "The organisation has reached the maximum allowed pending invitations limit."],
  inviteLinks: ["organisation", "The organisation has reached the maximum allowed invite links limit."],
};

const PARENT_TABLES: Record<Quota, string> = {
  features: "Project",
  segments: "Project",
  segmentOverrides: "Environment",
  environments: "Project",
  options: "Feature",
  identities: "Environment",
  traits: "Identity",
  invites: "Organisation",
  inviteLinks: "Organisation",
};

function countChildren(tx: Tx, quota: Quota, parentId: number): Promise<number> {
  switch (quota) {
    case "features":
      return tx.feature.count({ where: { projectId: parentId } });
    case "segments":
      return tx.segment.count({ where: { projectId: parentId } });
    case "segmentOverrides":
      return tx.featureSegment.count({ where: { environmentId: parentId } });
    case "environments":
      return tx.environment.count({ where: { projectId: parentId } });
    case "options":
      return tx.multivariateFeatureOption.count({ where: { featureId: parentId } });
    case "identities":
      return tx.identity.count({ where: { environmentId: parentId } });
    case "traits":
      return tx.trait.count({ where: { identityId: parentId } });
    case "invites":
      return tx.invite.count({ where: { organisationId: parentId } });
    case "inviteLinks":
      return tx.inviteLink.count({ where: { organisationId: parentId } });
  }
}

const LIMIT_OF: Record<Quota, () => number> = {
  features: () => LIMITS.featuresPerProject,
  segments: () => LIMITS.segmentsPerProject,
  segmentOverrides: () => LIMITS.segmentOverridesPerEnvironment,
  environments: () => LIMITS.environmentsPerProject,
  options: () => LIMITS.optionsPerFeature,
  identities: () => LIMITS.identitiesPerEnvironment,
  traits: () => LIMITS.traitsPerIdentity,
  invites: () => LIMITS.pendingInvitesPerOrganisation,
  inviteLinks: () => LIMITS.inviteLinksPerOrganisation,
};

/** Throws the quota's 400 when the parent already holds `limit - adding + 1` children or more. */
export async function assertQuota(tx: Tx, quota: Quota, parentId: number, adding = 1): Promise<void> {
  if (isPostgresUrl(databaseUrl())) {
    await tx.$executeRawUnsafe(`SELECT 1 FROM "${PARENT_TABLES[quota]}" WHERE id = $1 FOR UPDATE`, parentId);
  }
  const count = await countChildren(tx, quota, parentId);
  if (count + adding > LIMIT_OF[quota]()) {
    const [field, message] = QUOTA_MESSAGES[quota];
    throw new ValidationError({ [field]: [message] });
  }
}

export const valueBudgetMessage = (chars: number) =>
  `What one environment serves to SDKs (feature names, descriptions and values, variations, segments, identity overrides) may total at most ${LIMITS.environmentValueBytes} characters; this change would make ${chars}.`;

/**
 * The largest number of characters any environment of the project serves to SDKs, as written
 * so far in this transaction: every string of its snapshot that grows with the data (feature
 * names, initial values and descriptions, variation values and keys, segment names and
 * condition properties and values, its feature states' values, the identifiers of its
 * identity overrides).
 */
export async function readServedChars(tx: Tx, projectId: number): Promise<number> {
  const rows = await tx.$queryRaw<
    { shared: number | bigint | string | null; own: number | bigint | string | null }[]
  >`
    SELECT (
      SELECT COALESCE(SUM(LENGTH(f."name") + COALESCE(LENGTH(f."initialValue"), 0)
        + COALESCE(LENGTH(f."description"), 0)), 0)
      FROM "Feature" f WHERE f."projectId" = ${projectId}
    ) + (
      SELECT COALESCE(SUM(COALESCE(LENGTH(o."value"), 0) + COALESCE(LENGTH(o."key"), 0)), 0)
      FROM "MultivariateFeatureOption" o JOIN "Feature" f ON f.id = o."featureId"
      WHERE f."projectId" = ${projectId}
    ) + (
      SELECT COALESCE(SUM(LENGTH(s."name")), 0) FROM "Segment" s WHERE s."projectId" = ${projectId}
    ) + (
      SELECT COALESCE(SUM(COALESCE(LENGTH(c."property"), 0) + COALESCE(LENGTH(c."value"), 0)), 0)
      FROM "SegmentCondition" c
      JOIN "SegmentRule" r ON r.id = c."ruleId"
      LEFT JOIN "SegmentRule" p ON p.id = r."parentRuleId"
      LEFT JOIN "SegmentRule" g ON g.id = p."parentRuleId"
      JOIN "Segment" s ON s.id = COALESCE(r."segmentId", p."segmentId", g."segmentId")
      WHERE s."projectId" = ${projectId}
    ) AS shared, (
      SELECT COALESCE(MAX(e.total), 0) FROM (
        SELECT (
          SELECT COALESCE(SUM(LENGTH(st."value")), 0) FROM "FeatureState" st WHERE st."environmentId" = env.id
        ) + (
          SELECT COALESCE(SUM(LENGTH(i."identifier")), 0) FROM "Identity" i
          WHERE i.id IN (
            SELECT st."identityId" FROM "FeatureState" st
            WHERE st."environmentId" = env.id AND st."identityId" IS NOT NULL
          )
        ) AS total
        FROM "Environment" env WHERE env."projectId" = ${projectId}
      ) e
    ) AS own`;
  return Number(rows[0]?.shared ?? 0) + Number(rows[0]?.own ?? 0);
}

/**
 * Refuses a write that takes an environment past ENSIGN_MAX_ENVIRONMENT_VALUE_CHARS: what would
 * make its snapshot too large for the heap. With `before` (readServedChars at the start of
 * the transaction), an update that adds nothing passes even where older data is over the
 * budget, so such an environment can still be edited down.
 */
export async function assertValueBudget(
  tx: Tx,
  scope: { projectId: number } | { environmentId: number },
  before?: number,
) {
  const projectId =
    "projectId" in scope
      ? scope.projectId
      : (await tx.environment.findUniqueOrThrow({ where: { id: scope.environmentId } })).projectId;
  const total = await readServedChars(tx, projectId);
  if (total > LIMITS.environmentValueBytes && (before === undefined || total > before)) {
    throw new ValidationError({ environment: [valueBudgetMessage(total)] });
  }
}
