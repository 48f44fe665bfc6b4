// The features list's "Stale" filter and "Last changed" sort, the row's stale badge and
// "changed … ago", and the project's stale setting. Features are made old by writing their
// timestamps in the e2e database (SQLite at ENSIGN_E2E_DATABASE_URL).
import { axe } from "./support/axe";
import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { call, featuresPath, seed } from "./support/api";

// Generous: the machine running the suite may be loaded; the checks are that the data shows at all.
const loaded = { timeout: 30_000 };

/** Dates the feature's definition and its versions `days` days back. */
function age(featureId: number, days: number) {
  const url = process.env.ENSIGN_E2E_DATABASE_URL;
  if (!url?.startsWith("file:")) throw new Error("ENSIGN_E2E_DATABASE_URL must be a file: (SQLite) URL");
  const db = new Database(url.replace(/^file:/, ""), { timeout: 10_000 });
  const at = new Date(Date.now() - days * 24 * 3600 * 1000).toISOString().replace("Z", "+00:00");
  try {
    db.prepare('UPDATE "Feature" SET "updatedAt" = ? WHERE "id" = ?').run(at, featureId);
    db.prepare('UPDATE "FeatureVersion" SET "createdAt" = ? WHERE "featureId" = ?').run(at, featureId);
  } finally {
    db.close();
  }
}

async function expectNoAxeViolations(page: Page, what: string) {
  const results = await axe(page).analyze();
  const report = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(report, what).toEqual([]);
}

test("stale filter, last-changed sort, badges and the project's stale limit", async ({ page, context }) => {
  test.setTimeout(240_000);
  const s = await seed(context);
  const api = (path: string, body?: unknown, method?: string) =>
    call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/${path}`, {
      token: s.token,
      body,
      method,
    });
  const keep = (await api("tags/", { label: "keep", is_permanent: true })).body;
  const ids: Record<string, number> = {};
  for (const [name, tags] of [
    ["ancient", []],
    ["forever", [keep.id]],
    ["oldish", []],
    ["recent", []],
  ] as const) {
    const res = await api("features/", { name, tags });
    expect(res.status).toBe(201);
    ids[name] = res.body.id;
  }
  age(ids.ancient, 400);
  age(ids.forever, 300);
  age(ids.oldish, 45);

  await page.goto(featuresPath(s));
  const rows = page.getByTestId("feature-row");
  await expect(rows).toHaveCount(4, loaded);
  const row = (name: string) => page.locator(`[data-feature="${name}"]`);
  await expect(row("ancient").getByText("Stale", { exact: true })).toBeVisible();
  await expect(row("ancient").getByText("changed last year")).toBeVisible();
  await expect(row("oldish").getByText("changed last month")).toBeVisible();
  await expect(row("forever").getByText("Stale", { exact: true })).toHaveCount(0);
  await expect(row("recent").getByText("Stale", { exact: true })).toHaveCount(0);
  await expect(row("recent").getByText("changed just now")).toBeVisible();

  await page.getByLabel("Filter by staleness").selectOption({ label: "Stale only" });
  await expect(page).toHaveURL(/[?&]stale=stale(&|$)/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute("data-feature", "ancient");
  await expect(rows.nth(1)).toHaveAttribute("data-feature", "oldish");
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((choice) => window.localStorage.setItem("ensign:theme", choice), theme);
    await page.emulateMedia({ colorScheme: theme });
    await page.reload();
    await expect(rows).toHaveCount(2, loaded);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page, `stale features list in ${theme}`);
  }

  await page.getByLabel("Filter by staleness").selectOption({ label: "Fresh only" });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute("data-feature", "forever");

  await page.getByLabel("Filter by staleness").selectOption({ label: "Stale and fresh" });
  await page.getByLabel("Sort features").selectOption({ label: "Last changed: oldest first" });
  await expect(page).toHaveURL(/[?&]sort=changed(&|$)/);
  await expect(rows.nth(0)).toHaveAttribute("data-feature", "ancient");
  await expect(rows.nth(1)).toHaveAttribute("data-feature", "forever");
  await expect(rows.nth(2)).toHaveAttribute("data-feature", "oldish");
  await expect(rows.nth(3)).toHaveAttribute("data-feature", "recent");
  await page.getByLabel("Sort features").selectOption({ label: "Last changed: recent first" });
  await expect(rows.nth(0)).toHaveAttribute("data-feature", "recent");
  await expect(rows.nth(3)).toHaveAttribute("data-feature", "ancient");
  await page.reload();
  await expect(page.getByLabel("Sort features")).toHaveValue("-changed", loaded);
  await expect(rows.nth(0)).toHaveAttribute("data-feature", "recent");

  // The project's limit: refused out of bounds, then a year makes only "ancient" stale.
  await page.goto(`/projects/${s.projectId}/`);
  const days = page.getByLabel("Days until stale");
  const save = page.locator("form").filter({ has: days }).getByRole("button", { name: "Save" });
  await expect(days).toHaveValue("30", loaded);
  await days.fill("0");
  await save.click();
  await expect(page.getByText("Ensure this value is greater than or equal to 1.")).toBeVisible();
  await expect(days).toHaveAttribute("aria-invalid", "true");
  await days.fill("365");
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  const project = await call<{ stale_flags_limit_days: number }>(
    page.request,
    `/api/v1/projects/${s.projectId}/`,
    { token: s.token },
  );
  expect(project.body.stale_flags_limit_days).toBe(365);

  await page.goto(`${featuresPath(s)}?stale=stale`);
  await expect(rows).toHaveCount(1, loaded);
  await expect(rows.first()).toHaveAttribute("data-feature", "ancient");
});
