import { expect, test } from "@playwright/test";
import { call, envPath, seed, unique } from "./support/api";

test("an unknown environment key shows a not-found page with a way back, not another environment's data", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  await call(page.request, "/api/v1/projects/" + s.projectId + "/features/", {
    token: s.token,
    body: { name: unique("flag") },
  });

  await page.goto(`/projects/${s.projectId}/environments/no-such-key/features/`);
  await expect(page.getByRole("heading", { name: "Environment not found" })).toBeVisible();
  // Nothing of another environment: no switcher pointing elsewhere, no feature list, no sections.
  await expect(page.getByRole("combobox", { name: "Environment" })).toHaveCount(0);
  await expect(page.getByText(/\d+ features?/)).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Environment sections" })).toHaveCount(0);

  await page.getByRole("link", { name: "Back to the project" }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${s.projectId}/$`));
  await expect(page.getByRole("link", { name: "Development" }).first()).toBeVisible();
});

test("a deleted feature, segment or identity has a way back to its list", async ({ page, context }) => {
  const s = await seed(context);
  const feature = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name: unique("gone") },
  });
  expect(feature.status).toBe(201);
  await call(page.request, `/api/v1/projects/${s.projectId}/features/${feature.body.id}/`, {
    token: s.token,
    method: "DELETE",
  });

  await page.goto(`${envPath(s, "features")}${feature.body.id}/`);
  await expect(page.getByRole("heading", { name: "Feature not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to features" }).click();
  await expect(page).toHaveURL(new RegExp(`${envPath(s, "features")}$`));

  await page.goto(`${envPath(s, "segments")}999999/`);
  await expect(page.getByRole("heading", { name: "Segment not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to segments" }).click();
  await expect(page).toHaveURL(new RegExp(`${envPath(s, "segments")}$`));

  await page.goto(`${envPath(s, "identities")}999999/`);
  await expect(page.getByRole("heading", { name: "Identity not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to identities" }).click();
  await expect(page).toHaveURL(new RegExp(`${envPath(s, "identities")}$`));

  await page.goto(`/projects/999999/`);
  await expect(page.getByRole("heading", { name: "Project not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to organisations" })).toBeVisible();
});
