"use client";
// The "why this value" panel's data: POST /api/v1/environments/{key}/evaluate/ through SWR,
// keyed by the URL and the request, so the same question is asked once.
import useSWR from "swr";
import { api } from "./api-client";
import type { ApiError } from "./fetcher";
import type { FlagValue } from "./types";

export type TraitInput = Record<string, string | number | boolean>;
export type EvaluateRequest = { identifier: string; traits: TraitInput; use_stored_traits: boolean };

export type ExplainedCondition = {
  operator: string;
  property: string | null;
  value: string | null;
  matched: boolean;
  seen: string | number | boolean | null;
  bucket?: number | null;
};
export type ExplainedRule = {
  type: "ALL" | "ANY" | "NONE";
  matched: boolean;
  conditions: ExplainedCondition[];
  rules: ExplainedRule[];
};
export type ExplainedSegment = { id: number; name: string; matched: boolean; rules: ExplainedRule[] };
export type ExplainedFlag = {
  feature: { id: number; name: string; type: string };
  enabled: boolean;
  value: FlagValue;
  variant: string | null;
  decided_by: "IDENTITY_OVERRIDE" | "SEGMENT_OVERRIDE" | "DEFAULT";
  reason: string;
  segment: { id: number; name: string } | null;
  segment_overrides: {
    segment: { id: number; name: string };
    priority: number | null;
    matched: boolean;
    won: boolean;
  }[];
  split: {
    percentage: number;
    options: { value: FlagValue; key: string | null; from: number; to: number; chosen: boolean }[];
  } | null;
};
export type Evaluation = {
  identifier: string;
  identity_id: number | null;
  identity_key: string;
  traits: { trait_key: string; trait_value: string | number | boolean; source: "stored" | "given" }[];
  segments: ExplainedSegment[];
  flags: ExplainedFlag[];
};

export const evaluateUrl = (environmentKey: string) => `/api/v1/environments/${environmentKey}/evaluate/`;

/** Reads `key=value` lines: numbers and true/false keep their type, anything else is text. */
export function parseTraitLines(text: string): { traits: TraitInput; error: string | null } {
  const traits: TraitInput = {};
  for (const [index, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (!line) continue;
    const at = line.indexOf("=");
    if (at <= 0) return { traits, error: `Line ${index + 1}: write traits as key=value.` };
    const key = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    traits[key] =
      value === "true"
        ? true
        : value === "false"
          ? false
          : /^-?\d+(\.\d+)?$/.test(value)
            ? Number(value)
            : value;
  }
  return { traits, error: null };
}

export function useEvaluation(environmentKey: string, request: EvaluateRequest | null) {
  return useSWR<Evaluation, ApiError>(
    request ? [evaluateUrl(environmentKey), JSON.stringify(request)] : null,
    ([url, body]: [string, string]) => api.post<Evaluation>(url, JSON.parse(body)),
  );
}
