import { expect, test } from "@playwright/test";
import { call, envPath, seed } from "./support/api";

test("client key, server keys (shown once, revoked), hide disabled flags and client traits", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const s = await seed(context);
  await page.goto(envPath(s, "settings"));

  await expect(page.getByTestId("client-key")).toHaveText(s.envKey);
  await page.getByRole("button", { name: "Copy client key" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(s.envKey);

  await expect(page.getByText("No server-side keys")).toBeVisible();
  await page.getByRole("button", { name: "New server key" }).click();
  await page.getByLabel("Key name").fill("Checkout service");
  await page.getByRole("button", { name: "Create key" }).click();
  const created = page.getByTestId("new-server-key");
  await expect(created).toHaveText(/^ser\./);
  const serverKey = (await created.textContent())!;
  await page.getByRole("dialog").getByRole("button", { name: "Copy server key" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(serverKey);
  await page.getByRole("button", { name: "Done" }).click();
  // After the dialog, only a masked key is shown.
  const list = page.getByRole("list", { name: "Server-side keys" });
  await expect(list).toContainText("Checkout service");
  await expect(list).not.toContainText(serverKey);

  const keys = await call<{ key: string }[]>(page.request, `/api/v1/environments/${s.envKey}/api-keys/`, {
    token: s.token,
  });
  // Only a hash is stored: the API lists the key's first 8 characters and masks the rest.
  expect(keys.body.map((k) => k.key)).toEqual([`${serverKey.slice(0, 8)}${"*".repeat(18)}`]);

  await list.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText("No server-side keys")).toBeVisible();
  expect(
    (await call<unknown[]>(page.request, `/api/v1/environments/${s.envKey}/api-keys/`, { token: s.token }))
      .body,
  ).toEqual([]);

  const hide = page.getByRole("switch", { name: "Hide disabled flags" });
  await hide.click();
  await expect(hide).toHaveAttribute("aria-checked", "true");
  const traits = page.getByRole("switch", { name: "Allow client-side traits" });
  await expect(traits).toHaveAttribute("aria-checked", "true");
  await traits.click();
  await expect(traits).toHaveAttribute("aria-checked", "false");
  // The switches flip at once; the API has the settings once the writes finish.
  const settings = async () => {
    const env = await call<{ hide_disabled_flags: boolean; allow_client_traits: boolean }>(
      page.request,
      `/api/v1/environments/${s.envKey}/`,
      { token: s.token },
    );
    return [env.body.hide_disabled_flags, env.body.allow_client_traits];
  };
  await expect.poll(settings).toEqual([true, false]);

  await page.reload();
  await expect(page.getByRole("switch", { name: "Hide disabled flags" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
});
