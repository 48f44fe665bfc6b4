// A rich Flagsmith-shaped organisation on a second Ensign instance (it speaks Flagsmith's
// Admin API), as the source of the import tests: every segment operator, nested rules,
// multivariate weights, segment overrides with priorities, core and edge identity
// overrides, tags, owners and a server-side key.
import { call, seed, type Seeded } from "./api";

async function must(res: Promise<{ status: number; text: string; body: any }>, what: string) {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
  return r.body;
}

const condition = (property: string | null, operator: string, value: string | null = null) => ({
  property,
  operator,
  value,
});

export const SOURCE_SEGMENTS: { name: string; rules: unknown[] }[] = [
  {
    name: "pro-or-big",
    rules: [
      {
        type: "ALL",
        rules: [
          {
            type: "ANY",
            conditions: [condition("plan", "EQUAL", "pro"), condition("seats", "GREATER_THAN", "50")],
          },
          { type: "NONE", conditions: [condition("country", "IN", "fr,de")] },
        ],
      },
    ],
  },
  {
    name: "every-operator",
    rules: [
      {
        type: "ANY",
        rules: [
          {
            type: "ANY",
            conditions: [
              condition("plan", "NOT_EQUAL", "free"),
              condition("email", "CONTAINS", "@corp"),
              condition("email", "NOT_CONTAINS", "test"),
              condition("email", "REGEX", ".*@corp\\.com$"),
              condition("seats", "GREATER_THAN_INCLUSIVE", "10"),
              condition("seats", "LESS_THAN", "3"),
              condition("seats", "LESS_THAN_INCLUSIVE", "4"),
              condition("beta", "IS_SET"),
              condition("legacy", "IS_NOT_SET"),
              condition("version", "GREATER_THAN", "2.1.0:semver"),
              condition("seats", "MODULO", "2|0"),
              condition("premium", "EQUAL", "true"),
            ],
          },
        ],
      },
    ],
  },
  {
    name: "half",
    rules: [
      { type: "ALL", rules: [{ type: "ALL", conditions: [condition(null, "PERCENTAGE_SPLIT", "50")] }] },
    ],
  },
];

export type Source = Seeded & { apiKey: string; prodKey: string; features: Record<string, number> };

export async function seedSource(baseUrl: string): Promise<Source> {
  const s = await seed(baseUrl);
  const o = { token: s.token, baseUrl };
  const prod = await must(
    call("/api/v1/environments/", { ...o, body: { name: "Production", project: s.projectId } }),
    "env",
  );
  const tags = [];
  for (const label of ["beta", "ops"]) {
    tags.push(
      (await must(call(`/api/v1/projects/${s.projectId}/tags/`, { ...o, body: { label } }), "tag")).id,
    );
  }
  const features: Record<string, number> = {};
  const feature = async (body: Record<string, unknown>) => {
    features[body.name as string] = (
      await must(call(`/api/v1/projects/${s.projectId}/features/`, { ...o, body }), "feature")
    ).id;
  };
  await feature({ name: "plain", default_enabled: true, initial_value: "hello", tags });
  await feature({ name: "number", initial_value: "42", description: "a number" });
  await feature({
    name: "mv",
    default_enabled: true,
    initial_value: "control",
    tags: [tags[0]],
    multivariate_options: [
      { type: "unicode", string_value: "a", default_percentage_allocation: 30 },
      { type: "int", integer_value: 7, default_percentage_allocation: 20 },
      { type: "bool", boolean_value: true, default_percentage_allocation: 10 },
    ],
  });
  const segments: number[] = [];
  for (const seg of SOURCE_SEGMENTS) {
    segments.push(
      (await must(call(`/api/v1/projects/${s.projectId}/segments/`, { ...o, body: seg }), "segment")).id,
    );
  }
  const env = `/api/v1/environments/${s.envKey}`;
  // Environment defaults differ from the feature's defaults.
  const states = await must(call(`${env}/featurestates/?feature_name=number`, o), "states");
  await must(
    call(`${env}/featurestates/${states.results[0].id}/`, {
      ...o,
      method: "PATCH",
      body: { enabled: true, feature_state_value: 43 },
    }),
    "default",
  );
  const mvOptions = await must(
    call(`/api/v1/projects/${s.projectId}/features/${features.mv}/mv-options/`, o),
    "options",
  );
  const optionIds: number[] = (mvOptions.results ?? mvOptions).map((x: { id: number }) => x.id);
  const override = (segment: number, priority: number, value: string, weights: number[]) =>
    must(
      call(`${env}/features/${features.mv}/create-segment-override/`, {
        ...o,
        body: {
          enabled: true,
          feature_state_value: { type: "unicode", string_value: value },
          feature_segment: { segment, priority },
          multivariate_feature_state_values: weights.map((p, i) => ({
            multivariate_feature_option: optionIds[i],
            percentage_allocation: p,
          })),
        },
      }),
      "segment override",
    );
  await override(segments[0], 0, "pro", [50, 50, 0]);
  await override(segments[2], 1, "half", [0, 25, 75]);
  await override(segments[1], 1, "any", [10, 10, 10]);
  await must(
    call(`${env}/features/${features.plain}/create-segment-override/`, {
      ...o,
      body: {
        enabled: false,
        feature_state_value: { type: "unicode", string_value: "seg" },
        feature_segment: { segment: segments[1] },
      },
    }),
    "plain override",
  );
  // A core identity with traits and an override.
  const core = await must(
    call(`${env}/identities/`, { ...o, body: { identifier: "core-user" } }),
    "identity",
  );
  await must(
    call(`${env}/identities/${core.id}/traits/`, { ...o, body: { trait_key: "plan", trait_value: "pro" } }),
    "trait",
  );
  await must(
    call(`${env}/identities/${core.id}/traits/`, { ...o, body: { trait_key: "seats", trait_value: 60 } }),
    "trait",
  );
  await must(
    call(`${env}/identities/${core.id}/featurestates/`, {
      ...o,
      body: { feature: features.number, enabled: false, feature_state_value: 1 },
    }),
    "identity override",
  );
  // An edge identity with a trait and an override.
  const edge = await must(
    call(`${env}/edge-identities/`, { ...o, body: { identifier: "edge-user" } }),
    "edge identity",
  );
  const edgePath = `${env}/edge-identities/${edge.identity_uuid}`;
  await must(
    call(`${edgePath}/update-traits/`, {
      ...o,
      method: "PUT",
      body: { trait_key: "email", trait_value: "x@corp.com" },
    }),
    "edge trait",
  );
  await must(
    call(`${edgePath}/edge-featurestates/`, {
      ...o,
      body: { feature: features.plain, enabled: true, feature_state_value: "edge" },
    }),
    "edge override",
  );
  // Identities that only exist through the SDK, some in segments.
  for (const [identifier, traits] of [
    ["sdk-pro", [{ trait_key: "plan", trait_value: "pro" }]],
    [
      "sdk-free",
      [
        { trait_key: "plan", trait_value: "free" },
        { trait_key: "seats", trait_value: 2 },
      ],
    ],
  ] as const) {
    await must(
      call("/api/v1/identities/", { baseUrl, envKey: s.envKey, body: { identifier, traits } }),
      "identify",
    );
  }
  await must(call(`${env}/api-keys/`, { ...o, body: { name: "backend" } }), "server key");
  const key = await must(
    call(`/api/v1/organisations/${s.organisationId}/master-api-keys/`, { ...o, body: { name: "import" } }),
    "organisation key",
  );
  return { ...s, apiKey: key.key, prodKey: prod.api_key, features };
}
