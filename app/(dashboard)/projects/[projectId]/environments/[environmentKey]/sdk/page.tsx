import { SdkPage } from "@/components/sdk/sdk-page";
import { environmentParams, type EnvironmentPageParams } from "@/lib/dashboard/page-params";

export const metadata = { title: "Connect an SDK" };

export default async function Page({ params }: { params: EnvironmentPageParams }) {
  return <SdkPage {...await environmentParams(params)} />;
}
