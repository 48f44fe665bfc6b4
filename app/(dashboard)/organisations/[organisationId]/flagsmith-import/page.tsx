import { FlagsmithImportPage } from "@/components/organisations/flagsmith-import-page";
import { numericParam } from "@/lib/dashboard/page-params";

export const metadata = { title: "Import from Flagsmith" };

export default async function Page({ params }: { params: Promise<{ organisationId: string }> }) {
  const { organisationId } = await params;
  return <FlagsmithImportPage organisationId={numericParam(organisationId)} />;
}
