import { InvitationsPage } from "@/components/invitations/invitations-page";
import { numericParam } from "@/lib/dashboard/page-params";

export const metadata = { title: "Invitations" };

export default async function Page({ params }: { params: Promise<{ organisationId: string }> }) {
  const { organisationId } = await params;
  return <InvitationsPage organisationId={numericParam(organisationId)} />;
}
