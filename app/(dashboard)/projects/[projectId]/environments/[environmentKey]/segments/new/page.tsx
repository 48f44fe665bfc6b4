import { SegmentEditor } from "@/components/segments/segment-editor";
import { environmentParams, type EnvironmentPageParams } from "@/lib/dashboard/page-params";

export const metadata = { title: "New segment" };

export default async function Page({ params }: { params: EnvironmentPageParams }) {
  return <SegmentEditor {...await environmentParams(params)} segmentId={null} />;
}
