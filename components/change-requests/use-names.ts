"use client";
// People and groups of an organisation by id, as the review pages name them.
import { useGroupSummaries, useOrganisationMembers } from "@/lib/dashboard/hooks";

/** `withGroups` false: no group is to be named (a request without group reviewers), none is read. */
export function useNames(organisationId: number | null, withGroups = true) {
  const { data: people } = useOrganisationMembers(organisationId);
  const { data: teams } = useGroupSummaries(withGroups ? organisationId : null);
  const nameOf = (id: number | null) => {
    if (id === null) return "a deleted account";
    const person = people?.find((p) => p.id === id);
    if (!person) return `user ${id}`;
    const full = `${person.first_name} ${person.last_name}`.trim();
    return full ? `${full} (${person.email})` : person.email;
  };
  const groupNameOf = (id: number) => teams?.find((g) => g.id === id)?.name ?? `group ${id}`;
  return { nameOf, groupNameOf, people, teams };
}
