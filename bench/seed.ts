// Seeds the benchmark's heavy profile through the admin API: 50 features (some
// multivariate), 15 segments of 15 conditions each over the traits the load sends, segment
// overrides on most features and a few identity overrides.
type Call = (path: string, init?: { method?: string; body?: unknown }) => Promise<any>;

export const TRAIT_KEYS = ["plan", "age", "country", "beta", "score"] as const;
const OPERATORS = [
  "EQUAL",
  "NOT_EQUAL",
  "GREATER_THAN",
  "LESS_THAN_INCLUSIVE",
  "CONTAINS",
  "IN",
  "REGEX",
  "IS_SET",
  "MODULO",
];

function condition(i: number) {
  const op = OPERATORS[i % OPERATORS.length];
  const property = TRAIT_KEYS[i % TRAIT_KEYS.length];
  const value: Record<string, string> = {
    EQUAL: "gold",
    NOT_EQUAL: "free",
    GREATER_THAN: String(20 + (i % 40)),
    LESS_THAN_INCLUSIVE: String(50 + (i % 40)),
    CONTAINS: "o",
    IN: "uk,fr,de,us",
    REGEX: "^[a-m]",
    IS_SET: "",
    MODULO: "3|1",
  };
  return { property, operator: op, value: value[op] };
}

export async function seedHeavyProfile(api: Call, projectId: number, environmentId: number, envKey: string) {
  const features: number[] = [];
  for (let i = 0; i < 50; i++) {
    const body: Record<string, unknown> = {
      name: `feature_${i}`,
      default_enabled: i % 3 !== 0,
      initial_value: `value-${i}`,
    };
    if (i % 10 === 0) {
      body.multivariate_options = [
        { type: "unicode", string_value: `variant-a-${i}`, default_percentage_allocation: 30 },
        { type: "unicode", string_value: `variant-b-${i}`, default_percentage_allocation: 30 },
      ];
    }
    features.push((await api(`/api/v1/projects/${projectId}/features/`, { body })).id);
  }
  const segments: number[] = [];
  for (let s = 0; s < 15; s++) {
    const groups = [0, 1, 2].map((g) => ({
      type: "ANY",
      conditions: Array.from({ length: 5 }, (_, c) => condition(s * 15 + g * 5 + c)),
    }));
    const segment = await api(`/api/v1/projects/${projectId}/segments/`, {
      body: { name: `segment_${s}`, project: projectId, rules: [{ type: "ALL", rules: groups }] },
    });
    segments.push(segment.id);
  }
  for (let i = 0; i < 40; i++) {
    for (const segment of [segments[i % 15], segments[(i + 7) % 15]]) {
      const fs = await api("/api/v1/features/feature-segments/", {
        body: { feature: features[i], segment, environment: environmentId },
      });
      await api("/api/v1/features/featurestates/", {
        body: {
          feature: features[i],
          feature_segment: fs.id,
          environment: environmentId,
          enabled: i % 2 === 0,
          feature_state_value: { type: "unicode", string_value: `segment-${segment}-${i}` },
        },
      });
    }
  }
  for (let n = 0; n < 20; n++) {
    const identity = await api(`/api/v1/environments/${envKey}/identities/`, {
      body: { identifier: `bench-${n}` },
    });
    await api(`/api/v1/environments/${envKey}/identities/${identity.id}/featurestates/`, {
      body: { feature: features[n], enabled: true, feature_state_value: `override-${n}` },
    });
  }
  return { features, segments };
}

export function randomTraits(n: number) {
  const plans = ["free", "gold", "silver", "platinum"];
  const countries = ["uk", "fr", "de", "us", "jp", "br"];
  return [
    { trait_key: "plan", trait_value: plans[n % plans.length] },
    { trait_key: "age", trait_value: 18 + (n % 60) },
    { trait_key: "country", trait_value: countries[n % countries.length] },
    { trait_key: "beta", trait_value: n % 2 === 0 },
    { trait_key: "score", trait_value: (n % 1000) / 10 },
  ];
}
