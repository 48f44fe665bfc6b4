import { ProjectPage } from "@/components/projects/project-page";
import { numericParam } from "@/lib/dashboard/page-params";

export const metadata = { title: "Project" };

export default async function Page({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return <ProjectPage projectId={numericParam(projectId)} />;
}
