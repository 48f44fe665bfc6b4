import { expect, test, type Page } from "@playwright/test";
import { call, featuresPath, seed, type Seed } from "./support/api";
import { openFeatureTab } from "./support/feature-tabs";

type Flag = { feature: { name: string }; enabled: boolean; feature_state_value: unknown };

async function sdkFlag(page: Page, s: Seed, name: string) {
  const res = await call<Flag[]>(page.request, "/api/v1/flags/", { envKey: s.envKey });
  expect(res.status).toBe(200);
  return res.body.find((f) => f.feature.name === name);
}

async function createFeature(page: Page, name: string, kind: string, value: string) {
  await page
    .getByRole("button", { name: /New feature|Create your first feature/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Initial value type").selectOption(kind);
  if (kind === "boolean") await dialog.getByLabel("Initial value", { exact: true }).selectOption(value);
  else await dialog.getByLabel("Initial value", { exact: true }).fill(value);
  await dialog.getByRole("button", { name: "Create feature" }).click();
  await expect(dialog).toBeHidden();
}

test("create a feature, toggle it and see /api/v1/flags/ change; edit typed values", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  await page.goto(featuresPath(s));
  await expect(page.getByText("No features yet")).toBeVisible();

  await createFeature(page, "new_checkout", "string", "blue");
  const row = page.locator('[data-testid="feature-row"][data-feature="new_checkout"]');
  await expect(row).toContainText('"blue"');
  const toggle = row.getByRole("switch", { name: "new_checkout" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  expect(await sdkFlag(page, s, "new_checkout")).toMatchObject({
    enabled: false,
    feature_state_value: "blue",
  });

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect.poll(async () => (await sdkFlag(page, s, "new_checkout"))?.enabled).toBe(true);
  await toggle.press("Space");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect.poll(async () => (await sdkFlag(page, s, "new_checkout"))?.enabled).toBe(false);

  // Typed values: integer, boolean, decimal (kept as text, as in Flagsmith) and text.
  await row.getByRole("link", { name: "Edit new_checkout" }).click();
  await expect(page.getByRole("heading", { name: "new_checkout" })).toBeVisible();
  const value = page.getByLabel("Value", { exact: true });
  const type = page.getByLabel("Value type");
  const save = page.getByRole("button", { name: "Save value" });
  await type.selectOption("integer");
  await value.fill("4.5");
  await expect(page.getByText("Enter a whole number, like 42.")).toBeVisible();
  await expect(save).toBeDisabled();
  await value.fill("42");
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await expect.poll(async () => (await sdkFlag(page, s, "new_checkout"))?.feature_state_value).toBe(42);

  await type.selectOption("boolean");
  await value.selectOption("false");
  await save.click();
  await expect.poll(async () => (await sdkFlag(page, s, "new_checkout"))?.feature_state_value).toBe(false);

  await type.selectOption("float");
  await value.fill("1.25");
  await save.click();
  await expect.poll(async () => (await sdkFlag(page, s, "new_checkout"))?.feature_state_value).toBe("1.25");
  await page.reload();
  await expect(page.getByLabel("Value type")).toHaveValue("float");

  await page.getByLabel("Value type").selectOption("string");
  await page.getByLabel("Value", { exact: true }).fill("hello world");
  await page.getByRole("button", { name: "Save value" }).click();
  await expect
    .poll(async () => (await sdkFlag(page, s, "new_checkout"))?.feature_state_value)
    .toBe("hello world");

  // The header toggle works on the feature page too.
  await page.getByRole("switch", { name: "new_checkout" }).click();
  await expect.poll(async () => (await sdkFlag(page, s, "new_checkout"))?.enabled).toBe(true);

  // Description and server-side only are project settings.
  await openFeatureTab(page, "Settings");
  await page.getByLabel("Description").fill("The new checkout");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" }).last()).toBeVisible();
  const features = await call<{ results: { name: string; description: string }[] }>(
    page.request,
    `/api/v1/projects/${s.projectId}/features/`,
    { token: s.token },
  );
  expect(features.body.results[0].description).toBe("The new checkout");
});

test("search and filter; a refused toggle flips back and shows the API's message; delete asks first", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  for (const [name, enabled] of [
    ["alpha_banner", true],
    ["beta_search", false],
    ["gamma_limits", false],
  ] as const) {
    const res = await call(page.request, `/api/v1/projects/${s.projectId}/features/`, {
      token: s.token,
      body: { name, default_enabled: enabled, description: `About ${name}` },
    });
    expect(res.status).toBe(201);
  }
  await page.goto(featuresPath(s));
  const rows = page.getByTestId("feature-row");
  await expect(rows).toHaveCount(3);
  await page.getByLabel("Search features").fill("beta");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-feature", "beta_search");
  await page.getByLabel("Search features").fill("");
  await page.getByLabel("Filter by state").selectOption("on");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-feature", "alpha_banner");
  await page.getByLabel("Filter by state").selectOption("off");
  await expect(rows).toHaveCount(2);
  await page.getByLabel("Search features").fill("nothing-like-this");
  await expect(page.getByText("No features match")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(rows).toHaveCount(3);

  // The API refuses: the switch goes back and the API's message shows beside it.
  await page.route("**/api/v1/environments/*/featurestates/*/", (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({
          status: 403,
          contentType: "application/json",
          body: JSON.stringify({ detail: "You do not have permission to perform this action." }),
        })
      : route.continue(),
  );
  const gamma = page.locator('[data-feature="gamma_limits"]');
  await gamma.getByRole("switch").click();
  await expect(gamma.getByRole("alert")).toHaveText("You do not have permission to perform this action.");
  await expect(gamma.getByRole("switch")).toHaveAttribute("aria-checked", "false");
  await page.unroute("**/api/v1/environments/*/featurestates/*/");

  await gamma.getByRole("button", { name: "Delete gamma_limits" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("removed from every environment");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(rows).toHaveCount(3);
  await gamma.getByRole("button", { name: "Delete gamma_limits" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete feature" }).click();
  await expect(rows).toHaveCount(2);
  const flags = await call<Flag[]>(page.request, "/api/v1/flags/", { envKey: s.envKey });
  expect(flags.body.map((f) => f.feature.name).sort()).toEqual(["alpha_banner", "beta_search"]);
});

test("multivariate: add variations; a total over 100% is shown as an error, never changed silently", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const created = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name: "button_colour", initial_value: "grey" },
  });
  await page.goto(`${featuresPath(s)}${created.body.id}/`);
  for (const [colour, key] of [
    ["red", "red"],
    ["green", "green"],
  ]) {
    await page.getByRole("button", { name: "Add variation" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Variation value", { exact: true }).fill(colour);
    await dialog.getByLabel("Key (optional)").fill(key);
    await dialog.getByRole("button", { name: "Add variation" }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(page.getByTestId("variation")).toHaveCount(2);
  const red = page.getByLabel("Variation red share", { exact: true });
  const green = page.getByLabel("Variation green share", { exact: true });
  await red.fill("70");
  await green.fill("60");
  // What was typed stays; the total says by how much it is over, and the split cannot be saved.
  await expect(green).toHaveValue("60");
  await expect(page.getByTestId("variations-total")).toHaveText(
    "Variations add up to 130%, 30% more than 100%. Lower a share: nothing is saved until the total is 100% or less.",
  );
  await expect(page.getByRole("button", { name: "Save split" })).toBeDisabled();
  await red.fill("150");
  await expect(page.getByText("150% is outside 0–100%.")).toBeVisible();
  await expect(red).toHaveAttribute("aria-invalid", "true");
  await red.fill("70");
  await green.fill("20");
  await expect(page.getByTestId("variations-total")).toHaveText("Variations: 90% in total, control: 10%.");
  await expect(page.getByTestId("control-share")).toHaveText("10%");
  await page.getByRole("button", { name: "Save split" }).click();
  const allocations = async () => {
    const states = await call<{
      results: { multivariate_feature_state_values: { percentage_allocation: number }[] }[];
    }>(page.request, `/api/v1/environments/${s.envKey}/featurestates/?feature=${created.body.id}`, {
      token: s.token,
    });
    return states.body.results[0].multivariate_feature_state_values.map((v) => v.percentage_allocation);
  };
  await expect.poll(allocations).toEqual([70, 20]);
  await expect(page.getByRole("button", { name: "Reset" })).toBeHidden();
  const feature = await call<{ type: string }>(
    page.request,
    `/api/v1/projects/${s.projectId}/features/${created.body.id}/`,
    { token: s.token },
  );
  expect(feature.body.type).toBe("MULTIVARIATE");
});
