import { ProjectChangeRequestReview } from "@/components/change-requests/project-change-request-review";
import { numericParam } from "@/lib/dashboard/page-params";

export const metadata = { title: "Segment change request" };

export default async function Page({
  params,
}: {
  params: Promise<{ projectId: string; changeRequestId: string }>;
}) {
  const { projectId, changeRequestId } = await params;
  return (
    <ProjectChangeRequestReview
      projectId={numericParam(projectId)}
      changeRequestId={numericParam(changeRequestId)}
    />
  );
}
