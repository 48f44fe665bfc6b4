// The API's routes as the app/ file tree declares them, and a tenant holding one object of
// every kind a route path names, so tests can walk every route instead of a hand-picked few.
import path from "node:path";
import { routeFiles, routeLocation } from "@/scripts/route-table";
import { call as callApi, seed, unique, type CallOptions, type Seeded } from "./api";

export type AppRoute = { file: string; pattern: string; params: string[] };

/** Every route.ts under app/<under> (from the one route table), as a URL pattern with `[param]` segments. */
export function appRoutes(under = "api/v1"): AppRoute[] {
  return routeFiles()
    .filter((file) => file.startsWith(path.join("app", under, path.sep)))
    .map((file) => {
      const { pattern, params } = routeLocation(file);
      return { file, pattern, params };
    });
}

export function fillPattern(pattern: string, values: Record<string, string | number>): string {
  return pattern.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for [${name}] in ${pattern}`);
    return encodeURIComponent(String(values[name]));
  });
}

async function ok(res: Promise<{ status: number; text: string; body: any }>, what: string) {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

export type Tenant = Seeded & {
  ids: Record<string, string | number>;
  /** Grant ids by `<object>/<user|user-group>-permissions`. */
  grantIds: Record<string, number>;
};

/** The tenant's ids for a route: [grantId] from the grant table that route reads. */
export function idsFor(tenant: Tenant, pattern: string): Record<string, string | number> {
  const family =
    /\/(organisations|projects|environments)\/\[[^\]]+\]\/(user-permissions|user-group-permissions)\//.exec(
      pattern,
    );
  return family ? { ...tenant.ids, grantId: tenant.grantIds[`${family[1]}/${family[2]}`] } : tenant.ids;
}

/**
 * A user with one of everything a route path can name: its ids keyed by path parameter name
 * (on this run's server, or on the server at `baseUrl`).
 */
export async function seedTenant(baseUrl?: string): Promise<Tenant> {
  const call = (path: string, options: CallOptions = {}) => callApi(path, { baseUrl, ...options });
  const s = await seed(baseUrl);
  const { token, envKey, projectId } = s;
  const env = `/api/v1/environments/${envKey}`;
  const feature = await ok(
    call(`/api/v1/projects/${projectId}/features/`, {
      token,
      body: { name: unique("f"), default_enabled: true },
    }),
    "feature",
  );
  const option = await ok(
    call(`/api/v1/projects/${projectId}/features/${feature.id}/mv-options/`, {
      token,
      body: { type: "unicode", string_value: "blue", default_percentage_allocation: 0 },
    }),
    "mv option",
  );
  const segment = await ok(
    call(`/api/v1/projects/${projectId}/segments/`, {
      token,
      body: {
        name: unique("seg"),
        rules: [
          {
            type: "ALL",
            rules: [{ type: "ANY", conditions: [{ property: "plan", operator: "EQUAL", value: "pro" }] }],
          },
        ],
      },
    }),
    "segment",
  );
  // A change of the segment's rules keeps a version of it (lib/segments/versions.ts).
  await ok(
    call(`/api/v1/projects/${projectId}/segments/${segment.id}/`, {
      token,
      method: "PATCH",
      body: {
        rules: [
          {
            type: "ALL",
            rules: [{ type: "ANY", conditions: [{ property: "plan", operator: "EQUAL", value: "team" }] }],
          },
        ],
      },
    }),
    "segment update",
  );
  const segmentVersion = (
    await ok(
      call(`/api/v1/projects/${projectId}/segments/${segment.id}/versions/`, { token }),
      "segment versions",
    )
  ).results[0];
  const override = await ok(
    call(`${env}/features/${feature.id}/create-segment-override/`, {
      token,
      body: {
        enabled: true,
        feature_state_value: { type: "unicode", string_value: "x" },
        feature_segment: { segment: segment.id },
      },
    }),
    "segment override",
  );
  await ok(
    call("/api/v1/identities/", {
      envKey,
      body: { identifier: "alice", traits: [{ trait_key: "plan", trait_value: "pro" }] },
    }),
    "identity",
  );
  const identity = (await ok(call(`${env}/identities/`, { token }), "identities")).results[0];
  const trait = (await ok(call(`${env}/identities/${identity.id}/traits/`, { token }), "traits")).results[0];
  const identityState = await ok(
    call(`${env}/identities/${identity.id}/featurestates/`, {
      token,
      body: { feature: feature.id, enabled: true },
    }),
    "identity override",
  );
  const edge = (await ok(call(`${env}/edge-identities/`, { token }), "edge identities")).results[0];
  const edgeState = await ok(
    call(`${env}/edge-identities/${edge.identity_uuid}/edge-featurestates/all/`, { token }),
    "edge states",
  );
  const environmentState = (await ok(call(`${env}/featurestates/`, { token }), "feature states")).results[0];
  const key = await ok(call(`${env}/api-keys/`, { token, body: { name: "server" } }), "server key");
  const webhook = await ok(
    call(`${env}/webhooks/`, { token, body: { url: "http://127.0.0.1:9/hook", enabled: false } }),
    "webhook",
  );
  const tag = await ok(
    call(`/api/v1/projects/${projectId}/tags/`, { token, body: { label: "beta" } }),
    "tag",
  );
  const masterKey = await ok(
    call(`/api/v1/organisations/${s.organisationId}/master-api-keys/`, { token, body: { name: "tf" } }),
    "organisation API key",
  );
  const auditEntry = (await ok(call("/api/v1/audit/", { token }), "audit log")).results[0];
  const version = (await ok(call(`${env}/features/${feature.id}/versions/`, { token }), "versions"))
    .results[0];
  const change = await ok(
    call(`${env}/features/${feature.id}/scheduled-changes/`, {
      token,
      body: { run_at: "2099-01-01T00:00:00Z", enabled: false },
    }),
    "scheduled change",
  );
  const [invite] = await ok(
    call(`/api/v1/organisations/${s.organisationId}/invite/`, {
      token,
      body: { invites: [{ email: `${unique("invitee")}@example.com`, role: "USER" }] },
    }),
    "invite",
  );
  const inviteLink = await ok(
    call(`/api/v1/organisations/${s.organisationId}/invite-links/`, { token, body: { role: "USER" } }),
    "invite link",
  );
  const featureExport = await ok(
    call("/api/v1/features/create-feature-export/", {
      token,
      body: { environment_id: s.environmentId, tag_ids: [] },
    }),
    "feature export",
  );
  const me = await ok(call("/api/v1/auth/users/me/", { token }), "me");
  const group = await ok(
    call(`/api/v1/organisations/${s.organisationId}/groups/`, { token, body: { name: unique("group") } }),
    "group",
  );
  // A grant of each kind: their tables number rows separately, so a route's [grantId] must be
  // one of its own table (grantIdFor), or another tenant's id may name one of this tenant's rows.
  const grantIds: Record<string, number> = {};
  for (const [object, base] of [
    ["organisations", `/api/v1/organisations/${s.organisationId}`],
    ["projects", `/api/v1/projects/${projectId}`],
    ["environments", `/api/v1/environments/${envKey}`],
  ] as const) {
    // The creator already holds an admin grant on its project and environment.
    const held = (await ok(call(`${base}/user-permissions/`, { token }), `${object} user grants`))[0];
    const user =
      held ??
      (await ok(
        call(`${base}/user-permissions/`, { token, body: { user: me.id, permissions: [] } }),
        `${object} user grant`,
      ));
    const groupGrant = await ok(
      call(`${base}/user-group-permissions/`, { token, body: { group: group.id, permissions: [] } }),
      `${object} group grant`,
    );
    grantIds[`${object}/user-permissions`] = user.id;
    grantIds[`${object}/user-group-permissions`] = groupGrant.id;
  }
  const grant = { id: grantIds["projects/user-permissions"] };
  // The get-by-uuid lookups: each kind of object's own uuid.
  const uuidOf = async (path: string) => (await ok(call(path, { token }), path)).uuid as string;
  const uuids = {
    organisationUuid: await uuidOf(`/api/v1/organisations/${s.organisationId}/`),
    projectUuid: await uuidOf(`/api/v1/projects/${projectId}/`),
    environmentUuid: await uuidOf(`${env}/`),
    featureUuid: feature.uuid,
    segmentUuid: segment.uuid,
    optionUuid: option.uuid,
    featureStateUuid: await uuidOf(`/api/v1/features/featurestates/${environmentState.id}/`),
  };
  const changeRequest = await ok(
    call(`${env}/create-change-request/`, {
      token,
      body: { title: unique("cr"), feature_states: [{ feature: feature.id, enabled: true }] },
    }),
    "change request",
  );
  const projectChangeRequest = await ok(
    call(`/api/v1/projects/${projectId}/change-requests/`, {
      token,
      body: { title: unique("cr"), segments: [{ id: segment.id, rules: [{ type: "ALL", rules: [] }] }] },
    }),
    "project change request",
  );
  return {
    ...s,
    ids: {
      organisationId: s.organisationId,
      projectId,
      apiKey: envKey,
      featureId: feature.id,
      optionId: option.id,
      segmentId: segment.id,
      segmentVersionId: segmentVersion.id,
      featureSegmentId: override.feature_segment.id,
      featureStateId: environmentState.id,
      identityId: identity.id,
      traitId: trait.id,
      identityUuid: edge.identity_uuid,
      featurestateUuid:
        edgeState.find?.((st: any) => st.featurestate_uuid && st.identity_uuid)?.featurestate_uuid ??
        identityState.uuid ??
        identityState.featurestate_uuid,
      keyId: key.id,
      webhookId: webhook.id,
      prefix: masterKey.prefix,
      auditLogId: auditEntry.id,
      versionUuid: version.uuid,
      changeId: change.id,
      inviteId: invite.id,
      inviteLinkId: inviteLink.id,
      hash: inviteLink.hash,
      userId: me.id,
      groupId: group.id,
      grantId: grant.id,
      tagId: tag.id,
      tagUuid: tag.uuid,
      ...uuids,
      changeRequestId: changeRequest.id,
      projectChangeRequestId: projectChangeRequest.id,
      file: "swagger-ui.css",
      environmentId: s.environmentId,
      featureExportId: featureExport.id,
    },
    grantIds,
  };
}

/** Ids of the same kinds that name nothing. */
export const MISSING_IDS: Record<string, string | number> = {
  organisationId: 999999999,
  projectId: 999999999,
  apiKey: "NoSuchEnvironmentKey0000",
  featureId: 999999999,
  optionId: 999999999,
  segmentId: 999999999,
  segmentVersionId: 999999999,
  featureSegmentId: 999999999,
  featureStateId: 999999999,
  identityId: 999999999,
  traitId: 999999999,
  identityUuid: "00000000-0000-4000-8000-000000000000",
  featurestateUuid: "00000000-0000-4000-8000-000000000000",
  keyId: 999999999,
  webhookId: 999999999,
  prefix: "ZZZZZZZZ",
  auditLogId: 999999999,
  versionUuid: "00000000-0000-4000-8000-000000000000",
  changeId: 999999999,
  inviteId: 999999999,
  inviteLinkId: 999999999,
  hash: "NoSuchInvitation000000000000000",
  userId: 999999999,
  groupId: 999999999,
  grantId: 999999999,
  tagId: 999999999,
  tagUuid: "00000000-0000-4000-8000-000000000000",
  organisationUuid: "00000000-0000-4000-8000-000000000000",
  projectUuid: "00000000-0000-4000-8000-000000000000",
  environmentUuid: "00000000-0000-4000-8000-000000000000",
  featureUuid: "00000000-0000-4000-8000-000000000000",
  segmentUuid: "00000000-0000-4000-8000-000000000000",
  optionUuid: "00000000-0000-4000-8000-000000000000",
  featureStateUuid: "00000000-0000-4000-8000-000000000000",
  changeRequestId: 999999999,
  projectChangeRequestId: 999999999,
  file: "swagger-ui.css",
  environmentId: 999999999,
  featureExportId: 999999999,
};
