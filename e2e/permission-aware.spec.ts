// A member with limited access is told what access is missing and whom to ask, instead of
// "No projects yet" or "may have been deleted"; and an admin giving View project without any
// environment is told the member will see nothing in it.
import { expect, test } from "@playwright/test";
import { call, seed, signIn } from "./support/api";
import { addMember } from "./support/members";
import { permissionsPanel } from "./support/permissions";

test("a member without access is told which grant is missing and whom to ask, on each page", async ({
  context,
  browser,
}) => {
  const s = await seed(context);
  const bob = await addMember(context.request, s.organisationId);
  const bobContext = await browser.newContext();
  try {
    await signIn(bobContext, bob);
    const page = await bobContext.newPage();

    // No project visible: not "No projects yet … Create one".
    await page.goto(`/organisations/${s.organisationId}/`);
    await expect(page.getByRole("heading", { name: "No project you can see" })).toBeVisible();
    await expect(page.getByText("No projects yet")).toHaveCount(0);
    await expect(page.getByText(/Ask an organisation admin \(Ada Lovelace\) for View project/)).toBeVisible();
    await expect(page.getByText(/ask for Create project/)).toBeVisible();

    // View project only: the project opens, and says no environment is visible and why.
    const grant = await call(bobContext.request, `/api/v1/projects/${s.projectId}/user-permissions/`, {
      token: s.token,
      body: { user: bob.id, permissions: ["VIEW_PROJECT"], admin: false },
    });
    expect(grant.status).toBe(201);
    await page.goto(`/projects/${s.projectId}/`);
    await expect(page.getByRole("heading", { name: "No environment you can see" })).toBeVisible();
    await expect(page.getByText("No environments yet")).toHaveCount(0);
    await expect(page.getByText(/or an admin of this project for View environment/)).toBeVisible();

    // An environment URL the member may not see: not only "may have been deleted".
    await page.goto(`/projects/${s.projectId}/environments/${s.envKey}/features/`);
    await expect(page.getByRole("heading", { name: "Environment not found" })).toBeVisible();
    await expect(page.getByText(/you lack access to it/)).toBeVisible();
    await expect(page.getByText(/Ask an organisation admin \(Ada Lovelace\)/)).toBeVisible();
  } finally {
    await bobContext.close();
  }
});

test("the project permission editor warns when View project leaves a member without any environment", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const bob = await addMember(page.request, s.organisationId);
  await page.goto(`/projects/${s.projectId}/`);
  const panel = await permissionsPanel(page);
  await panel.getByLabel(/^Member/).selectOption(`user:${bob.id}`);
  const warning = panel.getByRole("status").filter({ hasText: "no environment in it" });
  await expect(warning).toHaveCount(0);
  await panel.getByLabel("VIEW_PROJECT").check();
  await expect(warning).toContainText("Ada Lovelace can see this project but no environment in it");
  await expect(warning).toContainText("Development");

  // Once the member holds View environment somewhere in the project, the warning goes.
  const envGrant = await call(page.request, `/api/v1/environments/${s.envKey}/user-permissions/`, {
    token: s.token,
    body: { user: bob.id, permissions: ["VIEW_ENVIRONMENT"], admin: false },
  });
  expect(envGrant.status).toBe(201);
  await page.reload();
  // The editor loads when opened: open it again after the reload.
  await permissionsPanel(page);
  await panel.getByLabel(/^Member/).selectOption(`user:${bob.id}`);
  await panel.getByLabel("VIEW_PROJECT").check();
  await expect(panel.getByText("VIEW_PROJECT")).not.toHaveCount(0);
  await expect(warning).toHaveCount(0);
});
