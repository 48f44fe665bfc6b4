import { expect, test } from "@playwright/test";
import { call, seed, signIn } from "./support/api";

test("JSON view shows ids, uuids and the API's JSON of each object", async ({ page, context }) => {
  const s = await seed(context);
  const project = await call<{ id: number; uuid: string }>(page.request, `/api/v1/projects/${s.projectId}/`, {
    token: s.token,
  });

  await page.goto(`/projects/${s.projectId}/`);
  await expect(page.getByTestId("json-view")).toHaveCount(0);

  await page.goto("/account/");
  const jsonView = page.getByRole("switch", { name: "JSON view" });
  await expect(jsonView).toHaveAttribute("aria-checked", "false");
  await jsonView.click();
  await expect(jsonView).toHaveAttribute("aria-checked", "true");
  await expect
    .poll(
      async () =>
        (await call<{ json_view: boolean }>(page.request, "/api/v1/auth/users/me/", { token: s.token })).body
          .json_view,
    )
    .toBe(true);

  await page.goto(`/projects/${s.projectId}/`);
  const view = page.getByTestId("json-view");
  await expect(view.getByTestId("json-ids")).toContainText(`id${project.body.id}`);
  await expect(view.getByTestId("json-ids")).toContainText(project.body.uuid);
  await view.getByText("Project JSON").click();
  await expect(view.locator("pre")).toContainText(`"uuid": "${project.body.uuid}"`);
  // Environment cards show their ids and keys too.
  await expect(page.getByRole("list", { name: "Environments" }).getByTestId("json-ids")).toContainText(
    s.envKey,
  );

  await page.goto("/account/");
  await page.getByRole("switch", { name: "JSON view" }).click();
  await expect(page.getByRole("switch", { name: "JSON view" })).toHaveAttribute("aria-checked", "false");
  await page.goto(`/projects/${s.projectId}/`);
  await expect(page.getByRole("heading", { name: "Environments" })).toBeVisible();
  await expect(page.getByTestId("json-view")).toHaveCount(0);
});

test("regenerating the API token shows the new one and the old one stops working", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  expect((await call(page.request, "/api/v1/auth/users/me/", { token: s.token })).status).toBe(200);

  await page.goto("/account/");
  await page.getByRole("button", { name: "Regenerate token" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("will get 401 answers");
  await dialog.getByRole("button", { name: "Regenerate token" }).click();

  const shown = page.getByTestId("api-token");
  await expect(shown).toHaveText(/^[0-9a-f]{40}$/);
  const newToken = (await shown.textContent())!;
  expect(newToken).not.toBe(s.token);
  await page.getByRole("button", { name: "Hide" }).click();
  await expect(shown).not.toContainText(newToken);

  const old = await call(page.request, "/api/v1/auth/users/me/", { token: s.token });
  expect(old).toEqual({ status: 401, body: { detail: "Invalid token." } });
  expect((await call(page.request, "/api/v1/auth/users/me/", { token: newToken })).status).toBe(200);
  // The dashboard's own session is not a token and keeps working.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
  expect((await call(page.request, "/api/v1/auth/users/me/")).status).toBe(200);
});

test("changing the password keeps this session and signs out every other session and token", async ({
  page,
  context,
  browser,
}) => {
  const s = await seed(context);
  const elsewhere = await browser.newContext();
  await signIn(elsewhere, s);

  await page.goto("/account/");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("not-the-password");
  await form.getByLabel("New password", { exact: true }).fill("a-new-password-1");
  await form.getByLabel("New password again").fill("a-new-password-1");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Invalid password.")).toBeVisible();
  await expect(form.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");

  await form.getByLabel("Current password").fill(s.password);
  await form.getByLabel("New password again").fill("a-new-password-2");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("The two password fields didn't match.")).toBeVisible();

  await form.getByLabel("New password again").fill("a-new-password-1");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("status")).toHaveText(/Password changed/);
  await expect(form.getByLabel("Current password")).toHaveValue("");

  // This session goes on; the other browser and the sign-up token do not.
  expect((await call(page.request, "/api/v1/auth/users/me/")).status).toBe(200);
  expect((await call(elsewhere.request, "/api/v1/auth/users/me/")).status).toBe(401);
  expect((await call(page.request, "/api/v1/auth/users/me/", { token: s.token })).status).toBe(401);
  const login = (password: string) =>
    call(page.request, "/api/v1/auth/login/", { body: { email: s.email, password } });
  expect((await login(s.password)).status).toBe(400);
  expect((await login("a-new-password-1")).status).toBe(200);
  await elsewhere.close();
});
