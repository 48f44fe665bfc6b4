// A project as the API answers it: the schema and the serializer of a plain row. They sit
// below every domain (no I/O, no imports above lib/api) because more than the projects'
// own endpoints answer with it: the audit log's entries and their webhook payloads embed it.
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

export type ProjectRow = {
  id: number;
  uuid: string;
  name: string;
  organisationId: number;
  hideDisabledFlags: boolean;
  enableRealtimeUpdates: boolean;
  preventFlagDefaults: boolean;
  staleFlagsLimitDays: number;
  minimumChangeRequestApprovals: number | null;
  featureNameRegex: string | null;
  createdAt: Date;
};

export function serializeProject(project: ProjectRow): z.infer<typeof ZProject> {
  return {
    id: project.id,
    uuid: project.uuid,
    name: project.name,
    organisation: project.organisationId,
    hide_disabled_flags: project.hideDisabledFlags,
    enable_realtime_updates: project.enableRealtimeUpdates,
    prevent_flag_defaults: project.preventFlagDefaults,
    stale_flags_limit_days: project.staleFlagsLimitDays,
    minimum_change_request_approvals: project.minimumChangeRequestApprovals,
    feature_name_regex: project.featureNameRegex,
    // Ensign's identities are always addressable as edge identities.
    use_edge_identities: true,
    enable_dynamo_db: true,
    created_date: project.createdAt.toISOString(),
  };
}
