import { OrganisationPermissionsPage } from "@/components/permissions/organisation-permissions-page";
import { numericParam } from "@/lib/dashboard/page-params";

export const metadata = { title: "Permissions" };

export default async function Page({ params }: { params: Promise<{ organisationId: string }> }) {
  const { organisationId } = await params;
  return <OrganisationPermissionsPage organisationId={numericParam(organisationId)} />;
}
