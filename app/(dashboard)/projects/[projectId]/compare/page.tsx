import { ComparePage } from "@/components/compare/compare-page";
import { numericParam } from "@/lib/dashboard/page-params";

export const metadata = { title: "Compare environments" };

export default async function Page({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  return <ComparePage projectId={numericParam(projectId)} />;
}
