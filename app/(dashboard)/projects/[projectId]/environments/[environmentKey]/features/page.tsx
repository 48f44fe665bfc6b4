import { FeaturesPage } from "@/components/features/features-page";
import { environmentParams, type EnvironmentPageParams } from "@/lib/dashboard/page-params";

export const metadata = { title: "Features" };

export default async function Page({ params }: { params: EnvironmentPageParams }) {
  return <FeaturesPage {...await environmentParams(params)} />;
}
