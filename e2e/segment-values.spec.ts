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

test("'age > eighteen' is compared as text: the builder says so and asks first; versions and MODULO are typed", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const age = await startNewSegment(page, s, "Adults, by text");
  await fillCondition(age, "age", "GREATER_THAN", "eighteen");
  await expect(age.getByText(/^Compared as text: "eighteen" is not a number/)).toBeVisible();
  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(age.getByText("Confirm the comparison as text, or enter a number.")).toBeVisible();
  const none = await call<{ results: unknown[] }>(page.request, `/api/v1/projects/${s.projectId}/segments/`, {
    token: s.token,
  });
  expect(none.body.results).toHaveLength(0);
  await age.getByLabel("Compare as text").check();
  await expect(age.getByText("Confirm the comparison as text, or enter a number.")).toHaveCount(0);

  // A version: the checkbox adds ":semver", and a version that is not one gets a suggestion.
  await page.getByRole("region", { name: "Group 1" }).getByRole("button", { name: "+ OR condition" }).click();
  const version = page.getByRole("group", { name: "Group 1, condition 2" });
  await fillCondition(version, "app_version", "GREATER_THAN_INCLUSIVE", "1.2");
  await version.getByLabel("Compare as versions (semver)").check();
  await expect(version.getByLabel("Value")).toHaveValue("1.2:semver");
  await expect(version.getByText(SEMVER_MESSAGE)).toBeVisible();
  await version.getByRole("button", { name: "Use 1.2.0" }).click();
  await expect(version.getByLabel("Value")).toHaveValue("1.2.0:semver");
  await expect(version.getByText(SEMVER_MESSAGE)).toHaveCount(0);

  // MODULO: a remainder the divisor never leaves can never match.
  const MODULO_MESSAGE =
    "The remainder must lie between 0 and the divisor (x modulo 3 is 0, 1 or 2): this condition could never match.";
  await page.getByRole("button", { name: "+ AND group" }).click();
  const modulo = page.getByRole("group", { name: "Group 2, condition 1" });
  await fillCondition(modulo, "user_id", "MODULO");
  await modulo.getByLabel("Divisor").fill("3");
  await modulo.getByLabel("Remainder").fill("4");
  await expect(modulo.getByText(MODULO_MESSAGE)).toBeVisible();
  await modulo.getByLabel("Remainder").fill("2");
  await expect(modulo.getByText(MODULO_MESSAGE)).toHaveCount(0);

  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(page.getByRole("link", { name: "Adults, by text" })).toBeVisible();
  const saved = await call<{ results: { rules: { conditions: { value: string }[] }[] }[] }>(
    page.request,
    `/api/v1/projects/${s.projectId}/segments/`,
    { token: s.token },
  );
  expect(saved.body.results[0].rules.map((r) => r.conditions.map((c) => c.value))).toEqual([
    ["eighteen", "1.2.0:semver"],
    ["3|2"],
  ]);

  // The API refuses the remainder too (and, as Flagsmith does, accepts the text comparison).
  const refused = await call(page.request, `/api/v1/projects/${s.projectId}/segments/`, {
    token: s.token,
    body: {
      name: "x",
      project: s.projectId,
      rules: [{ type: "ALL", conditions: [{ property: "n", operator: "MODULO", value: "3|4" }] }],
    },
  });
  expect(refused.status).toBe(400);
  expect(refused.body).toEqual({ rules: [{ conditions: [{ value: [MODULO_MESSAGE] }] }] });
});
