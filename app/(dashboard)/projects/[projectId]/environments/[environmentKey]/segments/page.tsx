import { SegmentsPage } from "@/components/segments/segments-page";
import { environmentParams, type EnvironmentPageParams } from "@/lib/dashboard/page-params";

export const metadata = { title: "Segments" };

export default async function Page({ params }: { params: EnvironmentPageParams }) {
  return <SegmentsPage {...await environmentParams(params)} />;
}
