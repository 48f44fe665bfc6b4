import { IdentityPage } from "@/components/identities/identity-page";
import { environmentParams, numericParam } from "@/lib/dashboard/page-params";

export const metadata = { title: "Identity" };

export default async function Page({
  params,
}: {
  params: Promise<{ projectId: string; environmentKey: string; identityId: string }>;
}) {
  const { identityId } = await params;
  return <IdentityPage {...await environmentParams(params)} identityId={numericParam(identityId)} />;
}
