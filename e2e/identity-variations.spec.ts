import { expect, test } from "@playwright/test";
import { call, envPath, seed } from "./support/api";

test("an identity given a multivariate variation says so; its override offers the variations as a list", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const token = s.token;
  const feature = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token,
    body: {
      name: "colour",
      default_enabled: true,
      initial_value: "grey",
      multivariate_options: [
        { type: "unicode", string_value: "blue", default_percentage_allocation: 100 },
        { type: "unicode", string_value: "red", default_percentage_allocation: 0 },
      ],
    },
  });
  expect(feature.status).toBe(201);
  const sdk = await call<{ flags: { feature: { name: string }; feature_state_value: unknown }[] }>(
    page.request,
    "/api/v1/identities/",
    { envKey: s.envKey, body: { identifier: "ada" } },
  );
  expect(sdk.body.flags.find((f) => f.feature.name === "colour")?.feature_state_value).toBe("blue");
  const identities = await call<{ results: { id: number; identifier: string }[] }>(
    page.request,
    `/api/v1/environments/${s.envKey}/identities/?q=ada`,
    { token },
  );
  const ada = identities.body.results.find((i) => i.identifier === "ada")!;

  await page.goto(`${envPath(s, "identities")}${ada.id}/`);
  const row = page.locator('[data-testid="identity-flag"][data-feature="colour"]');
  await expect(row.getByTestId("decided-by")).toHaveText("Variation: blue");

  await row.getByRole("button", { name: "Override colour" }).click();
  const dialog = page.getByRole("dialog");
  const variations = dialog.getByRole("group", { name: "Variation for ada" });
  await expect(variations.getByRole("radio")).toHaveCount(4);
  await expect(variations.getByRole("radio", { name: "blue" })).toBeChecked();
  await expect(variations.getByRole("radio", { name: "Control: grey" })).toBeVisible();
  await variations.getByRole("radio", { name: "red" }).check();
  await dialog.getByRole("button", { name: "Save override" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId("decided-by")).toHaveText("Identity override");
  await expect(row).toContainText("red");

  const overrides = await call<{ results: { feature: number; feature_state_value: unknown }[] }>(
    page.request,
    `/api/v1/environments/${s.envKey}/identities/${ada.id}/featurestates/`,
    { token },
  );
  expect(overrides.body.results.map((o) => [o.feature, o.feature_state_value])).toEqual([
    [feature.body.id, "red"],
  ]);

  // "Another value" still allows free text.
  await row.getByRole("button", { name: "Edit override of colour" }).click();
  await expect(variations.getByRole("radio", { name: "red" })).toBeChecked();
  await variations.getByRole("radio", { name: "Another value" }).check();
  await expect(dialog.getByLabel("Value for this identity").first()).toBeVisible();
});
