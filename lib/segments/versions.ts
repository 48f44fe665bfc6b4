// A segment's history: before its rules are replaced, the segment as it was is kept as a
// version (1, 2, … per segment). Restoring a version replaces the rules again, so the state
// it replaces is kept too and nothing is ever lost. applySegmentRules is the one way rules
// change with history: restore and a committed change request go through it.
// beginSegmentWrite is the one gate of every change of an existing segment (PUT/PATCH, restore,
// a committed change request): in a project with change requests on
// (`minimum_change_request_approvals` set) it refuses the write with 409, unless the caller
// passes `bypassChangeRequests`, which only the commit of an approved change request does.
import { NotFoundError, SegmentChangeRequestsEnabledError } from "@/lib/api/errors";
import { buildPage, MAX_PAGE_SIZE, pageWindow } from "@/lib/api/pagination";
import { recordAudit } from "@/lib/audit/record";
import { db, type Tx } from "@/lib/db/client";
import { touchEnvironments } from "@/lib/db/revision";
import { requireProject } from "@/lib/organisations/access";
import { replaceRules, segmentInclude, serializeRule } from "./rules";
import type { TRuleInput, TSegmentVersionListQuery } from "./schemas";
import { serializeSegment } from "./serializers";

type Scope = { userId: number; projectId: number };
export type SegmentVersionReason = "UPDATED" | "RESTORED" | "CHANGE_REQUEST";

type LoadedSegment = Awaited<ReturnType<typeof loadSegment>>;

function loadSegment(tx: Tx, id: number) {
  return tx.segment.findUniqueOrThrow({ where: { id }, include: segmentInclude });
}

/** `bypassChangeRequests`: the write is an approved change request's (lib/change-requests). */
export type SegmentWriteOptions = { bypassChangeRequests?: boolean };

/**
 * Loads a segment about to change, with its rules, inside the writer's transaction. Throws 409
 * `change_requests_enabled` when the segment's project takes segment changes only through
 * change requests, before anything is written.
 */
export async function beginSegmentWrite(tx: Tx, segmentId: number, options: SegmentWriteOptions = {}) {
  const segment = await loadSegment(tx, segmentId);
  if (!options.bypassChangeRequests) {
    const project = await tx.project.findUniqueOrThrow({
      where: { id: segment.projectId },
      select: { minimumChangeRequestApprovals: true },
    });
    if (project.minimumChangeRequestApprovals !== null) throw new SegmentChangeRequestsEnabledError();
  }
  return segment;
}

/** The rule tree as the v1 API takes it, without row ids (new on every write). */
export function rulesOf(segment: LoadedSegment): TRuleInput[] {
  const strip = (rule: ReturnType<typeof serializeRule>): TRuleInput => ({
    type: rule.type,
    conditions: rule.conditions.map((c) => ({
      property: c.property,
      operator: c.operator,
      value: c.value,
      description: c.description,
    })),
    rules: rule.rules.map((child) => strip(child) as NonNullable<TRuleInput["rules"]>[number]),
  });
  return segment.rules.map((rule) => strip(serializeRule(rule)));
}

/** Keeps the segment as it is now as its next version. */
export async function keepSegmentVersion(
  tx: Tx,
  segment: LoadedSegment,
  options: { authorId: number | null; reason: SegmentVersionReason },
) {
  const last = await tx.segmentVersion.findFirst({
    where: { segmentId: segment.id },
    orderBy: { version: "desc" },
    select: { version: true },
  });
  return tx.segmentVersion.create({
    data: {
      segmentId: segment.id,
      version: (last?.version ?? 0) + 1,
      name: segment.name,
      description: segment.description,
      rules: JSON.stringify(rulesOf(segment)),
      authorId: options.authorId,
      reason: options.reason,
    },
  });
}

function auditView(segment: LoadedSegment) {
  return {
    name: segment.name,
    description: segment.description,
    feature: segment.featureId,
    rules: rulesOf(segment),
  };
}

/**
 * Replaces a segment's rules inside the caller's transaction, keeping the rules it replaces as
 * a version (when they differ), touching the project's environments and writing the audit
 * entry. What a restore and a committed segment change request (with `bypassChangeRequests`)
 * call; refused like any segment write in a project with change requests on.
 */
export async function applySegmentRules(
  tx: Tx,
  options: {
    segmentId: number;
    rules: TRuleInput[];
    authorId: number | null;
    reason: SegmentVersionReason;
    log?: string;
    /** Name and description to set with the rules (a restore brings them back too). */
    fields?: { name: string; description: string | null };
  } & SegmentWriteOptions,
) {
  const before = await beginSegmentWrite(tx, options.segmentId, options);
  const changed =
    rulesDiffer(before, options.rules) ||
    (options.fields !== undefined &&
      (options.fields.name !== before.name || options.fields.description !== before.description));
  if (changed) await keepSegmentVersion(tx, before, { authorId: options.authorId, reason: options.reason });
  await replaceRules(tx, before.id, options.rules);
  await tx.segment.update({ where: { id: before.id }, data: { ...options.fields, updatedAt: new Date() } });
  await touchEnvironments({ projectId: before.projectId }, tx);
  const after = await loadSegment(tx, before.id);
  await recordAudit(tx, {
    type: "SEGMENT",
    before: auditView(before),
    after: auditView(after),
    log: options.log ?? `Segment updated: ${after.name}`,
    object: after,
    scope: { projectId: after.projectId },
  });
  return after;
}

/** Rules as they would read back after a write: `delete`d parts gone, absent fields null. */
function normalise(rules: TRuleInput[]): TRuleInput[] {
  const live = <T extends { delete?: boolean }>(items: T[] | undefined) =>
    (items ?? []).filter((i) => !i.delete);
  const rule = (r: TRuleInput): TRuleInput => ({
    type: r.type,
    conditions: live(r.conditions).map((c) => ({
      property: c.property ?? null,
      operator: c.operator,
      value: c.value ?? null,
      description: c.description ?? null,
    })),
    rules: live(r.rules as TRuleInput[] | undefined).map(
      (child) => rule(child) as NonNullable<TRuleInput["rules"]>[number],
    ),
  });
  return live(rules).map(rule);
}

/** Whether `rules` would change the segment's stored rules. */
export function rulesDiffer(segment: LoadedSegment, rules: TRuleInput[]): boolean {
  return JSON.stringify(rulesOf(segment)) !== JSON.stringify(normalise(rules));
}

async function requireProjectSegment(scope: Scope, segmentId: number) {
  await requireProject(scope.userId, scope.projectId);
  const segment = await db.segment.findFirst({
    where: { id: segmentId, projectId: scope.projectId },
    select: { id: true },
  });
  if (!segment) throw new NotFoundError();
  return segment;
}

type VersionRow = Awaited<ReturnType<typeof db.segmentVersion.findFirstOrThrow>>;

function serializeVersion(row: VersionRow, authors: Map<number, string>) {
  return {
    id: row.id,
    segment: row.segmentId,
    version: row.version,
    name: row.name,
    description: row.description,
    rules: JSON.parse(row.rules) as TRuleInput[],
    reason: row.reason as SegmentVersionReason,
    created_at: row.createdAt.toISOString(),
    author:
      row.authorId !== null && authors.has(row.authorId)
        ? { id: row.authorId, email: authors.get(row.authorId)! }
        : null,
  };
}

async function authorsOf(rows: VersionRow[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.authorId === null ? [] : [r.authorId])))];
  const users = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  return new Map(users.map((u) => [u.id, u.email]));
}

/** A segment's kept versions, newest first. */
export async function listSegmentVersions(
  scope: Scope,
  segmentId: number,
  request: Request,
  query: TSegmentVersionListQuery,
) {
  const segment = await requireProjectSegment(scope, segmentId);
  const window = pageWindow(query, MAX_PAGE_SIZE);
  const [count, rows] = await Promise.all([
    db.segmentVersion.count({ where: { segmentId: segment.id } }),
    db.segmentVersion.findMany({
      where: { segmentId: segment.id },
      orderBy: { version: "desc" },
      skip: window.skip,
      take: window.take,
    }),
  ]);
  const authors = await authorsOf(rows);
  return buildPage(
    request,
    window,
    count,
    rows.map((row) => serializeVersion(row, authors)),
  );
}

/** Makes a kept version's rules (and name and description) the segment's again. */
export async function restoreSegmentVersion(scope: Scope, segmentId: number, versionId: number) {
  const segment = await requireProjectSegment(scope, segmentId);
  const version = await db.segmentVersion.findFirst({ where: { id: versionId, segmentId: segment.id } });
  if (!version) throw new NotFoundError();
  const after = await db.$transaction((tx) =>
    applySegmentRules(tx, {
      segmentId: segment.id,
      rules: JSON.parse(version.rules) as TRuleInput[],
      authorId: scope.userId,
      reason: "RESTORED",
      log: `Segment restored to version ${version.version}: ${version.name}`,
      fields: { name: version.name, description: version.description },
    }),
  );
  return serializeSegment(after);
}
