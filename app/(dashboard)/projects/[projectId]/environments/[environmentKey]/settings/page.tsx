import { EnvironmentSettings } from "@/components/environments/environment-settings";
import { environmentParams, type EnvironmentPageParams } from "@/lib/dashboard/page-params";

export const metadata = { title: "Environment settings" };

export default async function Page({ params }: { params: EnvironmentPageParams }) {
  return <EnvironmentSettings {...await environmentParams(params)} />;
}
