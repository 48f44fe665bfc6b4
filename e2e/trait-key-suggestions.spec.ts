// The segment builder suggests the trait keys this environment's identities hold
// (GET /api/v1/environments/{key}/trait-keys/), read when a trait field is first focused.
import { expect, test } from "@playwright/test";
import { call, seed } from "./support/api";
import { startNewSegment } from "./support/segment-builder";

test("a trait field suggests the keys the environment's identities hold, asked for on focus", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  for (const [identifier, traits] of [
    ["ada", { plan: "gold", country: "de" }],
    ["grace", { plan: "free", age: 36 }],
  ] as const) {
    const stored = await call(page.request, "/api/v1/identities/", {
      envKey: s.envKey,
      body: {
        identifier,
        traits: Object.entries(traits).map(([trait_key, trait_value]) => ({ trait_key, trait_value })),
      },
    });
    expect(stored.status).toBe(200);
  }

  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/trait-keys/")) asked.push(request.url());
  });
  const condition = await startNewSegment(page, s, "Paying customers");
  const trait = condition.getByLabel("Trait");
  await expect(trait).toBeVisible();
  expect(asked, "nothing is asked before a trait field is used").toEqual([]);

  await trait.focus();
  const listId = await trait.getAttribute("list");
  expect(listId).toBeTruthy();
  const options = page.locator(`datalist#${listId} option`);
  await expect(options).toHaveCount(3);
  expect(await options.evaluateAll((all) => all.map((o) => (o as HTMLOptionElement).value))).toEqual([
    "age",
    "country",
    "plan",
  ]);
  expect(asked).toHaveLength(1);
  expect(asked[0]).toContain(`/api/v1/environments/${s.envKey}/trait-keys/`);
});
