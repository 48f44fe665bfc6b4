import { z } from "zod";
import { zBool, zDateTime, zInt, zText, zUuid } from "@/lib/api/response-schemas";

export const ZProject = z
  .strictObject({
    id: zInt("Numeric id of the project."),
    uuid: zUuid("UUID of the project."),
    name: zText("Name of the project."),
    organisation: zInt("Id of the organisation the project belongs to."),
    hide_disabled_flags: zBool("Whether SDKs receive only enabled flags (environments may override it)."),
    enable_realtime_updates: zBool("Whether real-time flag updates are enabled."),
    prevent_flag_defaults: zBool(
      "Whether new features start disabled and without a value in every environment.",
    ),
    stale_flags_limit_days: zInt(
      "Days without a change after which a feature counts as stale (1-3650); see the features list's `is_stale`.",
    ),
    minimum_change_request_approvals: z.int().nullable().meta({
      description: "Approvals a segment change request needs; null when segment change requests are off.",
    }),
    feature_name_regex: z.string().nullable().meta({
      description: "The pattern every new feature name must match whole; null when any name is accepted.",
    }),
    use_edge_identities: zBool("Always true: identities are also addressable as edge identities."),
    enable_dynamo_db: zBool("Always true; kept for Flagsmith clients that check it."),
    created_date: zDateTime("When the project was created."),
  })
  .meta({ id: "Project", description: "A project." });

export const ZProjectList = z.array(ZProject).meta({ description: "The projects, oldest first." });
