// Feedback after every action: deleting a trait or an identity override shows a toast whose Undo
// puts it back through the API; creating a segment and changing an environment setting confirm too,
// as do organisations, projects, environments and the API token. A refusal says what to do next.
import { expect, test } from "@playwright/test";
import { call, envPath, seed, signIn, signUp, unique } from "./support/api";
import { closeToast } from "./support/toasts";

test("deleting a trait or an identity override can be undone from its toast", async ({ page, context }) => {
  const s = await seed(context);
  const token = s.token;
  await call(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token,
    body: { name: "dark_mode", initial_value: "off" },
  });
  await call(page.request, "/api/v1/identities/", {
    envKey: s.envKey,
    body: { identifier: "ada", traits: [{ trait_key: "plan", trait_value: "gold" }] },
  });
  const identities = await call<{ results: { id: number; identifier: string }[] }>(
    page.request,
    `/api/v1/environments/${s.envKey}/identities/?q=ada`,
    { token },
  );
  const ada = identities.body.results.find((i) => i.identifier === "ada")!;
  type TraitAnswer = { trait_key: string; trait_value: unknown };
  const traits = async () => {
    const res = await call<TraitAnswer[] | { results: TraitAnswer[] }>(
      page.request,
      `/api/v1/environments/${s.envKey}/identities/${ada.id}/traits/`,
      { token },
    );
    return Array.isArray(res.body) ? res.body : res.body.results;
  };
  const overrides = async () =>
    (
      await call<{ results: { enabled: boolean; feature_state_value: unknown }[] }>(
        page.request,
        `/api/v1/environments/${s.envKey}/identities/${ada.id}/featurestates/`,
        { token },
      )
    ).body.results;
  const toasts = page.getByRole("status", { name: "Notifications" });

  await page.goto(`${envPath(s, "identities")}${ada.id}/`);
  await page.getByRole("button", { name: "Delete plan" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete trait" }).click();
  await expect(toasts.getByText("Deleted the trait plan.")).toBeVisible();
  await expect.poll(async () => (await traits()).length).toBe(0);
  await toasts.getByRole("button", { name: "Undo" }).click();
  await expect(toasts.getByText("Put back the trait plan.")).toBeVisible();
  await expect
    .poll(async () => (await traits()).map((t) => [t.trait_key, t.trait_value]))
    .toEqual([["plan", "gold"]]);
  await expect(page.getByRole("button", { name: "Delete plan" })).toBeVisible();

  const flag = page.locator('[data-testid="identity-flag"][data-feature="dark_mode"]');
  await flag.getByRole("button", { name: "Override dark_mode" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Value for this identity", { exact: true }).fill("ada-only");
  await dialog.getByRole("button", { name: "Save override" }).click();
  await expect(toasts.getByText("Saved the override of dark_mode for ada.")).toBeVisible();
  await expect.poll(async () => (await overrides()).map((o) => o.feature_state_value)).toEqual(["ada-only"]);

  await flag.getByRole("button", { name: "Remove override of dark_mode" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove override" }).click();
  await expect(toasts.getByText("Removed the override of dark_mode for ada.")).toBeVisible();
  await expect.poll(async () => (await overrides()).length).toBe(0);
  await toasts.getByRole("button", { name: "Undo" }).last().click();
  await expect(toasts.getByText("Put back the override of dark_mode for ada.")).toBeVisible();
  await expect.poll(async () => (await overrides()).map((o) => o.feature_state_value)).toEqual(["ada-only"]);
});

test("creating a segment and changing an environment setting confirm with a toast", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const toasts = page.getByRole("status", { name: "Notifications" });

  await page.goto(`${envPath(s, "segments")}new/`);
  await page.getByLabel("Name").fill("Beta testers");
  const condition = page.getByRole("group", { name: "Group 1, condition 1" });
  await condition.getByLabel("Trait").fill("beta");
  await condition.getByLabel("Value").fill("true");
  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(toasts.getByText("Created the segment Beta testers.")).toBeVisible();

  await page.goto(envPath(s, "settings"));
  await page.getByRole("switch", { name: "Hide disabled flags" }).click();
  await expect(toasts.getByText("Hide disabled flags: on in Development.")).toBeVisible();
});

test("organisations confirm create and rename with a toast", async ({ page, context }) => {
  const account = await signUp(context.request);
  await signIn(context, account);
  const dialog = page.getByRole("dialog");
  const orgName = unique("Toast Org");

  await page.goto("/organisations/");
  await page.getByRole("button", { name: "New organisation" }).first().click();
  await dialog.getByLabel("Organisation name").fill(orgName);
  await dialog.getByRole("button", { name: "Create organisation" }).click();
  await closeToast(page, `Created the organisation ${orgName}.`);
  await expect(page.getByRole("heading", { name: orgName })).toBeVisible();

  await page.getByRole("button", { name: "Rename" }).click();
  await dialog.getByLabel("Organisation name").fill(`${orgName} Ltd`);
  await dialog.getByRole("button", { name: "Save" }).click();
  await closeToast(page, `Renamed the organisation to ${orgName} Ltd.`);
});

test("creating a project confirms with a toast; a server failure says what to do", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const dialog = page.getByRole("dialog");
  const projectName = unique("Toast Project");

  await page.goto(`/organisations/${s.organisationId}/`);
  // A server failure says what to do, not the server's words.
  await page.route("**/api/v1/projects/", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" })
      : route.continue(),
  );
  await page.getByRole("button", { name: "New project" }).first().click();
  await dialog.getByLabel("Project name").fill(projectName);
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Could not create the project: the server failed. Try again in a moment; if it keeps failing, ask whoever runs Ensign to check its log.",
  );
  await page.unroute("**/api/v1/projects/");
  await dialog.getByRole("button", { name: "Create project" }).click();
  await closeToast(page, `Created the project ${projectName} with Development and Production.`);
  await expect(page.getByRole("heading", { name: projectName })).toBeVisible();
});

test("deleting an organisation confirms with a toast; a refusal says who can help", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const dialog = page.getByRole("dialog");
  const org = await call<{ name: string }>(page.request, `/api/v1/organisations/${s.organisationId}/`, {
    token: s.token,
  });
  const orgName = org.body.name;

  await page.goto(`/organisations/${s.organisationId}/`);
  await page.route("**/api/v1/organisations/*/", (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({
          status: 403,
          contentType: "application/json",
          body: JSON.stringify({ detail: "You do not have permission to perform this action." }),
        })
      : route.continue(),
  );
  await page.getByRole("button", { name: "Delete organisation" }).click();
  await dialog.getByLabel(/Type .* to confirm/).fill(orgName);
  await dialog.getByRole("button", { name: "Delete organisation" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    `You are not allowed to delete the organisation ${orgName}. Ask an administrator of the organisation for access.`,
  );
  await page.unroute("**/api/v1/organisations/*/");
  await dialog.getByRole("button", { name: "Delete organisation" }).click();
  await closeToast(page, `Deleted the organisation ${orgName}.`);
  await expect(page.getByRole("heading", { name: "Organisations", exact: true })).toBeVisible();
});

test("creating an environment confirms with a toast", async ({ page, context }) => {
  const s = await seed(context);
  const dialog = page.getByRole("dialog");

  await page.goto(`/projects/${s.projectId}/`);
  await page.getByRole("button", { name: "New environment" }).first().click();
  await dialog.getByLabel("Environment name").fill("Staging");
  await dialog.getByRole("button", { name: "Create environment" }).click();
  await closeToast(page, "Created the environment Staging.");
  await expect(page).toHaveURL(/\/environments\/[^/]+\/features\/$/);
});

test("renaming and deleting a project confirm with a toast", async ({ page, context }) => {
  const s = await seed(context);
  const dialog = page.getByRole("dialog");

  await page.goto(`/projects/${s.projectId}/`);
  const projectName = unique("Renamed");
  await page.getByRole("button", { name: "Rename" }).click();
  await dialog.getByLabel("Project name").fill(projectName);
  await dialog.getByRole("button", { name: "Save" }).click();
  await closeToast(page, `Renamed the project to ${projectName}.`);

  await page.getByRole("button", { name: "Delete project" }).click();
  await dialog.getByLabel(/Type .* to confirm/).fill(projectName);
  await dialog.getByRole("button", { name: "Delete project" }).click();
  await closeToast(page, `Deleted the project ${projectName}.`);
  await expect(page).toHaveURL(new RegExp(`/organisations/${s.organisationId}/$`));
});

test("the API token panel confirms a new token and its copy, and says what to do when copying fails", async ({
  page,
  context,
}) => {
  await seed(context);
  const toasts = page.getByRole("status", { name: "Notifications" });

  await page.goto("/account/");
  await page.getByRole("button", { name: "Regenerate token" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Regenerate token" }).click();
  await expect(
    toasts.getByText("Generated a new API token. Copy it now: your older tokens no longer work."),
  ).toBeVisible();
  const token = await page.getByTestId("api-token").getAttribute("data-token");
  expect(token).toMatch(/^[0-9a-f]{40}$/);

  await page.getByRole("button", { name: "Copy token" }).click();
  await expect(
    toasts.getByText("Copied the API token. Keep it somewhere safe: it is not shown again."),
  ).toBeVisible();

  // A browser that refuses the clipboard, both ways the dashboard tries.
  await page.evaluate(() => {
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: () => Promise.reject(new Error("denied")) },
    });
    document.execCommand = () => false;
  });
  await page.getByRole("button", { name: "Copy token" }).click();
  await expect(
    toasts.getByText("Could not copy. Select the text and copy it with Ctrl+C (⌘C on a Mac)."),
  ).toBeVisible();
});
