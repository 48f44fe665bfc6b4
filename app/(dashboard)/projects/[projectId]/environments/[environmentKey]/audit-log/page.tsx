import { AuditLogPage } from "@/components/audit/audit-log-page";
import { environmentParams, type EnvironmentPageParams } from "@/lib/dashboard/page-params";

export const metadata = { title: "Audit log" };

export default async function Page({ params }: { params: EnvironmentPageParams }) {
  return <AuditLogPage {...await environmentParams(params)} />;
}
