"use client";
// The segment change requests of a project: open, scheduled and committed.
import { PageHeader } from "@/components/ui/page-header";
import { useProject, useProjectChangeRequests } from "@/lib/dashboard/hooks";
import { paths } from "@/lib/dashboard/paths";
import { ChangeRequestList } from "./change-request-list";

export function ProjectChangeRequestsPage({ projectId }: { projectId: number }) {
  const { data: project } = useProject(projectId);
  const open = useProjectChangeRequests(projectId, false);
  const committed = useProjectChangeRequests(projectId, true);
  const minimum = project?.minimum_change_request_approvals;
  return (
    <>
      <PageHeader
        back={project && { href: paths.project(projectId), label: project.name }}
        title="Segment change requests"
        description={
          project &&
          (minimum === null || minimum === undefined
            ? `Segments of ${project.name} change directly: set a minimum number of approvals in the project to require change requests.`
            : `Changes to segments of ${project.name} need ${minimum} approval${minimum === 1 ? "" : "s"}.`)
        }
      />
      <ChangeRequestList
        lists={{ open, committed }}
        hrefOf={(id) => paths.projectChangeRequest(projectId, id)}
      />
    </>
  );
}
