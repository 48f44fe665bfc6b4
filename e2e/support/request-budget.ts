// At most 8 API requests on a page's first load (issue 30's "Done when"). The accessibility walk
// (e2e/a11y.spec.ts) counts them on the load it makes anyway: the data requests to /api/ from
// navigation until the network is quiet. A fresh context starts with an empty SWR cache, so each
// count is what a person opening that URL costs.
import { expect, type Page, type Request } from "@playwright/test";

export const REQUEST_BUDGET = 8;

/**
 * Pages still over the budget, each with the most it may send: a ratchet, so none gets worse,
 * and lowering a page's count means lowering its entry until it can leave the list. Empty since
 * the change-request reviews read the names and live states from the request's own answer. Environment pages pay 5 for the frame (me, organisations, projects, the
 * project's environments, the open change requests behind the review badge).
 */
export const KNOWN_OVER: Record<string, { most: number; why: string }> = {};

/** Data requests; the docs page's scripts and styles (served under /api/v1/docs/) are not API calls. */
const DATA_TYPES = new Set(["fetch", "xhr", "eventsource", "websocket", "other"]);

/** Starts counting a page's data requests to /api/; call before `goto`. */
export function countApiRequests(page: Page) {
  const urls: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/") && DATA_TYPES.has(request.resourceType())) {
      urls.push(`${request.method()} ${url.pathname}${url.search}`);
    }
  };
  page.on("request", onRequest);
  return {
    /** Waits for the network to go quiet, stops counting and checks the page's budget. */
    async expectWithinBudget(name: string) {
      await page.waitForLoadState("networkidle");
      page.off("request", onRequest);
      const known = KNOWN_OVER[name];
      const most = known?.most ?? REQUEST_BUDGET;
      expect(
        urls.length,
        `${name}: ${urls.length} API requests on first load, at most ${most}${known ? ` (over ${REQUEST_BUDGET}: ${known.why})` : ""}\n    ${urls.join("\n    ")}`,
      ).toBeLessThanOrEqual(most);
    },
  };
}
