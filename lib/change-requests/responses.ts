// Response schemas of change requests, in Flagsmith's shape (ChangeRequest of its dashboard
// types and MCP OpenAPI subset) with Ensign's review fields (rejection, comments).
import { z } from "zod";
import { paged, zBool, zDateTime, zInt, zText, zUuid } from "@/lib/api/response-schemas";
import { ZSegmentRule } from "@/lib/segments/responses";

const zNullableDate = (d: string) => z.iso.datetime().nullable().meta({ description: d });
const zNullableInt = (d: string) => z.int().nullable().meta({ description: d });

const ZAllocationAnswer = z.strictObject({
  multivariate_feature_option: zInt("Option id."),
  percentage_allocation: z.number().meta({ description: "Percentage of identities served it." }),
});

export const ZProposedStateAnswer = z
  .strictObject({
    feature: zInt("Feature id."),
    feature_segment: zNullableInt(
      "Feature segment of the segment override; null for the environment default.",
    ),
    environment: zInt("Environment id."),
    enabled: zBool("On/off after the change."),
    feature_state_value: z
      .union([z.string(), z.number(), z.boolean()])
      .nullable()
      .meta({ description: "Value after the change, typed." }),
    multivariate_feature_state_values: z
      .array(ZAllocationAnswer)
      .meta({ description: "Option allocations after the change." }),
    live_from: zNullableDate("When it goes live once committed; null: at the commit."),
    feature_name: zText("Ensign: the feature's name."),
    segment_name: z.string().nullable().meta({
      description:
        "Ensign: the segment of the override; null for the environment default or an override that no longer exists.",
    }),
    live: z
      .strictObject({
        enabled: zBool("On/off now."),
        feature_state_value: z
          .union([z.string(), z.number(), z.boolean()])
          .nullable()
          .meta({ description: "Value now, typed." }),
        multivariate_feature_state_values: z
          .array(ZAllocationAnswer)
          .meta({ description: "Option allocations now." }),
      })
      .nullable()
      .meta({
        description:
          "Ensign: the live state this one would replace, read with the request; null when the segment override no longer exists.",
      }),
  })
  .meta({ id: "ChangeRequestFeatureState", description: "One proposed feature state." });

export const ZChangeRequestApprovalAnswer = z.strictObject({
  id: zInt("Approval id."),
  user: zInt("User id."),
  approved_at: zNullableDate("When the user approved; null for an assigned reviewer who has not yet."),
  is_assigned: zBool("Ensign: whether the author assigned this reviewer."),
});

export const ZConflict = z.strictObject({
  segment_id: zNullableInt("Segment of the conflicting override; null for the environment default."),
  original_cr_id: zNullableInt("Always null: Ensign does not trace which request made a live change."),
  published_at: zDateTime("When the live state changed."),
  is_environment_default: zBool("Whether the conflict is on the environment default."),
});

export const ZNamedUser = z
  .strictObject({
    id: zInt("User id."),
    email: zText("Email address."),
    first_name: zText("First name."),
    last_name: zText("Last name."),
  })
  .meta({ id: "ChangeRequestUser", description: "A person a change request names." });

const summary = {
  id: zInt("Change request id."),
  uuid: zUuid("UUID."),
  created_at: zDateTime("Created."),
  updated_at: zDateTime("Last changed."),
  title: zText("Title."),
  description: z.string().nullable().meta({ description: "Description." }),
  user: zNullableInt("Author (user id)."),
  committed_at: zNullableDate("When it was committed."),
  committed_by: zNullableInt("Who committed it."),
  deleted_at: z.null().meta({ description: "Always null: deleted requests are gone." }),
  live_from: zNullableDate("When the committed change goes live; null: at the commit."),
  ignore_conflicts: zBool("Commit even if the live state changed since."),
  is_approved: zBool("Approvals reached the minimum."),
  is_committed: zBool("Committed."),
  is_rejected: zBool("Ensign: rejected by a reviewer (until edited)."),
};

const detail = {
  ...summary,
  project: zInt("Project id."),
  approvals: z.array(ZChangeRequestApprovalAnswer).meta({ description: "Assigned reviewers and approvals." }),
  group_assignments: z
    .array(z.strictObject({ group: zInt("Group id.") }))
    .meta({ description: "Assigned groups." }),
  conflicts: z.array(ZConflict).meta({ description: "Live changes made since the request was written." }),
  rejected_at: zNullableDate("Ensign: when it was rejected."),
  rejected_by: zNullableInt("Ensign: who rejected it."),
  minimum_approvals: zNullableInt("Ensign: approvals it needs (null: change requests are off)."),
  users: z.array(ZNamedUser).meta({
    description:
      "Ensign: the people the request names (author, reviewers, committer, rejecter, commenters) who are members of the organisation, to show their names; what the organisation's member list shows the caller, so empty for a caller who is not a member.",
  }),
};

export const ZChangeRequest = z
  .strictObject({
    ...detail,
    environment: zInt("Environment id."),
    feature_states: z.array(ZProposedStateAnswer).meta({ description: "The proposed feature states." }),
    change_sets: z.array(z.never()).meta({ description: "Always empty (Flagsmith's v2 versioning)." }),
    environment_feature_versions: z
      .array(z.never())
      .meta({ description: "Always empty (Flagsmith's v2 versioning)." }),
  })
  .meta({ id: "ChangeRequest", description: "A change request of an environment's flags." });

export const ZProposedSegmentAnswer = z
  .strictObject({
    id: zInt("Segment id."),
    version_of: zInt("Segment id (as Flagsmith names the live segment)."),
    name: zText("Name after the change."),
    description: z.string().nullable().meta({ description: "Description after the change." }),
    rules: z.array(z.unknown()).meta({ description: "The segment's rules after the change." }),
    live: z
      .strictObject({
        name: zText("Name now."),
        description: z.string().nullable().meta({ description: "Description now." }),
        rules: z.array(ZSegmentRule).meta({ description: "The segment's rules now." }),
      })
      .nullable()
      .meta({
        description:
          "Ensign: the live segment this would change, read with the request; null when the segment no longer exists.",
      }),
  })
  .meta({ id: "ChangeRequestSegment", description: "One proposed segment." });

export const ZProjectChangeRequest = z
  .strictObject({
    ...detail,
    segments: z.array(ZProposedSegmentAnswer).meta({ description: "The proposed segments." }),
  })
  .meta({ id: "ProjectChangeRequest", description: "A change request of a project's segments." });

export const ZChangeRequestSummary = z
  .strictObject({
    ...summary,
    environment_feature_versions: z
      .array(z.never())
      .meta({ description: "Always empty (Flagsmith's v2 versioning)." }),
  })
  .meta({ id: "ChangeRequestListItem", description: "A change request in a list." });

export const ZChangeRequestPage = paged(ZChangeRequestSummary, "ChangeRequestPage", "change requests");

export const ZChangeRequestComment = z
  .strictObject({
    id: zInt("Comment id."),
    user: zNullableInt("Author (user id)."),
    comment: zText("The comment."),
    is_rejection: zBool("Written with a rejection."),
    created_at: zDateTime("Written."),
  })
  .meta({ id: "ChangeRequestComment", description: "A comment on a change request." });

export const ZChangeRequestComments = z.array(ZChangeRequestComment).meta({ description: "Oldest first." });

export const ZConflictBody = z
  .strictObject({
    detail: zText("Why the commit was refused."),
    code: z.literal("change_request_conflicts").optional().meta({
      description: "Present when live changes are in the way; the request's `conflicts` lists them.",
    }),
  })
  .meta({ id: "ChangeRequestConflict", description: "A commit refused: committed already, or conflicts." });
