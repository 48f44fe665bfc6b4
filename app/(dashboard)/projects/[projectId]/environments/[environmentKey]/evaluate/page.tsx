import { EvaluatePage } from "@/components/evaluate/evaluate-page";
import { environmentParams, type EnvironmentPageParams } from "@/lib/dashboard/page-params";

export const metadata = { title: "Evaluate" };

export default async function Page({ params }: { params: EnvironmentPageParams }) {
  return <EvaluatePage {...await environmentParams(params)} />;
}
