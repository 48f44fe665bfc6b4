// The permission-grant endpoints: a user's or a group's grant on an organisation, a project or
// an environment (Flagsmith's user-permissions and user-group-permissions). The twelve route
// files differ only in their level and holder, so each is one call here. It lives beside the
// wrapper, not in lib/permissions: the wrapper imports the permission rules, and a domain
// folder never imports the wrapper.
import type { z } from "zod";
import { forbidden, noContent, notFound, ok } from "@/lib/openapi/shared";
import type { Tag } from "@/lib/openapi/tags";
import type { ResponseSpec } from "@/lib/openapi/types";
import {
  createGrant,
  deleteGrant,
  environmentScope,
  getGrant,
  listGrants,
  organisationScope,
  projectScope,
  updateGrant,
  type GrantScope,
  type Subject,
} from "@/lib/permissions/grants";
import { ZGroupGrant, ZGroupGrantList, ZUserGrant, ZUserGrantList } from "@/lib/permissions/responses";
import type { PermissionRule } from "@/lib/permissions/rule";
import {
  ZEnvironmentGrantParams,
  ZEnvironmentScopeParams,
  ZGroupGrantPatch,
  ZGroupGrantWrite,
  ZOrganisationGrantParams,
  ZOrganisationScopeParams,
  ZProjectGrantParams,
  ZProjectScopeParams,
  ZUserGrantPatch,
  ZUserGrantWrite,
} from "@/lib/permissions/schemas";
import { withApi } from "./handler";

// Each level's path parameter names the object; only its admins manage the grants on it.
const LEVELS = {
  organisation: {
    name: "Organisation",
    prose: "an organisation",
    listParams: ZOrganisationScopeParams,
    grantParams: ZOrganisationGrantParams,
    permission: {
      organisation: "ADMIN",
      of: (c: { params: { organisationId: number } }) => c.params.organisationId,
    },
    scope: (p: { organisationId: number }) => organisationScope(p.organisationId),
  },
  project: {
    name: "Project",
    prose: "a project",
    listParams: ZProjectScopeParams,
    grantParams: ZProjectGrantParams,
    permission: { project: "ADMIN", of: (c: { params: { projectId: number } }) => c.params.projectId },
    scope: (p: { projectId: number }) => projectScope(p.projectId),
  },
  environment: {
    name: "Environment",
    prose: "an environment",
    listParams: ZEnvironmentScopeParams,
    grantParams: ZEnvironmentGrantParams,
    permission: { environment: "ADMIN", of: (c: { params: { apiKey: string } }) => c.params.apiKey },
    scope: (p: { apiKey: string }) => environmentScope(p.apiKey),
  },
} as const;

const HOLDERS = {
  user: {
    name: "User",
    grant: ZUserGrant,
    list: ZUserGrantList,
    write: ZUserGrantWrite,
    patch: ZUserGrantPatch,
  },
  group: {
    name: "Group",
    grant: ZGroupGrant,
    list: ZGroupGrantList,
    write: ZGroupGrantWrite,
    patch: ZGroupGrantPatch,
  },
} as const;

type LevelName = keyof typeof LEVELS;

/**
 * The level's parts with their parameter types widened to one shape: the three levels differ
 * in which path parameter names the object, and the wrapper's generics would otherwise carry
 * a union of three schemas through every handler.
 */
function levelOf(levelName: LevelName) {
  const level = LEVELS[levelName];
  const noun = levelName;
  return {
    ...level,
    noun,
    listParams: level.listParams as unknown as z.ZodType<object>,
    grantParams: level.grantParams as unknown as z.ZodType<{ grantId: number }>,
    permission: level.permission as unknown as PermissionRule<{ params: unknown }>,
    scope: level.scope as unknown as (params: object) => Promise<GrantScope>,
    forbidden: forbidden(`The caller is not an admin of the ${noun}`),
  };
}

const TAG: Tag = "Members and permissions";

/** GET (list) and POST (create) of `…/{object}/user-permissions/` or `…/user-group-permissions/`. */
export function grantListRoutes(levelName: LevelName, subject: Subject) {
  const level = levelOf(levelName);
  const holder = HOLDERS[subject];
  const params = level.listParams;
  const permission = level.permission;
  const GET = withApi(
    {
      auth: "user",
      permission,
      params,
      openapi: {
        operationId: `list${holder.name}${level.name}Permissions`,
        summary: `List ${subject} grants on ${level.prose}`,
        tag: TAG,
        responses: {
          200: ok("The grants.", holder.list),
          403: level.forbidden,
          404: notFound(`The ${level.noun}`),
        },
      },
    },
    async ({ params }) => listGrants(await level.scope(params), subject),
  );
  const POST = withApi(
    {
      auth: "user",
      permission,
      params,
      body: holder.write,
      status: 201,
      openapi: {
        operationId: `create${holder.name}${level.name}Permission`,
        summary: `Grant a ${subject} permissions on ${level.prose}`,
        description: `One grant per ${subject}; the keys must be ${level.noun} keys.`,
        tag: TAG,
        responses: {
          201: ok("The grant.", holder.grant),
          403: level.forbidden,
          404: notFound(`The ${level.noun}`),
        },
      },
    },
    async ({ params, body }) => createGrant(await level.scope(params), subject, body),
  );
  return { GET, POST };
}

/** GET, PUT, PATCH and DELETE of one grant, `…/user-permissions/{id}/` or `…/user-group-permissions/{id}/`. */
export function grantRoutes(levelName: LevelName, subject: Subject) {
  const level = levelOf(levelName);
  const holder = HOLDERS[subject];
  const params = level.grantParams;
  const permission = level.permission;
  const responses = (success: Record<number, ResponseSpec>) => ({
    ...success,
    403: level.forbidden,
    404: notFound(`The ${level.noun} or the grant`),
  });
  const doc = (verb: string, summary: string) => ({
    operationId: `${verb}${holder.name}${level.name}Permission`,
    summary: `${summary} a ${subject} grant`,
    tag: TAG,
  });
  const GET = withApi(
    {
      auth: "user",
      permission,
      params,
      openapi: { ...doc("get", "Get"), responses: responses({ 200: ok("The grant.", holder.grant) }) },
    },
    async ({ params }) => getGrant(await level.scope(params), subject, params.grantId),
  );
  const PUT = withApi(
    {
      auth: "user",
      permission,
      params,
      body: holder.write,
      openapi: { ...doc("update", "Update"), responses: responses({ 200: ok("The grant.", holder.grant) }) },
    },
    async ({ params, body }) => updateGrant(await level.scope(params), subject, params.grantId, body),
  );
  const PATCH = withApi(
    {
      auth: "user",
      permission,
      params,
      body: holder.patch,
      openapi: {
        ...doc("partialUpdate", "Partially update"),
        responses: responses({ 200: ok("The grant.", holder.grant) }),
      },
    },
    async ({ params, body }) => updateGrant(await level.scope(params), subject, params.grantId, body),
  );
  const DELETE = withApi(
    {
      auth: "user",
      permission,
      params,
      status: 204,
      openapi: { ...doc("delete", "Revoke"), responses: responses({ 204: noContent("Revoked.") }) },
    },
    async ({ params }) => deleteGrant(await level.scope(params), subject, params.grantId),
  );
  return { GET, PUT, PATCH, DELETE };
}
