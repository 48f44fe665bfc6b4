"use client";
// Which organisation, project and environment the current page is about, from its URL
// (and, for project pages, the project's own organisation).
import { useParams } from "next/navigation";
import { useEffect } from "react";
import { useEnvironment, useProject } from "./hooks";
import { rememberLocation } from "./last-location";

export type RouteContext = {
  organisationId: number | null;
  projectId: number | null;
  environmentKey: string | null;
};

function numberParam(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text && /^\d+$/.test(text) ? Number(text) : null;
}

export function useRouteContext(): RouteContext {
  const params = useParams<Record<string, string>>();
  const projectId = numberParam(params.projectId);
  const environmentKey = params.environmentKey ? decodeURIComponent(params.environmentKey) : null;
  const { data: project } = useProject(projectId);
  const organisationId = numberParam(params.organisationId) ?? project?.organisation ?? null;
  return { organisationId, projectId, environmentKey };
}

/** Keeps the last place the user visited, so `/` can bring them back to it. */
export function useRememberLocation({ organisationId, projectId, environmentKey }: RouteContext) {
  const { data: environment } = useEnvironment(environmentKey);
  const envMatches = environment && environment.project === projectId;
  useEffect(() => {
    if (organisationId) rememberLocation({ organisationId });
  }, [organisationId]);
  useEffect(() => {
    if (projectId && organisationId) rememberLocation({ organisationId, projectId });
  }, [projectId, organisationId]);
  useEffect(() => {
    if (envMatches && environmentKey && projectId) rememberLocation({ projectId, environmentKey });
  }, [envMatches, environmentKey, projectId]);
}
