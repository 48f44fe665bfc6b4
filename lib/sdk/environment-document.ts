// GET /api/v1/environment-document/: the whole environment for local evaluation, server keys
// only. Conditional GETs: If-None-Match against the ETag (it takes precedence, RFC 9110), else
// If-Modified-Since against Last-Modified, which has one-second precision as Flagsmith's does.
import { authenticateCachedSdkKey, authenticateSdkKey, type SdkAuthResult } from "./auth";
import { detail, empty, jsonText, matchesEtag, readHeader, type SdkRequest, type SdkResponse } from "./http";
import type { SdkSnapshot } from "./snapshot";

function notModifiedSince(req: SdkRequest, snapshot: SdkSnapshot): boolean {
  const header = readHeader(req.headers, "if-modified-since");
  if (!header) return false;
  const since = Date.parse(header);
  if (Number.isNaN(since)) return false;
  return Math.floor(snapshot.updatedAt.getTime() / 1000) * 1000 <= since;
}

/** Answers at once for a key whose snapshot is in memory (the usual case), else once it is loaded. */
export function handleEnvironmentDocumentRequest(req: SdkRequest): SdkResponse | Promise<SdkResponse> {
  const key = readHeader(req.headers, "x-environment-key");
  const cached = authenticateCachedSdkKey(key, { serverKeyOnly: true });
  if (cached) return answerDocument(req, cached);
  return authenticateSdkKey(key, { serverKeyOnly: true }).then((auth) => answerDocument(req, auth));
}

function answerDocument(req: SdkRequest, auth: SdkAuthResult): SdkResponse {
  if (!auth.ok) return detail(403, auth.detail, auth.snapshot);
  const { snapshot } = auth;
  const validators = { ETag: snapshot.documentEtag, "Last-Modified": snapshot.lastModified };
  const notModified = readHeader(req.headers, "if-none-match")
    ? matchesEtag(req.headers, snapshot.documentEtag)
    : notModifiedSince(req, snapshot);
  if (notModified) return empty(304, snapshot, validators);
  return jsonText(200, snapshot.documentBytes, snapshot, validators);
}
