import { FeaturePage } from "@/components/features/detail/feature-page";
import { environmentParams, numericParam } from "@/lib/dashboard/page-params";

export const metadata = { title: "Feature" };

export default async function Page({
  params,
}: {
  params: Promise<{ projectId: string; environmentKey: string; featureId: string }>;
}) {
  const { featureId } = await params;
  return <FeaturePage {...await environmentParams(params)} featureId={numericParam(featureId)} />;
}
