import { SegmentEditor } from "@/components/segments/segment-editor";
import { environmentParams, numericParam } from "@/lib/dashboard/page-params";

export const metadata = { title: "Segment" };

export default async function Page({
  params,
}: {
  params: Promise<{ projectId: string; environmentKey: string; segmentId: string }>;
}) {
  const { segmentId } = await params;
  return <SegmentEditor {...await environmentParams(params)} segmentId={numericParam(segmentId)} />;
}
