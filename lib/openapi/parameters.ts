// Descriptions of path and query parameters, shared by every operation that takes them
// (an operation's `paramDocs` may say something more specific).
export const PARAMETER_DOCS: Record<string, string> = {
  organisationId: "Numeric id of the organisation.",
  projectId: "Numeric id of the project.",
  apiKey: "Environment key (client-side key) of the environment, e.g. `B62qaMZNwfiqT76p38ggrQ`.",
  keyId: "Numeric id of the server-side key.",
  featureId: "Numeric id of the feature.",
  featureStateId: "Numeric id of the feature state.",
  segmentId: "Numeric id of the segment.",
  featureSegmentId: "Numeric id of the feature segment.",
  identityId: "Numeric id of the identity.",
  identityUuid: "UUID of the edge identity.",
  featurestateUuid: "UUID of the identity override (its `featurestate_uuid`).",
  optionId: "Numeric id of the multivariate option.",
  traitId: "Numeric id of the trait.",
  webhookId: "Numeric id of the webhook.",
  auditLogId: "Numeric id of the audit log entry.",
  page: "Page number, from 1. A page past the end answers 404 `Invalid page.`.",
  page_size: "Results per page (at most 999).",
  organisation: "Only the projects of this organisation (numeric id).",
  project: "Numeric id of the project whose environments to list (required).",
};
