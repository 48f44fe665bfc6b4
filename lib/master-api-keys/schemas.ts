// Inputs of the organisation API key endpoints (Flagsmith's MasterAPIKeySerializer).
import { z } from "zod";
import { pathParams, zId } from "@/lib/api/params";

const zName = z.string().trim().min(1, "This field may not be blank.").max(50).describe("Name of the key.");
const zExpiry = z.iso
  .datetime({ offset: true })
  .nullable()
  .optional()
  .describe("When the key stops being accepted (ISO 8601 with offset); null for never.");
const zIsAdmin = z
  .boolean()
  .optional()
  .describe(
    "true (default): the key acts as an organisation admin. false: a scoped key, with only the permissions granted to it.",
  );

export const ZMasterApiKeyCreate = z.object({
  name: zName,
  expiry_date: zExpiry,
  is_admin: zIsAdmin,
  revoked: z.boolean().optional().describe("Ignored on create."),
});
export type TMasterApiKeyCreate = z.infer<typeof ZMasterApiKeyCreate>;

export const ZMasterApiKeyUpdate = z.object({
  name: zName.optional(),
  expiry_date: zExpiry,
  is_admin: zIsAdmin,
  revoked: z
    .boolean()
    .optional()
    .describe("true revokes the key for good: it is no longer accepted or listed."),
});
export type TMasterApiKeyUpdate = z.infer<typeof ZMasterApiKeyUpdate>;

export const ZMasterApiKeysParams = pathParams({ organisationId: zId });
export const ZMasterApiKeyParams = pathParams({
  organisationId: zId,
  prefix: z.string().regex(/^[A-Za-z0-9]{8}$/),
});
