import { IdentitiesPage } from "@/components/identities/identities-page";
import { environmentParams, type EnvironmentPageParams } from "@/lib/dashboard/page-params";

export const metadata = { title: "Identities" };

export default async function Page({ params }: { params: EnvironmentPageParams }) {
  return <IdentitiesPage {...await environmentParams(params)} />;
}
