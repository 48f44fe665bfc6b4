"use client";
// People and groups of an organisation by id, as the review pages and the assignee picker name
// them. The review pages take the people from the request's own answer (`users`: those it
// names, as the member list shows them) and read no member list.
import { useGroupSummaries, useOrganisationMembers } from "@/lib/dashboard/hooks";

type Person = { id: number; email: string; first_name: string; last_name: string };

function useNamer(organisationId: number | null, people: Person[] | undefined, withGroups: boolean) {
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

/** Every member and group of the organisation (the assignee picker offers them all). */
export function useNames(organisationId: number | null) {
  const { data: people } = useOrganisationMembers(organisationId);
  return useNamer(organisationId, people, true);
}

/**
 * The names a review page shows: people from the request's `users`, groups read only when
 * `withGroups` (a request with group reviewers).
 */
export function useRequestNames(
  organisationId: number | null,
  people: Person[] | undefined,
  withGroups: boolean,
) {
  return useNamer(organisationId, people, withGroups);
}
