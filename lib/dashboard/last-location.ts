// The organisation, project and environment the user last looked at, so a new visit
// opens where the last one ended.
export type LastLocation = { organisationId?: number; projectId?: number; environmentKey?: string };

const STORAGE_KEY = "ensign:last-location";

export function readLastLocation(): LastLocation {
  if (typeof window === "undefined") return {};
  try {
    const value = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "{}");
    return value && typeof value === "object" ? (value as LastLocation) : {};
  } catch {
    return {};
  }
}

export function rememberLocation(next: LastLocation): void {
  if (typeof window === "undefined") return;
  const current = readLastLocation();
  const merged = { ...current, ...next };
  // A different project makes the remembered environment meaningless.
  if (
    next.projectId !== undefined &&
    next.projectId !== current.projectId &&
    next.environmentKey === undefined
  ) {
    delete merged.environmentKey;
  }
  if (
    next.organisationId !== undefined &&
    next.organisationId !== current.organisationId &&
    next.projectId === undefined
  ) {
    delete merged.projectId;
    delete merged.environmentKey;
  }
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(merged));
}

export function forgetLocation(part: keyof LastLocation): void {
  if (typeof window === "undefined") return;
  const current = readLastLocation();
  delete current[part];
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
}
