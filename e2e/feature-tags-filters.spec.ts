import { expect, test } from "@playwright/test";
import { call, featuresPath, seed } from "./support/api";
import { openFeatureTab } from "./support/feature-tabs";

test("tags: manage them, assign them, see chips and filter by them; filters live in the URL", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const s = await seed(context);
  const api = (path: string, body?: unknown) =>
    call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/${path}`, { token: s.token, body });
  const beta = (await api("tags/", { label: "beta", color: "#27AB95" })).body;
  const ops = (await api("tags/", { label: "ops" })).body;
  for (const [name, tags, enabled] of [
    ["alpha", [beta.id], true],
    ["bravo", [ops.id], false],
    ["charlie", [], true],
  ] as const) {
    expect((await api("features/", { name, tags, default_enabled: enabled })).status).toBe(201);
  }

  await page.goto(featuresPath(s));
  const rows = page.getByTestId("feature-row");
  await expect(rows).toHaveCount(3);
  const alpha = page.locator('[data-feature="alpha"]');
  await expect(alpha.getByTestId("tag-chip")).toHaveText("beta");

  // A filter is a history entry: reload keeps it, back restores the one before.
  await page.getByLabel("Filter by tag").selectOption({ label: "beta" });
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`[?&]tags=${beta.id}(&|$)`));
  await page.getByLabel("Filter by state").selectOption("off");
  await expect(page.getByText("No features match")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Filter by state")).toHaveValue("off");
  await expect(page.getByLabel("Filter by tag")).toHaveValue(String(beta.id));
  await expect(page.getByText("No features match")).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel("Filter by state")).toHaveValue("all");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-feature", "alpha");
  await page.goBack();
  await expect(page.getByLabel("Filter by tag")).toHaveValue("");
  await expect(rows).toHaveCount(3);

  await page.getByLabel("Sort features").selectOption("-name");
  await expect(rows.first()).toHaveAttribute("data-feature", "charlie");
  await page.getByLabel("Search features").fill("brav");
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(/[?&]q=brav(&|$)/);
  await page.reload();
  await expect(page.getByLabel("Search features")).toHaveValue("brav");
  await expect(rows).toHaveCount(1);
  await page.getByLabel("Search features").fill("");

  // Tags dialog: add one, then use it when creating a feature.
  await page.getByRole("button", { name: "Tags", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("New tag").fill("checkout");
  await dialog.getByRole("button", { name: "Add tag" }).click();
  await expect(dialog.getByRole("list", { name: "Project tags" })).toContainText("checkout");
  await dialog.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "New feature" }).click();
  const create = page.getByRole("dialog");
  await create.getByLabel("Name").fill("delta");
  await create.getByRole("button", { name: "checkout" }).click();
  await create.getByRole("button", { name: "Create feature" }).click();
  await expect(create).toBeHidden();
  await expect(page.locator('[data-feature="delta"]').getByTestId("tag-chip")).toHaveText("checkout");

  // Feature detail: retag and give up ownership; the owner filter follows.
  await page.getByRole("link", { name: "Edit bravo" }).click();
  await openFeatureTab(page, "Settings");
  const section = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Tags and owners" }) });
  await section.getByRole("button", { name: "beta" }).click();
  await expect(section.getByRole("button", { name: "beta" })).toHaveAttribute("aria-pressed", "true");
  await section.getByRole("button", { name: `Remove owner ${s.email}` }).click();
  await expect(section.getByText("No owners.")).toBeVisible();
  await section.getByLabel("Add an owner").selectOption({ index: 1 });
  await expect(section.getByRole("button", { name: `Remove owner ${s.email}` })).toBeVisible();
  await section.getByRole("button", { name: `Remove owner ${s.email}` }).click();
  await expect(section.getByText("No owners.")).toBeVisible();
  await page.goto(featuresPath(s));
  await page.getByLabel("Filter by owner").selectOption({ label: "Owned by me" });
  await expect(rows).toHaveCount(3);
  await expect(page.locator('[data-feature="bravo"]')).toHaveCount(0);
  await page.getByLabel("Filter by owner").selectOption("");
  await page.getByLabel("Filter by tag").selectOption({ label: "beta" });
  await expect(rows).toHaveCount(2);
});
