import { z } from "zod";
import { pathParams, zId } from "@/lib/api/params";

const settings = {
  description: z.string().max(20000).nullable().optional(),
  banner_text: z.string().max(255).nullable().optional(),
  banner_colour: z.string().max(7).nullable().optional(),
  minimum_change_request_approvals: z.int().min(0).nullable().optional(),
  allow_client_traits: z.boolean().optional(),
  hide_disabled_flags: z.boolean().nullable().optional(),
  hide_sensitive_data: z.boolean().optional(),
  use_identity_composite_key_for_hashing: z.boolean().optional(),
  use_identity_overrides_in_local_eval: z.boolean().optional(),
  is_protected: z.boolean().optional(),
};

export const ZEnvironmentCreate = z.object({
  name: z.string().trim().min(1).max(2000),
  project: z.int(),
  ...settings,
});
export type TEnvironmentCreate = z.infer<typeof ZEnvironmentCreate>;

export const ZEnvironmentUpdate = z.object({
  name: z.string().trim().min(1).max(2000).optional(),
  ...settings,
});
export type TEnvironmentUpdate = z.infer<typeof ZEnvironmentUpdate>;

export const ZEnvironmentListQuery = z.object({
  project: z.string().optional(),
  page: z.coerce.number().int().min(1).optional(),
});

export const ZEnvironmentParams = pathParams({ apiKey: z.string().min(1).max(100) });

export const ZServerKeyCreate = z.object({
  name: z.string().trim().min(1).max(100),
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  active: z.boolean().optional(),
});
export type TServerKeyCreate = z.infer<typeof ZServerKeyCreate>;

export const ZServerKeyUpdate = ZServerKeyCreate.partial();
export type TServerKeyUpdate = z.infer<typeof ZServerKeyUpdate>;

export const ZServerKeyParams = pathParams({ apiKey: z.string().min(1).max(100), keyId: zId });

export const ZEnvironmentClone = z.object({
  name: z.string().trim().min(1).max(2000).describe("Name of the new environment, unique in its project."),
  clone_feature_states_async: z
    .boolean()
    .optional()
    .describe("Accepted for Flagsmith compatibility; the clone is always made at once."),
});
export type TEnvironmentClone = z.infer<typeof ZEnvironmentClone>;
