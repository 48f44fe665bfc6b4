import { z } from "zod";
import { paged, zBool, zDateTime, zInt, zText, zUuid } from "@/lib/api/response-schemas";

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

export const ZEnvironmentPage = paged(ZEnvironment, "EnvironmentPage", "environments");

export const ZServerKey = z
  .strictObject({
    id: zInt("Numeric id of the key."),
    key: z
      .string()
      .regex(/^ser\.[23456789A-HJ-NP-Za-km-z]{4}([23456789A-HJ-NP-Za-km-z]{18}|\*{18})$/)
      .meta({
        description:
          "The server-side key (`ser.` and 22 characters); send it as `X-Environment-Key`. Only the answer that creates a key holds all of it: Ensign stores a hash, so later answers show its first 8 characters and `*` for the rest.",
      }),
    active: zBool("Whether the key is accepted."),
    created_at: zDateTime("When the key was created."),
    name: zText("Name of the key."),
    expires_at: z.iso
      .datetime()
      .nullable()
      .meta({ description: "When the key stops being accepted; null if never." }),
  })
  .meta({ id: "ServerKey", description: "A server-side SDK key of an environment." });

export const ZServerKeyList = z.array(ZServerKey).meta({ description: "The keys, oldest first." });
export const ZEnvironmentList = z
  .array(ZEnvironment)
  .meta({ description: "The environments, oldest first." });
