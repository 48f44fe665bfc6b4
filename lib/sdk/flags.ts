// GET /api/v1/flags/: the environment's default flags, straight from the snapshot's
// pre-serialised bodies. Client keys never see server-key-only features; with
// hide_disabled_flags only enabled flags are listed.
import { authenticateCachedSdkKey, authenticateSdkKey, type SdkAuthResult } from "./auth";
import { detail, empty, jsonText, matchesEtag, readHeader, type SdkRequest, type SdkResponse } from "./http";

export const FEATURE_NOT_FOUND = "Given feature not found";

/** Answers at once for a key whose snapshot is in memory (the usual case), else once it is loaded. */
export function handleFlagsRequest(req: SdkRequest): SdkResponse | Promise<SdkResponse> {
  const key = readHeader(req.headers, "x-environment-key");
  const cached = authenticateCachedSdkKey(key);
  if (cached) return answerFlags(req, cached);
  return authenticateSdkKey(key).then((auth) => answerFlags(req, auth));
}

function answerFlags(req: SdkRequest, auth: SdkAuthResult): SdkResponse {
  if (!auth.ok) return detail(403, auth.detail, auth.snapshot);
  const { snapshot } = auth;
  const flags = auth.isServerKey ? snapshot.flags.server : snapshot.flags.client;
  const featureName = req.query.get("feature");
  if (featureName !== null) {
    const flag = flags.byName.get(featureName.toLowerCase());
    return flag ? jsonText(200, flag, snapshot) : detail(404, FEATURE_NOT_FOUND, snapshot);
  }
  if (matchesEtag(req.headers, flags.etag)) return empty(304, snapshot, { ETag: flags.etag });
  return jsonText(200, flags.bytes, snapshot, { ETag: flags.etag });
}
