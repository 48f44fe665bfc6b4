import { z } from "zod";
import { zBool, zInt, zText } from "@/lib/api/response-schemas";

const ZGroupSource = z
  .strictObject({ id: zInt("Id of the group."), name: zText("Name of the group.") })
  .meta({ id: "PermissionGroupSource", description: "A group the user belongs to." });

const ZRoleSource = z
  .strictObject({
    id: zInt("Id of the role."),
    name: zText("Name of the role."),
    tags: z.array(z.int()).meta({ description: "Tags the role is limited to." }),
  })
  .meta({ id: "PermissionRoleSource", description: "A role (never sent by Ensign, which has no roles)." });

const ZDerivedFrom = z
  .strictObject({
    groups: z.array(ZGroupSource).meta({ description: "Groups that give it." }),
    roles: z.array(ZRoleSource).meta({ description: "Roles that give it: always empty in Ensign." }),
  })
  .meta({
    id: "PermissionDerivedFrom",
    description: "Where a permission comes from besides the user's own grant.",
  });

const directly = zBool("Whether the user's own grant gives it.");

export const ZUserDetailedPermissions = z
  .strictObject({
    admin: zBool("Whether the user administers the object (every key), by any route."),
    is_directly_granted: zBool(
      "Whether admin comes from the user: organisation admin, or their own admin grant on the object (or, for an environment, on its project).",
    ),
    derived_from: ZDerivedFrom,
    permissions: z
      .array(
        z
          .strictObject({
            permission_key: zText("The permission key."),
            is_directly_granted: directly,
            derived_from: ZDerivedFrom,
          })
          .meta({ id: "DetailedPermission", description: "One key granted explicitly, and by whom." }),
      )
      .meta({ description: "The keys granted explicitly (an admin holds every key besides these)." }),
  })
  .meta({
    id: "UserDetailedPermissions",
    description: "A user's permissions on an object, and where each comes from.",
  });
