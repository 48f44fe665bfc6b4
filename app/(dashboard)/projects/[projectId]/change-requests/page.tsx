import { ProjectChangeRequestsPage } from "@/components/change-requests/project-change-requests-page";
import { numericParam } from "@/lib/dashboard/page-params";

export const metadata = { title: "Segment change requests" };

export default async function Page({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return <ProjectChangeRequestsPage projectId={numericParam(projectId)} />;
}
