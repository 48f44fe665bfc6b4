"use client";
// Scoped organisation API keys as grantees. A scoped key (is_admin false) acts through a hidden
// account of its own and holds only what is granted to that account, so wherever members can be
// picked for a grant or a group, its live scoped keys can be picked too. Only organisation admins
// may list keys; for anyone else the list is empty.
import { useMasterApiKeys, useOrganisation } from "@/lib/dashboard/hooks";
import type { MasterApiKey } from "@/lib/dashboard/types";

export type ScopedKeyGrantee = { userId: number; name: string; label: string };

const usable = (k: MasterApiKey) => !k.is_admin && !k.revoked && !k.has_expired;

export function scopedKeyGrantees(keys: MasterApiKey[] | undefined): ScopedKeyGrantee[] {
  return (keys ?? []).filter(usable).map((k) => ({
    userId: k.user_id,
    name: `API key ${k.name}`,
    label: `${k.name} (API key ${k.prefix}…)`,
  }));
}

export function useScopedKeyGrantees(organisationId: number): ScopedKeyGrantee[] {
  const { data: org } = useOrganisation(organisationId);
  const { data: keys } = useMasterApiKeys(org?.role === "ADMIN" ? organisationId : null);
  return scopedKeyGrantees(keys);
}

/** A key's hidden account has an address under this domain (see lib/master-api-keys), never a person's. */
export const isKeyAccount = (person: { email: string }) => person.email.endsWith("@api-keys.ensign.invalid");
