"use client";
// The "why this value" panel's data: POST /api/v1/environments/{key}/evaluate/ through SWR,
// keyed by the URL and the request, so the same question is asked once.
import useSWR from "swr";
import { api } from "./api-client";
import type { ApiError } from "./fetcher";
import type { z } from "zod";
import type {
  ExplainedRule,
  ZEvaluation,
  ZExplainedCondition,
  ZExplainedFlag,
  ZExplainedSegment,
} from "@/lib/identities/explain-responses";

export type TraitInput = Record<string, string | number | boolean>;
export type EvaluateRequest = { identifier: string; traits: TraitInput; use_stored_traits: boolean };

// The answer's types come from the API's own response schema (lib/identities/explain-responses.ts), so the
// panel and the endpoint cannot drift apart.
export type ExplainedCondition = z.infer<typeof ZExplainedCondition>;
export type { ExplainedRule };
export type ExplainedSegment = z.infer<typeof ZExplainedSegment>;
export type ExplainedFlag = z.infer<typeof ZExplainedFlag>;
export type Evaluation = z.infer<typeof ZEvaluation>;

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
