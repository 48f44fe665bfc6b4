import { z } from "zod";
import { zBool, zDateTime, zInt, zText } from "@/lib/api/response-schemas";

export const ZMasterApiKey = z
  .strictObject({
    id: zInt("Numeric id of the key."),
    prefix: zText("The key's first 8 characters, by which it is addressed."),
    created: zDateTime("When the key was created."),
    name: zText("Name of the key."),
    revoked: zBool("Whether the key is revoked (revoked keys are not listed)."),
    expiry_date: z.iso
      .datetime({ offset: true })
      .nullable()
      .meta({ description: "When the key stops being accepted; null for never." }),
    key: z.string().nullable().meta({
      description: "The whole key, `<prefix>.<secret>`: only in the answer to create, null elsewhere.",
    }),
    is_admin: zBool("true: acts as an organisation admin; false: scoped to the permissions granted to it."),
    has_expired: zBool("Whether the expiry date has passed."),
    created_by: z.int().nullable().meta({ description: "Numeric id of the user who created the key." }),
    user_id: zInt(
      "Numeric id of the key's own account (not a person): grant a scoped key its permissions through this id, in the user-permissions endpoints or a group's users.",
    ),
  })
  .meta({ id: "MasterApiKey", description: "An organisation API key." });

export const ZMasterApiKeyList = z
  .array(ZMasterApiKey)
  .meta({ description: "The organisation's keys that are not revoked, oldest first (not paged)." });
