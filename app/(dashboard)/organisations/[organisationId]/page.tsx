import { OrganisationPage } from "@/components/organisations/organisation-page";
import { numericParam } from "@/lib/dashboard/page-params";

export const metadata = { title: "Organisation" };

export default async function Page({ params }: { params: Promise<{ organisationId: string }> }) {
  const { organisationId } = await params;
  return <OrganisationPage organisationId={numericParam(organisationId)} />;
}
