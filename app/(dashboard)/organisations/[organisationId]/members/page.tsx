import { MembersPage } from "@/components/members/members-page";
import { numericParam } from "@/lib/dashboard/page-params";

export const metadata = { title: "Members" };

export default async function Page({ params }: { params: Promise<{ organisationId: string }> }) {
  const { organisationId } = await params;
  return <MembersPage organisationId={numericParam(organisationId)} />;
}
