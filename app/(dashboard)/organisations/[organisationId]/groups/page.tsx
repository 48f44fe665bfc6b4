import { GroupsPage } from "@/components/groups/groups-page";
import { numericParam } from "@/lib/dashboard/page-params";

export const metadata = { title: "Groups" };

export default async function Page({ params }: { params: Promise<{ organisationId: string }> }) {
  const { organisationId } = await params;
  return <GroupsPage organisationId={numericParam(organisationId)} />;
}
