import { expect, test } from "@playwright/test";
import { call, seed } from "./support/api";

test("create an organisation API key (shown once), use it, and revoke it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const s = await seed(context);
  await page.goto(`/organisations/${s.organisationId}/`);
  await page
    .getByRole("navigation", { name: "Organisation sections" })
    .getByRole("link", { name: "API keys" })
    .click();
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  await expect(page.getByText("No API keys")).toBeVisible();

  await page.getByRole("button", { name: "New API key" }).click();
  await page.getByLabel("Key name").fill("Terraform");
  await page.getByLabel("Expires on").fill("2099-12-31");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("You won't see it again")).toBeVisible();
  const created = page.getByTestId("new-api-key");
  await expect(created).toHaveText(/^[A-Za-z0-9]{8}\.[A-Za-z0-9]{32}$/);
  const key = (await created.textContent())!;
  await page.getByRole("dialog").getByRole("button", { name: "Copy API key" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await page.getByRole("button", { name: "Done" }).click();

  const list = page.getByRole("list", { name: "API keys" });
  await expect(list).toContainText("Terraform");
  await expect(list).toContainText("Admin");
  await expect(list).toContainText(key.split(".")[0]);
  await expect(list).toContainText("expires");
  await expect(list).not.toContainText(key);

  // The key works as a tool would send it.
  const projects = await page.request.get(`/api/v1/projects/?organisation=${s.organisationId}`, {
    headers: { Authorization: `Api-Key ${key}` },
  });
  expect(projects.status()).toBe(200);

  await list.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText("No API keys")).toBeVisible();
  const after = await page.request.get(`/api/v1/projects/?organisation=${s.organisationId}`, {
    headers: { Authorization: `Api-Key ${key}` },
  });
  expect(after.status()).toBe(401);
  expect(
    (
      await call<unknown[]>(page.request, `/api/v1/organisations/${s.organisationId}/master-api-keys/`, {
        token: s.token,
      })
    ).body,
  ).toEqual([]);
});
