// Edge identities page by key, like DynamoDB: each page hands back an opaque
// `last_evaluated_key` that names where the next page starts. Ensign's key encodes the
// id of the page's last identity; pages are read in id order, so a walk sees each identity once.
import { ValidationError } from "@/lib/api/errors";

export const EDGE_PAGE_SIZE = 100;

export function edgePageSize(requested: number | undefined): number {
  return Math.min(requested ?? EDGE_PAGE_SIZE, EDGE_PAGE_SIZE);
}

export function encodeLastEvaluatedKey(lastId: number): string {
  return Buffer.from(JSON.stringify({ id: lastId })).toString("base64url");
}

/** The id a page starts after; a key that this server did not issue answers 400. */
export function decodeLastEvaluatedKey(key: string | undefined): number | null {
  if (key === undefined || key === "") return null;
  // A `+` of standard base64 arrives as a space when the client did not URL-encode it.
  const normalised = key.replaceAll(" ", "+");
  try {
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(normalised)) throw new Error("not base64");
    const parsed: unknown = JSON.parse(Buffer.from(normalised, "base64").toString("utf8"));
    const id = (parsed as { id?: unknown } | null)?.id;
    if (typeof id === "number" && Number.isSafeInteger(id) && id >= 0) return id;
  } catch {
    // answered below
  }
  throw ValidationError.field("last_evaluated_key", "Not a valid last_evaluated_key.");
}
