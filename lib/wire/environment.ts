// An environment as the API answers it: the schema and the serializer of a plain row. They sit
// below every domain (no I/O, no imports above lib/api) because more than the environments'
// own endpoints answer with it: the audit log's entries and their webhook payloads embed it.
import { z } from "zod";
import { zBool, zDateTime, zInt, zText, zUuid } from "@/lib/api/response-schemas";

const SHORT_KEY = /^[23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz]{22}$/;

export const ZEnvironment = z
  .strictObject({
    id: zInt("Numeric id of the environment."),
    uuid: zUuid("UUID of the environment."),
    name: zText("Name of the environment, unique in its project."),
    api_key: z
      .string()
      .regex(SHORT_KEY)
      .meta({
        description:
          "Environment key (client-side key, 22 characters): the `X-Environment-Key` of client SDKs and the " +
          "`{apiKey}` of environment paths.",
      }),
    description: z.string().nullable().meta({ description: "Description; null if none." }),
    project: zInt("Id of the project the environment belongs to."),
    minimum_change_request_approvals: z
      .int()
      .nullable()
      .meta({ description: "Approvals a change request needs; null when change requests are off." }),
    allow_client_traits: zBool("Whether client-side keys may set identity traits."),
    banner_text: z
      .string()
      .nullable()
      .meta({ description: "Banner shown in the dashboard for this environment; null if none." }),
    banner_colour: z
      .string()
      .nullable()
      .meta({ description: "Colour of the banner, e.g. `#FF0000`; null if none." }),
    hide_disabled_flags: z
      .boolean()
      .nullable()
      .meta({ description: "Whether SDKs receive only enabled flags; null follows the project's setting." }),
    use_mv_v2_evaluation: zBool("Same as use_identity_composite_key_for_hashing (Flagsmith's older name)."),
    use_identity_composite_key_for_hashing: zBool(
      "Whether percentage splits hash `<api_key>_<identifier>` (as local evaluation does) instead of the identity id.",
    ),
    hide_sensitive_data: zBool("Whether SDK responses leave out ids, descriptions and traits."),
    use_v2_feature_versioning: zBool("Always false: feature versioning is not supported."),
    use_identity_overrides_in_local_eval: zBool(
      "Whether the environment document carries identity overrides for local evaluation.",
    ),
    is_protected: zBool(
      "Ensign extension (not in Flagsmith): whether the dashboard asks for confirmation before every change in this environment.",
    ),
    is_creating: zBool("Always false: environments are created synchronously."),
    updated_at: zDateTime("When anything SDKs see in this environment last changed."),
    metadata: z
      .array(z.unknown())
      .max(0)
      .meta({ description: "Always empty: metadata fields are not supported." }),
  })
  .meta({ id: "Environment", description: "An environment of a project." });

export type EnvironmentRow = {
  id: number;
  uuid: string;
  name: string;
  apiKey: string;
  projectId: number;
  description: string | null;
  bannerText: string | null;
  bannerColour: string | null;
  minimumChangeRequestApprovals: number | null;
  allowClientTraits: boolean;
  hideDisabledFlags: boolean | null;
  hideSensitiveData: boolean;
  useIdentityCompositeKeyForHashing: boolean;
  useIdentityOverridesInLocalEval: boolean;
  isProtected: boolean;
  documentUpdatedAt: Date;
};

export function serializeEnvironment(env: EnvironmentRow): z.infer<typeof ZEnvironment> {
  return {
    id: env.id,
    uuid: env.uuid,
    name: env.name,
    api_key: env.apiKey,
    description: env.description,
    project: env.projectId,
    minimum_change_request_approvals: env.minimumChangeRequestApprovals,
    allow_client_traits: env.allowClientTraits,
    banner_text: env.bannerText,
    banner_colour: env.bannerColour,
    hide_disabled_flags: env.hideDisabledFlags,
    use_mv_v2_evaluation: env.useIdentityCompositeKeyForHashing,
    use_identity_composite_key_for_hashing: env.useIdentityCompositeKeyForHashing,
    hide_sensitive_data: env.hideSensitiveData,
    use_v2_feature_versioning: false,
    use_identity_overrides_in_local_eval: env.useIdentityOverridesInLocalEval,
    // Ensign extension (Flagsmith has no such field): the dashboard confirms every change here.
    is_protected: env.isProtected,
    is_creating: false,
    updated_at: env.documentUpdatedAt.toISOString(),
    metadata: [],
  };
}
