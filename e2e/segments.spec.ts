import { expect, test } from "@playwright/test";
import { call, envPath, seed } from "./support/api";
import { fillCondition } from "./support/segment-builder";

type Rule = {
  type: string;
  rules: Rule[];
  conditions: { property: string | null; operator: string; value: string | null }[];
};

test("build a segment of two AND groups of two OR conditions; the API gets the same rules", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  await page.goto(envPath(s, "segments"));
  await expect(page.getByText("No segments yet")).toBeVisible();
  await page.getByRole("link", { name: "New segment" }).first().click();

  // Saving an empty form shows what is missing, next to it.
  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(page.getByText("Enter a name.")).toBeVisible();
  await expect(page.getByText("Enter the trait this condition looks at.")).toBeVisible();

  await page.getByLabel("Name").fill("Paying beta users");
  const group1 = page.getByRole("region", { name: "Group 1" });
  await fillCondition(group1.getByRole("group", { name: "Group 1, condition 1" }), "plan", "EQUAL", "pro");
  await group1.getByRole("button", { name: "+ OR condition" }).click();
  await fillCondition(group1.getByRole("group", { name: "Group 1, condition 2" }), "plan", "IN", undefined);
  const list = group1.getByRole("group", { name: "Group 1, condition 2" }).getByLabel("Values");
  await list.fill("team");
  await list.press("Enter");
  await list.fill("enterprise,");

  await page.getByRole("button", { name: "+ AND group" }).click();
  const group2 = page.getByRole("region", { name: "Group 2" });
  const c21 = group2.getByRole("group", { name: "Group 2, condition 1" });
  await c21.getByLabel("Operator").selectOption("PERCENTAGE_SPLIT");
  await expect(c21.getByLabel("Trait")).toHaveCount(0);
  await c21.getByLabel("Percentage of identities", { exact: true }).fill("150");
  await expect(c21.getByText("Percentage split value must be a number between 0 and 100.")).toBeVisible();
  await c21.getByLabel("Percentage of identities", { exact: true }).fill("30");
  await expect(c21.getByText("Percentage split value must be a number between 0 and 100.")).toHaveCount(0);
  await group2.getByRole("button", { name: "+ OR condition" }).click();
  const c22 = group2.getByRole("group", { name: "Group 2, condition 2" });
  await c22.getByLabel("Operator").selectOption("MODULO");
  await c22.getByLabel("Trait").fill("user_id");
  await c22.getByLabel("Divisor").fill("0");
  await c22.getByLabel("Remainder").fill("1");
  await expect(c22.getByText('Modulo value must be "divisor|remainder"', { exact: false })).toBeVisible();
  await c22.getByLabel("Divisor").fill("2");

  // The operator list has all 14 operators; IS_SET needs no value.
  await page.getByRole("button", { name: "+ AND group" }).click();
  const c31 = page
    .getByRole("region", { name: "Group 3" })
    .getByRole("group", { name: "Group 3, condition 1" });
  await expect(c31.getByLabel("Operator").locator("option")).toHaveCount(14);
  await c31.getByLabel("Operator").selectOption("IS_SET");
  await expect(c31.getByText("no value needed")).toBeVisible();
  await page.getByRole("button", { name: "Remove group 3" }).click();
  await expect(page.getByRole("region", { name: "Group 3" })).toHaveCount(0);

  // Each top-level group is one top-level rule; all of them must match.
  const expected: Rule[] = [
    {
      type: "ANY",
      rules: [],
      conditions: [
        { property: "plan", operator: "EQUAL", value: "pro" },
        { property: "plan", operator: "IN", value: "team,enterprise" },
      ],
    },
    {
      type: "ANY",
      rules: [],
      conditions: [
        { property: "", operator: "PERCENTAGE_SPLIT", value: "30" },
        { property: "user_id", operator: "MODULO", value: "2|1" },
      ],
    },
  ];
  // The live preview is the body the API receives.
  const preview = JSON.parse((await page.getByTestId("rules-preview").textContent())!);
  expect(preview.rules).toEqual(expected);
  expect(preview.name).toBe("Paying beta users");

  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(page.getByRole("heading", { name: "Segments", exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Segments" })).toContainText("Paying beta users");
  await expect(page.getByRole("list", { name: "Segments" })).toContainText("4 conditions");

  const saved = await call<{ results: { id: number; name: string; rules: Rule[] }[] }>(
    page.request,
    `/api/v1/projects/${s.projectId}/segments/`,
    { token: s.token },
  );
  expect(saved.body.results).toHaveLength(1);
  const strip = (rules: Rule[]): Rule[] =>
    rules.map((r) => ({
      type: r.type,
      rules: strip(r.rules),
      conditions: r.conditions.map(({ property, operator, value }) => ({ property, operator, value })),
    }));
  const savedRules = strip(saved.body.results[0].rules);
  // Flagsmith stores the property of a percentage split as sent; an empty string and null mean the same.
  savedRules[1].conditions[0].property ||= "";
  expect(savedRules).toEqual(expected);

  // Edit: the builder shows the saved groups, and a change is saved with PATCH.
  await page.getByRole("link", { name: "Paying beta users" }).click();
  await expect(page.getByRole("region", { name: "Group 2" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Group 1, condition 1" }).getByLabel("Value")).toHaveValue(
    "pro",
  );
  await page.getByRole("group", { name: "Group 1, condition 1" }).getByLabel("Value").fill("premium");
  await page.getByRole("button", { name: "Save segment" }).click();
  await expect(page.getByRole("heading", { name: "Segments", exact: true })).toBeVisible();
  const edited = await call<{ rules: Rule[] }>(
    page.request,
    `/api/v1/projects/${s.projectId}/segments/${saved.body.results[0].id}/`,
    { token: s.token },
  );
  expect(edited.body.rules[0].conditions[0].value).toBe("premium");

  // Delete asks first.
  await page.getByRole("button", { name: "Delete Paying beta users" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete segment" }).click();
  await expect(page.getByText("No segments yet")).toBeVisible();
  const after = await call<{ count: number }>(page.request, `/api/v1/projects/${s.projectId}/segments/`, {
    token: s.token,
  });
  expect(after.body.count).toBe(0);
});
