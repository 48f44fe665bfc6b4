import { ApiKeysPage } from "@/components/organisations/api-keys-page";
import { numericParam } from "@/lib/dashboard/page-params";

export const metadata = { title: "API keys" };

export default async function Page({ params }: { params: Promise<{ organisationId: string }> }) {
  const { organisationId } = await params;
  return <ApiKeysPage organisationId={numericParam(organisationId)} />;
}
