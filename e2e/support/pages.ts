// Every dashboard page, found from the app/ tree, and how to visit each with real data: the
// accessibility and screenshot walk (e2e/a11y.spec.ts) visits all of them. A page.tsx with no
// recipe here fails that walk, so a new page cannot go unchecked.
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { call, type Seed } from "./api";

/** Route patterns of every app/**\/page.tsx, route groups removed: "/projects/[projectId]/…". */
export function discoverRoutes(appDir = path.join(process.cwd(), "app")): string[] {
  const routes: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (name === "api" && segments.length === 0) continue;
        walk(full, /^\(.*\)$/.test(name) ? segments : [...segments, name]);
      } else if (name === "page.tsx") {
        routes.push("/" + segments.join("/"));
      }
    }
  };
  walk(appDir, []);
  return routes;
}

/** The objects the walk visits, created over the API in one seeded account. */
export type WalkData = Seed & {
  featureId: number;
  segmentId: number;
  identityId: number;
  /** Secrets of an email invitation and of an invite link of the organisation. */
  inviteHash: string;
  inviteLinkHash: string;
  /** An open change request of the environment, and one of the project's segments. */
  changeRequestId: number;
  projectChangeRequestId: number;
};

export async function seedWalkData(request: APIRequestContext, s: Seed): Promise<WalkData> {
  const token = s.token;
  const features = `/api/v1/projects/${s.projectId}/features/`;
  const banner = await call<{ id: number }>(request, features, {
    token,
    body: {
      name: "checkout_banner",
      description: "The banner above the basket",
      default_enabled: true,
      initial_value: "standard",
      multivariate_options: [
        { type: "unicode", string_value: "blue", default_percentage_allocation: 30 },
        { type: "unicode", string_value: "red", default_percentage_allocation: 20 },
      ],
    },
  });
  expect(banner.status, JSON.stringify(banner.body)).toBe(201);
  await call(request, features, { token, body: { name: "dark_mode", initial_value: "true" } });
  await call(request, features, {
    token,
    body: { name: "max_items", initial_value: "12", default_enabled: true },
  });
  const segment = await call<{ id: number }>(request, `/api/v1/projects/${s.projectId}/segments/`, {
    token,
    body: {
      name: "Gold plan",
      description: "Customers on the gold plan",
      project: s.projectId,
      rules: [
        {
          type: "ALL",
          rules: [
            { type: "ANY", rules: [], conditions: [{ property: "plan", operator: "EQUAL", value: "gold" }] },
            {
              type: "ANY",
              rules: [],
              conditions: [{ property: "age", operator: "GREATER_THAN", value: "18" }],
            },
          ],
        },
      ],
    },
  });
  expect(segment.status, JSON.stringify(segment.body)).toBe(201);
  const featureSegment = await call<{ id: number }>(request, "/api/v1/features/feature-segments/", {
    token,
    body: { feature: banner.body.id, segment: segment.body.id, environment: s.environmentId },
  });
  await call(request, "/api/v1/features/featurestates/", {
    token,
    body: {
      feature: banner.body.id,
      feature_segment: featureSegment.body.id,
      environment: s.environmentId,
      enabled: true,
      feature_state_value: { type: "unicode", string_value: "gold-banner" },
    },
  });
  await call(request, "/api/v1/identities/", {
    envKey: s.envKey,
    body: {
      identifier: "ada@example.com",
      traits: [
        { trait_key: "plan", trait_value: "gold" },
        { trait_key: "age", trait_value: 36 },
      ],
    },
  });
  await call(request, "/api/v1/identities/", { envKey: s.envKey, body: { identifier: "grace" } });
  const identities = await call<{ results: { id: number; identifier: string }[] }>(
    request,
    `/api/v1/environments/${s.envKey}/identities/?q=ada`,
    { token },
  );
  const ada = identities.body.results.find((i) => i.identifier === "ada@example.com")!;
  const override = await call(
    request,
    `/api/v1/environments/${s.envKey}/identities/${ada.id}/featurestates/`,
    {
      token,
      body: { feature: banner.body.id, enabled: false, feature_state_value: "ada-banner" },
    },
  );
  expect(override.status, JSON.stringify(override.body)).toBe(201);
  // JSON view on: the walk also checks the id chips and raw records it adds to pages.
  const me = await call(request, "/api/v1/auth/users/me/", {
    token,
    method: "PATCH",
    body: { json_view: true },
  });
  expect(me.status, JSON.stringify(me.body)).toBe(200);
  // A second environment, so the environment compare has two columns.
  const production = await call(request, "/api/v1/environments/", {
    token,
    body: { name: "Production", project: s.projectId },
  });
  expect(production.status, JSON.stringify(production.body)).toBe(201);
  const invite = await call<{ hash: string }[]>(
    request,
    `/api/v1/organisations/${s.organisationId}/invite/`,
    {
      token,
      body: { invites: [{ email: "grace@example.com", role: "USER" }] },
    },
  );
  expect(invite.status, JSON.stringify(invite.body)).toBe(201);
  const link = await call<{ hash: string }>(
    request,
    `/api/v1/organisations/${s.organisationId}/invite-links/`,
    {
      token,
      body: { role: "USER" },
    },
  );
  expect(link.status, JSON.stringify(link.body)).toBe(201);
  const changeRequest = await call<{ id: number }>(
    request,
    `/api/v1/environments/${s.envKey}/create-change-request/`,
    {
      token,
      body: {
        title: "Summer banner",
        description: "The banner for the summer sale.",
        feature_states: [{ feature: banner.body.id, enabled: false, feature_state_value: "summer" }],
      },
    },
  );
  expect(changeRequest.status, JSON.stringify(changeRequest.body)).toBe(201);
  const projectChangeRequest = await call<{ id: number }>(
    request,
    `/api/v1/projects/${s.projectId}/change-requests/`,
    {
      token,
      body: {
        title: "Gold plan from 21",
        segments: [
          {
            id: segment.body.id,
            rules: [
              {
                type: "ALL",
                rules: [
                  { type: "ANY", conditions: [{ property: "plan", operator: "EQUAL", value: "gold" }] },
                  { type: "ANY", conditions: [{ property: "age", operator: "GREATER_THAN", value: "21" }] },
                ],
              },
            ],
          },
        ],
      },
    },
  );
  expect(projectChangeRequest.status, JSON.stringify(projectChangeRequest.body)).toBe(201);
  return {
    ...s,
    featureId: banner.body.id,
    segmentId: segment.body.id,
    identityId: ada.id,
    inviteHash: invite.body[0].hash,
    inviteLinkHash: link.body.hash,
    changeRequestId: changeRequest.body.id,
    projectChangeRequestId: projectChangeRequest.body.id,
  };
}

export type Visit = {
  /** Names the screenshot files and the test. */
  name: string;
  path: (d: WalkData) => string;
  /** Visible once the page has its data. */
  ready: (page: Page) => Locator;
  signedOut?: true;
  /** Worth a screenshot at both widths (the main pages). */
  screenshot?: true;
  /** A heavy page (Swagger UI draws a large description): three times the usual test time. */
  slow?: true;
};

const env = (d: WalkData, rest = "") => `/projects/${d.projectId}/environments/${d.envKey}/${rest}`;
const heading = (name: string | RegExp) => (page: Page) => page.getByRole("heading", { name, level: 1 });

/** One row per page.tsx route; each with the visits that show its states (data, not found). */
export const RECIPES: Record<string, Visit[]> = {
  "/": [{ name: "home", path: () => "/", ready: (page) => page.getByRole("heading", { level: 1 }).first() }],
  "/login": [
    { name: "login", path: () => "/login/", ready: heading(/sign in/i), signedOut: true, screenshot: true },
  ],
  "/signup": [{ name: "signup", path: () => "/signup/", ready: heading(/create|sign up/i), signedOut: true }],
  "/account": [{ name: "account", path: () => "/account/", ready: heading("Account"), screenshot: true }],
  "/organisations": [
    {
      name: "organisations",
      path: () => "/organisations/",
      ready: heading("Organisations"),
      screenshot: true,
    },
  ],
  "/organisations/[organisationId]": [
    {
      name: "organisation",
      path: (d) => `/organisations/${d.organisationId}/`,
      ready: (page) => page.getByRole("heading", { level: 1 }).first(),
      screenshot: true,
    },
    {
      name: "organisation-not-found",
      path: () => "/organisations/999999/",
      ready: (page) => page.getByRole("heading", { name: /not found/i }),
    },
  ],
  "/organisations/[organisationId]/members": [
    {
      name: "members",
      path: (d) => `/organisations/${d.organisationId}/members/`,
      ready: heading("Members"),
      screenshot: true,
    },
  ],
  "/organisations/[organisationId]/groups": [
    { name: "groups", path: (d) => `/organisations/${d.organisationId}/groups/`, ready: heading("Groups") },
  ],
  "/organisations/[organisationId]/permissions": [
    {
      name: "organisation-permissions",
      path: (d) => `/organisations/${d.organisationId}/permissions/`,
      ready: (page) => page.getByLabel("Member or group"),
    },
  ],
  "/organisations/[organisationId]/invitations": [
    {
      name: "invitations",
      path: (d) => `/organisations/${d.organisationId}/invitations/`,
      ready: (page) => page.getByText("grace@example.com").first(),
      screenshot: true,
    },
  ],
  "/organisations/[organisationId]/api-keys": [
    {
      name: "api-keys",
      path: (d) => `/organisations/${d.organisationId}/api-keys/`,
      ready: heading("API keys"),
    },
  ],
  "/organisations/[organisationId]/flagsmith-import": [
    {
      name: "flagsmith-import",
      path: (d) => `/organisations/${d.organisationId}/flagsmith-import/`,
      ready: (page) => page.getByText("No import has run yet."),
    },
  ],
  "/join/[hash]": [
    {
      name: "join-email",
      path: (d) => `/join/${encodeURIComponent(d.inviteHash)}/`,
      ready: heading("Join an organisation"),
    },
  ],
  "/join/link/[hash]": [
    {
      name: "join-link",
      path: (d) => `/join/link/${encodeURIComponent(d.inviteLinkHash)}/`,
      ready: heading("Join an organisation"),
    },
  ],
  "/projects/[projectId]/compare": [
    {
      name: "compare",
      path: (d) => `/projects/${d.projectId}/compare/`,
      ready: (page) => page.getByTestId("compare-row").filter({ hasText: "checkout_banner" }),
      screenshot: true,
    },
  ],
  "/projects/[projectId]/environments/[environmentKey]/sdk": [
    { name: "sdk", path: (d) => env(d, "sdk/"), ready: heading("Connect an SDK"), screenshot: true },
  ],
  "/projects/[projectId]": [
    {
      name: "project",
      path: (d) => `/projects/${d.projectId}/`,
      ready: (page) => page.getByRole("link", { name: "Development" }).first(),
      screenshot: true,
    },
    {
      name: "project-not-found",
      path: () => "/projects/999999/",
      ready: (page) => page.getByRole("heading", { name: /not found/i }),
    },
  ],
  "/projects/[projectId]/environments/[environmentKey]": [
    {
      name: "environment",
      path: (d) => env(d),
      ready: (page) => page.getByRole("switch", { name: "dark_mode" }),
    },
    {
      name: "environment-not-found",
      path: (d) => `/projects/${d.projectId}/environments/no-such-key/features/`,
      ready: (page) => page.getByRole("heading", { name: "Environment not found" }),
    },
  ],
  "/projects/[projectId]/environments/[environmentKey]/features": [
    {
      name: "features",
      path: (d) => env(d, "features/"),
      ready: (page) => page.getByRole("switch", { name: "dark_mode" }),
      screenshot: true,
    },
  ],
  "/projects/[projectId]/environments/[environmentKey]/features/[featureId]": [
    {
      name: "feature",
      path: (d) => env(d, `features/${d.featureId}/`),
      ready: (page) => page.getByRole("list", { name: "Variations" }),
      screenshot: true,
    },
    {
      name: "feature-not-found",
      path: (d) => env(d, "features/999999/"),
      ready: (page) => page.getByRole("heading", { name: "Feature not found" }),
    },
  ],
  "/projects/[projectId]/environments/[environmentKey]/segments": [
    {
      name: "segments",
      path: (d) => env(d, "segments/"),
      ready: (page) => page.getByRole("link", { name: "Gold plan" }),
      screenshot: true,
    },
  ],
  "/projects/[projectId]/environments/[environmentKey]/segments/new": [
    {
      name: "segment-new",
      path: (d) => env(d, "segments/new/"),
      ready: (page) => page.getByRole("button", { name: "Create segment" }),
    },
  ],
  "/projects/[projectId]/environments/[environmentKey]/segments/[segmentId]": [
    {
      name: "segment",
      path: (d) => env(d, `segments/${d.segmentId}/`),
      ready: (page) => page.getByRole("heading", { name: "Gold plan" }),
      screenshot: true,
    },
    {
      name: "segment-not-found",
      path: (d) => env(d, "segments/999999/"),
      ready: (page) => page.getByRole("heading", { name: "Segment not found" }),
    },
  ],
  "/projects/[projectId]/environments/[environmentKey]/identities": [
    {
      name: "identities",
      path: (d) => env(d, "identities/"),
      ready: (page) => page.getByRole("link", { name: "ada@example.com" }),
      screenshot: true,
    },
  ],
  "/projects/[projectId]/environments/[environmentKey]/identities/[identityId]": [
    {
      name: "identity",
      path: (d) => env(d, `identities/${d.identityId}/`),
      ready: (page) => page.getByTestId("identity-flag").first(),
      screenshot: true,
    },
    {
      name: "identity-not-found",
      path: (d) => env(d, "identities/999999/"),
      ready: (page) => page.getByRole("heading", { name: "Identity not found" }),
    },
  ],
  "/projects/[projectId]/environments/[environmentKey]/evaluate": [
    { name: "evaluate", path: (d) => env(d, "evaluate/"), ready: heading("Evaluate"), screenshot: true },
  ],
  "/projects/[projectId]/environments/[environmentKey]/audit-log": [
    {
      name: "audit-log",
      path: (d) => env(d, "audit-log/"),
      ready: (page) => page.getByText("checkout_banner").first(),
      screenshot: true,
    },
  ],
  "/projects/[projectId]/environments/[environmentKey]/change-requests": [
    {
      name: "change-requests",
      path: (d) => env(d, "change-requests/"),
      ready: (page) => page.getByRole("link", { name: "Summer banner" }),
      screenshot: true,
    },
  ],
  "/projects/[projectId]/environments/[environmentKey]/change-requests/[changeRequestId]": [
    {
      name: "change-request",
      path: (d) => env(d, `change-requests/${d.changeRequestId}/`),
      ready: (page) => page.getByTestId("impact-summary"),
      screenshot: true,
    },
    {
      name: "change-request-not-found",
      path: (d) => env(d, "change-requests/999999/"),
      ready: (page) => page.getByRole("heading", { name: "Change request not found" }),
    },
  ],
  "/projects/[projectId]/change-requests": [
    {
      name: "project-change-requests",
      path: (d) => `/projects/${d.projectId}/change-requests/`,
      ready: (page) => page.getByRole("link", { name: "Gold plan from 21" }),
    },
  ],
  "/projects/[projectId]/change-requests/[changeRequestId]": [
    {
      name: "project-change-request",
      path: (d) => `/projects/${d.projectId}/change-requests/${d.projectChangeRequestId}/`,
      ready: (page) => page.getByTestId("impact-summary"),
      screenshot: true,
    },
  ],
  "/projects/[projectId]/environments/[environmentKey]/settings": [
    { name: "settings", path: (d) => env(d, "settings/"), ready: heading(/settings/i), screenshot: true },
  ],
};

/** Pages that are no page.tsx: a path no route matches (the app's own not-found page), and
 * the API documentation (Swagger UI, served by an API route, themed like the dashboard). */
export const EXTRA_VISITS: Visit[] = [
  {
    name: "unknown-path",
    path: () => "/no-such-page/",
    ready: (page) => page.getByText(/not found|could not be found/i).first(),
  },
  {
    name: "api-docs",
    path: () => "/api/v1/docs/",
    ready: (page) => page.locator("#operations-SDK-getFlags"),
    screenshot: true,
    slow: true,
  },
];
