// A project's tags: list, create, read, update, delete. Every write is audited; deleting a tag
// takes it off every feature (the join rows cascade).
import { NotFoundError, ValidationError } from "@/lib/api/errors";
import { buildPage, FIXED_PAGE_SIZE, pageWindow, type TPageQuery } from "@/lib/api/pagination";
import { recordAudit } from "@/lib/audit/record";
import { db, type Tx } from "@/lib/db/client";
import { generateUuid } from "@/lib/keys";
import { requireProject } from "@/lib/organisations/access";
import { serializeTag, type TagRow } from "./serializers";
import type { TTagCreate, TTagPatch } from "./schemas";

type Scope = { userId: number; projectId: number };

async function requireTag(scope: Scope, tagId: number) {
  await requireProject(scope.userId, scope.projectId);
  const tag = await db.tag.findFirst({ where: { id: tagId, projectId: scope.projectId } });
  if (!tag) throw new NotFoundError();
  return tag;
}

function auditFields(tag: TagRow) {
  const { label, color, description, isPermanent } = tag;
  return { label, color, description, isPermanent };
}

function tagEntry(before: TagRow | null, after: TagRow | null, log: string) {
  const tag = (after ?? before) as TagRow;
  return {
    type: "TAG" as const,
    before: before && auditFields(before),
    after: after && auditFields(after),
    log,
    object: tag,
    scope: { projectId: tag.projectId },
  };
}

export async function listTags(scope: Scope, request: Request, query: TPageQuery) {
  await requireProject(scope.userId, scope.projectId);
  const window = pageWindow(query, FIXED_PAGE_SIZE);
  const where = { projectId: scope.projectId };
  const [count, tags] = await Promise.all([
    db.tag.count({ where }),
    db.tag.findMany({ where, orderBy: { id: "asc" }, skip: window.skip, take: window.take }),
  ]);
  return buildPage(request, window, count, tags.map(serializeTag));
}

export async function getTag(scope: Scope, tagId: number) {
  return serializeTag(await requireTag(scope, tagId));
}

/** A tag of the project by uuid: another project's tag answers 404 like an unknown uuid. */
export async function getTagByUuid(scope: Scope, uuid: string) {
  await requireProject(scope.userId, scope.projectId);
  const tag = await db.tag.findFirst({ where: { uuid, projectId: scope.projectId } });
  if (!tag) throw new NotFoundError();
  return serializeTag(tag);
}

export async function createTag(scope: Scope, input: TTagCreate) {
  await requireProject(scope.userId, scope.projectId);
  const tag = await db.$transaction(async (tx) => {
    const created = await tx.tag.create({
      data: {
        uuid: generateUuid(),
        projectId: scope.projectId,
        label: input.label,
        color: input.color,
        description: input.description ?? null,
        isPermanent: input.is_permanent ?? false,
      },
    });
    await recordAudit(tx, tagEntry(null, created, `Tag created: ${created.label}`));
    return created;
  });
  return serializeTag(tag);
}

export async function updateTag(scope: Scope, tagId: number, input: TTagPatch) {
  const before = await requireTag(scope, tagId);
  // Flagsmith's own tags (none in Ensign, kept for the shape) cannot be edited.
  if (before.isSystemTag) throw ValidationError.nonField("Cannot update a system tag.");
  const tag = await db.$transaction(async (tx) => {
    const after = await tx.tag.update({
      where: { id: before.id },
      data: {
        label: input.label,
        color: input.color,
        description: input.description,
        isPermanent: input.is_permanent,
      },
    });
    await recordAudit(tx, tagEntry(before, after, `Tag updated: ${after.label}`));
    return after;
  });
  return serializeTag(tag);
}

export async function deleteTag(scope: Scope, tagId: number) {
  const tag = await requireTag(scope, tagId);
  if (tag.isSystemTag) throw new ValidationError({ message: "Cannot delete a system tag." });
  await db.$transaction(async (tx) => {
    await recordAudit(tx, tagEntry(tag, null, `Tag deleted: ${tag.label}`));
    await tx.tag.delete({ where: { id: tag.id } });
  });
}

/**
 * The tag ids of a feature write, checked against the project: Flagsmith answers an unknown id
 * with its related-field error and a tag of another project with a non-field error.
 */
export async function assertProjectTags(tx: Tx, projectId: number, tagIds: number[]) {
  const unique = [...new Set(tagIds)];
  const found = await tx.tag.findMany({
    where: { id: { in: unique } },
    select: { id: true, projectId: true },
  });
  const missing = unique.find((id) => !found.some((t) => t.id === id));
  if (missing !== undefined) {
    throw ValidationError.field("tags", `Invalid pk "${missing}" - object does not exist.`);
  }
  if (found.some((t) => t.projectId !== projectId)) {
    throw new ValidationError({
      non_field_errors: ["Selected Tags must be from the same Project as current Feature"],
    });
  }
  return unique;
}
