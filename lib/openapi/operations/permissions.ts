import { ZPageQuery } from "@/lib/api/pagination";
import {
  ZEnvironmentGrantParams,
  ZEnvironmentScopeParams,
  ZGroupGrantPatch,
  ZGroupGrantWrite,
  ZGroupMemberParams,
  ZGroupParams,
  ZGroupPatch,
  ZGroupWrite,
  ZMemberListQuery,
  ZMemberParams,
  ZOrganisationGrantParams,
  ZOrganisationScopeParams,
  ZProjectGrantParams,
  ZProjectScopeParams,
  ZRemoveUsers,
  ZUpdateRole,
  ZUserGrantPatch,
  ZUserGrantWrite,
  ZUserIds,
} from "@/lib/permissions/schemas";
import {
  ZGroup,
  ZGroupDetail,
  ZGroupGrant,
  ZGroupGrantList,
  ZGroupPage,
  ZGroupSummaries,
  ZMember,
  ZMyPermissions,
  ZPermissionKeys,
  ZRemovedUsers,
  ZUserGrant,
  ZUserGrantList,
} from "../responses/permissions";
import type { Operation } from "../types";
import {
  forbidden,
  invalidBody,
  invalidPage,
  invalidQuery,
  noContent,
  notAuthenticated,
  notFound,
  ok,
} from "./shared";

const tag = "Members and permissions";
const security = "token";
const org = "/api/v1/organisations/{organisationId}";
const notAdmin = forbidden("The caller is not an admin of the organisation");
const notGroupManager = forbidden("The caller lacks MANAGE_USER_GROUPS in the organisation");
const orgMissing = notFound("The organisation");
const groupMissing = notFound("The organisation or the group");

const memberOperations: Operation[] = [
  {
    method: "get",
    path: `${org}/users/`,
    operationId: "listOrganisationUsers",
    summary: "List the members of an organisation",
    description: "Every member with their role; any member may list them.",
    tag,
    security,
    params: ZOrganisationScopeParams,
    query: ZMemberListQuery,
    status: 200,
    responses: {
      200: ok("The members.", ZMember.array()),
      400: invalidQuery,
      401: notAuthenticated,
      404: orgMissing,
    },
  },
  {
    method: "post",
    path: `${org}/remove-users/`,
    operationId: "removeOrganisationUsers",
    summary: "Remove members from an organisation",
    description:
      "Removes each user with their grants and group memberships in the organisation; their sessions and tokens no longer reach it. The last admin cannot be removed.",
    tag,
    security,
    params: ZOrganisationScopeParams,
    body: ZRemoveUsers,
    status: 200,
    responses: {
      200: ok("The removed users.", ZRemovedUsers),
      400: invalidBody,
      401: notAuthenticated,
      403: notAdmin,
      404: orgMissing,
    },
  },
  {
    method: "post",
    path: `${org}/users/{userId}/update-role/`,
    operationId: "updateOrganisationUserRole",
    summary: "Change a member's role",
    description: "ADMIN or USER. The last admin cannot be demoted (400).",
    tag,
    security,
    params: ZMemberParams,
    body: ZUpdateRole,
    status: 200,
    responses: {
      200: ok("The member.", ZMember),
      400: invalidBody,
      401: notAuthenticated,
      403: notAdmin,
      404: notFound("The organisation or the member"),
    },
  },
];

const groupOperations: Operation[] = [
  {
    method: "get",
    path: `${org}/groups/`,
    operationId: "listGroups",
    summary: "List groups",
    description:
      "With MANAGE_USER_GROUPS every group; otherwise the groups the caller administers. 10 per page.",
    tag,
    security,
    params: ZOrganisationScopeParams,
    query: ZPageQuery,
    status: 200,
    responses: { 200: ok("A page of groups.", ZGroupPage), 401: notAuthenticated, 404: invalidPage },
  },
  {
    method: "post",
    path: `${org}/groups/`,
    operationId: "createGroup",
    summary: "Create a group",
    tag,
    security,
    params: ZOrganisationScopeParams,
    body: ZGroupWrite,
    status: 201,
    responses: {
      201: ok("The group.", ZGroup),
      400: invalidBody,
      401: notAuthenticated,
      403: notGroupManager,
      404: orgMissing,
    },
  },
  {
    method: "get",
    path: `${org}/groups/my-groups/`,
    operationId: "listMyGroups",
    summary: "List the caller's groups",
    tag,
    security,
    params: ZOrganisationScopeParams,
    status: 200,
    responses: { 200: ok("The groups.", ZGroupSummaries), 401: notAuthenticated, 404: orgMissing },
  },
  {
    method: "get",
    path: `${org}/groups/summaries/`,
    operationId: "listGroupSummaries",
    summary: "List every group of the organisation, briefly",
    description: "Every group as `{id, name}`, unpaged, for any member of the organisation.",
    tag,
    security,
    params: ZOrganisationScopeParams,
    status: 200,
    responses: { 200: ok("The groups.", ZGroupSummaries), 401: notAuthenticated, 404: orgMissing },
  },
  {
    method: "get",
    path: `${org}/groups/{groupId}/`,
    operationId: "getGroup",
    summary: "Get a group",
    tag,
    security,
    params: ZGroupParams,
    status: 200,
    responses: {
      200: ok("The group.", ZGroupDetail),
      401: notAuthenticated,
      403: notGroupManager,
      404: groupMissing,
    },
  },
  ...(["put", "patch"] as const).map((method): Operation => ({
    method,
    path: `${org}/groups/{groupId}/`,
    operationId: method === "put" ? "updateGroup" : "partialUpdateGroup",
    summary: method === "put" ? "Update a group" : "Partially update a group",
    description: "`users`, when given, replaces the members.",
    tag,
    security,
    params: ZGroupParams,
    body: method === "put" ? ZGroupWrite : ZGroupPatch,
    status: 200,
    responses: {
      200: ok("The group.", ZGroup),
      400: invalidBody,
      401: notAuthenticated,
      403: notGroupManager,
      404: groupMissing,
    },
  })),
  {
    method: "delete",
    path: `${org}/groups/{groupId}/`,
    operationId: "deleteGroup",
    summary: "Delete a group",
    tag,
    security,
    params: ZGroupParams,
    status: 204,
    responses: {
      204: noContent("Deleted, with its grants."),
      401: notAuthenticated,
      403: notGroupManager,
      404: groupMissing,
    },
  },
  ...(["add", "remove"] as const).map((verb): Operation => ({
    method: "post",
    path: `${org}/groups/{groupId}/${verb}-users/`,
    operationId: `${verb}GroupUsers`,
    summary: verb === "add" ? "Add members to a group" : "Remove members from a group",
    description: "Only organisation admins may add or remove themselves.",
    tag,
    security,
    params: ZGroupParams,
    body: ZUserIds,
    status: 200,
    responses: {
      200: ok("The group.", ZGroupDetail),
      400: invalidBody,
      401: notAuthenticated,
      403: notGroupManager,
      404: groupMissing,
    },
  })),
  ...(["make", "remove"] as const).map((verb): Operation => ({
    method: "post",
    path: `${org}/groups/{groupId}/users/{userId}/${verb}-admin/`,
    operationId: verb === "make" ? "makeGroupAdmin" : "removeGroupAdmin",
    summary: verb === "make" ? "Make a member the group's admin" : "Remove a member as the group's admin",
    tag,
    security,
    params: ZGroupMemberParams,
    status: 200,
    responses: {
      200: noContent("Done."),
      401: notAuthenticated,
      403: notAdmin,
      404: notFound("The organisation, the group or its member"),
    },
  })),
];

const KINDS = [
  {
    name: "Organisation",
    plural: "organisations",
    base: org,
    params: ZOrganisationScopeParams,
    grant: ZOrganisationGrantParams,
  },
  {
    name: "Project",
    plural: "projects",
    base: "/api/v1/projects/{projectId}",
    params: ZProjectScopeParams,
    grant: ZProjectGrantParams,
  },
  {
    name: "Environment",
    plural: "environments",
    base: "/api/v1/environments/{apiKey}",
    params: ZEnvironmentScopeParams,
    grant: ZEnvironmentGrantParams,
  },
] as const;

const keyOperations: Operation[] = KINDS.map((k) => ({
  method: "get",
  path: `/api/v1/${k.plural}/permissions/`,
  operationId: `list${k.name}PermissionKeys`,
  summary: `List the permission keys of ${k.plural}`,
  tag,
  security,
  status: 200,
  responses: { 200: ok("The keys.", ZPermissionKeys), 401: notAuthenticated },
}));

const myOperations: Operation[] = KINDS.map((k) => ({
  method: "get",
  path: `${k.base}/my-permissions/`,
  operationId: `getMy${k.name}Permissions`,
  summary: `Get the caller's permissions on ${k.name === "Environment" ? "an" : "a"} ${k.name.toLowerCase()}`,
  description: "Through the caller's own grants, their groups' grants and admin roles.",
  tag,
  security,
  params: k.params,
  status: 200,
  responses: {
    200: ok("The permissions.", ZMyPermissions),
    401: notAuthenticated,
    404: notFound(`The ${k.name.toLowerCase()}`),
  },
}));

const grantOperations: Operation[] = KINDS.flatMap((k) =>
  (["User", "Group"] as const).flatMap((subject): Operation[] => {
    const segment = subject === "User" ? "user-permissions" : "user-group-permissions";
    const list = `${k.base}/${segment}/`;
    const one = `${list}{grantId}/`;
    const what = `${subject}${k.name}Permission`;
    const denied = forbidden(`The caller is not an admin of the ${k.name.toLowerCase()}`);
    const missing = notFound(`The ${k.name.toLowerCase()}`);
    const missingGrant = notFound(`The ${k.name.toLowerCase()} or the grant`);
    const write = subject === "User" ? ZUserGrantWrite : ZGroupGrantWrite;
    const patch = subject === "User" ? ZUserGrantPatch : ZGroupGrantPatch;
    const item = subject === "User" ? ZUserGrant : ZGroupGrant;
    const common = { tag, security } as const;
    return [
      {
        ...common,
        method: "get",
        path: list,
        operationId: `list${what}s`,
        summary: `List ${subject.toLowerCase()} grants on ${k.name === "Environment" ? "an" : "a"} ${k.name.toLowerCase()}`,
        params: k.params,
        status: 200,
        responses: {
          200: ok("The grants.", subject === "User" ? ZUserGrantList : ZGroupGrantList),
          401: notAuthenticated,
          403: denied,
          404: missing,
        },
      },
      {
        ...common,
        method: "post",
        path: list,
        operationId: `create${what}`,
        summary: `Grant a ${subject.toLowerCase()} permissions on ${k.name === "Environment" ? "an" : "a"} ${k.name.toLowerCase()}`,
        description: `One grant per ${subject.toLowerCase()}; the keys must be ${k.name.toLowerCase()} keys.`,
        params: k.params,
        body: write,
        status: 201,
        responses: {
          201: ok("The grant.", item),
          400: invalidBody,
          401: notAuthenticated,
          403: denied,
          404: missing,
        },
      },
      {
        ...common,
        method: "get",
        path: one,
        operationId: `get${what}`,
        summary: `Get a ${subject.toLowerCase()} grant`,
        params: k.grant,
        status: 200,
        responses: { 200: ok("The grant.", item), 401: notAuthenticated, 403: denied, 404: missingGrant },
      },
      ...(["put", "patch"] as const).map((method): Operation => ({
        ...common,
        method,
        path: one,
        operationId: `${method === "put" ? "update" : "partialUpdate"}${what}`,
        summary: `${method === "put" ? "Update" : "Partially update"} a ${subject.toLowerCase()} grant`,
        params: k.grant,
        body: method === "put" ? write : patch,
        status: 200,
        responses: {
          200: ok("The grant.", item),
          400: invalidBody,
          401: notAuthenticated,
          403: denied,
          404: missingGrant,
        },
      })),
      {
        ...common,
        method: "delete",
        path: one,
        operationId: `delete${what}`,
        summary: `Revoke a ${subject.toLowerCase()} grant`,
        params: k.grant,
        status: 204,
        responses: { 204: noContent("Revoked."), 401: notAuthenticated, 403: denied, 404: missingGrant },
      },
    ];
  }),
);

export const permissionOperations: Operation[] = [
  ...memberOperations,
  ...groupOperations,
  ...keyOperations,
  ...myOperations,
  ...grantOperations,
];
