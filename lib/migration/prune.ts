// Objects an earlier import of this source made (they have a mapping) that the source no longer
// has: reported on every run, deleted only when asked (`prune`). Only mapped objects are ever
// candidates, so what was made in Ensign is never touched; an object another current source id
// maps to (an identity read once through the core and once through the edge API, a feature
// taken over by name) is not gone. Projects and environments are reported, never deleted: they
// can hold Ensign's own features, segments and SDK identities, and deleting an environment
// cuts off the SDKs that use its key. A segment override in an environment with change
// requests on is not removed (409, as the API answers).
import { recordIdentityChange } from "@/lib/audit/identity-entry";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/db/revision";
import { syncFeatureType } from "@/lib/features/option-writes";
import { removeState } from "@/lib/feature-states/write";
import type { MappingKind } from "./mapping";
import type { Ctx } from "./import-structure";
import type { GoneEntry } from "./report";
import type { SourceIds } from "./source-ids";

const MAX_LISTED = 500;
const SUFFIX = "(gone from the Flagsmith source)";
const CHANGE_REQUESTS =
  "409 change_requests_enabled: this environment changes its flags only through change requests";

type Candidate = { sourceId: string; targetId: number };

/** Mapped objects of one kind whose source id the source no longer lists. */
async function candidates(tx: Tx, ctx: Ctx, ids: SourceIds, kind: MappingKind): Promise<Candidate[]> {
  const seen = ids.get(kind);
  if (!seen) return [];
  const rows = await tx.importMapping.findMany({
    where: { ...ctx.scope, kind },
    select: { sourceId: true, targetId: true },
    orderBy: { id: "asc" },
  });
  const stillMapped = new Set(rows.filter((r) => seen.has(r.sourceId)).map((r) => r.targetId));
  return rows.filter((r) => !seen.has(r.sourceId) && !stillMapped.has(r.targetId));
}

export async function reportAndPruneGone(tx: Tx, ctx: Ctx, ids: SourceIds, prune: boolean) {
  const organisationId = ctx.scope.organisationId;
  const inOrg = { organisationId };
  const gone: GoneEntry[] = [];
  const goneProjects = new Set<number>();
  const goneEnvironments = new Set<number>();
  const goneFeatures = new Set<number>();
  const goneSegments = new Set<number>();
  const note = (entry: Omit<GoneEntry, "removed"> & { removed?: boolean }) =>
    gone.push({ removed: false, ...entry });
  const forget = (kind: MappingKind, sourceId: string) =>
    tx.importMapping.deleteMany({ where: { ...ctx.scope, kind, sourceId } });

  // Parents first, so that what lies inside a kept project or a deleted feature is not listed again.
  for (const c of await candidates(tx, ctx, ids, "project")) {
    const project = await tx.project.findFirst({ where: { id: c.targetId, ...inOrg } });
    if (!project) continue;
    goneProjects.add(project.id);
    note({
      kind: "project",
      source: c.sourceId,
      id: project.id,
      name: project.name,
      reason: "projects are not deleted by an import: delete it in Ensign",
    });
  }
  for (const c of await candidates(tx, ctx, ids, "environment")) {
    const env = await tx.environment.findFirst({ where: { id: c.targetId, project: inOrg } });
    if (!env || goneProjects.has(env.projectId)) continue;
    goneEnvironments.add(env.id);
    note({
      kind: "environment",
      source: c.sourceId,
      id: env.id,
      name: env.name,
      reason: "environments are not deleted by an import: delete it in Ensign",
    });
  }
  for (const c of await candidates(tx, ctx, ids, "feature")) {
    const feature = await tx.feature.findFirst({ where: { id: c.targetId, project: inOrg } });
    if (!feature || goneProjects.has(feature.projectId)) continue;
    goneFeatures.add(feature.id);
    note({ kind: "feature", source: c.sourceId, id: feature.id, name: feature.name, removed: prune });
    if (!prune) continue;
    await recordAudit(tx, {
      type: "FEATURE",
      before: { name: feature.name, type: feature.type },
      after: null,
      log: `Flag / Remote Config Deleted ${SUFFIX}: ${feature.name}`,
      object: feature,
      scope: { projectId: feature.projectId },
    });
    await tx.feature.delete({ where: { id: feature.id } });
    await touchEnvironments({ projectId: feature.projectId }, tx);
    await forget("feature", c.sourceId);
  }
  for (const c of await candidates(tx, ctx, ids, "segment")) {
    const segment = await tx.segment.findFirst({ where: { id: c.targetId, project: inOrg } });
    if (!segment || goneProjects.has(segment.projectId)) continue;
    goneSegments.add(segment.id);
    note({ kind: "segment", source: c.sourceId, id: segment.id, name: segment.name, removed: prune });
    if (!prune) continue;
    await recordAudit(tx, {
      type: "SEGMENT",
      before: { name: segment.name, description: segment.description },
      after: null,
      log: `Segment deleted ${SUFFIX}: ${segment.name}`,
      object: segment,
      scope: { projectId: segment.projectId },
    });
    await tx.segment.delete({ where: { id: segment.id } });
    await touchEnvironments({ projectId: segment.projectId }, tx);
    await forget("segment", c.sourceId);
  }
  for (const c of await candidates(tx, ctx, ids, "option")) {
    const option = await tx.multivariateFeatureOption.findFirst({
      where: { id: c.targetId, feature: { project: inOrg } },
      include: { feature: true },
    });
    if (!option || goneProjects.has(option.feature.projectId) || goneFeatures.has(option.featureId)) continue;
    const name = `${option.feature.name}: ${option.value ?? ""}`;
    note({ kind: "multivariate option", source: c.sourceId, id: option.id, name, removed: prune });
    if (!prune) continue;
    await tx.multivariateFeatureOption.delete({ where: { id: option.id } });
    await syncFeatureType(tx, option.featureId, "removed");
    await recordAudit(tx, {
      type: "FEATURE",
      before: { multivariateOption: name },
      after: { multivariateOption: null },
      log: `Multivariate option removed ${SUFFIX}: ${name}`,
      object: option.feature,
      scope: { projectId: option.feature.projectId },
    });
    await touchEnvironments({ projectId: option.feature.projectId }, tx);
    await forget("option", c.sourceId);
  }
  for (const c of await candidates(tx, ctx, ids, "feature-segment")) {
    const link = await tx.featureSegment.findFirst({
      where: { id: c.targetId, environment: { project: inOrg } },
      include: { feature: true, segment: true, environment: true, featureState: { select: { id: true } } },
    });
    if (
      !link ||
      goneProjects.has(link.feature.projectId) ||
      goneEnvironments.has(link.environmentId) ||
      goneFeatures.has(link.featureId) ||
      goneSegments.has(link.segmentId)
    )
      continue;
    const name = `${link.feature.name} / ${link.segment.name} in ${link.environment.name}`;
    const protectedEnv = link.environment.minimumChangeRequestApprovals !== null;
    note({
      kind: "segment override",
      source: c.sourceId,
      id: link.id,
      name,
      removed: prune && !protectedEnv,
      ...(protectedEnv ? { reason: CHANGE_REQUESTS } : {}),
    });
    if (!prune || protectedEnv) continue;
    if (link.featureState) await removeState(tx, link.featureState.id);
    await tx.featureSegment.delete({ where: { id: link.id } });
    await tx.featureSegment.updateMany({
      where: {
        featureId: link.featureId,
        environmentId: link.environmentId,
        priority: { gt: link.priority },
      },
      data: { priority: { decrement: 1 } },
    });
    await touchEnvironments({ environmentId: link.environmentId }, tx);
    await forget("feature-segment", c.sourceId);
  }
  for (const c of await candidates(tx, ctx, ids, "tag")) {
    const tag = await tx.tag.findFirst({ where: { id: c.targetId, project: inOrg } });
    if (!tag || goneProjects.has(tag.projectId)) continue;
    note({ kind: "tag", source: c.sourceId, id: tag.id, name: tag.label, removed: prune });
    if (!prune) continue;
    await recordAudit(tx, {
      type: "TAG",
      before: { label: tag.label, color: tag.color },
      after: null,
      log: `Tag deleted ${SUFFIX}: ${tag.label}`,
      object: tag,
      scope: { projectId: tag.projectId },
    });
    await tx.tag.delete({ where: { id: tag.id } });
    await touchEnvironments({ projectId: tag.projectId }, tx);
    await forget("tag", c.sourceId);
  }
  for (const c of await candidates(tx, ctx, ids, "identity")) {
    const identity = await tx.identity.findFirst({
      where: { id: c.targetId, environment: { project: inOrg } },
      include: { environment: { select: { name: true, projectId: true } } },
    });
    if (
      !identity ||
      goneProjects.has(identity.environment.projectId) ||
      goneEnvironments.has(identity.environmentId)
    )
      continue;
    const name = `${identity.identifier} in ${identity.environment.name}`;
    note({ kind: "identity", source: c.sourceId, id: identity.id, name, removed: prune });
    if (!prune) continue;
    const overrides = await tx.featureState.count({ where: { identityId: identity.id } });
    await tx.identity.delete({ where: { id: identity.id } });
    await recordIdentityChange(tx, identity, null);
    if (overrides) await touchEnvironments({ environmentId: identity.environmentId }, tx);
    await forget("identity", c.sourceId);
  }

  const removed = gone.filter((g) => g.removed).length;
  ctx.report.gone = gone.slice(0, MAX_LISTED);
  if (removed) {
    await recordAudit(tx, {
      type: "ORGANISATION",
      log: `Import from Flagsmith deleted ${removed} object(s) gone from the source: ${ctx.scope.source}`,
      object: { id: organisationId },
      scope: { organisationId },
      after: {
        deleted: gone
          .filter((g) => g.removed)
          .map((g) => `${g.kind} ${g.name}`)
          .slice(0, MAX_LISTED),
      },
    });
  }
  return { gone: gone.length, removed };
}
