// GET /api/v1/flags/: the environment's default flags, straight from the snapshot's
// pre-serialised bodies. Client keys never see server-key-only features; with
// hide_disabled_flags only enabled flags are listed.
import { authenticateSdkKey } from "./auth";
import { detail, empty, jsonText, matchesEtag, readHeader, type SdkRequest, type SdkResponse } from "./http";

export const FEATURE_NOT_FOUND = "Given feature not found";

export async function handleFlagsRequest(req: SdkRequest): Promise<SdkResponse> {
  const auth = await authenticateSdkKey(readHeader(req.headers, "x-environment-key"));
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
