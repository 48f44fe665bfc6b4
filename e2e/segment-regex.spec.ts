import { expect, test } from "@playwright/test";
import { seed } from "./support/api";
import { fillCondition, startNewSegment } from "./support/segment-builder";

test("a REGEX the server refuses shows its message on the condition; a Python pattern saves", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const condition = await startNewSegment(page, s, "Regex users");
  await fillCondition(condition, "email", "REGEX", "(\\w+)\\1");
  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(
    condition.getByText(/^Backreferences, lookarounds, .* cannot be evaluated in linear time\.$/),
  ).toBeVisible();

  // Python's named groups are not JS syntax: the builder leaves them to the server, which accepts them.
  await condition.getByLabel("Value").fill("(?P<user>\\w+)@example\\.com$");
  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(page.getByRole("link", { name: "Regex users" })).toBeVisible();
});
