// Every error of every route becomes a response here, and only here.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { Prisma } from "@/lib/db/client";
import { ApiError } from "./errors";
import { zodIssuesToDrf } from "./zod-errors";

export function jsonResponse(body: unknown, status = 200, headers?: HeadersInit): Response {
  if (status === 204 || body === undefined) return new Response(null, { status, headers });
  const h = new Headers(headers);
  h.set("Content-Type", "application/json");
  return new Response(JSON.stringify(body), { status, headers: h });
}

function knownPrismaError(error: unknown): ApiError | null {
  if (
    error instanceof Prisma.PrismaClientKnownRequestError ||
    (error as { code?: string })?.code?.startsWith?.("P")
  ) {
    const code = (error as { code: string }).code;
    // A unique violation that a service did not pre-check: a race with another writer.
    if (code === "P2002") return new ApiError(400, { non_field_errors: ["This object already exists."] });
    if (code === "P2025" || code === "P2001") return new ApiError(404, { detail: "Not found." });
    if (code === "P2003")
      return new ApiError(400, { non_field_errors: ["A referenced object does not exist."] });
  }
  return null;
}

export function errorResponse(error: unknown, headers?: HeadersInit): Response {
  if (error instanceof ApiError) {
    const merged = new Headers(headers);
    for (const [name, value] of Object.entries(error.headers ?? {})) merged.set(name, value);
    return jsonResponse(error.body, error.status, merged);
  }
  if (error instanceof z.ZodError) return jsonResponse(zodIssuesToDrf(error.issues), 400, headers);
  const known = knownPrismaError(error);
  if (known) return jsonResponse(known.body, known.status, headers);
  const requestId = randomUUID();
  console.error(`[ensign] unhandled error, request id ${requestId}:`, error);
  return jsonResponse({ detail: "A server error occurred.", request_id: requestId }, 500, headers);
}
