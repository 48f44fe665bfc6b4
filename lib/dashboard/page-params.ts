// Path parameters of the dashboard's pages, checked on the server before any client code.
import { notFound } from "next/navigation";

export function numericParam(value: string): number {
  if (!/^\d+$/.test(value)) notFound();
  return Number(value);
}

export type EnvironmentPageParams = Promise<{ projectId: string; environmentKey: string }>;

export async function environmentParams(params: EnvironmentPageParams) {
  const { projectId, environmentKey } = await params;
  return { projectId: numericParam(projectId), environmentKey: decodeURIComponent(environmentKey) };
}
