// Request schemas of the members, groups and permissions endpoints (Flagsmith's shapes).
import { z } from "zod";
import { pathParams, zId } from "@/lib/api/params";

export const ZOrganisationScopeParams = pathParams({ organisationId: zId });
export const ZMemberParams = pathParams({ organisationId: zId, userId: zId });
export const ZGroupParams = pathParams({ organisationId: zId, groupId: zId });
export const ZGroupMemberParams = pathParams({ organisationId: zId, groupId: zId, userId: zId });
export const ZProjectScopeParams = pathParams({ projectId: zId });
export const ZEnvironmentScopeParams = pathParams({ apiKey: z.string().min(1).max(100) });
export const ZOrganisationGrantParams = pathParams({ organisationId: zId, grantId: zId });
export const ZProjectGrantParams = pathParams({ projectId: zId, grantId: zId });
export const ZEnvironmentGrantParams = pathParams({ apiKey: z.string().min(1).max(100), grantId: zId });
export const ZOrganisationUserParams = pathParams({ organisationId: zId, userId: zId });
export const ZProjectUserParams = pathParams({ projectId: zId, userId: zId });
export const ZEnvironmentUserParams = pathParams({ apiKey: z.string().min(1).max(100), userId: zId });

export const ZMemberListQuery = z.object({
  exclude_current: z
    .enum(["true", "false", "True", "False", "1", "0"])
    .optional()
    .describe("Leave out the caller"),
});

export const ZRemoveUsers = z
  .array(z.object({ id: z.int().describe("User id") }))
  .describe("The members to remove from the organisation");
export type TRemoveUsers = z.infer<typeof ZRemoveUsers>;

export const ZUpdateRole = z.object({ role: z.enum(["ADMIN", "USER"]).describe("Organisation role") });
export type TUpdateRole = z.infer<typeof ZUpdateRole>;

export const ZGroupWrite = z.object({
  name: z.string().trim().min(1).max(200).describe("Name, unique in the organisation"),
  is_default: z.boolean().optional().describe("New members of the organisation join this group"),
  external_id: z.string().max(255).nullable().optional().describe("Id of the group in an identity provider"),
  users: z.array(z.int()).optional().describe("Ids of the members (replaces the member list)"),
});
export const ZGroupPatch = ZGroupWrite.partial();
export type TGroupWrite = z.infer<typeof ZGroupPatch>;

export const ZUserIds = z.object({ user_ids: z.array(z.int()).describe("User ids") });
export type TUserIds = z.infer<typeof ZUserIds>;

const permissions = z.array(z.string().max(100)).max(100).describe("Permission keys granted");
const admin = z.boolean().describe("Admin of the object: every permission");

export const ZUserGrantWrite = z.object({
  user: z.int().describe("User id (a member of the organisation)"),
  permissions: permissions.optional(),
  admin: admin.optional(),
});
export const ZGroupGrantWrite = z.object({
  group: z.int().describe("Group id (a group of the organisation)"),
  permissions: permissions.optional(),
  admin: admin.optional(),
});
export const ZUserGrantPatch = ZUserGrantWrite.partial();
export const ZGroupGrantPatch = ZGroupGrantWrite.partial();
export type TGrantWrite = { user?: number; group?: number; permissions?: string[]; admin?: boolean };
