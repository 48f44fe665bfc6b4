import { expect, test, type Page } from "@playwright/test";
import { call, envPath, featuresPath, seed, signIn, unique } from "./support/api";
import { addMember } from "./support/members";
import { permissionsPanel } from "./support/permissions";

type Member = { id: number; email: string; role: "ADMIN" | "USER" };

const members = async (page: Page, token: string, organisationId: number) =>
  (await call<Member[]>(page.request, `/api/v1/organisations/${organisationId}/users/`, { token })).body;

test("members: change a role, the last admin stays, remove with confirmation", async ({ page, context }) => {
  const s = await seed(context);
  const bob = await addMember(page.request, s.organisationId);
  await page.goto(`/organisations/${s.organisationId}/`);
  await page
    .getByRole("navigation", { name: "Organisation sections" })
    .getByRole("link", { name: "Members" })
    .click();
  await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Invite people" })).toHaveAttribute(
    "href",
    `/organisations/${s.organisationId}/invitations/`,
  );
  const table = page.getByRole("table", { name: "Members" });
  await expect(table.getByRole("row")).toHaveCount(3);

  // Bob becomes an admin, then a user again.
  await page.getByLabel(`Role of ${bob.email}`).selectOption("ADMIN");
  await expect(page.getByText(/is now an admin/)).toBeVisible();
  expect((await members(page, s.token, s.organisationId)).find((m) => m.id === bob.id)?.role).toBe("ADMIN");
  await page.getByLabel(`Role of ${bob.email}`).selectOption("USER");
  await expect(page.getByText(/is now a user/)).toBeVisible();
  expect((await members(page, s.token, s.organisationId)).find((m) => m.id === bob.id)?.role).toBe("USER");

  // The only admin cannot demote themselves: the API refuses and the page says why.
  await page.getByLabel(`Role of ${s.email}`).selectOption("USER");
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "An organisation needs at least one admin",
  );
  await expect(page.getByLabel(`Role of ${s.email}`)).toHaveValue("ADMIN");

  // Nor remove themselves.
  await table.getByRole("button", { name: `Remove ${s.email}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("last admin");
  await dialog.getByRole("button", { name: "Remove member" }).click();
  await expect(dialog.getByRole("alert")).toContainText("An organisation needs at least one admin");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Bob is removed after confirming.
  await table.getByRole("button", { name: `Remove ${bob.email}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
  await expect(table.getByText(bob.email)).toHaveCount(0);
  expect((await members(page, s.token, s.organisationId)).map((m) => m.email)).toEqual([s.email]);
});

test("groups: create, add and remove a member, default toggle, rename, delete", async ({ page, context }) => {
  const s = await seed(context);
  const bob = await addMember(page.request, s.organisationId);
  await page.goto(`/organisations/${s.organisationId}/groups/`);
  await expect(page.getByText("No groups yet")).toBeVisible();

  await page.getByRole("button", { name: "New group" }).click();
  await page.getByLabel("Group name").fill("QA");
  await page.getByRole("button", { name: "Create group" }).click();
  const group = page.getByRole("region", { name: "QA" });
  await expect(group).toContainText("Nobody is in this group yet");

  await group.getByLabel("Member to add to QA").selectOption(String(bob.id));
  await group.getByRole("button", { name: "Add to group" }).click();
  await expect(group.getByRole("list", { name: "Members of QA" })).toContainText(bob.email);

  await group.getByRole("switch", { name: "Default group: QA" }).click();
  await expect(group.getByRole("switch", { name: "Default group: QA" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(group.getByText("Default", { exact: true }).first()).toBeVisible();

  type Group = { id: number; name: string; is_default: boolean; users: { id: number }[] };
  const groups = async () => {
    const res = await call<Group[] | { results: Group[] }>(
      page.request,
      `/api/v1/organisations/${s.organisationId}/groups/`,
      { token: s.token },
    );
    return Array.isArray(res.body) ? res.body : res.body.results;
  };
  const stored = (await groups())[0];
  expect(stored).toMatchObject({ name: "QA", is_default: true });
  expect(stored.users.map((u) => u.id)).toEqual([bob.id]);

  await group.getByRole("button", { name: `Remove ${bob.email} from QA` }).click();
  await expect(group).toContainText("Nobody is in this group yet");

  await group.getByRole("button", { name: "Rename QA" }).click();
  await page.getByLabel("Group name").fill("Quality");
  await page.getByRole("button", { name: "Save" }).click();
  const renamed = page.getByRole("region", { name: "Quality" });
  await expect(renamed).toBeVisible();

  await renamed.getByRole("button", { name: "Delete Quality" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete group" }).click();
  await expect(page.getByText("No groups yet")).toBeVisible();
  expect(await groups()).toEqual([]);
});

test("permissions editor: grant a member project and environment permissions", async ({ page, context }) => {
  const s = await seed(context);
  const bob = await addMember(page.request, s.organisationId);

  await page.goto(`/projects/${s.projectId}/`);
  const projectPanel = await permissionsPanel(page);
  await projectPanel.getByLabel("Member or group").selectOption(`user:${bob.id}`);
  await projectPanel.getByLabel("VIEW_PROJECT").check();
  await projectPanel.getByLabel("CREATE_FEATURE").check();
  await projectPanel.getByRole("button", { name: "Save permissions" }).click();
  await expect(page.getByText(/Permissions of .* saved/)).toBeVisible();
  type Grant = { user: number | { id: number }; permissions: string[]; admin: boolean };
  const userOf = (g: Grant) => (typeof g.user === "number" ? g.user : g.user.id);
  const grants = async (url: string) => {
    const res = await call<Grant[] | { results: Grant[] }>(page.request, url, { token: s.token });
    return Array.isArray(res.body) ? res.body : res.body.results;
  };
  const projectGrant = (await grants(`/api/v1/projects/${s.projectId}/user-permissions/`)).find(
    (g) => userOf(g) === bob.id,
  );
  expect(projectGrant?.admin).toBe(false);
  expect([...(projectGrant?.permissions ?? [])].sort()).toEqual(["CREATE_FEATURE", "VIEW_PROJECT"]);
  // The summary lists who has what.
  await expect(projectPanel.getByRole("list", { name: "Who has permissions in this project" })).toContainText(
    "CREATE_FEATURE",
  );

  await page.goto(envPath(s, "settings"));
  const envPanel = await permissionsPanel(page);
  await envPanel.getByLabel("Member or group").selectOption(`user:${bob.id}`);
  await envPanel.getByLabel("Administrator of this environment").check();
  await expect(envPanel.getByLabel("UPDATE_FEATURE_STATE")).toBeDisabled();
  await envPanel.getByRole("button", { name: "Save permissions" }).click();
  await expect(page.getByText(/Permissions of .* saved/)).toBeVisible();
  const envGrant = (await grants(`/api/v1/environments/${s.envKey}/user-permissions/`)).find(
    (g) => userOf(g) === bob.id,
  );
  expect(envGrant?.admin).toBe(true);
});

test("a member with limited permissions sees what they may not do disabled or hidden", async ({
  page,
  context,
  browser,
}) => {
  const s = await seed(context);
  const bob = await addMember(page.request, s.organisationId);
  const feature = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name: unique("banner") },
  });
  expect(feature.status).toBe(201);
  // Bob may see the project and the environment, nothing more.
  for (const [url, permissions] of [
    [`/api/v1/projects/${s.projectId}/user-permissions/`, ["VIEW_PROJECT"]],
    [`/api/v1/environments/${s.envKey}/user-permissions/`, ["VIEW_ENVIRONMENT"]],
  ] as const) {
    const res = await call(page.request, url, {
      token: s.token,
      body: { user: bob.id, permissions, admin: false },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }

  const bobContext = await browser.newContext();
  try {
    await signIn(bobContext, bob);
    const bobPage = await bobContext.newPage();

    await bobPage.goto(featuresPath(s));
    const newFeature = bobPage.getByRole("button", { name: "New feature" });
    await expect(newFeature).toBeDisabled();
    await expect(newFeature).toHaveAttribute("title", /permission to create features/);
    const row = bobPage.getByTestId("feature-row");
    await expect(row.getByRole("switch")).toBeDisabled();
    await expect(row.getByRole("switch")).toHaveAttribute("title", /permission to change feature states/);
    await expect(row.getByRole("button", { name: /^Delete / })).toBeDisabled();

    await bobPage.goto(envPath(s, "identities"));
    await expect(bobPage.getByText("You cannot see this page")).toBeVisible();
    await expect(bobPage.getByText(/permission to view identities/)).toBeVisible();

    await bobPage.goto(envPath(s, "audit-log"));
    await expect(bobPage.getByText(/permission to view the audit log/)).toBeVisible();

    await bobPage.goto(envPath(s, "segments"));
    await expect(bobPage.getByRole("button", { name: "Create a segment" })).toBeDisabled();

    await bobPage.goto(envPath(s, "settings"));
    await expect(bobPage.getByText("Only administrators of this environment")).toBeVisible();
    await expect(bobPage.getByRole("button", { name: "Delete environment" })).toHaveCount(0);
    await expect(bobPage.getByRole("region", { name: "Permissions" })).toHaveCount(0);

    await bobPage.goto(`/projects/${s.projectId}/`);
    await expect(bobPage.getByRole("button", { name: "New environment" }).first()).toBeDisabled();
    await expect(bobPage.getByRole("button", { name: "Delete project" })).toHaveCount(0);

    await bobPage.goto(`/organisations/${s.organisationId}/`);
    await expect(bobPage.getByRole("button", { name: "New project" }).first()).toBeDisabled();
    await expect(bobPage.getByRole("button", { name: "Delete organisation" })).toHaveCount(0);

    await bobPage.goto(`/organisations/${s.organisationId}/members/`);
    await expect(bobPage.getByRole("table", { name: "Members" })).toContainText(s.email);
    await expect(bobPage.getByRole("link", { name: "Invite people" })).toHaveCount(0);
    await expect(bobPage.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  } finally {
    await bobContext.close();
  }
});
