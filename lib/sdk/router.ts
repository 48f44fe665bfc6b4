// The SDK endpoints by method and path, for a server that answers them without Next (issue 9's
// fast lane): `routeSdkRequest` returns null for anything that is not an SDK endpoint, so the
// caller can hand it to Next. Paths are matched with or without the trailing slash.
import { randomUUID } from "node:crypto";
import { SDK_CORS_HEADERS } from "@/lib/api/handler";
import { handleAnalyticsFlagsPost } from "./analytics";
import { SNAPSHOT_TOO_LARGE, SnapshotTooLargeError } from "./compile";
import { handleEnvironmentDocumentRequest } from "./environment-document";
import { handleFlagsRequest } from "./flags";
import { json, type SdkRequest, type SdkResponse } from "./http";
import { handleIdentitiesGet } from "./identities/get";
import { handleIdentitiesPost } from "./identities/post";
import { handleTraitIncrement, handleTraitPost, handleTraitsBulkPut } from "./traits";

type Handler = (req: SdkRequest) => Promise<SdkResponse>;

const ROUTES: Record<string, Record<string, Handler>> = {
  "/api/v1/flags/": { GET: handleFlagsRequest },
  "/api/v1/identities/": { GET: handleIdentitiesGet, POST: handleIdentitiesPost },
  "/api/v1/environment-document/": { GET: handleEnvironmentDocumentRequest },
  "/api/v1/analytics/flags/": { POST: handleAnalyticsFlagsPost },
  "/api/v1/traits/": { POST: handleTraitPost },
  "/api/v1/traits/bulk/": { PUT: handleTraitsBulkPut },
  "/api/v1/traits/increment-value/": { POST: handleTraitIncrement },
};

/** The handler of an SDK endpoint; "preflight" for its OPTIONS; null when the path is not one. */
export function matchSdkRoute(method: string, pathname: string): Handler | "preflight" | null {
  const methods = ROUTES[pathname.endsWith("/") ? pathname : `${pathname}/`];
  if (!methods) return null;
  if (method === "OPTIONS") return "preflight";
  return methods[method] ?? null;
}

/** Answers an SDK request, or null when it is not one. Unexpected errors become a logged 500. */
export async function routeSdkRequest(
  method: string,
  pathname: string,
  req: SdkRequest,
): Promise<SdkResponse | null> {
  const route = matchSdkRoute(method, pathname);
  if (route === null) return null;
  if (route === "preflight") return { status: 200, headers: { ...SDK_CORS_HEADERS }, body: "" };
  try {
    return await route(req);
  } catch (error) {
    if (error instanceof SnapshotTooLargeError) return json(503, { detail: SNAPSHOT_TOO_LARGE });
    const requestId = randomUUID();
    console.error(`[ensign] unhandled SDK error, request id ${requestId}:`, error);
    return json(500, { detail: "A server error occurred.", request_id: requestId });
  }
}
