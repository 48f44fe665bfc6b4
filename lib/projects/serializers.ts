// What the API answers for one project row, shared by its service and the audit log.
import type { z } from "zod";
import type { ZProject } from "@/lib/projects/responses";

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
