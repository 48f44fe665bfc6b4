// The resource groups of the documentation, in the order the docs page shows them.
export const TAGS = {
  SDK: "Flags and identities for SDKs, authorised by an environment key (client key or `ser.` server key).",
  OFREP:
    "OpenFeature Remote Evaluation Protocol: flags evaluated for a context, authorised by an environment key.",
  Authentication: "Accounts: sign up, log in, tokens and the current user.",
  Organisations: "Organisations group projects and their members.",
  Projects: "Projects hold features, segments and environments.",
  Environments: "Environments of a project, addressed by their environment key.",
  "Server-side keys": "Server-side SDK keys (`ser.`) of an environment, needed for local evaluation.",
  Features: "Features (flags) of a project.",
  "Code references":
    "Where a project's flags are used in code, uploaded by Flagsmith's collect-code-references workflow.",
  Tags: "Labels of a project's features, used to group and filter them.",
  "Feature states": "The state (enabled and value) of a feature in an environment.",
  Segments: "Segments: rules over identity traits.",
  "Segment overrides": "Feature segments and the feature states that override a feature for a segment.",
  Identities: "Identities of an environment, with their traits and overrides.",
  "Edge identities": "Identities addressed by UUID, as Flagsmith's Edge API does.",
  "Members and permissions":
    "Members of an organisation and their roles, groups, and the permissions granted on organisations, projects and environments.",
  "Audit log": "Who changed what: every write through the administrative API, with the fields it changed.",
  Webhooks:
    "Environment webhooks (feature state changes) and organisation webhooks (audit log entries), signed with X-Flagsmith-Signature.",
  "Feature versions":
    "The history of a feature in an environment: every version of its default and segment overrides, compare and restore.",
  "Organisation API keys":
    "Keys for tools (Terraform, CI): `Authorization: Api-Key <key>`, admin or scoped; shown once, stored hashed.",
  "Change requests":
    "Four-eyes approval: proposed flag changes of an environment and segment changes of a project, approved, rejected, commented and committed.",
  Invitations:
    "Invite people to an organisation by email or with a shareable link, and join through an invitation.",
  "Moving to Ensign":
    "Import an organisation live from Flagsmith's Admin API, and verify Ensign against it before switching SDKs over.",
  Health: "Liveness and readiness probes.",
} as const;

export type Tag = keyof typeof TAGS;
