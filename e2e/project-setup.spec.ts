// Starting a project: a project made in the dashboard starts with Development and Production
// (as Flagsmith's dashboard does), its page shows a first-run checklist ticked from real data,
// and the project's feature name pattern is set in its settings and checked by the
// create-feature dialog before anything is sent.
import { axe } from "./support/axe";
import { expect, test, type Page } from "@playwright/test";
import { call, createFeature, featuresPath, seed, unique } from "./support/api";
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

test("a new project starts with Development and Production and a first-run checklist", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const s = await seed(context);
  await page.goto(`/organisations/${s.organisationId}/`);
  const name = unique("Shop");
  await page.getByRole("button", { name: "New project" }).first().click();
  await page.getByLabel("Project name").fill(name);
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(/\/projects\/\d+\/$/, loaded);
  const projectId = Number(/\/projects\/(\d+)\//.exec(page.url())![1]);

  const environments = page.getByRole("list", { name: "Environments" });
  await expect(environments.getByRole("link")).toHaveCount(2, loaded);
  await expect(environments.getByRole("link").nth(0)).toContainText("Development");
  await expect(environments.getByRole("link").nth(1)).toContainText("Production");
  const listed = await call<{ results: { name: string; api_key: string }[] }>(
    page.request,
    `/api/v1/environments/?project=${projectId}`,
    { token: s.token },
  );
  expect(listed.body.results.map((e) => e.name)).toEqual(["Development", "Production"]);
  const development = listed.body.results[0];

  const steps = page.getByRole("list", { name: "First steps" });
  await expect(steps).toBeVisible(loaded);
  const step = (title: string) => steps.getByRole("listitem").filter({ hasText: title });
  await expect(step("Create a flag")).toHaveAttribute("data-done", "false");
  await expect(step("Connect an SDK")).toHaveAttribute("data-done", "false");
  await expect(step("See the first evaluation")).toHaveAttribute("data-done", "false");
  await expect(page.getByText("0 of 3 steps done.")).toBeVisible();
  await expect(
    step("Connect an SDK").getByRole("link", { name: "Connect an SDK to Development" }),
  ).toHaveAttribute("href", `/projects/${projectId}/environments/${development.api_key}/sdk/`);
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((choice) => window.localStorage.setItem("ensign:theme", choice), theme);
    await page.reload();
    await expect(steps).toBeVisible(loaded);
    await expectNoAxeViolations(page, `project page with the checklist, ${theme}`);
  }
  await page.setViewportSize(PHONE);
  await expectFitsViewport(page, "project page with the checklist at 390 px");
  await page.setViewportSize({ width: 1280, height: 800 });

  const feature = await call(page.request, `/api/v1/projects/${projectId}/features/`, {
    token: s.token,
    body: { name: "first_flag" },
  });
  expect(feature.status).toBe(201);
  await page.reload();
  await expect(step("Create a flag")).toHaveAttribute("data-done", "true", loaded);
  await expect(step("Connect an SDK")).toHaveAttribute("data-done", "false");

  const reported = await call(page.request, "/api/v1/analytics/flags/", {
    envKey: development.api_key,
    body: { first_flag: 2 },
  });
  expect(reported.status).toBe(200);
  await page.reload();
  await expect(step("See the first evaluation")).toHaveAttribute("data-done", "true", loaded);
  await expect(step("Connect an SDK")).toHaveAttribute("data-done", "true");
  await expect(page.getByText("Every step is done: this project is serving flags.")).toBeVisible();

  await page.getByRole("button", { name: "Dismiss checklist" }).click();
  await expect(steps).toHaveCount(0);
  await page.reload();
  await expect(environments.getByRole("link")).toHaveCount(2, loaded);
  await expect(steps).toHaveCount(0);
});

test("the feature name pattern is set in the project's settings and checked before a feature is sent", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const s = await seed(context);
  await page.goto(`/projects/${s.projectId}/`);
  const pattern = page.getByLabel("Pattern", { exact: true });
  await pattern.fill("([a-z]");
  await page.getByRole("button", { name: "Save pattern" }).click();
  await expect(page.getByText("Enter a valid regular expression.")).toBeVisible(loaded);
  await pattern.fill("[a-z][a-z0-9_]*");
  await page.getByRole("button", { name: "Save pattern" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  const project = await call<{ feature_name_regex: string | null }>(
    page.request,
    `/api/v1/projects/${s.projectId}/`,
    {
      token: s.token,
    },
  );
  expect(project.body.feature_name_regex).toBe("[a-z][a-z0-9_]*");

  await page.goto(featuresPath(s));
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes(`/api/v1/projects/${s.projectId}/features/`))
      posts.push(r.url());
  });
  await page
    .getByRole("button", { name: /New feature|Create your first feature/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("[a-z][a-z0-9_]*")).toBeVisible(loaded);
  await dialog.getByLabel("Name").fill("My Feature!");
  await dialog.getByRole("button", { name: "Create feature" }).click();
  await expect(dialog.getByText("Feature name must match regex: [a-z][a-z0-9_]*")).toBeVisible();
  await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  expect(posts).toEqual([]);
  for (const theme of ["light", "dark"] as const) {
    // Switched in place, with transitions off so that axe reads the final colours.
    await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
    await page.evaluate(
      (choice) => document.documentElement.classList.toggle("dark", choice === "dark"),
      theme,
    );
    await expectNoAxeViolations(page, `create dialog refusing a name, ${theme}`);
  }

  await dialog.getByLabel("Name").fill("my_feature");
  await dialog.getByRole("button", { name: "Create feature" }).click();
  await expect(page.locator('[data-feature="my_feature"]')).toBeVisible(loaded);
  expect(posts).toHaveLength(1);

  // The API enforces it too (a name sent without the dialog).
  const refused = await call(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name: "Bad Name" },
  });
  expect(refused.status).toBe(400);
  expect(refused.body).toEqual({ name: ["Feature name must match regex: [a-z][a-z0-9_]*"] });
  await createFeature(page.request, s, { name: "ok_name" });
});
