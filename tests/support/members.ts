// Test-only: a second account in an organisation. Joining goes through invitations in the
// product; here the membership row is written straight into the test database.
import { inject } from "vitest";
import { signUp } from "./api";
import { rawQuery } from "./raw-query";

export type Member = { token: string; email: string; id: number };

export async function addMember(organisationId: number, role: "ADMIN" | "USER" = "USER"): Promise<Member> {
  const user = await signUp();
  await insertMembership(organisationId, user.id, role);
  return user;
}

export async function insertMembership(organisationId: number, userId: number, role: "ADMIN" | "USER") {
  await rawQuery(
    inject("databaseUrl"),
    `INSERT INTO "OrganisationUser" ("organisationId", "userId", "role") VALUES (${Number(organisationId)}, ${Number(userId)}, '${role}')`,
  );
}
