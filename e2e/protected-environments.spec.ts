// A protected environment (Ensign extension): every dashboard change in it asks first, in a
// dialog naming the environment; cancelling changes nothing.
import { expect, test, type Page } from "@playwright/test";
import { call, envPath, featuresPath, seed } from "./support/api";
import { openFeatureTab } from "./support/feature-tabs";

test("in a protected environment every change asks first, naming the environment", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const token = s.token;
  await call(page.request, `/api/v1/environments/${s.envKey}/`, {
    token,
    method: "PATCH",
    body: { name: "Production" },
  });
  const feature = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token,
    body: { name: "flag_x", initial_value: "a" },
  });
  await call(page.request, `/api/v1/projects/${s.projectId}/features/`, { token, body: { name: "flag_y" } });
  await call(page.request, `/api/v1/projects/${s.projectId}/segments/`, {
    token,
    body: {
      name: "Beta",
      project: s.projectId,
      rules: [
        { type: "ALL", rules: [], conditions: [{ property: "beta", operator: "EQUAL", value: "true" }] },
      ],
    },
  });
  const environment = async () =>
    (await call<{ is_protected: boolean }>(page.request, `/api/v1/environments/${s.envKey}/`, { token }))
      .body;
  const state = async () =>
    (
      await call<{ results: { enabled: boolean; feature_state_value: unknown }[] }>(
        page.request,
        `/api/v1/environments/${s.envKey}/featurestates/?feature=${feature.body.id}`,
        { token },
      )
    ).body.results[0];
  expect((await environment()).is_protected).toBe(false);

  // Settings: the switch, stored through the API.
  await page.goto(envPath(s, "settings"));
  await page.getByRole("switch", { name: "Protected environment" }).click();
  await expect.poll(async () => (await environment()).is_protected).toBe(true);

  // Toggle: cancel leaves the flag off; confirm turns it on.
  await page.goto(featuresPath(s));
  const toggle = page.getByRole("switch", { name: "flag_x" });
  await toggle.click();
  const dialog = page.getByRole("dialog", { name: "Production is protected" });
  await expect(dialog).toContainText("Production is protected. Turn on flag_x in Production?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  expect((await state()).enabled).toBe(false);
  await toggle.click();
  await dialog.getByRole("button", { name: "Turn on flag_x" }).click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect.poll(async () => (await state()).enabled).toBe(true);

  // Value edit.
  await page.goto(`${envPath(s, "features")}${feature.body.id}/`);
  await page.getByLabel("Value", { exact: true }).fill("b");
  const saveValue = page.getByRole("main").getByRole("button", { name: "Save value" });
  await saveValue.click();
  await expect(dialog).toContainText("Change the value of flag_x in Production?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect((await state()).feature_state_value).toBe("a");
  await saveValue.click();
  await dialog.getByRole("button", { name: "Save value" }).click();
  await expect.poll(async () => (await state()).feature_state_value).toBe("b");

  // Segment override.
  await addOverride(page);
  await expect(dialog).toContainText("Add an override of flag_x for Beta in Production?");
  await dialog.getByRole("button", { name: "Add override" }).click();
  await expect(page.getByTestId("segment-override")).toHaveCount(1);

  // Delete (from the list): the protected question comes before anything is deleted.
  await page.goto(featuresPath(s));
  await page.getByRole("button", { name: "Delete flag_y" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete feature" }).click();
  await expect(dialog).toContainText("Delete flag_y from Production and every other environment?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  const features = await call<{ count: number }>(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token,
  });
  expect(features.body.count).toBe(2);
});

async function addOverride(page: Page) {
  await openFeatureTab(page, "Segment overrides");
  await page.getByRole("button", { name: "Add segment override" }).click();
  await page
    .getByRole("dialog", { name: "Add a segment override" })
    .getByRole("button", { name: "Add override" })
    .click();
}
