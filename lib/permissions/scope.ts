// From the ids a request names to the permission target (organisation, project, environment)
// they belong to. Each answers null when the object does not exist; membership is decided
// by the resolver (lib/permissions/resolve.ts), so these read no user.
import { isDbInt } from "@/lib/api/query-int";
import { db } from "@/lib/db/client";
import type { EnvironmentPermissionKey } from "./keys";
import type { Target } from "./resolve";

/** A permission key chosen by the object (e.g. a feature state's kind), with the object's scope id. */
export type KeyedScope<R, K> = { scope: R; key: K };

const validId = (id: unknown): id is number => typeof id === "number" && Number.isSafeInteger(id) && id > 0;

export async function organisationTarget(organisationId: number): Promise<Target | null> {
  if (!validId(organisationId)) return null;
  const org = await db.organisation.findUnique({ where: { id: organisationId }, select: { id: true } });
  return org ? { kind: "organisation", organisationId: org.id } : null;
}

export async function projectTarget(projectId: number): Promise<Target | null> {
  if (!validId(projectId)) return null;
  const project = await db.project.findUnique({
    where: { id: projectId },
    select: { id: true, organisationId: true },
  });
  return project ? { kind: "project", organisationId: project.organisationId, projectId: project.id } : null;
}

/** An environment by its api_key (string) or id (number). */
export async function environmentTarget(ref: string | number): Promise<Target | null> {
  if (typeof ref === "number" ? !validId(ref) : typeof ref !== "string" || ref === "") return null;
  const environment = await db.environment.findUnique({
    where: typeof ref === "number" ? { id: ref } : { apiKey: ref },
    select: { id: true, projectId: true, project: { select: { organisationId: true } } },
  });
  if (!environment) return null;
  return {
    kind: "environment",
    organisationId: environment.project.organisationId,
    projectId: environment.projectId,
    environmentId: environment.id,
  };
}

/** The environment (id) of a feature state, or 0 when there is none (→ 404). */
export async function environmentOfFeatureState(featureStateId: number): Promise<number> {
  if (!validId(featureStateId)) return 0;
  const state = await db.featureState.findUnique({
    where: { id: featureStateId },
    select: { environmentId: true },
  });
  return state?.environmentId ?? 0;
}

/** The keys a feature state may ask to change it (see featureStateKey). */
export const FEATURE_STATE_KEYS = ["UPDATE_FEATURE_STATE", "MANAGE_SEGMENT_OVERRIDES"] as const;

/**
 * The key that changes a feature state: a segment override's (it has a feature segment) asks
 * MANAGE_SEGMENT_OVERRIDES, any other UPDATE_FEATURE_STATE, as Flagsmith's feature-state
 * permission decides from the object (and, on create, from the body's `feature_segment`).
 */
export function featureStateKey(featureSegment: unknown): (typeof FEATURE_STATE_KEYS)[number] {
  return featureSegment === null || featureSegment === undefined
    ? "UPDATE_FEATURE_STATE"
    : "MANAGE_SEGMENT_OVERRIDES";
}

/** A feature state's environment (0 when there is none: 404) and the key that changes it. */
export async function featureStateScope(
  featureStateId: number,
): Promise<KeyedScope<number, EnvironmentPermissionKey>> {
  const state = validId(featureStateId)
    ? await db.featureState.findUnique({
        where: { id: featureStateId },
        select: { environmentId: true, featureSegmentId: true },
      })
    : null;
  return { scope: state?.environmentId ?? 0, key: featureStateKey(state?.featureSegmentId) };
}

/** The environment (id) of a feature segment (segment override), or 0 when there is none. */
export async function environmentOfFeatureSegment(featureSegmentId: number): Promise<number> {
  if (!validId(featureSegmentId)) return 0;
  const row = await db.featureSegment.findUnique({
    where: { id: featureSegmentId },
    select: { environmentId: true },
  });
  return row?.environmentId ?? 0;
}

/**
 * An id given as a query-string parameter, or null when it is left out or is no integer: the
 * domain function then refuses the query (400) before it reads anything.
 */
export function queryId(raw: string | number | undefined | null): number | null {
  if (typeof raw === "number") return raw;
  return typeof raw === "string" && /^\d{1,10}$/.test(raw) && isDbInt(Number(raw)) ? Number(raw) : null;
}

/**
 * An environment named in a query string by its id or its client key: the id as a number,
 * the key as it is, null when none is named (the query's own validation then answers 400).
 */
export function queryEnvironmentRef(raw: unknown): string | number | null {
  if (typeof raw !== "string" || raw === "") return null;
  return /^\d{1,10}$/.test(raw) && isDbInt(Number(raw)) ? Number(raw) : raw;
}

/**
 * The environment of the feature segments named by a priorities body ([{id, priority}]): that
 * of the first one the caller's organisations hold, or null when none is (the domain answers
 * 400, "not found", as for ids that name nothing).
 */
export async function environmentOfFeatureSegments(userId: number, items: unknown): Promise<number | null> {
  if (!Array.isArray(items)) return null;
  const ids = items
    .map((item) => (item && typeof item === "object" ? (item as { id?: unknown }).id : undefined))
    .filter(validId);
  if (ids.length === 0) return null;
  const first = await db.featureSegment.findFirst({
    where: { id: { in: ids }, environment: { project: { organisation: { users: { some: { userId } } } } } },
    orderBy: { id: "asc" },
    select: { environmentId: true },
  });
  return first?.environmentId ?? null;
}

/** The project of the environment with this key, or 0 (no such project) when there is none. */
export async function projectOfEnvironmentKey(apiKey: string): Promise<number> {
  const env = await db.environment.findUnique({ where: { apiKey }, select: { projectId: true } });
  return env?.projectId ?? 0;
}
