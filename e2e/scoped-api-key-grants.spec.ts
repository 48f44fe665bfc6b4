// A scoped organisation API key (is_admin false) holds only what is granted to it. Its grants are
// given in the dashboard where members and groups are picked: the project permissions panel and a
// group's "add member" list. The key is then tried over the API with `Authorization: Api-Key`.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { call, seed, unique } from "./support/api";
import { permissionsPanel } from "./support/permissions";

type Key = { key: string; prefix: string; name: string; user_id: number };

async function scopedKey(request: APIRequestContext, token: string, organisationId: number) {
  const name = unique("ci");
  const res = await call<Key>(request, `/api/v1/organisations/${organisationId}/master-api-keys/`, {
    token,
    body: { name, is_admin: false },
  });
  expect(res.status).toBe(201);
  return res.body;
}

const asKey = (request: APIRequestContext, key: string, path: string) =>
  request.get(path, { headers: { Authorization: `Api-Key ${key}` } });

test("a scoped API key is granted project permissions in the permissions panel, and then may use them", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const key = await scopedKey(page.request, s.token, s.organisationId);
  const project = `/api/v1/projects/${s.projectId}/`;
  expect((await asKey(page.request, key.key, project)).ok()).toBe(false);

  await page.goto(`/projects/${s.projectId}/`);
  const panel = await permissionsPanel(page);
  const picker = panel.getByLabel("Member, group or API key");
  await expect(picker.locator("optgroup[label='Scoped API keys'] option")).toHaveText(
    `${key.name} (API key ${key.prefix}…)`,
  );
  await picker.selectOption(`user:${key.user_id}`);
  await panel.getByLabel("VIEW_PROJECT").check();
  await panel.getByRole("button", { name: "Save permissions" }).click();
  await expect(page.getByText(`Permissions of API key ${key.name} saved.`)).toBeVisible();
  await expect(panel.getByRole("list", { name: "Who has permissions in this project" })).toContainText(
    `API key ${key.name}`,
  );

  const after = await asKey(page.request, key.key, project);
  expect(after.status()).toBe(200);
  expect((await after.json()).id).toBe(s.projectId);
});

test("a scoped API key joins a group from the group's member list, and revoked or admin keys are not offered", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const key = await scopedKey(page.request, s.token, s.organisationId);
  const admin = await call<Key>(page.request, `/api/v1/organisations/${s.organisationId}/master-api-keys/`, {
    token: s.token,
    body: { name: unique("admin"), is_admin: true },
  });
  const revoked = await scopedKey(page.request, s.token, s.organisationId);
  const revoke = await call(
    page.request,
    `/api/v1/organisations/${s.organisationId}/master-api-keys/${revoked.prefix}/`,
    { token: s.token, method: "DELETE" },
  );
  expect(revoke.status).toBeLessThan(300);
  const groupName = unique("Deploy");
  const group = await call<{ id: number }>(
    page.request,
    `/api/v1/organisations/${s.organisationId}/groups/`,
    {
      token: s.token,
      body: { name: groupName },
    },
  );
  expect(group.status).toBe(201);

  await page.goto(`/organisations/${s.organisationId}/groups/`);
  const card = page.getByRole("region", { name: groupName });
  const picker = card.getByLabel(`Member to add to ${groupName}`);
  const offered = picker.locator("optgroup[label='Scoped API keys'] option");
  await expect(offered).toHaveText([`${key.name} (API key ${key.prefix}…)`]);
  expect(admin.body.user_id).toBeGreaterThan(0);
  await picker.selectOption(String(key.user_id));
  await card.getByRole("button", { name: "Add to group" }).click();
  await expect(page.getByText(`API key ${key.name} joined ${groupName}.`)).toBeVisible();
  const members = card.getByRole("list", { name: `Members of ${groupName}` });
  await expect(members.getByRole("listitem").filter({ hasText: `API key ${key.name}` })).toContainText(
    "Scoped API key",
  );
  await expect(offered).toHaveCount(0);

  const saved = await call<{ users: { id: number }[] }>(
    page.request,
    `/api/v1/organisations/${s.organisationId}/groups/${group.body.id}/`,
    { token: s.token },
  );
  expect(saved.body.users.map((u) => u.id)).toEqual([key.user_id]);
});
