import { expect, test } from "@playwright/test";
import { envPath, seed } from "./support/api";

test("a REGEX the server refuses shows its message on the condition; a Python pattern saves", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  await page.goto(envPath(s, "segments"));
  await page.getByRole("link", { name: "New segment" }).first().click();
  await page.getByLabel("Name").fill("Regex users");
  const condition = page.getByRole("group", { name: "Group 1, condition 1" });
  await condition.getByLabel("Operator").selectOption("REGEX");
  await condition.getByLabel("Trait").fill("email");
  await condition.getByLabel("Value").fill("(\\w+)\\1");
  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(
    condition.getByText(/^Backreferences, lookarounds, .* cannot be evaluated in linear time\.$/),
  ).toBeVisible();

  // Python's named groups are not JS syntax: the builder leaves them to the server, which accepts them.
  await condition.getByLabel("Value").fill("(?P<user>\\w+)@example\\.com$");
  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(page.getByRole("link", { name: "Regex users" })).toBeVisible();
});
