"use client";
// How many open change requests of an environment wait for the signed-in user: assigned to
// them or to one of their groups, not theirs, not yet approved by them. Summaries do not carry
// assignments, so the first open requests are read one by one (bounded).
import { isWaitingFor } from "@/lib/dashboard/change-requests";
import { request } from "@/lib/dashboard/fetcher";
import { useApi, useChangeRequests, useEnvironment, useMe, useMyGroups } from "@/lib/dashboard/hooks";
import type { ChangeRequest } from "@/lib/dashboard/types";
import { urls } from "@/lib/dashboard/urls";

const MAX_READ = 20;

export function useWaitingCount(environmentKey: string, organisationId: number | null): number | undefined {
  const { data: me } = useMe();
  // Only for an environment that exists: a wrong key's page shows its 404, nothing more.
  const { data: environment } = useEnvironment(environmentKey);
  const { data: open } = useChangeRequests(environment ? environmentKey : null, false);
  const ids = (me ? open?.results : undefined)
    ?.filter((r) => r.user !== me!.id)
    .slice(0, MAX_READ)
    .map((r) => r.id);
  // Groups matter only when someone else's request is open: most pages never ask.
  const { data: groups } = useMyGroups(ids?.length ? organisationId : null);
  const key = me && groups && ids?.length ? `waiting#${environmentKey}#${ids.join(",")}` : null;
  const { data } = useApi<number>(key, {
    fetcher: async () => {
      const details = await Promise.all(ids!.map((id) => request<ChangeRequest>(urls.changeRequest(id))));
      const viewer = { id: me!.id, groupIds: groups!.map((g) => g.id) };
      return details.filter((cr) => isWaitingFor(cr, viewer)).length;
    },
  });
  return ids?.length === 0 ? 0 : data;
}
