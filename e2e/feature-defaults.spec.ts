// The "Enabled by default" hint of the new-feature dialog says exactly what ticking it does: the
// feature is turned on at once in the environments that exist, not only in later ones; and a
// project that prevents flag defaults ignores the box.
import { expect, test, type Page } from "@playwright/test";
import { call, featuresPath, seed, type Seed } from "./support/api";

test("the Enabled by default hint names the existing environments it turns the feature on in", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const production = await call<{ api_key: string }>(page.request, "/api/v1/environments/", {
    token: s.token,
    body: { name: "Production", project: s.projectId },
  });
  expect(production.status).toBe(201);

  await page.goto(featuresPath(s));
  await openNewFeature(page);
  const dialog = page.getByRole("dialog", { name: "New feature" });
  await expect(dialog).toContainText(
    "Ticked, the feature is turned on at once in all 2 existing environments (Development, Production), and in environments created later. Unticked, it starts off everywhere.",
  );
  await dialog.getByLabel("Name", { exact: true }).fill("on_everywhere");
  await dialog.getByLabel("Enabled by default").check();
  await dialog.getByRole("button", { name: "Create feature" }).click();
  await expect(dialog).toBeHidden();
  // What the hint says is what happened, in the existing Production too.
  expect(await enabledIn(page, s, s.envKey, "on_everywhere")).toBe(true);
  expect(await enabledIn(page, s, production.body.api_key, "on_everywhere")).toBe(true);

  const patched = await call(page.request, `/api/v1/projects/${s.projectId}/`, {
    token: s.token,
    method: "PATCH",
    body: { prevent_flag_defaults: true },
  });
  expect(patched.status).toBe(200);
  await page.reload();
  await openNewFeature(page);
  await expect(dialog).toContainText(
    "This project prevents flag defaults: the feature starts off and without a value in every environment, ticked or not.",
  );
  await dialog.getByLabel("Name", { exact: true }).fill("prevented");
  await dialog.getByLabel("Enabled by default").check();
  await dialog.getByRole("button", { name: "Create feature" }).click();
  await expect(dialog).toBeHidden();
  expect(await enabledIn(page, s, s.envKey, "prevented")).toBe(false);
});

async function openNewFeature(page: Page) {
  await page.getByRole("button", { name: "New feature" }).first().click();
}

async function enabledIn(page: Page, s: Seed, envKey: string, name: string) {
  const features = await call<{ results: { id: number; name: string }[] }>(
    page.request,
    `/api/v1/projects/${s.projectId}/features/?search=${name}`,
    { token: s.token },
  );
  const id = features.body.results.find((f) => f.name === name)!.id;
  const states = await call<{ results: { enabled: boolean }[] }>(
    page.request,
    `/api/v1/environments/${envKey}/featurestates/?feature=${id}`,
    { token: s.token },
  );
  return states.body.results[0].enabled;
}
