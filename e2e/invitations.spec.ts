import { expect, test } from "@playwright/test";
import { call, seed, signUp, unique } from "./support/api";

test("an admin invites by email and copies the link; the invited person signs up through it and lands in the organisation", async ({
  page,
  context,
  browser,
}) => {
  const s = await seed(context);
  const org = await call<{ name: string }>(context.request, `/api/v1/organisations/${s.organisationId}/`, {
    token: s.token,
  });
  await page.goto(`/organisations/${s.organisationId}/`);
  await page.getByRole("link", { name: "Invite people" }).click();
  await expect(page.getByRole("heading", { name: "Invitations", level: 1 })).toBeVisible();

  const invited = `${unique("ada")}@example.com`;
  await page.getByLabel("Emails to invite").fill(invited);
  await page.getByLabel("Role of the invited people").selectOption("USER");
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  const fresh = page.getByRole("list", { name: "New invitation links" }).getByRole("listitem");
  await expect(fresh).toContainText(invited);
  await expect(fresh).toContainText("Not emailed (no SMTP): copy the link");
  const link = await fresh.getByLabel(`Invitation link for ${invited}`).inputValue();
  expect(link).toMatch(/\/join\/[A-Za-z0-9]{32}\/$/);
  await fresh.getByRole("button", { name: "Copy link" }).click();
  await expect(fresh.getByRole("button", { name: "Copy link (copied)" })).toBeVisible();
  const pending = page.getByRole("list", { name: "Pending invitations" });
  await expect(pending).toContainText(invited);

  // A stranger's browser: sign up through the link.
  const other = await browser.newContext();
  try {
    const newcomer = await other.newPage();
    await newcomer.goto(link);
    await newcomer.getByRole("button", { name: "I am new: create an account" }).click();
    await newcomer.getByLabel("Email").fill(invited);
    await newcomer.getByLabel("Password").fill("correct-horse-battery");
    await newcomer.getByRole("button", { name: "Create account and join" }).click();
    await expect(newcomer).toHaveURL(new RegExp(`/organisations/${s.organisationId}/$`));
    await expect(newcomer.getByRole("heading", { name: org.body.name })).toBeVisible();
    // A USER member is not offered invitations.
    await expect(newcomer.getByRole("link", { name: "Invite people" })).toHaveCount(0);
  } finally {
    await other.close();
  }

  await page.reload();
  await expect(page.getByText("No pending invitations")).toBeVisible();
});

test("an existing, signed-out user joins through an invite link after signing in; a deleted link stops working", async ({
  page,
  context,
  browser,
}) => {
  const s = await seed(context);
  await page.goto(`/organisations/${s.organisationId}/invitations/`);
  await page.getByLabel("Role of people joining by link").selectOption("ADMIN");
  await page.getByLabel("Link expiry").selectOption({ label: "Expires in 1 day" });
  await page.getByRole("button", { name: "Create link" }).click();
  const row = page.getByRole("list", { name: "Invite links" }).getByRole("listitem");
  await expect(row).toContainText("ADMIN");
  const link = await row.getByRole("textbox").inputValue();
  expect(link).toContain("/join/link/");

  const member = await signUp(context.request);
  const other = await browser.newContext();
  try {
    const joiner = await other.newPage();
    await joiner.goto(link);
    await joiner.getByRole("link", { name: "I have an account: sign in" }).click();
    await joiner.getByLabel("Email").fill(member.email);
    await joiner.getByLabel("Password").fill(member.password);
    await joiner.getByRole("button", { name: "Sign in" }).click();
    await expect(joiner).toHaveURL(new RegExp(`/join/link/`));
    await joiner.getByRole("button", { name: "Join the organisation" }).click();
    await expect(joiner).toHaveURL(new RegExp(`/organisations/${s.organisationId}/$`));
    // Joined as ADMIN: may invite in turn.
    await expect(joiner.getByRole("link", { name: "Invite people" })).toBeVisible();

    await row.getByRole("button", { name: /Delete invite link/ }).click();
    await expect(page.getByText("No invite links")).toBeVisible();
    await joiner.goto(link);
    await joiner.getByRole("button", { name: "Join the organisation" }).click();
    await expect(joiner.getByText(/does not exist any more/)).toBeVisible();
  } finally {
    await other.close();
  }
});

test("an invited USER, granted view access to one project through a default group, joins by the link and sees only that project, read-only", async ({
  page,
  context,
  browser,
}) => {
  const s = await seed(context);
  const api = (path: string, body?: unknown) => call<any>(page.request, path, { token: s.token, body });
  const project = await api(`/api/v1/projects/${s.projectId}/`);
  const feature = await api(`/api/v1/projects/${s.projectId}/features/`, { name: unique("banner") });
  expect(feature.status).toBe(201);
  const hidden = await api("/api/v1/projects/", { name: unique("Hidden"), organisation: s.organisationId });
  expect(hidden.status).toBe(201);
  // Granted through the API before the person exists: to a default group, which every new
  // member joins.
  const group = await api(`/api/v1/organisations/${s.organisationId}/groups/`, {
    name: unique("viewers"),
    is_default: true,
  });
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  for (const [url, permissions] of [
    [`/api/v1/projects/${s.projectId}/user-group-permissions/`, ["VIEW_PROJECT"]],
    [`/api/v1/environments/${s.envKey}/user-group-permissions/`, ["VIEW_ENVIRONMENT"]],
  ] as const) {
    const res = await api(url, { group: group.body.id, permissions, admin: false });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }

  // The admin invites the person as a USER from the dashboard.
  const invited = `${unique("viewer")}@example.com`;
  await page.goto(`/organisations/${s.organisationId}/invitations/`);
  await page.getByLabel("Emails to invite").fill(invited);
  await page.getByLabel("Role of the invited people").selectOption("USER");
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  // The link names the server's public address (NEXTAUTH_URL); the test's base URL may differ.
  const link = new URL(await page.getByLabel(`Invitation link for ${invited}`).inputValue()).pathname;

  const other = await browser.newContext();
  try {
    const viewer = await other.newPage();
    await viewer.goto(link);
    await viewer.getByRole("button", { name: "I am new: create an account" }).click();
    await viewer.getByLabel("Email").fill(invited);
    await viewer.getByLabel("Password").fill("correct-horse-battery");
    await viewer.getByRole("button", { name: "Create account and join" }).click();
    await expect(viewer).toHaveURL(new RegExp(`/organisations/${s.organisationId}/$`));

    // The one project they may view, and not the other.
    const main = viewer.getByRole("main");
    await expect(main.getByText(project.body.name)).toBeVisible();
    await expect(main.getByText(hidden.body.name)).toHaveCount(0);

    // Flags are visible but cannot be toggled.
    await viewer.goto(`/projects/${s.projectId}/environments/${s.envKey}/features/`);
    const row = viewer.getByTestId("feature-row").filter({ hasText: feature.body.name });
    await expect(row).toBeVisible();
    await expect(row.getByRole("switch")).toBeDisabled();
  } finally {
    await other.close();
  }
});
