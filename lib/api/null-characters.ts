// Text with a NUL character cannot be stored: PostgreSQL's text type refuses it. DRF's
// CharField refuses it for the same reason, with this message, so every input path does too:
// the route wrapper for bodies and queries, the SDK parsers for their fields.
import type { z } from "zod";
import { zodIssuesToDrf } from "./zod-errors";

export const NULL_CHARACTERS = "Null characters are not allowed.";

export const hasNullCharacter = (text: string) => text.includes("\u0000");

/** DRF-shaped errors for every string in a decoded JSON value that holds a NUL; null if none. */
export function nullCharacterErrors(value: unknown): Record<string, unknown> | null {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const visit = (node: unknown, path: (string | number)[]) => {
    if (typeof node === "string") {
      if (hasNullCharacter(node)) issues.push({ path, message: NULL_CHARACTERS });
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, [...path, i]));
    } else if (node !== null && typeof node === "object") {
      for (const [key, item] of Object.entries(node)) visit(item, [...path, key]);
    }
  };
  visit(value, []);
  return issues.length ? zodIssuesToDrf(issues as unknown as z.core.$ZodIssue[]) : null;
}
