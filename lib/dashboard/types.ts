// Shapes of the /api/v1 answers the dashboard reads, inferred from the response schemas the
// API's serializers return and the OpenAPI document describes: the panels and the endpoints
// cannot drift apart.
import type { z } from "zod";
import type { ZAuditLogEntry, ZAuditLogEntryDetail } from "@/lib/audit/responses";
import type { ZUser } from "@/lib/auth/responses";
import type {
  ZChangeRequest,
  ZChangeRequestComment,
  ZChangeRequestSummary,
  ZProjectChangeRequest,
} from "@/lib/change-requests/responses";
import type { ZImpact } from "@/lib/impact/responses";
import type { ZTraitKeys } from "@/lib/identities/trait-keys";
import type { ZServerKey } from "@/lib/environments/responses";
import type { ZEnvironment } from "@/lib/wire/environment";
import type { ZFeatureValue } from "@/lib/api/response-schemas";
import type {
  ZFeature,
  ZFeatureGroupOwner,
  ZFeatureOwner,
  ZListedFeature,
  ZNestedMultivariateOption,
} from "@/lib/features/responses";
import type {
  ZFeatureState,
  ZFeatureStateNested,
  ZFeatureValueObject,
  ZMultivariateStateValue,
} from "@/lib/features/state-responses";
import type { ZIdentity, ZResolvedFlag, ZTrait } from "@/lib/identities/responses";
import type { ZInvite, ZInviteLink, ZInviteWithLink } from "@/lib/invitations/responses";
import type { ZMasterApiKey } from "@/lib/master-api-keys/responses";
import type { ZOrganisation } from "@/lib/organisations/responses";
import type { ZFeatureSegmentListItem } from "@/lib/overrides/responses";
import type { ZUserDetailedPermissions } from "@/lib/permissions/detailed-responses";
import type {
  ZGroupDetail,
  ZGroupGrantList,
  ZMember,
  ZMyPermissions,
  ZPermissionKeys,
  ZUserGrantList,
} from "@/lib/permissions/responses";
import type { ZProject } from "@/lib/wire/project";
import type { ZSegment, ZSegmentCondition, ZSegmentRule } from "@/lib/segments/responses";
import type { ZTag } from "@/lib/tags/responses";
import type { ZWebhook, ZWebhookDeliveryList } from "@/lib/webhooks/responses";

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

export type User = z.infer<typeof ZUser>;
export type Organisation = z.infer<typeof ZOrganisation>;
export type Project = z.infer<typeof ZProject>;
export type Environment = z.infer<typeof ZEnvironment>;
/** An organisation API key (`Api-Key <key>`); `key` is set only in the answer to create. */
export type MasterApiKey = z.infer<typeof ZMasterApiKey>;
export type ServerKey = z.infer<typeof ZServerKey>;
export type FlagValue = z.infer<typeof ZFeatureValue>;
export type MultivariateOption = z.infer<typeof ZNestedMultivariateOption>;
/** A feature; the features list adds its state and Ensign's `last_changed`/`is_stale`. */
export type Feature = z.infer<typeof ZFeature> & Partial<z.infer<typeof ZListedFeature>>;
export type FeatureOwner = z.infer<typeof ZFeatureOwner>;
/** A permission group, as a feature's group owner or in an organisation's group summaries. */
export type FeatureGroupOwner = z.infer<typeof ZFeatureGroupOwner>;
export type Tag = z.infer<typeof ZTag>;
export type MultivariateStateValue = z.infer<typeof ZMultivariateStateValue>;
export type FeatureState = z.infer<typeof ZFeatureState>;
/** What a features row needs of a feature's state: the features list with `?environment=` carries
 * it (`environment_feature_state`), as the environment's feature-state list does. */
export type StateSummary = Pick<FeatureState, "id" | "enabled" | "feature_state_value">;
type ApiCondition = z.infer<typeof ZSegmentCondition>;
/** A rule tree as the API answers it, and as the rule builder writes it (without the ids the API assigns). */
export type Condition = Pick<ApiCondition, "property" | "operator" | "value"> &
  Partial<Pick<ApiCondition, "id">>;
export type Rule = Pick<z.infer<typeof ZSegmentRule>, "type"> & {
  rules: Rule[];
  conditions: Condition[];
  id?: number;
};
export type Segment = z.infer<typeof ZSegment>;
export type FeatureSegment = z.infer<typeof ZFeatureSegmentListItem>;
export type Identity = z.infer<typeof ZIdentity>;
export type Trait = z.infer<typeof ZTrait>;
export type ResolvedFeatureState = z.infer<typeof ZResolvedFlag>;
/** A feature state as /features/featurestates/ shows it: the value as a typed object. */
export type ValueObject = z.infer<typeof ZFeatureValueObject>;
export type SegmentOverrideState = z.infer<typeof ZFeatureStateNested>;
export type AuditLogEntry = z.infer<typeof ZAuditLogEntry>;
export type AuditLogEntryDetail = z.infer<typeof ZAuditLogEntryDetail>;
export type Webhook = z.infer<typeof ZWebhook>;
export type WebhookDelivery = z.infer<typeof ZWebhookDeliveryList>[number];
export type Invite = z.infer<typeof ZInvite>;
export type InviteWithLink = z.infer<typeof ZInviteWithLink>;
export type InviteLink = z.infer<typeof ZInviteLink>;
/** A member of an organisation (GET /organisations/{id}/users/). */
export type OrganisationMember = z.infer<typeof ZMember>;
/** A user group of an organisation (/organisations/{id}/groups/). */
export type UserGroup = z.infer<typeof ZGroupDetail>;
export type GroupMember = UserGroup["users"][number];
/** An entry of a permission key list (/projects/permissions/ and the like). */
export type PermissionKey = z.infer<typeof ZPermissionKeys>[number];
/** What the signed-in user may do on one object (…/my-permissions/). */
export type MyPermissions = z.infer<typeof ZMyPermissions>;
/** A member's permissions on one object and their sources (…/user-detailed-permissions/{id}/). */
export type UserDetailedPermissions = z.infer<typeof ZUserDetailedPermissions>;
/** Where a permission comes from besides the user's own grant (Ensign has no roles). */
export type PermissionSources = UserDetailedPermissions["derived_from"];
/** A grant of permissions on a project or an environment to a user or a group. */
export type UserGrant = z.infer<typeof ZUserGrantList>[number];
export type GroupGrant = z.infer<typeof ZGroupGrantList>[number];
/** A change request of an environment's flags, and of a project's segments. */
export type ChangeRequest = z.infer<typeof ZChangeRequest>;
export type ProjectChangeRequest = z.infer<typeof ZProjectChangeRequest>;
export type ChangeRequestSummary = z.infer<typeof ZChangeRequestSummary>;
export type ChangeRequestComment = z.infer<typeof ZChangeRequestComment>;
/** The blast radius of a proposed change (…/impact/). */
export type Impact = z.infer<typeof ZImpact>;
/** The trait keys an environment's identities hold (…/trait-keys/). */
export type TraitKeys = z.infer<typeof ZTraitKeys>;
