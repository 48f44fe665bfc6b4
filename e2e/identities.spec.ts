import { expect, test, type Page } from "@playwright/test";
import { call, envPath, seed, type Seed } from "./support/api";
import { closeToast } from "./support/toasts";

type IdentityAnswer = {
  flags: { feature: { name: string }; enabled: boolean; feature_state_value: unknown }[];
};

async function identify(page: Page, s: Seed, identifier: string, traits: Record<string, unknown> = {}) {
  const res = await call<IdentityAnswer>(page.request, "/api/v1/identities/", {
    envKey: s.envKey,
    body: {
      identifier,
      traits: Object.entries(traits).map(([trait_key, trait_value]) => ({ trait_key, trait_value })),
    },
  });
  expect(res.status).toBe(200);
  return res.body.flags.find((f) => f.feature.name === "dark_mode");
}

test("identities: search and pages; traits added, edited and deleted; what decided each flag; identity overrides", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const token = s.token;
  const feature = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token,
    body: { name: "dark_mode", initial_value: "off" },
  });
  const segment = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/segments/`, {
    token,
    body: {
      name: "Pro plan",
      rules: [
        {
          type: "ALL",
          conditions: [],
          rules: [
            { type: "ANY", rules: [], conditions: [{ property: "plan", operator: "EQUAL", value: "pro" }] },
          ],
        },
      ],
    },
  });
  const override = await call(
    page.request,
    `/api/v1/environments/${s.envKey}/features/${feature.body.id}/create-segment-override/`,
    {
      token,
      body: {
        enabled: true,
        feature_state_value: { type: "unicode", string_value: "segment-on" },
        feature_segment: { segment: segment.body.id },
      },
    },
  );
  expect(override.status).toBe(201);
  for (let i = 1; i <= 24; i++)
    await identify(page, s, `user-${String(i).padStart(2, "0")}`, { plan: "free" });
  await identify(page, s, "ada", { plan: "free", age: 36 });

  await page.goto(envPath(s, "identities"));
  await expect(page.getByTestId("identities-range")).toHaveText("1–20 of 25");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("identities-range")).toHaveText("21–25 of 25");
  await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
  await page.getByLabel("Search identities").fill("ada");
  await expect(page.getByTestId("identity-row")).toHaveCount(1);
  await page.getByRole("link", { name: "ada" }).click();

  await expect(page.getByRole("heading", { name: "ada" })).toBeVisible();
  const traits = page.getByTestId("trait");
  await expect(traits).toHaveCount(2);
  const flag = page.locator('[data-testid="identity-flag"][data-feature="dark_mode"]');
  await expect(flag.getByTestId("decided-by")).toHaveText("Environment default");

  // Changing a trait moves the identity into the segment.
  await page.getByRole("button", { name: "Edit plan" }).click();
  await page.getByLabel("Value of plan", { exact: true }).fill("pro");
  await page.getByRole("button", { name: "Save trait" }).click();
  await expect(page.locator('[data-trait="plan"]')).toContainText('"pro"');
  await closeToast(page, "Saved the trait plan.");
  await expect(flag.getByTestId("decided-by")).toHaveText("Segment: Pro plan");
  await expect(flag).toContainText('"segment-on"');

  await page.getByLabel("Trait key").fill("seats");
  await page.getByLabel("Trait value type").selectOption("integer");
  await page.getByLabel("Trait value", { exact: true }).fill("12");
  await page.getByRole("button", { name: "Add trait" }).click();
  await expect(traits).toHaveCount(3);
  await expect(page.locator('[data-trait="seats"]')).toContainText("12");
  await closeToast(page, "Added the trait seats.");

  await page.getByRole("button", { name: "Delete age" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete trait" }).click();
  await expect(traits).toHaveCount(2);
  await closeToast(page, "Deleted the trait age.");
  const identities = await call<{ results: { id: number; identifier: string }[] }>(
    page.request,
    `/api/v1/environments/${s.envKey}/identities/?q=ada`,
    { token },
  );
  const ada = identities.body.results.find((i) => i.identifier === "ada")!;
  const stored = await call<{ results: { trait_key: string; trait_value: unknown }[] }>(
    page.request,
    `/api/v1/environments/${s.envKey}/identities/${ada.id}/traits/`,
    { token },
  );
  expect(stored.body.results.map((t) => [t.trait_key, t.trait_value]).sort()).toEqual([
    ["plan", "pro"],
    ["seats", 12],
  ]);

  // An override for this identity alone wins over the segment.
  await flag.getByRole("button", { name: "Override dark_mode" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Value for this identity", { exact: true }).fill("just-ada");
  await dialog.getByRole("button", { name: "Save override" }).click();
  await expect(dialog).toBeHidden();
  await closeToast(page, "Saved the override of dark_mode for ada.");
  await expect(flag.getByTestId("decided-by")).toHaveText("Identity override");
  await expect.poll(async () => (await identify(page, s, "ada"))?.feature_state_value).toBe("just-ada");
  expect(await identify(page, s, "user-01")).toMatchObject({ feature_state_value: "off" });

  await flag.getByRole("button", { name: "Remove override of dark_mode" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove override" }).click();
  await expect(flag.getByTestId("decided-by")).toHaveText("Segment: Pro plan");
  await closeToast(page, "Removed the override of dark_mode for ada.");
  await expect.poll(async () => (await identify(page, s, "ada"))?.feature_state_value).toBe("segment-on");

  await page.getByRole("button", { name: "Delete identity" }).click();
  await page
    .getByRole("dialog")
    .getByLabel(/Type .* to confirm/)
    .fill("ada");
  await page.getByRole("dialog").getByRole("button", { name: "Delete identity" }).click();
  await expect(page.getByRole("heading", { name: "Identities", exact: true })).toBeVisible();
  const after = await call<{ count: number }>(
    page.request,
    `/api/v1/environments/${s.envKey}/identities/?q=%22ada%22`,
    { token },
  );
  expect(after.body.count).toBe(0);
});

test("create an identity in the dashboard", async ({ page, context }) => {
  const s = await seed(context);
  await page.goto(envPath(s, "identities"));
  await expect(page.getByText("No identities yet")).toBeVisible();
  await page.getByRole("button", { name: "New identity" }).first().click();
  await page.getByLabel("Identifier").fill("tester-1");
  await page.getByRole("button", { name: "Create identity" }).click();
  await expect(page.getByRole("heading", { name: "tester-1" })).toBeVisible();
  await expect(page.getByText("No traits yet")).toBeVisible();
});
