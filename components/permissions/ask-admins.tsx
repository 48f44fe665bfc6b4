"use client";
// Who can give the signed-in member the access a page lacks, named: "Ask an organisation admin
// (Alice Smith, Bob) for View environment on the environment you need." Members may list the
// organisation's members (with their roles), so the names come from the same list the members
// page shows; a key's hidden account is never named.
import { useMembers } from "@/components/members/members-page";
import { personName } from "@/components/members/member-name";
import { isKeyAccount } from "@/components/organisations/scoped-api-keys";

/** A permission key as the grant is named in the permission editors: VIEW_ENVIRONMENT → "View environment". */
export const grantName = (key: string) =>
  key === "ADMIN" ? "Administrator" : `${key[0]}${key.slice(1).toLowerCase().replaceAll("_", " ")}`;

export function useOrganisationAdminNames(organisationId: number | null): string[] {
  const { data: members } = useMembers(organisationId);
  return (members ?? []).filter((m) => m.role === "ADMIN" && !isKeyAccount(m)).map((m) => personName(m));
}

/** "Ask an organisation admin (A, B) for <grant> on <what>." */
export function AskAdmins({
  organisationId,
  permission,
  on,
  alsoAsk,
}: {
  organisationId: number | null;
  permission: string;
  /** What the grant is on: "the project you need", "Development"... */
  on: string;
  /** Someone else who may grant it too: "or an admin of this project". */
  alsoAsk?: string;
}) {
  const admins = useOrganisationAdminNames(organisationId);
  const named =
    admins.length > 0 ? ` (${admins.slice(0, 3).join(", ")}${admins.length > 3 ? ", …" : ""})` : "";
  return (
    <>
      Ask an organisation admin{named}
      {alsoAsk ? ` ${alsoAsk}` : ""} for <strong>{grantName(permission)}</strong> on {on}.
    </>
  );
}
