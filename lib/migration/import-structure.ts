// Projects, environments (keeping their client-side keys), tags, features with their options,
// tags and owners, and segments with their rules: each source object is created once and
// updated on later runs (./mapping.ts).
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/db/revision";
import { environmentDefaultState } from "@/lib/features/defaults";
import { createDefaultStatesForEnvironment, optionData } from "@/lib/features/option-writes";
import { writeDefaultAllocations } from "@/lib/feature-states/allocations";
import { generateEnvironmentKey, generateUuid } from "@/lib/keys";
import { replaceRules, segmentInclude } from "@/lib/segments/rules";
import { ZSegmentCreate } from "@/lib/segments/schemas";
import { rulesDiffer } from "@/lib/segments/versions";
import { recordFeatureVersion } from "@/lib/feature-states/record-version";
import { findMapping, saveMapping, type MappingScope } from "./mapping";
import { addRefusal, addSkip, countCopy, type ImportReport } from "./report";
import type { SEnvironment, SFeature, SProject, SSegment, STag } from "./source-types";
import { bySourceOrder, hashIdOf } from "./source-types";

export type Ctx = { scope: MappingScope; report: ImportReport };

export async function importProject(tx: Tx, ctx: Ctx, p: SProject): Promise<number> {
  const data = {
    name: p.name,
    hideDisabledFlags: p.hide_disabled_flags ?? false,
    enableRealtimeUpdates: p.enable_realtime_updates ?? false,
    preventFlagDefaults: p.prevent_flag_defaults ?? false,
    staleFlagsLimitDays: p.stale_flags_limit_days ?? 30,
  };
  const known = await findMapping(tx, ctx.scope, "project", p.id);
  const existing = known ? await tx.project.findUnique({ where: { id: known } }) : null;
  if (existing) {
    await tx.project.update({ where: { id: existing.id }, data });
    countCopy(ctx.report, "projects", false);
    return existing.id;
  }
  const created = await tx.project.create({
    data: { ...data, uuid: generateUuid(), organisationId: ctx.scope.organisationId },
  });
  await saveMapping(tx, ctx.scope, "project", p.id, created.id);
  await recordAudit(tx, {
    type: "PROJECT",
    after: created,
    log: `New Project created (imported from Flagsmith): ${created.name}`,
    object: { id: created.id, uuid: created.uuid },
    scope: { projectId: created.id },
  });
  countCopy(ctx.report, "projects", true);
  return created.id;
}

export async function importEnvironment(tx: Tx, ctx: Ctx, projectId: number, e: SEnvironment) {
  const data = {
    name: e.name,
    description: e.description ?? null,
    bannerText: e.banner_text ?? null,
    bannerColour: e.banner_colour ?? null,
    allowClientTraits: e.allow_client_traits ?? true,
    hideDisabledFlags: e.hide_disabled_flags ?? null,
    hideSensitiveData: e.hide_sensitive_data ?? false,
    useIdentityCompositeKeyForHashing: e.use_identity_composite_key_for_hashing ?? true,
    useIdentityOverridesInLocalEval: e.use_identity_overrides_in_local_eval ?? true,
  };
  const known = await findMapping(tx, ctx.scope, "environment", e.id);
  const existing = known ? await tx.environment.findUnique({ where: { id: known } }) : null;
  // The client-side key is what lets SDKs switch by their base URL alone; it is kept unless
  // another environment of this instance already has it.
  const holder = await tx.environment.findUnique({ where: { apiKey: e.api_key }, select: { id: true } });
  const keyFree = !holder || holder.id === existing?.id;
  if (!keyFree)
    addSkip(
      ctx.report,
      "environment key",
      e.name,
      "another Ensign environment has this client-side key; a new key was made",
    );
  if (existing) {
    await tx.environment.update({
      where: { id: existing.id },
      data: {
        ...data,
        ...(keyFree ? { apiKey: e.api_key } : {}),
        // Turned on when the source has them, never off: an Ensign admin's protection stays.
        minimumChangeRequestApprovals:
          existing.minimumChangeRequestApprovals ?? e.minimum_change_request_approvals ?? null,
      },
    });
    await touchEnvironments({ environmentId: existing.id }, tx);
    countCopy(ctx.report, "environments", false);
    return existing.id;
  }
  const created = await tx.environment.create({
    data: {
      ...data,
      uuid: generateUuid(),
      apiKey: keyFree ? e.api_key : generateEnvironmentKey(),
      projectId,
    },
  });
  const project = await tx.project.findUniqueOrThrow({ where: { id: projectId } });
  await createDefaultStatesForEnvironment(tx, created, project.preventFlagDefaults);
  await saveMapping(tx, ctx.scope, "environment", e.id, created.id);
  await recordAudit(tx, {
    type: "ENVIRONMENT",
    after: created,
    log: `New Environment created (imported from Flagsmith): ${created.name}`,
    object: { id: created.id, uuid: created.uuid },
    scope: { environmentId: created.id },
  });
  countCopy(ctx.report, "environments", true);
  return created.id;
}

/**
 * The source's change requests setting for an environment the import made: applied after its
 * flags are written (the environment's last step), since with it on they could not be.
 */
export async function applySourceApprovals(tx: Tx, environmentId: number, e: SEnvironment) {
  if (e.minimum_change_request_approvals === null || e.minimum_change_request_approvals === undefined) return;
  await tx.environment.updateMany({
    where: { id: environmentId, minimumChangeRequestApprovals: null },
    data: { minimumChangeRequestApprovals: e.minimum_change_request_approvals },
  });
}

export async function importTag(tx: Tx, ctx: Ctx, projectId: number, t: STag) {
  const data = {
    label: t.label.slice(0, 100),
    color: t.color ?? "#6837FC",
    description: t.description ?? null,
  };
  const known = await findMapping(tx, ctx.scope, "tag", t.id);
  if (known && (await tx.tag.findUnique({ where: { id: known } }))) {
    await tx.tag.update({ where: { id: known }, data });
    countCopy(ctx.report, "tags", false);
    return;
  }
  const created = await tx.tag.create({ data: { ...data, uuid: generateUuid(), projectId } });
  await saveMapping(tx, ctx.scope, "tag", t.id, created.id);
  countCopy(ctx.report, "tags", true);
}

async function ownersByEmail(tx: Tx, ctx: Ctx, f: SFeature): Promise<number[]> {
  const emails = (f.owners ?? []).flatMap((o) => (o.email ? [o.email.toLowerCase()] : []));
  if (!emails.length) return [];
  const members = await tx.organisationUser.findMany({
    where: { organisationId: ctx.scope.organisationId, user: { email: { in: emails } } },
    select: { userId: true, user: { select: { email: true } } },
  });
  const found = new Set(members.map((m) => m.user.email.toLowerCase()));
  for (const email of emails.filter((e) => !found.has(e))) {
    addSkip(
      ctx.report,
      "feature owner",
      `${f.name}: ${email}`,
      "no member of the Ensign organisation has this email",
    );
  }
  return members.map((m) => m.userId);
}

async function importOptions(tx: Tx, ctx: Ctx, featureId: number, f: SFeature) {
  const options = [...(f.multivariate_options ?? [])].sort(bySourceOrder);
  const created: { id: number; defaultPercentageAllocation: number }[] = [];
  for (const o of options) {
    const data = optionData({
      type: (["int", "unicode", "bool"].includes(o.type ?? "") ? o.type : "unicode") as
        "int" | "unicode" | "bool",
      string_value: o.string_value ?? null,
      integer_value: o.integer_value ?? null,
      boolean_value: o.boolean_value ?? null,
      default_percentage_allocation: o.default_percentage_allocation ?? 100,
      key: o.key ?? null,
    });
    const known = await findMapping(tx, ctx.scope, "option", o.id);
    if (known && (await tx.multivariateFeatureOption.findUnique({ where: { id: known } }))) {
      await tx.multivariateFeatureOption.update({ where: { id: known }, data });
      continue;
    }
    const row = await tx.multivariateFeatureOption.create({
      data: { ...data, uuid: generateUuid(), featureId },
    });
    await saveMapping(tx, ctx.scope, "option", o.id, row.id);
    created.push(row);
  }
  return created;
}

export async function importFeature(
  tx: Tx,
  ctx: Ctx,
  projectId: number,
  f: SFeature,
  tagIds: Map<string, number>,
) {
  const data = {
    name: f.name,
    nameLower: f.name.toLowerCase(),
    type: f.multivariate_options?.length ? "MULTIVARIATE" : "STANDARD",
    defaultEnabled: f.default_enabled ?? false,
    initialValue: f.initial_value === undefined || f.initial_value === null ? null : String(f.initial_value),
    description: f.description ?? null,
    isArchived: f.is_archived ?? false,
    isServerKeyOnly: f.is_server_key_only ?? false,
  };
  const known = await findMapping(tx, ctx.scope, "feature", f.id);
  // A feature of the same name made in Ensign before the import is taken over, not duplicated.
  const existing =
    (known ? await tx.feature.findUnique({ where: { id: known } }) : null) ??
    (await tx.feature.findFirst({ where: { projectId, nameLower: data.nameLower } }));
  const feature = existing
    ? await tx.feature.update({ where: { id: existing.id }, data })
    : await tx.feature.create({ data: { ...data, uuid: generateUuid(), projectId } });
  await saveMapping(tx, ctx.scope, "feature", f.id, feature.id);
  const tags = (f.tags ?? []).flatMap((id) => (tagIds.has(String(id)) ? [tagIds.get(String(id))!] : []));
  await tx.featureTag.deleteMany({ where: { featureId: feature.id } });
  if (tags.length)
    await tx.featureTag.createMany({ data: tags.map((tagId) => ({ featureId: feature.id, tagId })) });
  const owners = await ownersByEmail(tx, ctx, f);
  await tx.featureOwner.deleteMany({ where: { featureId: feature.id } });
  if (owners.length)
    await tx.featureOwner.createMany({ data: owners.map((userId) => ({ featureId: feature.id, userId })) });
  const newOptions = await importOptions(tx, ctx, feature.id, f);
  // States for the environments that exist already; later environments get theirs when made.
  const project = await tx.project.findUniqueOrThrow({ where: { id: projectId } });
  const envs = await tx.environment.findMany({ where: { projectId }, select: { id: true } });
  for (const env of envs) {
    const state = await tx.featureState.findUnique({
      where: {
        featureId_environmentId_scope: { featureId: feature.id, environmentId: env.id, scope: "env" },
      },
      select: { id: true },
    });
    if (state) {
      if (newOptions.length) await writeDefaultAllocations(tx, [{ id: state.id, options: newOptions }]);
      continue;
    }
    const created = await tx.featureState.create({
      data: environmentDefaultState(feature, env.id, project.preventFlagDefaults),
      select: { id: true },
    });
    const options = await tx.multivariateFeatureOption.findMany({
      where: { featureId: feature.id },
      orderBy: { id: "asc" },
    });
    await writeDefaultAllocations(tx, [{ id: created.id, options }]);
    await recordFeatureVersion(tx, { featureId: feature.id, environmentId: env.id });
  }
  if (!existing) {
    await recordAudit(tx, {
      type: "FEATURE",
      after: feature,
      log: `New Flag / Remote Config created (imported from Flagsmith): ${feature.name}`,
      object: { id: feature.id, uuid: feature.uuid },
      scope: { projectId },
    });
  }
  countCopy(ctx.report, "features", !existing);
}

const SEGMENT_CHANGE_REQUESTS =
  "409 change_requests_enabled: this project changes its segments only through change requests; " +
  "not updated (change it there, or turn change requests off and import again)";

async function takesChangeRequests(tx: Tx, projectId: number) {
  const project = await tx.project.findUniqueOrThrow({
    where: { id: projectId },
    select: { minimumChangeRequestApprovals: true },
  });
  return project.minimumChangeRequestApprovals !== null;
}

/**
 * A segment: made, or updated from the source. In a project with change requests on, an
 * imported segment that differs from the source is not overwritten (Ensign's own PUT answers
 * 409 there); the report lists it under `refused`. A new segment is still made, as POST does.
 */
export async function importSegment(tx: Tx, ctx: Ctx, projectId: number, s: SSegment) {
  const featureId = s.feature ? await findMapping(tx, ctx.scope, "feature", s.feature) : null;
  const parsed = ZSegmentCreate.safeParse({
    name: s.name,
    description: s.description ?? null,
    rules: s.rules ?? [],
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    addSkip(ctx.report, "segment", s.name, `not valid in Ensign: ${issue.path.join(".")} ${issue.message}`);
    return;
  }
  const data = {
    name: parsed.data.name,
    description: parsed.data.description ?? null,
    featureId,
    importedId: hashIdOf(s),
  };
  const known = await findMapping(tx, ctx.scope, "segment", s.id);
  const existing = known
    ? await tx.segment.findUnique({ where: { id: known }, include: segmentInclude })
    : null;
  if (existing && (await takesChangeRequests(tx, projectId))) {
    const same =
      existing.name === data.name &&
      existing.description === data.description &&
      existing.featureId === data.featureId &&
      !rulesDiffer(existing, parsed.data.rules);
    if (!same) addRefusal(ctx.report, "segment", s.name, SEGMENT_CHANGE_REQUESTS);
    return;
  }
  const segment = existing
    ? await tx.segment.update({ where: { id: existing.id }, data })
    : await tx.segment.create({ data: { ...data, uuid: generateUuid(), projectId } });
  await replaceRules(tx, segment.id, parsed.data.rules);
  await saveMapping(tx, ctx.scope, "segment", s.id, segment.id);
  if (existing) await touchEnvironments({ projectId }, tx);
  else {
    await recordAudit(tx, {
      type: "SEGMENT",
      after: segment,
      log: `New Segment created (imported from Flagsmith): ${segment.name}`,
      object: { id: segment.id, uuid: segment.uuid },
      scope: { projectId },
    });
  }
  countCopy(ctx.report, "segments", !existing);
}
