// The permissions editor shows what a member may effectively do and where it comes from:
// their own grant, a group ("via group Engineers"), organisation admin; it follows a change
// saved in the editor, and passes axe in both themes while open.
import { axe } from "./support/axe";
import { expect, test, type Page } from "@playwright/test";
import { call, envPath, seed, unique } from "./support/api";
import { addMember } from "./support/members";
import { permissionsPanel } from "./support/permissions";

async function created(res: Promise<{ status: number; body: unknown }>) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: number; name: string };
}

async function openEffective(page: Page, userId: number) {
  const panel = await permissionsPanel(page);
  await panel.getByLabel("Member or group").selectOption(`user:${userId}`);
  await panel.getByText(/^Effective permissions of /).click();
  return panel;
}

test("effective permissions with their sources, on a project and an environment", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  // Three pages and two axe runs on a machine shared with other builds.
  test.setTimeout(180_000);
  const s = await seed(context);
  const bob = await addMember(page.request, s.organisationId);
  const carol = await addMember(page.request, s.organisationId, "ADMIN");
  const token = s.token;
  const engineers = await created(
    call(page.request, `/api/v1/organisations/${s.organisationId}/groups/`, {
      token,
      body: { name: unique("Engineers"), users: [bob.id] },
    }),
  );
  await created(
    call(page.request, `/api/v1/projects/${s.projectId}/user-group-permissions/`, {
      token,
      body: { group: engineers.id, permissions: ["VIEW_PROJECT", "CREATE_FEATURE"] },
    }),
  );
  await created(
    call(page.request, `/api/v1/projects/${s.projectId}/user-permissions/`, {
      token,
      body: { user: bob.id, permissions: ["VIEW_PROJECT"] },
    }),
  );
  await created(
    call(page.request, `/api/v1/environments/${s.envKey}/user-group-permissions/`, {
      token,
      body: { group: engineers.id, admin: true },
    }),
  );

  // Project: each key with its sources.
  await page.goto(`/projects/${s.projectId}/`);
  const panel = await openEffective(page, bob.id);
  const list = panel.getByRole("list", { name: /^Permissions of .* and their sources$/ });
  const row = (key: string) => list.getByRole("listitem").filter({ hasText: key });
  await expect(row("CREATE_FEATURE")).toContainText(`via group ${engineers.name}`);
  await expect(row("CREATE_FEATURE")).not.toContainText("own grant");
  await expect(row("VIEW_PROJECT")).toContainText("own grant");
  await expect(row("VIEW_PROJECT")).toContainText(`via group ${engineers.name}`);
  await expect(list.getByRole("listitem")).toHaveCount(2);

  // A key saved in the editor shows up in the open view.
  await panel.getByLabel("MANAGE_TAGS").check();
  await panel.getByRole("button", { name: "Save permissions" }).click();
  await expect(row("MANAGE_TAGS")).toContainText("own grant");
  await expect(list.getByRole("listitem")).toHaveCount(3);

  // Environment: admin through the group; an organisation admin is admin as such.
  await page.goto(envPath(s, "settings"));
  let envPanel = await openEffective(page, bob.id);
  await expect(envPanel.getByText("Administrator of this environment: every permission")).toBeVisible();
  await expect(envPanel.getByText(`via group ${engineers.name}`)).toBeVisible();
  envPanel = await openEffective(page, carol.id);
  await expect(envPanel.getByText("Administrator of this environment: every permission")).toBeVisible();
  await expect(envPanel.getByText("organisation admin", { exact: true })).toBeVisible();

  // axe, light and dark, with the view open.
  const storageState = await context.storageState();
  for (const theme of ["light", "dark"] as const) {
    const themed = await browser.newContext({ baseURL, colorScheme: theme, storageState });
    await themed.addInitScript((choice) => window.localStorage.setItem("ensign:theme", choice), theme);
    try {
      const p = await themed.newPage();
      await p.goto(`/projects/${s.projectId}/`);
      const opened = await openEffective(p, bob.id);
      await expect(opened.getByRole("list", { name: /and their sources$/ })).toBeVisible();
      await expect(p.locator("html")).toHaveClass(theme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      const results = await axe(p).analyze();
      const report = results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      );
      expect(report, theme).toEqual([]);
    } finally {
      await themed.close();
    }
  }
});
