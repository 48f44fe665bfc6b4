// The project page's first-run checklist, derived from what the project really holds: a
// feature, an SDK that has called (an identity it identified, or evaluations it reported),
// and the first evaluations reported. Pure: the page fetches, this decides.
import { evaluationCounts, type FlagAnalytics } from "./analytics";

/** Environments whose data the checklist reads: a new project has two (Development, Production). */
export const FIRST_RUN_ENVIRONMENTS = 2;

export type FirstRunStep = "flag" | "sdk" | "evaluation";

export type FirstRunData = {
  featureCount: number;
  /** Identities of the first environment. */
  identityCount: number;
  /** Evaluation counts of each checked environment. */
  analytics: (FlagAnalytics | undefined)[];
};

export function firstRunDone(data: FirstRunData): Record<FirstRunStep, boolean> {
  const evaluated = data.analytics.some((a) => [...evaluationCounts(a).values()].some((n) => n > 0));
  return {
    flag: data.featureCount > 0,
    sdk: evaluated || data.identityCount > 0,
    evaluation: evaluated,
  };
}

export const firstRunDismissedKey = (projectId: number) => `ensign:first-run-dismissed:${projectId}`;
