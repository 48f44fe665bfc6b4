import { ChangeRequestReview } from "@/components/change-requests/change-request-review";
import { environmentParams, numericParam } from "@/lib/dashboard/page-params";

export const metadata = { title: "Change request" };

export default async function Page({
  params,
}: {
  params: Promise<{ projectId: string; environmentKey: string; changeRequestId: string }>;
}) {
  const { changeRequestId } = await params;
  return (
    <ChangeRequestReview
      {...await environmentParams(params)}
      changeRequestId={numericParam(changeRequestId)}
    />
  );
}
