// A second person in an organisation, before invitations exist: they sign up over HTTP, then
// a test-only row joins them to the organisation directly in the e2e database (SQLite at
// ENSIGN_E2E_DATABASE_URL, see playwright.config.ts). Only e2e specs use this.
import type { APIRequestContext } from "@playwright/test";
import Database from "better-sqlite3";
import { call, signUp, type Account } from "./api";

export type Member = Account & { id: number };

function e2eDatabase(): Database.Database {
  const url = process.env.ENSIGN_E2E_DATABASE_URL;
  if (!url?.startsWith("file:")) throw new Error("ENSIGN_E2E_DATABASE_URL must be a file: (SQLite) URL");
  return new Database(url.replace(/^file:/, ""), { timeout: 10_000 });
}

/** Signs a new account up and makes it a member of the organisation with `role`. */
export async function addMember(
  request: APIRequestContext,
  organisationId: number,
  role: "ADMIN" | "USER" = "USER",
): Promise<Member> {
  const account = await signUp(request);
  const me = await call<{ id: number }>(request, "/api/v1/auth/users/me/", { token: account.token });
  const db = e2eDatabase();
  try {
    db.prepare('INSERT INTO "OrganisationUser" ("organisationId", "userId", "role") VALUES (?, ?, ?)').run(
      organisationId,
      me.body.id,
      role,
    );
  } finally {
    db.close();
  }
  return { ...account, id: me.body.id };
}
