import {
  ZEnvironmentUserParams,
  ZOrganisationUserParams,
  ZProjectUserParams,
} from "@/lib/permissions/schemas";
import { ZUserDetailedPermissions } from "../responses/detailed-permissions";
import type { Operation } from "../types";
import { forbidden, notAuthenticated, notFound, ok } from "./shared";

const KINDS = [
  { name: "Organisation", base: "/api/v1/organisations/{organisationId}", params: ZOrganisationUserParams },
  { name: "Project", base: "/api/v1/projects/{projectId}", params: ZProjectUserParams },
  { name: "Environment", base: "/api/v1/environments/{apiKey}", params: ZEnvironmentUserParams },
] as const;

export const detailedPermissionOperations: Operation[] = KINDS.map((k) => {
  const noun = k.name.toLowerCase();
  return {
    method: "get",
    path: `${k.base}/user-detailed-permissions/{userId}/`,
    operationId: `get${k.name}UserDetailedPermissions`,
    summary: `Get a member's permissions on ${k.name === "Environment" ? "an" : "a"} ${noun}, with their sources`,
    description: `Any member may ask about themselves; about another member, only an admin of the ${noun}. Each key says whether the member's own grant gives it and which groups do; admin says whether it comes from the member (organisation admin, own admin grant) or which groups give it.`,
    tag: "Members and permissions",
    security: "token",
    params: k.params,
    status: 200,
    responses: {
      200: ok("The member's permissions and their sources.", ZUserDetailedPermissions),
      401: notAuthenticated,
      403: forbidden(`The user is someone else and the caller is not an admin of the ${noun}`),
      404: notFound(`The ${noun}, or the user in its organisation,`),
    },
  };
});
