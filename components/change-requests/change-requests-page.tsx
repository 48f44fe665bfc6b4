"use client";
// The change requests of one environment: open, scheduled and committed.
import { PageHeader } from "@/components/ui/page-header";
import { useChangeRequests, useEnvironment } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import { ChangeRequestList } from "./change-request-list";

export function ChangeRequestsPage({
  projectId,
  environmentKey,
}: {
  projectId: number;
  environmentKey: string;
}) {
  const { data: environment } = useEnvironment(environmentKey);
  const open = useChangeRequests(environmentKey, false);
  const committed = useChangeRequests(environmentKey, true);
  const minimum = environment?.minimum_change_request_approvals;
  return (
    <>
      <PageHeader
        title="Change requests"
        description={
          environment &&
          (minimum === null || minimum === undefined
            ? `Changes in ${environment.name} go live directly: set a minimum number of approvals in its settings to require change requests.`
            : `Changes in ${environment.name} need ${minimum} approval${minimum === 1 ? "" : "s"} before they go live.`)
        }
      />
      <ChangeRequestList
        lists={{ open, committed }}
        hrefOf={(id) => paths.changeRequest(projectId, environmentKey, id)}
      />
    </>
  );
}
