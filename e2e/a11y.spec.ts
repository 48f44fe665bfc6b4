// Accessibility gate, request budget and screenshots: every dashboard page (found from app/**/page.tsx, visited
// as e2e/support/pages.ts says) in light and dark, checked with axe for WCAG 2 A and AA; the
// main pages are also photographed at 1440 px and 390 px into e2e/screenshots/ (git-ignored).
// At 390 px a page must also fit: nothing may make the document wider than a phone's viewport.
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { seed } from "./support/api";
import { axe } from "./support/axe";
import {
  discoverRoutes,
  EXTRA_VISITS,
  RECIPES,
  seedWalkData,
  type Visit,
  type WalkData,
} from "./support/pages";
import { countApiRequests } from "./support/request-budget";
import { expectFitsViewport, PHONE } from "./support/viewport";

const THEMES = ["light", "dark"] as const;
const PHONE_WIDTH = { name: "390", width: PHONE.width, height: PHONE.height } as const;
const DESKTOP_WIDTH = { name: "1440", width: 1440, height: 900 } as const;
// Each test loads its page once: the light theme's at 1440 px, then narrowed to a phone; the dark
// theme's at 390 px, as a phone opens it, then widened. So both first loads are checked.
const WIDTHS = {
  light: [DESKTOP_WIDTH, PHONE_WIDTH],
  dark: [PHONE_WIDTH, DESKTOP_WIDTH],
} as const;
const SCREENSHOTS = path.join(process.cwd(), "e2e", "screenshots");
// The photographs are for a person to look at, and nothing asserts on them: taken by default on a
// developer's machine, not in CI, where no one sees them (E2E_SCREENSHOTS=1 or 0 decides either way).
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS === "1" : !process.env.CI;

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
/** This worker's walk data and signed-in session, seeded by the first test it runs. */
let seeded: Promise<{ walkData: WalkData; state: StorageState }> | undefined;

test("every page.tsx has a visit recipe", () => {
  const routes = discoverRoutes();
  expect(routes.length).toBeGreaterThan(10);
  const missing = routes.filter((route) => !RECIPES[route]);
  expect(
    missing,
    `No visit recipe in e2e/support/pages.ts RECIPES for: ${missing.join(", ")}. Add one so the page is checked.`,
  ).toEqual([]);
  const stale = Object.keys(RECIPES).filter((route) => !routes.includes(route));
  expect(stale, `RECIPES rows for pages that no longer exist: ${stale.join(", ")}`).toEqual([]);
});

test.describe("every page, both themes", () => {
  // The walk is the largest spec: its tests are independent (each opens its own context on data
  // seeded once per worker), so both workers share it instead of one worker running it alone.
  test.describe.configure({ mode: "parallel" });
  let data: WalkData;
  let storage: StorageState;

  test.beforeAll(async ({ browser, baseURL }) => {
    // In parallel mode this hook runs before each test's group; the seed is made once per worker.
    seeded ??= (async () => {
      const context = await browser.newContext({ baseURL });
      const s = await seed(context);
      const walkData = await seedWalkData(context.request, s);
      const state = await context.storageState();
      await context.close();
      mkdirSync(SCREENSHOTS, { recursive: true });
      return { walkData, state };
    })();
    ({ walkData: data, state: storage } = await seeded);
  });

  const visits: Visit[] = [...Object.values(RECIPES).flat(), ...EXTRA_VISITS];
  for (const visit of visits) {
    for (const theme of THEMES) {
      test(`${visit.name} (${theme}) has no axe violations`, async ({ browser, baseURL }) => {
        if (visit.slow) test.slow();
        await walk(browser, baseURL!, visit, theme);
      });
    }
  }

  async function walk(browser: Browser, baseURL: string, visit: Visit, theme: (typeof THEMES)[number]) {
    const context = await browser.newContext({
      baseURL,
      colorScheme: theme,
      storageState: visit.signedOut ? undefined : storage,
      viewport: { width: WIDTHS[theme][0].width, height: WIDTHS[theme][0].height },
    });
    // The app's own setting (account → preferences) as well as the system's.
    await context.addInitScript((choice) => window.localStorage.setItem("ensign:theme", choice), theme);
    const page = await context.newPage();
    try {
      // One load per test, then the same page resized, as someone does who resizes a window (the
      // layout follows CSS and media-query listeners: nothing may depend on the width the page
      // was loaded at). The first load's API requests are counted in the light theme's test,
      // at the desktop width.
      const requests = theme === "light" ? countApiRequests(page) : undefined;
      await page.goto(visit.path(data));
      // Generous: the walk runs on a loaded machine; the check is that the data shows at all.
      await expect(visit.ready(page)).toBeVisible({ timeout: 30_000 });
      await expect(page.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      await requests?.expectWithinBudget(visit.name);
      for (const size of WIDTHS[theme]) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await settle(page);
        await expect(visit.ready(page)).toBeVisible();
        await expectNoAxeViolations(page, `${visit.name} at ${size.name}px in ${theme}`);
        if (size.width === PHONE.width) await expectFitsViewport(page, `${visit.name} in ${theme}`);
        if (visit.screenshot && TAKE_SCREENSHOTS) {
          await page.screenshot({
            path: path.join(SCREENSHOTS, `${visit.name}-${size.name}-${theme}.png`),
            fullPage: true,
          });
        }
      }
    } finally {
      await context.close();
    }
  }
});

/**
 * Every rule axe runs by default: WCAG 2.0–2.2 A and AA, and its best practices (heading order,
 * landmarks). None is disabled: fix the page instead. Only violations come back in full
 * (e2e/support/axe.ts).
 */
async function expectNoAxeViolations(page: Page, label: string) {
  const results = await axe(page).analyze();
  const report = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.split("\n").join(" ")}`).join("\n"),
  );
  expect(report, `${label}:\n${report.join("\n")}`).toEqual([]);
}

/** Waits for skeletons to go and a resize to be laid out: axe checks the page as people see it. */
async function settle(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}
