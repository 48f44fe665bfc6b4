import { ChangeRequestsPage } from "@/components/change-requests/change-requests-page";
import { environmentParams, type EnvironmentPageParams } from "@/lib/dashboard/page-params";

export const metadata = { title: "Change requests" };

export default async function Page({ params }: { params: EnvironmentPageParams }) {
  return <ChangeRequestsPage {...await environmentParams(params)} />;
}
