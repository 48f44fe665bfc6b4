import { axe } from "./support/axe";
import { expect, test } from "@playwright/test";
import { call, createFeature, envPath, seed } from "./support/api";

test("clone an environment from its settings: the clone has the flags, new keys, and opens", async ({
  page,
  context,
}) => {
  // Slow on a loaded 2-core machine; a timeout here is not an assertion.
  test.setTimeout(180_000);
  const s = await seed(context);
  const feature = await createFeature(page.request, s, {
    name: "clone_me",
    default_enabled: true,
    initial_value: "v1",
  });
  await page.goto(envPath(s, "settings"));

  await page.getByRole("button", { name: "Clone environment" }).click();
  const dialog = page.getByRole("dialog", { name: "Clone environment" });
  await expect(dialog).toContainText("Identities and their overrides are not copied.");
  const results = await axe(page).include("dialog[open]").analyze();
  expect(results.violations).toEqual([]);
  // A taken name is refused in the dialog.
  await dialog.getByLabel("Name of the new environment").fill("Development");
  await dialog.getByRole("button", { name: "Clone" }).click();
  await expect(dialog).toContainText("An environment with this name already exists.");
  await dialog.getByLabel("Name of the new environment").fill("Staging");
  await dialog.getByRole("button", { name: "Clone" }).click();

  await expect(page).toHaveURL(/\/settings\/$/);
  await expect(page).not.toHaveURL(new RegExp(s.envKey));
  const cloneKey = (await page.getByTestId("client-key").textContent())!;
  expect(cloneKey).not.toBe(s.envKey);
  const envs = await call<{ results: { name: string; api_key: string }[] }>(
    page.request,
    `/api/v1/environments/?project=${s.projectId}`,
    { token: s.token },
  );
  expect(envs.body.results.map((e) => e.name)).toEqual(["Development", "Staging"]);
  const flags = await call<{ feature: { id: number }; enabled: boolean; feature_state_value: unknown }[]>(
    page.request,
    "/api/v1/flags/",
    { envKey: cloneKey },
  );
  expect(flags.body.find((f) => f.feature.id === feature.id)).toMatchObject({
    enabled: true,
    feature_state_value: "v1",
  });
});
