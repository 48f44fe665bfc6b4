import { expect, test, type Page } from "@playwright/test";
import { call, featuresPath, seed, type Seed } from "./support/api";

type IdentityAnswer = {
  flags: { feature: { name: string }; enabled: boolean; feature_state_value: unknown }[];
};

async function identify(page: Page, s: Seed, identifier: string, traits: Record<string, unknown>) {
  const res = await call<IdentityAnswer>(page.request, "/api/v1/identities/", {
    envKey: s.envKey,
    body: {
      identifier,
      traits: Object.entries(traits).map(([trait_key, trait_value]) => ({ trait_key, trait_value })),
    },
  });
  expect(res.status).toBe(200);
  return res.body.flags.find((f) => f.feature.name === "checkout_v2");
}

const segmentBody = (name: string, property: string, value: string) => ({
  name,
  rules: [
    {
      type: "ALL",
      rules: [{ type: "ANY", rules: [], conditions: [{ property, operator: "EQUAL", value }] }],
      conditions: [],
    },
  ],
});

test("a segment override reaches identities with matching traits; priorities decide between segments", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const feature = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name: "checkout_v2", initial_value: "standard" },
  });
  for (const [name, property, value] of [
    ["Pro plan", "plan", "pro"],
    ["Europe", "region", "eu"],
  ]) {
    const res = await call(page.request, `/api/v1/projects/${s.projectId}/segments/`, {
      token: s.token,
      body: segmentBody(name, property, value),
    });
    expect(res.status).toBe(201);
  }
  await page.goto(`${featuresPath(s)}${feature.body.id}/?tab=segments`);
  await expect(page.getByText("No segment overrides")).toBeVisible();

  await page.getByRole("button", { name: "Add segment override" }).click();
  let dialog = page.getByRole("dialog");
  await dialog.getByLabel("Segment", { exact: true }).selectOption({ label: "Pro plan" });
  await dialog.getByLabel("Value for the segment", { exact: true }).fill("premium");
  await dialog.getByRole("button", { name: "Add override" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("segment-override")).toHaveCount(1);

  expect(await identify(page, s, "user-pro", { plan: "pro" })).toMatchObject({
    enabled: true,
    feature_state_value: "premium",
  });
  expect(await identify(page, s, "user-free", { plan: "free" })).toMatchObject({
    enabled: false,
    feature_state_value: "standard",
  });

  await page.getByRole("button", { name: "Add segment override" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Segment", { exact: true }).selectOption({ label: "Europe" });
  await dialog.getByLabel("Value for the segment type").selectOption("integer");
  await dialog.getByLabel("Value for the segment", { exact: true }).fill("7");
  await dialog.getByRole("button", { name: "Add override" }).click();
  await expect(dialog).toBeHidden();
  const overrides = page.getByTestId("segment-override");
  await expect(overrides).toHaveCount(2);
  await expect(overrides.nth(0)).toHaveAttribute("data-segment", "Pro plan");

  // In both segments: the first in priority order wins.
  expect(await identify(page, s, "user-both", { plan: "pro", region: "eu" })).toMatchObject({
    feature_state_value: "premium",
  });
  await page.getByRole("button", { name: "Move Europe up" }).focus();
  await page.keyboard.press("Enter");
  await expect(overrides.nth(0)).toHaveAttribute("data-segment", "Europe");
  // Focus stays on the moved row (its "up" is now disabled, so on "down"), not the page body.
  await expect(page.getByRole("button", { name: "Move Europe down" })).toBeFocused();
  await expect
    .poll(
      async () => (await identify(page, s, "user-both", { plan: "pro", region: "eu" }))?.feature_state_value,
    )
    .toBe(7);

  // Turning the override off and editing its value go to the API too.
  await page.getByRole("switch", { name: "Europe override" }).click();
  await expect.poll(async () => (await identify(page, s, "user-eu", { region: "eu" }))?.enabled).toBe(false);
  await overrides.nth(0).getByRole("button", { name: "Edit value" }).click();
  await overrides.nth(0).getByLabel("Value for Europe", { exact: true }).fill("9");
  await overrides.nth(0).getByRole("button", { name: "Save value" }).click();
  await expect
    .poll(async () => (await identify(page, s, "user-eu", { region: "eu" }))?.feature_state_value)
    .toBe(9);

  await page.getByRole("button", { name: "Remove Europe override" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove override" }).click();
  await expect(overrides).toHaveCount(1);
  await expect
    .poll(
      async () => (await identify(page, s, "user-both", { plan: "pro", region: "eu" }))?.feature_state_value,
    )
    .toBe("premium");
});
