"use client";
// Scheduled changes of a feature in an environment, and the time helpers of the form that
// makes them: the user picks a local date and time; the server gets an instant (UTC).
import { useApi } from "./hooks";
import type { FlagValue } from "./types";

export type ScheduledOverrideChange = {
  segment: number;
  segment_name: string | null;
  enabled: boolean | null;
  feature_state_value: FlagValue;
  changes_value: boolean;
};

export type ScheduledChange = {
  id: number;
  enabled: boolean | null;
  feature_state_value: FlagValue;
  changes_value: boolean;
  segment_overrides: ScheduledOverrideChange[];
  run_at: string;
  status: "PENDING" | "APPLIED" | "CANCELLED";
  author: { id: number; email: string } | null;
  created_at: string;
  applied_at: string | null;
};

export const scheduledUrls = {
  list: (key: string, feature: number) =>
    `/api/v1/environments/${key}/features/${feature}/scheduled-changes/`,
  one: (key: string, feature: number, id: number) =>
    `/api/v1/environments/${key}/features/${feature}/scheduled-changes/${id}/`,
};

// Refreshed while the page is open: the server applies pending changes on its own.
export const useScheduledChanges = (key: string, feature: number) =>
  useApi<ScheduledChange[]>(scheduledUrls.list(key, feature), { refreshInterval: 2000 });

/** The browser's time zone name, e.g. "Europe/Paris". */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A datetime-local input's text ("2026-11-25T14:30") read in the local time zone; null if empty or invalid. */
export function localInputToDate(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The datetime-local text of an instant in the local time zone. */
export function dateToLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** "2026-11-25 13:30:00 UTC". */
export const utcText = (date: Date) => `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;

/** Local time with its zone, then UTC: "25/11/2026, 14:30:00 (Europe/Paris) · 2026-11-25 13:30:00 UTC". */
export const whenText = (iso: string) => {
  const date = new Date(iso);
  return `${date.toLocaleString()} (${localTimeZone()}) · ${utcText(date)}`;
};
