import { SegmentEditor } from "@/components/segments/segment-editor";
import { SegmentUsage } from "@/components/segments/segment-usage";
import { environmentParams, numericParam } from "@/lib/dashboard/page-params";

export const metadata = { title: "Segment" };

export default async function Page({
  params,
}: {
  params: Promise<{ projectId: string; environmentKey: string; segmentId: string }>;
}) {
  const { segmentId } = await params;
  const page = await environmentParams(params);
  const id = numericParam(segmentId);
  return (
    <>
      <SegmentEditor {...page} segmentId={id} />
      <SegmentUsage {...page} segmentId={id} />
    </>
  );
}
