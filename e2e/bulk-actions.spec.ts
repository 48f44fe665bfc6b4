// The features list's shortcuts: archive and unarchive a feature from its row, and bulk
// actions on the selected features (turn on/off here, add a tag, archive), with progress and
// the features that failed listed with the reason.
import { axe } from "./support/axe";
import { expect, test, type Page } from "@playwright/test";
import { call, createFeature, featuresPath, seed, type Seed } from "./support/api";
import { expectFitsViewport, PHONE } from "./support/viewport";

const loaded = { timeout: 30_000 };

async function expectNoAxeViolations(page: Page, what: string) {
  // Checked at rest: no control under the pointer (a hover colour is not what the page shows).
  await page.mouse.move(0, 0);
  const results = await axe(page).analyze();
  const report = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(report, what).toEqual([]);
}

/** The filter lives in the URL: the box shows the new state once the page has navigated. */
async function setArchivedOnly(page: Page, on: boolean) {
  const box = page.getByLabel("Archived only");
  await box.click();
  await expect(page).toHaveURL(on ? /[?&]archived=1(&|$)/ : /^(?!.*[?&]archived=1)/);
  await expect(box).toBeChecked({ checked: on });
}

/** Switches the theme in place, with transitions off so that axe reads the final colours. */
async function switchTheme(page: Page, theme: "light" | "dark") {
  await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  await page.evaluate(
    (choice) => document.documentElement.classList.toggle("dark", choice === "dark"),
    theme,
  );
}

async function featureBody(page: Page, s: Seed, id: number) {
  const res = await call<{ is_archived: boolean; tags: number[] }>(
    page.request,
    `/api/v1/projects/${s.projectId}/features/${id}/`,
    { token: s.token },
  );
  return res.body;
}

async function enabledByName(page: Page, s: Seed) {
  const res = await call<{ feature: { name: string }; enabled: boolean }[]>(page.request, "/api/v1/flags/", {
    envKey: s.envKey,
  });
  return Object.fromEntries(res.body.map((f) => [f.feature.name, f.enabled]));
}

test("a feature is archived and unarchived from its row, and the Archived only filter finds it", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const s = await seed(context);
  const old = await createFeature(page.request, s, { name: "old_banner" });
  await createFeature(page.request, s, { name: "new_banner" });
  await page.goto(featuresPath(s));
  const rows = page.getByTestId("feature-row");
  await expect(rows).toHaveCount(2, loaded);

  await page.getByRole("button", { name: "Archive old_banner" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-feature", "new_banner");
  expect((await featureBody(page, s, old.id)).is_archived).toBe(true);

  await setArchivedOnly(page, true);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-feature", "old_banner");
  await expect(rows.first().getByText("Archived", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Unarchive old_banner" }).click();
  await expect(rows).toHaveCount(0);
  expect((await featureBody(page, s, old.id)).is_archived).toBe(false);
  await setArchivedOnly(page, false);
  await expect(rows).toHaveCount(2);
});

test("bulk actions turn the selected features on and off, tag and archive them, and report failures", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const s = await seed(context);
  const tag = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/tags/`, {
    token: s.token,
    body: { label: "checkout", color: "#0f766e" },
  });
  const ids: Record<string, number> = {};
  for (const name of ["alpha", "bravo", "charlie", "delta"]) {
    ids[name] = (await createFeature(page.request, s, { name })).id;
  }
  await page.goto(featuresPath(s));
  const rows = page.getByTestId("feature-row");
  await expect(rows).toHaveCount(4, loaded);
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  await expect(bulk).toHaveCount(0);

  // Select all on the page, then leave one out.
  await page.getByLabel("Select all on this page").check();
  await expect(bulk.getByText("4 selected")).toBeVisible();
  await page.getByLabel("Select delta").uncheck();
  await expect(bulk.getByText("3 selected")).toBeVisible();
  await expect(page.getByLabel("Select all on this page")).not.toBeChecked();

  await bulk.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("status").getByText("Turned on 3 of 3 features.")).toBeVisible();
  expect(await enabledByName(page, s)).toEqual({ alpha: true, bravo: true, charlie: true, delta: false });
  await expect(page.getByRole("switch", { name: "alpha" })).toBeChecked();

  await bulk.getByLabel("Tag to add").selectOption({ label: "checkout" });
  await bulk.getByRole("button", { name: "Add tag" }).click();
  await expect(
    page.getByRole("status").getByText("Added the tag checkout to 3 of 3 features."),
  ).toBeVisible();
  for (const name of ["alpha", "bravo", "charlie"]) {
    expect((await featureBody(page, s, ids[name])).tags).toEqual([tag.body.id]);
  }
  expect((await featureBody(page, s, ids.delta)).tags).toEqual([]);

  for (const theme of ["light", "dark"] as const) {
    await switchTheme(page, theme);
    await expectNoAxeViolations(page, `features list with a selection, ${theme}`);
  }
  await page.setViewportSize(PHONE);
  await expectFitsViewport(page, "features list with a selection at 390 px");
  await page.setViewportSize({ width: 1280, height: 800 });

  // Another session deletes bravo meanwhile: its archive fails, the others go through.
  const gone = await call(page.request, `/api/v1/projects/${s.projectId}/features/${ids.bravo}/`, {
    token: s.token,
    method: "DELETE",
  });
  expect(gone.status).toBe(204);
  await bulk.getByRole("button", { name: "Archive" }).click();
  const status = page.getByRole("status").filter({ hasText: "Archived" });
  await expect(status.getByText("Archived 2 of 3 features. 1 failed:")).toBeVisible();
  await expect(page.getByRole("list", { name: "Failed features" })).toContainText("bravo: Not found.");
  expect((await featureBody(page, s, ids.alpha)).is_archived).toBe(true);
  expect((await featureBody(page, s, ids.charlie)).is_archived).toBe(true);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-feature", "delta");

  // Archived only: select them all and turn them off, then unarchive them.
  await setArchivedOnly(page, true);
  await expect(rows).toHaveCount(2);
  await page.getByLabel("Select all on this page").check();
  await bulk.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByRole("status").getByText("Turned off 2 of 2 features.")).toBeVisible();
  expect(await enabledByName(page, s)).toEqual({ alpha: false, charlie: false, delta: false });
  await page.getByLabel("Select all on this page").check();
  await bulk.getByRole("button", { name: "Unarchive" }).click();
  await expect(page.getByRole("status").getByText("Unarchived 2 of 2 features.")).toBeVisible();
  await expect(rows).toHaveCount(0);
});
