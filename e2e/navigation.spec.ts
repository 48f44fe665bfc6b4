import { expect, test } from "@playwright/test";
import { call, signIn, signUp, unique } from "./support/api";

test("create, rename and delete an organisation, a project and an environment; the last place is remembered", async ({
  page,
  context,
}) => {
  // Long: a dashboard-made project now also creates two environments, then all of it is deleted.
  test.setTimeout(150_000);
  const account = await signUp(page.request);
  await signIn(context, account);
  const orgName = unique("Acme");
  const projectName = unique("Web");

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Organisations" })).toBeVisible();
  await page.getByRole("button", { name: "New organisation" }).first().click();
  await page.getByLabel("Organisation name").fill(orgName);
  await page.getByRole("button", { name: "Create organisation" }).click();
  await expect(page.getByRole("heading", { name: orgName })).toBeVisible();
  await expect(page.getByText("No projects yet")).toBeVisible();

  await page.getByRole("button", { name: "New project" }).first().click();
  await page.getByLabel("Project name").fill(projectName);
  await page.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { name: projectName })).toBeVisible();
  // A project made in the dashboard starts with Development and Production, as in Flagsmith.
  const environmentCards = page.getByRole("list", { name: "Environments" }).getByRole("link");
  await expect(environmentCards).toHaveCount(2);
  await expect(environmentCards.nth(0)).toContainText("Development");
  await expect(environmentCards.nth(1)).toContainText("Production");

  await page.getByRole("button", { name: "New environment" }).first().click();
  await page.getByLabel("Environment name").fill("Staging");
  await page.getByRole("button", { name: "Create environment" }).click();
  await expect(page.getByRole("heading", { name: "Features", exact: true })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Environment" }).locator("option:checked")).toHaveText(
    "Staging",
  );
  const stagingUrl = page.url();

  // The API sees what the dashboard created.
  const orgs = await call<{ results: { id: number; name: string }[] }>(
    page.request,
    "/api/v1/organisations/",
    { token: account.token },
  );
  const org = orgs.body.results.find((o) => o.name === orgName)!;
  const projects = await call<{ id: number; name: string }[]>(
    page.request,
    `/api/v1/projects/?organisation=${org.id}`,
    { token: account.token },
  );
  expect(projects.body.map((p) => p.name)).toEqual([projectName]);

  // A new visit to / opens the environment the user was in.
  await page.goto("/organisations/");
  await page.goto("/");
  await expect(page).toHaveURL(stagingUrl);

  // Rename the environment from its settings, the project and the organisation from their pages.
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Rename" }).click();
  await page.getByLabel("Environment name").fill("Live");
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("combobox", { name: "Environment" }).locator("option:checked")).toHaveText(
    "Live",
  );

  await page.getByRole("link", { name: "Project overview" }).click();
  // The previous page has a Rename button too: wait for the new page before pressing it.
  await expect(page.getByRole("heading", { name: projectName, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Rename" }).click();
  await page.getByLabel("Project name").fill(`${projectName}-renamed`);
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: `${projectName}-renamed` })).toBeVisible();

  await page.getByRole("link", { name: orgName }).click();
  await expect(page.getByRole("heading", { name: orgName, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Rename" }).click();
  await page.getByLabel("Organisation name").fill(`${orgName}-renamed`);
  await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: `${orgName}-renamed` })).toBeVisible();

  // Deleting asks first, and needs the name typed.
  await page.goto(stagingUrl.replace("/features/", "/settings/"));
  await page.getByRole("button", { name: "Delete environment" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Delete environment" })).toBeDisabled();
  await dialog.getByLabel(/Type .* to confirm/).fill("Live");
  await dialog.getByRole("button", { name: "Delete environment" }).click();
  await expect(page.getByRole("heading", { name: `${projectName}-renamed` })).toBeVisible();
  await expect(environmentCards).toHaveCount(2);
  await expect(page.getByRole("list", { name: "Environments" })).not.toContainText("Live");

  await page.getByRole("button", { name: "Delete project" }).click();
  await page
    .getByRole("dialog")
    .getByLabel(/Type .* to confirm/)
    .fill(`${projectName}-renamed`);
  await page.getByRole("dialog").getByRole("button", { name: "Delete project" }).click();
  await expect(page.getByText("No projects yet")).toBeVisible();

  await page.getByRole("button", { name: "Delete organisation" }).click();
  await page
    .getByRole("dialog")
    .getByLabel(/Type .* to confirm/)
    .fill(`${orgName}-renamed`);
  await page.getByRole("dialog").getByRole("button", { name: "Delete organisation" }).click();
  await expect(page.getByText("Create your first organisation")).toBeVisible();
  const after = await call<{ count: number }>(page.request, "/api/v1/organisations/", {
    token: account.token,
  });
  expect(after.body.count).toBe(0);
});
