import { z } from "zod";
import { paged, zBool, zDateTime, zInt, zText, zUuid } from "@/lib/api/response-schemas";

const lastLogin = z.iso.datetime().nullable().meta({ description: "Last sign-in; null if never." });

export const ZUserSummary = z
  .strictObject({
    id: zInt("Numeric id of the user."),
    email: zText("Email address."),
    first_name: zText("First name."),
    last_name: zText("Last name."),
    last_login: lastLogin,
    uuid: zUuid("UUID of the user."),
  })
  .meta({ id: "UserSummary", description: "A user." });

export const ZMember = ZUserSummary.extend({
  role: z
    .enum(["ADMIN", "USER"])
    .meta({ description: "Role in the organisation: ADMIN passes every check." }),
  date_joined: zDateTime("When the account was created."),
}).meta({ id: "OrganisationMember", description: "A member of an organisation." });

export const ZRemovedUsers = z
  .array(z.strictObject({ id: zInt("Numeric id of the removed user.") }))
  .meta({ id: "RemovedUsers", description: "The users removed." });

const ZGroupMember = z
  .strictObject({
    id: zInt("Numeric id of the user."),
    email: zText("Email address."),
    first_name: zText("First name."),
    last_name: zText("Last name."),
    last_login: lastLogin,
    group_admin: zBool("Whether the member administers the group."),
  })
  .meta({ id: "GroupMember", description: "A member of a group." });

const groupFields = {
  id: zInt("Numeric id of the group."),
  name: zText("Name of the group."),
  is_default: zBool("Whether new members of the organisation join the group."),
  external_id: z.string().nullable().meta({ description: "Id of the group in an identity provider." }),
};

export const ZGroupDetail = z
  .strictObject({
    ...groupFields,
    users: z.array(ZGroupMember).meta({ description: "Members of the group." }),
  })
  .meta({ id: "GroupDetail", description: "A group with its members." });

export const ZGroup = z
  .strictObject({
    ...groupFields,
    users: z.array(zInt("Numeric id of a member.")).meta({ description: "Ids of the members." }),
  })
  .meta({ id: "Group", description: "A group with its members' ids." });

export const ZGroupPage = paged(ZGroupDetail, "GroupPage", "groups");

export const ZGroupSummaries = z
  .array(z.strictObject({ id: zInt("Numeric id of the group."), name: zText("Name of the group.") }))
  .meta({ id: "GroupSummaries", description: "Groups, by id and name." });

export const ZPermissionKeys = z
  .array(
    z.strictObject({
      key: zText("Permission key, e.g. VIEW_PROJECT."),
      description: zText("What the key allows."),
      supports_tag: zBool("Whether the key can be limited to tagged features (never, in Ensign)."),
    }),
  )
  .meta({ id: "PermissionKeys", description: "The permission keys of one kind of object." });

export const ZMyPermissions = z
  .strictObject({
    permissions: z.array(z.string()).meta({ description: "Keys the caller holds on the object." }),
    admin: zBool("Whether the caller administers the object (every key)."),
    tag_based_permissions: z.array(z.unknown()).meta({ description: "Always empty in Ensign." }),
  })
  .meta({ id: "MyPermissions", description: "The caller's permissions on an object." });

const permissions = z.array(z.string()).meta({ description: "Permission keys granted." });
const admin = zBool("Admin of the object: every key (absent on organisation grants).").optional();

export const ZUserGrant = z
  .strictObject({
    id: zInt("Numeric id of the grant."),
    user: zInt("Numeric id of the user."),
    permissions,
    admin,
  })
  .meta({ id: "UserGrant", description: "A user's permissions on an object." });

export const ZUserGrantList = z
  .array(z.strictObject({ id: zInt("Numeric id of the grant."), user: ZUserSummary, permissions, admin }))
  .meta({ id: "UserGrantList", description: "The users' grants on an object." });

export const ZGroupGrant = z
  .strictObject({
    id: zInt("Numeric id of the grant."),
    group: zInt("Numeric id of the group."),
    permissions,
    admin,
  })
  .meta({ id: "GroupGrant", description: "A group's permissions on an object." });

export const ZGroupGrantList = z
  .array(z.strictObject({ id: zInt("Numeric id of the grant."), group: ZGroup, permissions, admin }))
  .meta({ id: "GroupGrantList", description: "The groups' grants on an object." });
