// Request schemas of a project's tags, after Flagsmith's TagSerializer: project, uuid,
// is_system_tag and type are read-only (ignored when sent).
import { z } from "zod";
import { ZPageQuery } from "@/lib/api/pagination";
import { pathParams, zId } from "@/lib/api/params";

const fields = {
  label: z.string().trim().min(1).max(100).describe("Name shown on the tag chip"),
  color: z.string().trim().min(1).max(10).optional().describe("Hexadecimal colour, e.g. #6837FC (default)"),
  description: z.string().trim().max(512).nullable().optional().describe("Free text"),
  is_permanent: z.boolean().optional().describe("Features with a permanent tag are never reported as stale"),
};

export const ZTagCreate = z.object(fields);
export type TTagCreate = z.infer<typeof ZTagCreate>;
export const ZTagPatch = z.object({ ...fields, label: fields.label.optional() });
export type TTagPatch = z.infer<typeof ZTagPatch>;
export const ZTagListQuery = ZPageQuery;

export const ZProjectTagsParams = pathParams({ projectId: zId });
export const ZTagParams = pathParams({ projectId: zId, tagId: zId });
// Flagsmith's URL pattern takes hex digits and hyphens; anything else is no route (404).
export const ZTagUuidParams = pathParams({ projectId: zId, tagUuid: z.string().regex(/^[0-9a-f-]{1,64}$/) });
