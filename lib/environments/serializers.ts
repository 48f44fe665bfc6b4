// What the API answers for one environment row, shared by its service and the audit log.
import type { z } from "zod";
import type { ZEnvironment } from "@/lib/environments/responses";

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
