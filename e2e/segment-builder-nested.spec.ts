import { axe } from "./support/axe";
import { expect, test, type Page } from "@playwright/test";
import { call, createFeature, envPath, seed, type Seed } from "./support/api";
import { fillCondition, startNewSegment } from "./support/segment-builder";
import { expectFitsViewport, PHONE } from "./support/viewport";

type Rule = {
  type: string;
  rules: Rule[];
  conditions: { property: string | null; operator: string; value: string | null }[];
};
const strip = (rules: Rule[]): Rule[] =>
  rules.map((r) => ({
    type: r.type,
    rules: strip(r.rules),
    conditions: r.conditions.map(({ property, operator, value }) => ({ property, operator, value })),
  }));

async function segmentRules(page: Page, s: Seed, id: number) {
  const res = await call<{ rules: Rule[] }>(page.request, `/api/v1/projects/${s.projectId}/segments/${id}/`, {
    token: s.token,
  });
  expect(res.status).toBe(200);
  return strip(res.body.rules);
}

/** Whether the identity gets the segment's override (on) of `feature`, which is off by default. */
async function inSegment(page: Page, s: Seed, identifier: string, traits: Record<string, unknown>) {
  const res = await call<{ flags: { feature: { name: string }; enabled: boolean }[] }>(
    page.request,
    "/api/v1/identities/",
    {
      envKey: s.envKey,
      body: {
        identifier,
        traits: Object.entries(traits).map(([trait_key, trait_value]) => ({ trait_key, trait_value })),
      },
    },
  );
  expect(res.status).toBe(200);
  return res.body.flags.find((f) => f.feature.name === "eu_offer")!.enabled;
}

const SUMMARY = "(plan = pro OR (country in de,fr AND age ≥ 18)) AND NOT (email contains @blocked.example)";

test("build 'plan = pro OR (country IN de,fr AND age >= 18)' and a NOT; it saves, reopens and evaluates as built", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const first = await startNewSegment(page, s, "Pro or EU adults");
  const group1 = page.getByRole("region", { name: "Group 1", exact: true });
  await expect(group1.getByLabel("Group 1 matches")).toHaveValue("ANY");
  await fillCondition(first, "plan", "EQUAL", "pro");

  // A nested group inside an "any of" group starts as "all of".
  await group1.getByRole("button", { name: "+ Nested group" }).click();
  const nested = page.getByRole("region", { name: "Group 1.1" });
  await expect(nested.getByLabel("Group 1.1 matches")).toHaveValue("ALL");
  await expect(nested.getByRole("button", { name: "+ Nested group" })).toHaveCount(0);
  const country = nested.getByRole("group", { name: "Group 1.1, condition 1" });
  await fillCondition(country, "country", "IN");
  await country.getByLabel("Values").fill("de,fr,");
  await nested.getByRole("button", { name: "+ AND condition" }).click();
  await fillCondition(
    nested.getByRole("group", { name: "Group 1.1, condition 2" }),
    "age",
    "GREATER_THAN_INCLUSIVE",
    "18",
  );
  // NOT needs a rule of its own: conditions of a nested group have none.
  await expect(nested.getByRole("button", { name: /^NOT group 1\.1, condition/ })).toHaveCount(0);

  await page.getByRole("button", { name: "+ AND group" }).click();
  const group2 = page.getByRole("region", { name: "Group 2", exact: true });
  const email = group2.getByRole("group", { name: "Group 2, condition 1" });
  await fillCondition(email, "email", "CONTAINS", "@blocked.example");
  await email.getByRole("button", { name: "NOT group 2, condition 1" }).click();
  await expect(email.getByRole("button", { name: "NOT group 2, condition 1" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByTestId("rules-summary")).toHaveText(SUMMARY);

  // Reorder with the keyboard's buttons, then back by dragging.
  await group1.getByRole("button", { name: "Move group 1.1 up" }).click();
  await expect(page.getByTestId("rules-summary")).toHaveText(
    "((country in de,fr AND age ≥ 18) OR plan = pro) AND NOT (email contains @blocked.example)",
  );
  await first.getByTestId("drag-handle").dragTo(nested.locator("header"));
  await expect(page.getByTestId("rules-summary")).toHaveText(SUMMARY);

  const expected: Rule[] = [
    {
      type: "ANY",
      conditions: [],
      rules: [
        { type: "ALL", rules: [], conditions: [{ property: "plan", operator: "EQUAL", value: "pro" }] },
        {
          type: "ALL",
          rules: [],
          conditions: [
            { property: "country", operator: "IN", value: "de,fr" },
            { property: "age", operator: "GREATER_THAN_INCLUSIVE", value: "18" },
          ],
        },
      ],
    },
    {
      type: "ANY",
      conditions: [],
      rules: [
        {
          type: "NONE",
          rules: [],
          conditions: [{ property: "email", operator: "CONTAINS", value: "@blocked.example" }],
        },
      ],
    },
  ];
  expect(JSON.parse((await page.getByTestId("rules-preview").textContent())!).rules).toEqual(expected);
  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(page.getByRole("link", { name: "Pro or EU adults" })).toBeVisible();

  const list = await call<{ results: { id: number }[] }>(
    page.request,
    `/api/v1/projects/${s.projectId}/segments/`,
    { token: s.token },
  );
  const segmentId = list.body.results[0].id;
  expect(await segmentRules(page, s, segmentId)).toEqual(expected);

  // Reopened, the builder shows the same tree, NOT included.
  await page.goto(envPath(s, `segments/${segmentId}`));
  await expect(page.getByTestId("rules-summary")).toHaveText(SUMMARY);
  await expect(page.getByLabel("Group 1 matches")).toHaveValue("ANY");
  await expect(page.getByLabel("Group 1.1 matches")).toHaveValue("ALL");
  await expect(page.getByRole("button", { name: "NOT group 2, condition 1" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByText("Saving here replaces them")).toHaveCount(0);

  // The flags API agrees: identities in and out.
  const feature = await createFeature(page.request, s, { name: "eu_offer", default_enabled: false });
  const featureSegment = await call<{ id: number }>(page.request, "/api/v1/features/feature-segments/", {
    token: s.token,
    body: { feature: feature.id, segment: segmentId, environment: s.environmentId },
  });
  expect(featureSegment.status).toBe(201);
  const override = await call(page.request, "/api/v1/features/featurestates/", {
    token: s.token,
    body: {
      feature: feature.id,
      feature_segment: featureSegment.body.id,
      environment: s.environmentId,
      enabled: true,
      feature_state_value: { type: "unicode", string_value: "on" },
    },
  });
  expect(override.status).toBe(201);
  expect(await inSegment(page, s, "pro-user", { plan: "pro", email: "a@example.com" })).toBe(true);
  expect(await inSegment(page, s, "adult-de", { plan: "free", country: "de", age: 20 })).toBe(true);
  expect(await inSegment(page, s, "adult-fr-no-plan", { country: "fr", age: 18 })).toBe(true);
  expect(await inSegment(page, s, "minor-de", { plan: "free", country: "de", age: 16 })).toBe(false);
  expect(await inSegment(page, s, "adult-us", { country: "us", age: 40 })).toBe(false);
  expect(await inSegment(page, s, "blocked-pro", { plan: "pro", email: "x@blocked.example" })).toBe(false);
});

test("a segment made through the API with NONE rules and nesting opens faithfully and saves unchanged", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const cond = (property: string, value: string) => ({ property, operator: "EQUAL", value });
  const rules: Rule[] = [
    {
      type: "NONE",
      conditions: [],
      rules: [{ type: "ALL", rules: [], conditions: [cond("a", "1"), cond("b", "2")] }],
    },
    {
      type: "ALL",
      conditions: [cond("plan", "pro")],
      rules: [
        { type: "NONE", rules: [], conditions: [cond("country", "us")] },
        { type: "ANY", rules: [], conditions: [cond("x", "1"), cond("y", "1")] },
        { type: "NONE", rules: [], conditions: [cond("tier", "free"), cond("tier", "trial")] },
      ],
    },
  ];
  const created = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/segments/`, {
    token: s.token,
    body: { name: "Made by API", project: s.projectId, rules },
  });
  expect(created.status).toBe(201);

  await page.goto(envPath(s, `segments/${created.body.id}`));
  await expect(page.getByTestId("rules-summary")).toHaveText(
    "NOT (a = 1 AND b = 2) AND (plan = pro AND NOT (country = us) AND (x = 1 OR y = 1) AND NOT (tier = free OR tier = trial))",
  );
  await expect(page.getByText("Saving here replaces them")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "NOT group 1", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByLabel("Group 1 matches")).toHaveValue("ALL");
  await expect(page.getByRole("group", { name: "Group 2, condition 1" }).getByLabel("Trait")).toHaveValue(
    "plan",
  );
  await expect(page.getByRole("button", { name: "NOT group 2, condition 2" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByLabel("Group 2.1 matches")).toHaveValue("ANY");
  await expect(page.getByRole("button", { name: "NOT group 2.1", exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(page.getByRole("button", { name: "NOT group 2.2", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByRole("region", { name: "Group 2.2" }).getByTestId("group-summary")).toHaveText(
    "— none of these match",
  );

  await page.getByRole("button", { name: "Save segment" }).click();
  await expect(page.getByRole("link", { name: "Made by API" })).toBeVisible();
  expect(await segmentRules(page, s, created.body.id)).toEqual(rules);
});

// The a11y walk opens a plain segment; this is the builder with everything on: NOT pressed on a
// group and a condition, a nested "none of" group, a text-comparison warning, a version.
for (const theme of ["light", "dark"] as const) {
  test(`the full builder passes axe and fits 390 px (${theme})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, colorScheme: theme });
    await context.addInitScript((choice) => window.localStorage.setItem("ensign:theme", choice), theme);
    const page = await context.newPage();
    try {
      const s = await seed(context);
      const cond = (property: string, operator: string, value: string) => ({ property, operator, value });
      const created = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/segments/`, {
        token: s.token,
        body: {
          name: "Everything",
          project: s.projectId,
          rules: [
            { type: "NONE", conditions: [], rules: [{ type: "ALL", conditions: [cond("a", "EQUAL", "1")] }] },
            {
              type: "ALL",
              conditions: [cond("age", "GREATER_THAN", "eighteen"), cond("v", "LESS_THAN", "2.0.0:semver")],
              rules: [
                { type: "NONE", conditions: [cond("country", "IN", "us,ca")] },
                { type: "NONE", conditions: [cond("x", "EQUAL", "1"), cond("y", "REGEX", "^a")] },
              ],
            },
          ],
        },
      });
      expect(created.status).toBe(201);
      for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
        await page.setViewportSize(viewport);
        await page.goto(envPath(s, `segments/${created.body.id}`));
        await expect(page.getByRole("region", { name: "Group 2.1" })).toBeVisible();
        await expect(page.getByText(/^Compared as text: "eighteen"/)).toBeVisible();
        await page.mouse.move(0, 0);
        const results = await axe(page).include('[data-testid="rule-builder"]').analyze();
        const report = results.violations.map(
          (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        );
        expect(report, `${theme} ${viewport.width}`).toEqual([]);
        if (viewport.width === PHONE.width) await expectFitsViewport(page, `segment builder (${theme})`);
      }
    } finally {
      await context.close();
    }
  });
}
