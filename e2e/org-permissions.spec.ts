import { expect, test } from "@playwright/test";
import { call, seed, signIn, unique } from "./support/api";
import { addMember } from "./support/members";

type Grant = { user: { id: number }; permissions: string[] };
type Group = { id: number; users: { id: number; group_admin: boolean }[] };

test("organisation permissions: grant CREATE_PROJECT to a member, who may then create projects", async ({
  page,
  context,
  browser,
}) => {
  const s = await seed(context);
  const bob = await addMember(page.request, s.organisationId);
  await page.goto(`/organisations/${s.organisationId}/`);
  await page
    .getByRole("navigation", { name: "Organisation sections" })
    .getByRole("link", { name: "Permissions" })
    .click();
  await expect(page.getByRole("heading", { name: "Permissions", level: 1 })).toBeVisible();

  await page.getByLabel("Member or group").selectOption(`user:${bob.id}`);
  const form = page.getByRole("form", { name: /^Permissions of / });
  await expect(form.getByRole("checkbox", { name: /Administrator/ })).toHaveCount(0);
  await form.getByRole("checkbox", { name: /CREATE_PROJECT/ }).check();
  await form.getByRole("button", { name: "Save permissions" }).click();
  await expect(page.getByRole("list", { name: "Who has permissions in this organisation" })).toContainText(
    "CREATE_PROJECT",
  );
  const grants = await call<Grant[]>(
    page.request,
    `/api/v1/organisations/${s.organisationId}/user-permissions/`,
    { token: s.token },
  );
  expect(grants.body.map((g) => [g.user.id, g.permissions])).toEqual([[bob.id, ["CREATE_PROJECT"]]]);

  const bobContext = await browser.newContext();
  try {
    await signIn(bobContext, bob);
    const bobPage = await bobContext.newPage();
    await bobPage.goto(`/organisations/${s.organisationId}/`);
    await expect(bobPage.getByRole("button", { name: "New project" }).first()).toBeEnabled();
    await bobPage.goto(`/organisations/${s.organisationId}/permissions/`);
    await expect(bobPage.getByText("Only admins grant organisation permissions")).toBeVisible();
    await expect(bobPage.getByText("create projects", { exact: true })).toBeVisible();
    await expect(bobPage.getByLabel("Member or group")).toHaveCount(0);
  } finally {
    await bobContext.close();
  }
});

test("group admins: an admin makes a member a group admin, who then manages that group's members", async ({
  page,
  context,
  browser,
}) => {
  const s = await seed(context);
  const bob = await addMember(page.request, s.organisationId);
  const carol = await addMember(page.request, s.organisationId);
  const groupsUrl = `/api/v1/organisations/${s.organisationId}/groups/`;
  const name = unique("Mobile");
  const group = await call<Group>(page.request, groupsUrl, {
    token: s.token,
    body: { name, users: [bob.id, carol.id] },
  });
  expect(group.status).toBe(201);
  const otherName = unique("QA");
  const other = await call<Group>(page.request, groupsUrl, { token: s.token, body: { name: otherName } });
  expect(other.status).toBe(201);

  await page.goto(`/organisations/${s.organisationId}/groups/`);
  const card = page.getByRole("region", { name });
  const members = card.getByRole("list", { name: `Members of ${name}` });
  await expect(members.getByText("Group admin")).toHaveCount(0);
  await card.getByRole("switch", { name: `Group admin: ${bob.email} in ${name}` }).click();
  await expect(members.getByRole("listitem").filter({ hasText: bob.email })).toContainText("Group admin");
  const after = await call<Group>(page.request, `${groupsUrl}${group.body.id}/`, { token: s.token });
  expect(after.body.users.find((u) => u.id === bob.id)?.group_admin).toBe(true);

  const bobContext = await browser.newContext();
  try {
    await signIn(bobContext, bob);
    const bobPage = await bobContext.newPage();
    await bobPage.goto(`/organisations/${s.organisationId}/groups/`);
    const mine = bobPage.getByRole("region", { name });
    await expect(mine).toBeVisible();
    await expect(bobPage.getByRole("region", { name: otherName })).toHaveCount(0);
    await expect(mine.getByRole("button", { name: `Rename ${name}` })).toBeDisabled();
    await expect(mine.getByRole("switch", { name: /^Group admin:/ })).toHaveCount(0);
    // Bob may not take himself out; he may take Carol out.
    await expect(mine.getByRole("button", { name: `Remove ${bob.email} from ${name}` })).toBeDisabled();
    await mine.getByRole("button", { name: `Remove ${carol.email} from ${name}` }).click();
    await expect(mine.getByRole("list", { name: `Members of ${name}` })).not.toContainText(carol.email);
    await mine.getByLabel(`Member to add to ${name}`).selectOption(String(carol.id));
    await mine.getByRole("button", { name: "Add to group" }).click();
    await expect(mine.getByRole("list", { name: `Members of ${name}` })).toContainText(carol.email);
  } finally {
    await bobContext.close();
  }
});
