// POST /ofrep/v1/evaluate/flags/{key} and POST /ofrep/v1/evaluate/flags: the OpenFeature
// Remote Evaluation Protocol, answered from the SDK snapshots on the fast lane (no database
// read). The environment key comes as X-Environment-Key, X-API-Key (the header Flagsmith's
// planned OFREP reads) or `Authorization: Bearer <key>`, in that order.
import { SDK_CORS_HEADERS } from "@/lib/sdk/cors";
import { authenticateSdkKey, STOPPED_SERVING } from "../auth";
import { etagOf } from "../compile";
import { matchesEtag, readHeader, type SdkRequest, type SdkResponse } from "../http";
import type { SdkSnapshot } from "../snapshot";
import { parseOfrepBody, type OfrepErrorCode } from "./context";
import { resolveForContext, toOfrepFlag } from "./evaluate";

const HEADERS = { ...SDK_CORS_HEADERS, "Content-Type": "application/json" };

function answer(status: number, body: unknown, extra?: Record<string, string>): SdkResponse {
  return { status, headers: { ...HEADERS, ...extra }, body: JSON.stringify(body) };
}

function environmentKey(req: SdkRequest): string | undefined {
  const header = readHeader(req.headers, "x-environment-key");
  if (header) return header;
  const apiKey = readHeader(req.headers, "x-api-key");
  if (apiKey) return apiKey;
  const authorization = readHeader(req.headers, "authorization");
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  return match?.[1];
}

type Authorised =
  { ok: true; snapshot: SdkSnapshot; isServerKey: boolean } | { ok: false; response: SdkResponse };

async function authorise(req: SdkRequest): Promise<Authorised> {
  const auth = await authenticateSdkKey(environmentKey(req));
  if (auth.ok) return auth;
  // OFREP tells a missing or wrong key (401) from a key that may not evaluate (403).
  const status = auth.detail === STOPPED_SERVING ? 403 : 401;
  return { ok: false, response: answer(status, { errorDetails: auth.detail }) };
}

const failure = (status: number, code: OfrepErrorCode, details: string, key?: string) =>
  answer(
    status,
    key === undefined
      ? { errorCode: code, errorDetails: details }
      : { key, errorCode: code, errorDetails: details },
  );

export async function handleOfrepFlag(req: SdkRequest, key: string): Promise<SdkResponse> {
  const auth = await authorise(req);
  if (!auth.ok) return auth.response;
  const parsed = parseOfrepBody(req.body);
  if (!parsed.ok) return failure(400, parsed.code, parsed.details, key);
  const { evaluated, flags } = resolveForContext(auth.snapshot, auth.isServerKey, parsed.context);
  const flag = flags.find((f) => f.feature.name === key);
  if (!flag) return failure(404, "FLAG_NOT_FOUND", `No flag named "${key}" in this environment.`, key);
  return answer(200, toOfrepFlag(flag, evaluated));
}

type BulkBody = { body: string; etag: string };
// With an empty context every caller of a snapshot gets the same answer: built once.
const staticBulk = new WeakMap<SdkSnapshot, Partial<Record<"client" | "server", BulkBody>>>();

function bulkBody(
  snapshot: SdkSnapshot,
  isServerKey: boolean,
  parsedContext: Parameters<typeof resolveForContext>[2],
): BulkBody {
  const isEmpty = parsedContext.targetingKey === null && parsedContext.traits.length === 0;
  const kind = isServerKey ? "server" : "client";
  const cached = isEmpty ? staticBulk.get(snapshot)?.[kind] : undefined;
  if (cached) return cached;
  const { evaluated, flags } = resolveForContext(snapshot, isServerKey, parsedContext);
  const body = JSON.stringify({ flags: flags.map((flag) => toOfrepFlag(flag, evaluated)) });
  const built = { body, etag: etagOf(body) };
  if (isEmpty) staticBulk.set(snapshot, { ...staticBulk.get(snapshot), [kind]: built });
  return built;
}

export async function handleOfrepBulk(req: SdkRequest): Promise<SdkResponse> {
  const auth = await authorise(req);
  if (!auth.ok) return auth.response;
  const parsed = parseOfrepBody(req.body);
  if (!parsed.ok) return failure(400, parsed.code, parsed.details);
  const { body, etag } = bulkBody(auth.snapshot, auth.isServerKey, parsed.context);
  if (matchesEtag(req.headers, etag))
    return { status: 304, headers: { ...SDK_CORS_HEADERS, ETag: etag }, body: "" };
  return { status: 200, headers: { ...HEADERS, ETag: etag }, body };
}

const FLAG_PATH = /^\/ofrep\/v1\/evaluate\/flags\/([^/]+)\/?$/;
const BULK_PATH = /^\/ofrep\/v1\/evaluate\/flags\/?$/;

/** The OFREP handlers of a path by method, for the fast lane; null when the path is not OFREP's. */
export function matchOfrepRoute(
  path: string,
): Partial<Record<string, (req: SdkRequest) => Promise<SdkResponse>>> | null {
  if (!path.startsWith("/ofrep/")) return null;
  if (BULK_PATH.test(path)) return { POST: handleOfrepBulk };
  const match = FLAG_PATH.exec(path);
  if (!match) return null;
  let key: string;
  try {
    key = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return { POST: (req) => handleOfrepFlag(req, key) };
}
