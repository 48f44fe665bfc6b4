import { OrganisationList } from "@/components/organisations/organisation-list";

export const metadata = { title: "Organisations" };

export default function OrganisationsPage() {
  return <OrganisationList />;
}
