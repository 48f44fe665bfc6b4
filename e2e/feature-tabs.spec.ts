// Issue 30: the feature page is tabs (Value & variations, Segment overrides, Identity overrides, Schedule,
// History, Usage, Settings), each asking the API only for what it shows, once it is opened. The
// address keeps the tab (?tab=), and the tabs follow the ARIA pattern: one tab stop, arrows,
// Home and End.
import { axe } from "./support/axe";
import { expect, test, type Page } from "@playwright/test";
import { call, featuresPath, seed } from "./support/api";

/** What each tab (but the first) reads, as a pattern of its request's path. */
const TAB_DATA = {
  segments: /\/api\/v1\/features\/feature-segments\/\?/,
  identities: /\/edge-identity-overrides\/\?feature=/,
  schedule: /\/scheduled-changes\/$/,
  history: /\/versions\/$/,
  usage: /\/code-references\/$|\/evaluation-data\//,
} as const;

function recordApiPaths(page: Page) {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) seen.push(url.pathname + url.search);
  });
  return seen;
}
const asked = (seen: string[], pattern: RegExp) => seen.some((path) => pattern.test(path));

test("each tab of the feature page loads its data only when opened, and the address keeps it", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const created = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name: "tabbed_flag", initial_value: "blue" },
  });
  expect(created.status).toBe(201);
  const featureUrl = `${featuresPath(s)}${created.body.id}/`;
  const seen = recordApiPaths(page);

  await page.goto(featureUrl);
  const tabs = page.getByRole("tablist", { name: "Feature" });
  const tab = (name: string) => tabs.getByRole("tab", { name, exact: true });
  await expect(tab("Value & variations")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Value", { exact: true })).toHaveValue("blue");
  await expect(page.getByRole("tabpanel")).toHaveAccessibleName("Value & variations");
  await page.waitForLoadState("networkidle");
  for (const [name, pattern] of Object.entries(TAB_DATA)) {
    expect(asked(seen, pattern), `the ${name} tab's data was asked for before it was opened`).toBe(false);
  }

  // A click opens History: its versions are asked for now, and the address says so.
  await tab("History").click();
  await expect(page).toHaveURL(/\?tab=history$/);
  await expect(page.getByRole("heading", { name: "History", level: 2 })).toBeVisible();
  await expect.poll(() => asked(seen, TAB_DATA.history)).toBe(true);
  expect(asked(seen, TAB_DATA.segments)).toBe(false);

  // The keyboard: one tab stop on the selected tab; arrows move and select, wrapping; Home, End.
  await tab("History").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab("Usage")).toBeFocused();
  await expect(tab("Usage")).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\?tab=usage$/);
  await expect.poll(() => asked(seen, TAB_DATA.usage)).toBe(true);
  await page.keyboard.press("End");
  await expect(tab("Settings")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Feature settings" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(tab("Value & variations")).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`${featureUrl}$`));
  await page.keyboard.press("ArrowLeft");
  await expect(tab("Settings")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(tab("Value & variations")).toHaveAttribute("aria-selected", "true");
  await expect(tabs.locator('[tabindex="0"]')).toHaveCount(1);
  expect(asked(seen, TAB_DATA.segments) || asked(seen, TAB_DATA.identities)).toBe(false);

  // Back returns to the tab before; a shared link opens its tab with only that tab's data.
  await page.goBack();
  await expect(tab("Settings")).toHaveAttribute("aria-selected", "true");
  seen.length = 0;
  await page.goto(`${featureUrl}?tab=identities`);
  await expect(tab("Identity overrides")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("No identity overrides")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(asked(seen, TAB_DATA.identities)).toBe(true);
  for (const name of ["segments", "schedule", "history", "usage"] as const) {
    expect(asked(seen, TAB_DATA[name]), `the ${name} tab's data was asked for on the identities tab`).toBe(
      false,
    );
  }
  // An unknown tab falls back to the first.
  await page.goto(`${featureUrl}?tab=nonsense`);
  await expect(tab("Value & variations")).toHaveAttribute("aria-selected", "true");

  await tab("Segment overrides").click();
  await expect(page.getByText("No segment overrides")).toBeVisible();
  const results = await axe(page).include('[role="tablist"]').analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
