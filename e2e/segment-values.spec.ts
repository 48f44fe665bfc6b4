import { expect, test } from "@playwright/test";
import { call, seed } from "./support/api";
import { fillCondition, startNewSegment } from "./support/segment-builder";

const SEMVER_MESSAGE =
  'Enter a version as MAJOR.MINOR.PATCH (such as 1.2.3 or 2.0.0-beta.1) before ":semver", or remove ":semver" to compare as text.';

test("a malformed :semver value is refused next to its field, in the builder and by the API", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const condition = await startNewSegment(page, s, "New app versions");
  await fillCondition(condition, "app_version", "GREATER_THAN", "1.2:semver");
  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(condition.getByText(SEMVER_MESSAGE)).toBeVisible();
  await expect(condition.getByLabel("Value")).toHaveAttribute("aria-invalid", "true");

  // Nothing was written.
  const none = await call<{ results: unknown[] }>(page.request, `/api/v1/projects/${s.projectId}/segments/`, {
    token: s.token,
  });
  expect(none.body.results).toHaveLength(0);

  await condition.getByLabel("Value").fill("1.2.0:semver");
  await expect(condition.getByText(SEMVER_MESSAGE)).toHaveCount(0);
  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(page.getByRole("link", { name: "New app versions" })).toBeVisible();

  // The API refuses what the builder refuses, with the same message on the same field.
  const refused = await call(page.request, `/api/v1/projects/${s.projectId}/segments/`, {
    token: s.token,
    body: {
      name: "x",
      project: s.projectId,
      rules: [{ type: "ALL", conditions: [{ property: "v", operator: "LESS_THAN", value: "2:semver" }] }],
    },
  });
  expect(refused.status).toBe(400);
  expect(refused.body).toEqual({ rules: [{ conditions: [{ value: [SEMVER_MESSAGE] }] }] });
});
