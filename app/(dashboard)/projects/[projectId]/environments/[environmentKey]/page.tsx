import { redirect } from "next/navigation";
import { environmentParams, type EnvironmentPageParams } from "@/lib/dashboard/page-params";
import { paths } from "@/lib/dashboard/paths";

export default async function Page({ params }: { params: EnvironmentPageParams }) {
  const { projectId, environmentKey } = await environmentParams(params);
  redirect(paths.features(projectId, environmentKey));
}
