// Every quota of the service in one place, read from the environment once per process.
// Defaults follow Flagsmith where it has one (features 1000 and segments 500 per project,
// 100 conditions per segment, feature values of 20,000 characters); the others are sized so
// that one tenant cannot exhaust the server's heap (160 MB by default). README "Limits and
// security" lists them.

export type Limits = {
  featureValueLength: number;
  featuresPerProject: number;
  segmentsPerProject: number;
  segmentOverridesPerEnvironment: number;
  conditionsPerSegment: number;
  environmentsPerProject: number;
  optionsPerFeature: number;
  identitiesPerEnvironment: number;
  traitsPerIdentity: number;
  environmentValueBytes: number;
  snapshotBytes: number;
  snapshotCacheBytes: number;
  snapshotCompiles: number;
  analyticsCount: number;
  segmentCountScan: number;
  pendingInvitesPerOrganisation: number;
  inviteLinksPerOrganisation: number;
};

export const LIMIT_SETTINGS: Record<keyof Limits, { env: string; fallback: number }> = {
  featureValueLength: { env: "ENSIGN_MAX_FEATURE_VALUE_LENGTH", fallback: 20_000 },
  featuresPerProject: { env: "ENSIGN_MAX_FEATURES_PER_PROJECT", fallback: 1000 },
  segmentsPerProject: { env: "ENSIGN_MAX_SEGMENTS_PER_PROJECT", fallback: 500 },
  segmentOverridesPerEnvironment: { env: "ENSIGN_MAX_SEGMENT_OVERRIDES_PER_ENVIRONMENT", fallback: 2000 },
  conditionsPerSegment: { env: "ENSIGN_MAX_CONDITIONS_PER_SEGMENT", fallback: 100 },
  environmentsPerProject: { env: "ENSIGN_MAX_ENVIRONMENTS_PER_PROJECT", fallback: 100 },
  optionsPerFeature: { env: "ENSIGN_MAX_OPTIONS_PER_FEATURE", fallback: 100 },
  identitiesPerEnvironment: { env: "ENSIGN_MAX_IDENTITIES_PER_ENVIRONMENT", fallback: 1_000_000 },
  traitsPerIdentity: { env: "ENSIGN_MAX_TRAITS_PER_IDENTITY", fallback: 1000 },
  environmentValueBytes: { env: "ENSIGN_MAX_ENVIRONMENT_VALUE_CHARS", fallback: 2_000_000 },
  snapshotBytes: { env: "ENSIGN_MAX_SNAPSHOT_BYTES", fallback: 16_000_000 },
  snapshotCacheBytes: { env: "ENSIGN_SNAPSHOT_CACHE_BYTES", fallback: 32_000_000 },
  snapshotCompiles: { env: "ENSIGN_MAX_CONCURRENT_COMPILES", fallback: 2 },
  analyticsCount: { env: "ENSIGN_MAX_ANALYTICS_COUNT", fallback: 1_000_000 },
  segmentCountScan: { env: "ENSIGN_SEGMENT_COUNT_SCAN_LIMIT", fallback: 10_000 },
  pendingInvitesPerOrganisation: { env: "ENSIGN_MAX_PENDING_INVITES_PER_ORGANISATION", fallback: 500 },
  inviteLinksPerOrganisation: { env: "ENSIGN_MAX_INVITE_LINKS_PER_ORGANISATION", fallback: 50 },
};

/** Reads the limits from an environment; a setting that is not a positive integer keeps its default. */
export function readLimits(env: Record<string, string | undefined>): Limits {
  const entries = Object.entries(LIMIT_SETTINGS).map(([name, { env: key, fallback }]) => {
    const value = Number(env[key]);
    return [name, Number.isSafeInteger(value) && value > 0 ? value : fallback];
  });
  return Object.fromEntries(entries) as Limits;
}

export const LIMITS: Readonly<Limits> = Object.freeze(readLimits(process.env));
