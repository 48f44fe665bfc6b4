import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { call, createFeature, featuresPath, seed, unique } from "./support/api";

// The machine running the suite is shared and slow; pages may take a while to fill.
const patient = expect.configure({ timeout: 90_000 });

test("features: export an environment to Flagsmith's file, download it, import it into another project", async ({
  page,
  context,
}) => {
  test.setTimeout(400_000);
  const s = await seed(context);
  await createFeature(page.request, s, { name: "alpha", default_enabled: true, initial_value: "blue" });
  await createFeature(page.request, s, { name: "bravo" });

  await page.goto(featuresPath(s));
  await patient(page.getByRole("list", { name: "Features" }).getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Export / import" }).click();
  const dialog = page.getByRole("dialog", { name: "Export or import features" });
  await dialog.getByRole("button", { name: "Export features" }).click();
  const link = dialog.getByRole("link", { name: /^Download Development \| / });
  await patient(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const path = await download.path();
  const file = JSON.parse(await readFile(path, "utf8")) as {
    name: string;
    value: unknown;
    enabled: boolean;
  }[];
  expect(file.map((f) => [f.name, f.value, f.enabled])).toEqual([
    ["alpha", "blue", true],
    ["bravo", null, false],
  ]);

  // Another project of the organisation, with one existing feature the file also has.
  const project = await call<{ id: number }>(page.request, "/api/v1/projects/", {
    token: s.token,
    body: { name: unique("Target"), organisation: s.organisationId },
  });
  const env = await call<{ id: number; api_key: string }>(page.request, "/api/v1/environments/", {
    token: s.token,
    body: { name: "Production", project: project.body.id },
  });
  const target = { ...s, projectId: project.body.id, environmentId: env.body.id, envKey: env.body.api_key };
  await createFeature(page.request, target, { name: "alpha", initial_value: "red" });

  await page.goto(featuresPath(target));
  await patient(page.getByRole("list", { name: "Features" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("button", { name: "Export / import" }).click();
  await dialog.getByLabel("Feature export file").setInputFiles(path);
  await dialog.getByLabel("Features the project already has").selectOption("OVERWRITE_DESTRUCTIVE");
  await dialog.getByRole("button", { name: "Import file" }).click();
  await patient(dialog.getByRole("status")).toContainText("into Production");
  await dialog.getByRole("button", { name: "Done" }).click();
  await patient(page.getByRole("list", { name: "Features" }).getByRole("listitem")).toHaveCount(2);

  const flags = await call<{ feature: { name: string }; enabled: boolean; feature_state_value: unknown }[]>(
    page.request,
    "/api/v1/flags/",
    { envKey: target.envKey },
  );
  expect(flags.body.map((f) => [f.feature.name, f.feature_state_value, f.enabled]).sort()).toEqual([
    ["alpha", "blue", true],
    ["bravo", null, false],
  ]);
});
