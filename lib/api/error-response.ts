// Every error of every path becomes an answer here, and only here: Next's route handlers
// (withApi, `npm run dev`, ENSIGN_FAST_LANE=0) turn it into a web Response, the production
// server's own paths (the SDK fast lane, SSE, OFREP) write the same status, headers and body
// to node:http (server/respond.ts).
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { Prisma } from "@/lib/db/client";
import { ApiError } from "./errors";
import { zodIssuesToDrf } from "./zod-errors";

/** What an error is answered with, independent of the server that sends it. */
export type ErrorAnswer = { status: number; body: unknown; headers: Record<string, string> };

export const SERVER_ERROR_DETAIL = "A server error occurred.";
export const BUSY_DETAIL = "The server is too busy to finish this request: try again shortly.";

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
    // A number past the column's type (an id over PostgreSQL's 32-bit integer): nothing can
    // match it, and SQLite's wider integers would simply find nothing either.
    if (code === "P2020") return new ApiError(400, { detail: "A number in the request is out of range." });
    // An interactive transaction that could not start or finish within Prisma's time (the
    // database or this process overloaded): rolled back whole, so a retry is safe. A load
    // limit's answer, as the body budget's, not a 500.
    if (code === "P2028") return new ApiError(503, { detail: BUSY_DETAIL }, { "Retry-After": "1" });
  }
  return null;
}

/** The status, headers and body of an error; anything unforeseen is logged under a request id. */
export function answerError(error: unknown): ErrorAnswer {
  if (error instanceof ApiError)
    return { status: error.status, body: error.body, headers: { ...error.headers } };
  if (error instanceof z.ZodError) return { status: 400, body: zodIssuesToDrf(error.issues), headers: {} };
  const known = knownPrismaError(error);
  if (known) return { status: known.status, body: known.body, headers: { ...known.headers } };
  const requestId = randomUUID();
  console.error(`[ensign] unhandled error, request id ${requestId}:`, error);
  return { status: 500, body: { detail: SERVER_ERROR_DETAIL, request_id: requestId }, headers: {} };
}

export function errorResponse(error: unknown, headers?: HeadersInit): Response {
  const answer = answerError(error);
  const merged = new Headers(headers);
  for (const [name, value] of Object.entries(answer.headers)) merged.set(name, value);
  return jsonResponse(answer.body, answer.status, merged);
}
