// At most 8 API requests on a page's first load (issue 30's "Done when"): every page of the
// accessibility walk's list (e2e/support/pages.ts) is opened once, in one signed-in context, and
// the data requests to /api/ it sends until the network goes quiet are counted. A fresh
// navigation starts with an empty SWR cache, so each count is what a person opening that URL costs.
import { expect, test, type BrowserContext, type Page, type Request } from "@playwright/test";
import { seed } from "./support/api";
import { EXTRA_VISITS, RECIPES, seedWalkData, type Visit, type WalkData } from "./support/pages";

const BUDGET = 8;
/** Data requests; the docs page's scripts and styles (served under /api/v1/docs/) are not API calls. */
const DATA_TYPES = new Set(["fetch", "xhr", "eventsource", "websocket", "other"]);

let data: WalkData;
let signedIn: BrowserContext;
let signedOut: BrowserContext;

test.beforeAll(async ({ browser, baseURL }) => {
  signedIn = await browser.newContext({ baseURL });
  data = await seedWalkData(signedIn.request, await seed(signedIn));
  signedOut = await browser.newContext({ baseURL });
});

test.afterAll(async () => {
  await signedIn?.close();
  await signedOut?.close();
});

/**
 * Pages still over the budget (measured 2026-11-27; the count on the walk's data). Each is an
 * expected failure: the day one comes under 8, its test fails until it is taken off this list.
 * Environment pages pay 5 for the frame (me, organisations, projects, the project's environments,
 * the open change requests behind the review badge).
 */
const KNOWN_OVER: Record<string, string> = {
  project: "14: the permission editor (6) and the first-run checklist (4) below the environments",
  "organisation-permissions": "9: the permission editor's six lists",
  environment: "10: features, states, tags, evaluation counts, the owner filter's groups",
  features: "10: as environment",
  "environment-not-found": "11: the features page's requests go out before the key is known to be wrong",
  segment: "13: identity counts and associated features are each asked twice",
  identity: "11: identity, traits, overrides, all states, features, states",
  "identity-not-found": "11: as identity",
  "change-request": "13: comments, impact, members and groups for the reviewers",
  "change-request-not-found": "11: as change-request",
  "project-change-request": "11: as change-request",
};

const visits: Visit[] = [...Object.values(RECIPES).flat(), ...EXTRA_VISITS];
for (const visit of visits) {
  test(`${visit.name}: at most ${BUDGET} API requests on first load`, async () => {
    if (visit.slow) test.slow();
    test.fail(visit.name in KNOWN_OVER, KNOWN_OVER[visit.name]);
    const page = await (visit.signedOut ? signedOut : signedIn).newPage();
    try {
      const urls = await countApiRequests(page, visit);
      test.info().annotations.push({ type: "API requests", description: String(urls.length) });
      expect(
        urls.length,
        `${visit.name}: ${urls.length} requests\n    ${urls.join("\n    ")}`,
      ).toBeLessThanOrEqual(BUDGET);
    } finally {
      await page.close();
    }
  });
}

/** The data requests to /api/ from navigation until the network is quiet. */
async function countApiRequests(page: Page, visit: Visit) {
  const urls: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/") && DATA_TYPES.has(request.resourceType())) {
      urls.push(`${request.method()} ${url.pathname}${url.search}`);
    }
  };
  page.on("request", onRequest);
  await page.goto(visit.path(data));
  await expect(visit.ready(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  page.off("request", onRequest);
  return urls;
}
