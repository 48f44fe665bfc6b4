// What the identity store is asked and answers, shared by its SQLite and PostgreSQL halves.
import type { IncomingTrait } from "./parse";
import type { StoredTrait } from "./trait-plan";

/**
 * read: find the identity, never create it (transient calls); create: find or create it;
 * write: find or create it, then store `traits` (null values delete).
 */
export type IdentityAccess = "read" | "create" | "write";

export type IdentityCall = {
  environmentId: number;
  identifier: string;
  access: IdentityAccess;
  traits?: IncomingTrait[];
};

export type IdentityRecord = {
  /** null only for a `read` of an identity that does not exist. */
  identityId: number | null;
  /** The stored traits after this call's writes, in id order. */
  traits: StoredTrait[];
};

/** One identity's key across environments: calls with the same key never share a group. */
export const identityKey = (call: { environmentId: number; identifier: string }) =>
  `${call.environmentId}:${call.identifier}`;
