// Compiles one environment into an immutable SdkSnapshot: the environment document, the
// /flags/ answers for client and server keys pre-serialised, and lookup maps for identity
// evaluation. Nothing here runs per request.
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { LIMITS } from "@/lib/limits/limits";
import { readValue } from "@/lib/values";
import { rememberSegmentMatches } from "@/lib/engine";
import { buildDocument } from "./document";
import { estimateHeapBytes } from "./heap-size";
import { serializeFlag, serializeFlagFeature } from "./flag-json";
import { loadEnvironment, type LoadedEnvironment } from "./load";
import type { FlagsBody, SdkSnapshot, SnapshotFeature } from "./snapshot";

export const SNAPSHOT_TOO_LARGE =
  "This environment is too large to serve: reduce its feature values or raise ENSIGN_MAX_SNAPSHOT_BYTES.";

/**
 * An environment whose compiled answers would take more memory than ENSIGN_MAX_SNAPSHOT_BYTES:
 * 503 on every lane (lib/api/error-response.ts), as the server cannot serve it until an
 * administrator shrinks it; Retry-After keeps SDKs that honour it from polling in a loop.
 */
export class SnapshotTooLargeError extends ApiError {
  constructor(
    readonly environmentId: number,
    readonly bytes: number,
  ) {
    super(503, { detail: SNAPSHOT_TOO_LARGE }, { "Retry-After": "60" });
    this.message = `Environment ${environmentId} is too large to serve: its SDK answers take over ${bytes} bytes.`;
  }
}

/** Data written before the write-time quotas existed can still be too large: it is refused, never kept. */
function checkBudget(environmentId: number, bytes: number, budget = LIMITS.snapshotBytes) {
  if (bytes > budget) throw new SnapshotTooLargeError(environmentId, bytes);
}

export function etagOf(body: string | Uint8Array): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

export function formatUpdatedAt(date: Date): string {
  return (date.getTime() / 1000).toFixed(6);
}

function buildFlagsBody(
  loaded: LoadedEnvironment,
  features: Map<number, SnapshotFeature>,
  options: { isServerKey: boolean; hideDisabledFlags: boolean },
): FlagsBody {
  const { environment } = loaded;
  const names: string[] = [];
  const flags: string[] = [];
  for (const state of loaded.states) {
    if (state.featureSegmentId !== null || state.identityId !== null) continue;
    const feature = features.get(state.featureId);
    if (!feature) continue;
    if (!options.isServerKey && feature.isServerKeyOnly) continue;
    if (options.hideDisabledFlags && !state.enabled) continue;
    const json = serializeFlag({
      stateId: state.id,
      featureJson: feature.json,
      value: readValue(state),
      environmentId: environment.id,
      identityId: null,
      featureSegmentId: null,
      enabled: state.enabled,
      hideSensitiveData: environment.hideSensitiveData,
    });
    flags.push(json);
    names.push(feature.nameLower);
  }
  const bytes = Buffer.from(`[${flags.join(",")}]`);
  // Each flag's answer is its slice of the list: no second copy of any value.
  const byName = new Map<string, Uint8Array<ArrayBuffer>>();
  let start = 1;
  for (const [i, json] of flags.entries()) {
    const end = start + Buffer.byteLength(json);
    byName.set(names[i], bytes.subarray(start, end));
    start = end + 1;
  }
  return { bytes, etag: etagOf(bytes), byName };
}

export function buildSnapshot(
  loaded: LoadedEnvironment,
  now = Date.now(),
  budget = LIMITS.snapshotBytes,
): SdkSnapshot {
  const { environment } = loaded;
  const { project } = environment;
  const { document, identityOverrides } = buildDocument(loaded);
  // The snapshot is never modified: identities' segment matches may be remembered across calls.
  rememberSegmentMatches(document);
  const documentBytes = Buffer.from(JSON.stringify(document));
  checkBudget(environment.id, documentBytes.length, budget);
  const features = new Map<number, SnapshotFeature>(
    loaded.features.map((f) => [
      f.id,
      {
        id: f.id,
        name: f.name,
        nameLower: f.name.toLowerCase(),
        isServerKeyOnly: f.isServerKeyOnly,
        json: serializeFlagFeature(f, environment.hideSensitiveData),
      },
    ]),
  );
  const hideDisabledFlags = environment.hideDisabledFlags ?? project.hideDisabledFlags;
  // Keyed by sha256: only hashes of server keys are stored (lib/keys.ts).
  const serverKeys = new Map<string, number | null>();
  for (const key of environment.serverKeys) {
    const expiresAt = key.expiresAt?.getTime() ?? null;
    const live = key.active && (expiresAt === null || expiresAt > now);
    if (live && key.keyHash) serverKeys.set(key.keyHash, expiresAt);
  }
  const flags = {
    client: buildFlagsBody(loaded, features, { isServerKey: false, hideDisabledFlags }),
    server: buildFlagsBody(loaded, features, { isServerKey: true, hideDisabledFlags }),
  };
  const bytes = documentBytes.length + flags.client.bytes.length + flags.server.bytes.length;
  checkBudget(environment.id, bytes, budget);
  const snapshot: Omit<SdkSnapshot, "heapBytes"> = {
    environmentId: environment.id,
    revision: environment.revision,
    clientKey: environment.apiKey,
    serverKeys,
    updatedAt: environment.documentUpdatedAt,
    updatedAtHeader: formatUpdatedAt(environment.documentUpdatedAt),
    stopServingFlags: project.organisation.stopServingFlags,
    persistTraitData: project.organisation.persistTraitData,
    allowClientTraits: environment.allowClientTraits,
    hideSensitiveData: environment.hideSensitiveData,
    hideDisabledFlags,
    document,
    documentBytes,
    bytes,
    documentEtag: etagOf(documentBytes),
    lastModified: environment.documentUpdatedAt.toUTCString(),
    flags,
    features,
    stateRefs: new Map(
      loaded.states.map((s) => [s.id, { featureSegmentId: s.featureSegmentId, identityId: s.identityId }]),
    ),
    identityOverrides,
  };
  return { ...snapshot, heapBytes: estimateHeapBytes(snapshot) };
}

/** Reads and compiles one environment; null if it no longer exists. */
export async function compileSnapshot(environmentId: number): Promise<SdkSnapshot | null> {
  const loaded = await loadEnvironment(environmentId);
  return loaded ? buildSnapshot(loaded) : null;
}
