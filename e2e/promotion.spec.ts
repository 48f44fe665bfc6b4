// Promotion from the compare page: a feature with two segment overrides and variation weights
// promoted from Staging to Production (protected, so confirmed) in one step, with its parts
// reviewed; then /identities/ in Production answers the promoted overrides for identities in
// each segment. Also: a long value never hides the row's controls; axe; 390 px.
import { axe } from "./support/axe";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { call, seed, unique, type Seed } from "./support/api";
import { expectFitsViewport, PHONE } from "./support/viewport";

const loaded = { timeout: 30_000 };

async function ok<T = any>(res: Promise<{ status: number; body: T }>): Promise<T> {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  return r.body;
}

async function expectAxeClean(page: Page, what: string) {
  const results = await axe(page).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    what,
  ).toEqual([]);
}

type World = { s: Seed; production: { id: number; api_key: string }; featureName: string; featureId: number };

/** Staging (the seed's environment, renamed) has the feature on, "v2", weights and two overrides. */
async function seedWorld(request: APIRequestContext, s: Seed): Promise<World> {
  const api = (path: string, body?: unknown, method?: string) =>
    ok(call<any>(request, path, { token: s.token, body, method }));
  await api(`/api/v1/environments/${s.envKey}/`, { name: "Staging" }, "PATCH");
  const production = await api("/api/v1/environments/", {
    name: "Production",
    project: s.projectId,
    is_protected: true,
  });
  const featureName = unique("checkout");
  const feature = await api(`/api/v1/projects/${s.projectId}/features/`, {
    name: featureName,
    initial_value: "v1",
  });
  const option = (value: string) =>
    api(`/api/v1/projects/${s.projectId}/features/${feature.id}/mv-options/`, {
      type: "unicode",
      string_value: value,
      default_percentage_allocation: 0,
    });
  const a = await option("variant-a");
  const b = await option("variant-b");
  const segment = async (plan: string) =>
    (
      await api(`/api/v1/projects/${s.projectId}/segments/`, {
        name: `plan-${plan}`,
        rules: [
          {
            type: "ALL",
            rules: [{ type: "ANY", conditions: [{ property: "plan", operator: "EQUAL", value: plan }] }],
          },
        ],
      })
    ).id;
  const pro = await segment("pro");
  const beta = await segment("beta");
  const states = await api(`/api/v1/environments/${s.envKey}/featurestates/?feature=${feature.id}`);
  await api(
    `/api/v1/environments/${s.envKey}/featurestates/${states.results[0].id}/`,
    {
      enabled: true,
      feature_state_value: "v2",
      multivariate_feature_state_values: [
        { multivariate_feature_option: a.id, percentage_allocation: 30 },
        { multivariate_feature_option: b.id, percentage_allocation: 20 },
      ],
    },
    "PATCH",
  );
  const override = (segmentId: number, body: Record<string, unknown>) =>
    api(`/api/v1/environments/${s.envKey}/features/${feature.id}/create-segment-override/`, {
      feature_segment: { segment: segmentId },
      ...body,
    });
  await override(pro, {
    enabled: true,
    feature_state_value: { type: "unicode", string_value: "pro-value" },
    multivariate_feature_state_values: [{ multivariate_feature_option: b.id, percentage_allocation: 100 }],
  });
  await override(beta, {
    enabled: false,
    feature_state_value: { type: "unicode", string_value: "beta-value" },
  });
  return { s, production, featureName, featureId: feature.id };
}

async function flagIn(request: APIRequestContext, w: World, plan: string) {
  const res = await ok(
    call<any>(request, "/api/v1/identities/", {
      envKey: w.production.api_key,
      body: { identifier: unique(plan), traits: [{ trait_key: "plan", trait_value: plan }] },
    }),
  );
  const flag = res.flags.find((f: any) => f.feature.id === w.featureId);
  return { enabled: flag.enabled, value: flag.feature_state_value };
}

test("promote a feature with segment overrides and weights from Staging to protected Production", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const s = await seed(context);
  const w = await seedWorld(page.request, s);
  // Another feature with a value long enough to widen its column.
  const longName = unique("banner");
  await ok(
    call(page.request, `/api/v1/projects/${s.projectId}/features/`, {
      token: s.token,
      body: { name: longName, initial_value: "x".repeat(400) },
    }),
  );
  expect(await flagIn(page.request, w, "pro")).toEqual({ enabled: false, value: "v1" });

  await page.goto(`/projects/${s.projectId}/compare/`);
  const row = page.locator(`[data-testid="compare-row"][data-feature="${w.featureName}"]`);
  await expect(row).toHaveAttribute("data-differs", "true", loaded);
  // Weights and segment overrides are compared.
  await expect(row.getByTestId("compare-weights").first()).toContainText('"variant-a" 30%', loaded);
  await expect(row.getByText("Missing overrides: plan-pro, plan-beta")).toBeVisible();
  await expectAxeClean(page, "compare page");

  // The long value is cut short and readable in full; the row's controls stay in view.
  const longRow = page.locator(`[data-testid="compare-row"][data-feature="${longName}"]`);
  await expect(longRow.getByRole("checkbox", { name: `Select ${longName}` })).toBeInViewport();
  await longRow.getByText("Show full value").first().click();
  await expect(longRow.locator("pre").first()).toHaveText("x".repeat(400));
  await expect(longRow.locator("pre").first()).toBeVisible();

  await row.getByRole("checkbox", { name: `Select ${w.featureName}` }).check();
  await expect(page.getByLabel("Promote from")).toHaveValue("0");
  await page.getByRole("button", { name: "Promote selected (1)…" }).click();
  const dialog = page.getByRole("dialog");
  const feature = dialog.getByTestId("promotion-feature");
  await expect(feature.getByRole("checkbox")).toHaveCount(5, loaded);
  await expect(feature.getByRole("checkbox", { name: /^Enabled/ })).toBeChecked();
  await expect(feature.getByText('"v1" → "v2"')).toBeVisible();
  await expect(feature.getByText('no variations → "variant-a" 30%, "variant-b" 20%')).toBeVisible();
  await expect(feature.getByLabel("Segment override “plan-pro”")).toBeChecked();
  await expect(feature.getByLabel("Segment override “plan-beta”")).toBeChecked();
  await expectAxeClean(page, "promotion review");
  const submit = dialog.getByRole("button", { name: "Promote 5 changes" });
  // Production is protected: the promotion waits for the confirmation.
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Production is protected: I confirm these changes to Production.").check();
  await submit.click();
  await expect(dialog).toBeHidden(loaded);
  await expect(page.getByText("Promoted 5 changes to Production.")).toBeVisible();
  await expect(row).toHaveAttribute("data-differs", "false", loaded);

  // Production's SDK endpoint: identities in each segment get the promoted overrides.
  expect(await flagIn(page.request, w, "pro")).toEqual({ enabled: true, value: "variant-b" });
  expect(await flagIn(page.request, w, "beta")).toEqual({ enabled: false, value: "beta-value" });
  const other = await flagIn(page.request, w, "free");
  expect(other.enabled).toBe(true);
  expect(["v2", "variant-a", "variant-b"]).toContain(other.value);
});

test("choosing parts: an unchecked part is not promoted; the page fits 390 px", async ({ page, context }) => {
  test.setTimeout(180_000);
  const s = await seed(context);
  const w = await seedWorld(page.request, s);
  await page.setViewportSize(PHONE);
  await page.goto(`/projects/${s.projectId}/compare/`);
  const row = page.locator(`[data-testid="compare-row"][data-feature="${w.featureName}"]`);
  await expect(row).toHaveAttribute("data-differs", "true", loaded);
  await expectFitsViewport(page, "compare at 390 px");
  await row.getByRole("checkbox", { name: `Select ${w.featureName}` }).check();
  await page.getByRole("button", { name: "Promote selected (1)…" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("promotion-feature").getByRole("checkbox")).toHaveCount(5, loaded);
  await expectFitsViewport(page, "promotion review at 390 px");
  await dialog.getByLabel("Segment override “plan-beta”").uncheck();
  await dialog.getByRole("checkbox", { name: /^Value/ }).uncheck();
  await dialog.getByLabel(/is protected/).check();
  await dialog.getByRole("button", { name: "Promote 3 changes" }).click();
  await expect(dialog).toBeHidden(loaded);
  expect(await flagIn(page.request, w, "pro")).toEqual({ enabled: true, value: "variant-b" });
  // No beta override in Production; the default's value stays "v1" (weights did come).
  const beta = await flagIn(page.request, w, "beta");
  expect(beta.enabled).toBe(true);
  expect(["v1", "variant-a", "variant-b"]).toContain(beta.value);
});
