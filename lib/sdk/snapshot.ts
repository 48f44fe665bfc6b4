// The compiled, immutable picture of one environment that every SDK answer is served from.
import type { EngineIdentityOverride, EnvironmentDocument } from "@/lib/engine";

export type SnapshotFeature = {
  id: number;
  name: string;
  nameLower: string;
  isServerKeyOnly: boolean;
  /** The flag object's `feature` part, already serialised (hide_sensitive_data applied). */
  json: string;
};

/** What /flags/ answers for one kind of key. */
export type FlagsBody = {
  /** The JSON list encoded once as UTF-8: what is sent, so no request encodes it again. */
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  /** One flag object by lower-cased feature name, for `?feature=`: a view into `bytes`. */
  byName: Map<string, Uint8Array<ArrayBuffer>>;
};

export type SdkSnapshot = {
  environmentId: number;
  revision: number;
  clientKey: string;
  /** Active server keys → expiry in epoch ms (null: never). */
  serverKeys: Map<string, number | null>;
  updatedAt: Date;
  /** X-Flagsmith-Document-Updated-At: POSIX seconds as a float. */
  updatedAtHeader: string;
  stopServingFlags: boolean;
  persistTraitData: boolean;
  allowClientTraits: boolean;
  hideSensitiveData: boolean;
  /** hide_disabled_flags resolved (environment value, else the project's). */
  hideDisabledFlags: boolean;
  document: EnvironmentDocument;
  /** The document as JSON, encoded once as UTF-8 (the text itself is not kept: it would double its cost). */
  documentBytes: Uint8Array<ArrayBuffer>;
  documentEtag: string;
  /** Bytes of the pre-encoded answers (ENSIGN_MAX_SNAPSHOT_BYTES). */
  bytes: number;
  /** What the whole snapshot costs in memory (lib/sdk/heap-size.ts): what ENSIGN_SNAPSHOT_CACHE_BYTES counts. */
  heapBytes: number;
  /** Last-Modified as an HTTP date (second precision). */
  lastModified: string;
  flags: { client: FlagsBody; server: FlagsBody };
  features: Map<number, SnapshotFeature>;
  /** Feature state id → the ids the flag object shows beside it. */
  stateRefs: Map<number, { featureSegmentId: number | null; identityId: number | null }>;
  identityOverrides: Map<string, EngineIdentityOverride>;
};

export function isServerKeyLive(snapshot: SdkSnapshot, key: string, now = Date.now()): boolean {
  if (!snapshot.serverKeys.has(key)) return false;
  const expiresAt = snapshot.serverKeys.get(key);
  return expiresAt === null || expiresAt === undefined || expiresAt > now;
}
