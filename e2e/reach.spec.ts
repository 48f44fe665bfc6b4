// What people reach for: SDK set-up snippets, copyable id chips, where a segment is used and
// whom it matches, a feature's identity overrides, and multi-line JSON values.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { call, envPath, seed, type Seed } from "./support/api";

async function clipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

async function allowClipboard(context: BrowserContext, baseURL: string | undefined) {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
}

async function createFeature(page: Page, s: Seed, name: string, initial_value?: string) {
  const res = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name, ...(initial_value === undefined ? {} : { initial_value }) },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

test("Connect an SDK: snippets carry the environment's key and this server's URL, and copy", async ({
  page,
  context,
  baseURL,
}) => {
  await allowClipboard(context, baseURL);
  const s = await seed(context);
  await page.goto(envPath(s, "features/"));
  await page
    .getByRole("navigation", { name: "Environment sections" })
    .getByRole("link", { name: "Connect an SDK" })
    .click();
  await expect(page.getByRole("heading", { name: "Connect an SDK" })).toBeVisible();

  const js = page.getByTestId("snippet-js");
  await expect(js).toContainText(`environmentID: "${s.envKey}"`);
  await expect(js).toContainText(`api: "${baseURL}/api/v1/"`);
  await js.getByRole("button", { name: "Copy JavaScript (flagsmith, browser) snippet" }).click();
  await expect.poll(() => clipboard(page)).toContain(`environmentID: "${s.envKey}"`);

  await expect(page.getByTestId("snippet-curl")).toContainText(`X-Environment-Key: ${s.envKey}`);
  await expect(page.getByTestId("snippet-ofrep")).toContainText(`baseUrl: "${baseURL}"`);
  await expect(page.getByTestId("snippet-node")).toContainText('environmentKey: "ser.YOUR_SERVER_KEY"');

  // A server key created here replaces the placeholder in the server-side snippets.
  await page.getByRole("button", { name: "Create a server key for these snippets" }).click();
  await page.getByRole("dialog").getByLabel("Key name").fill("Snippets");
  await page.getByRole("dialog").getByRole("button", { name: "Create key" }).click();
  const serverKey = (await page.getByTestId("sdk-server-key").textContent())!.trim();
  expect(serverKey).toMatch(/^ser\./);
  await expect(page.getByTestId("snippet-python")).toContainText(`environment_key="${serverKey}"`);
  await page
    .getByTestId("snippet-python")
    .getByRole("button", { name: "Copy Python (flagsmith) snippet" })
    .click();
  await expect.poll(() => clipboard(page)).toContain(`api_url="${baseURL}/api/v1/"`);
});

test("id chips: each id has its own copy button that puts the value on the clipboard", async ({
  page,
  context,
  baseURL,
}) => {
  await allowClipboard(context, baseURL);
  const s = await seed(context);
  const featureId = await createFeature(page, s, "chip_flag");
  await call(page.request, "/api/v1/auth/users/me/", {
    method: "PATCH",
    token: s.token,
    body: { json_view: true },
  });

  // Environment keys on the project page, inside the environment's card.
  await page.goto(`/projects/${s.projectId}/`);
  const cards = page.getByRole("list", { name: "Environments" });
  await cards.getByRole("button", { name: "Copy environment key" }).first().click();
  await expect(page.getByTestId("toast").filter({ hasText: "Copied" })).toBeVisible();
  await expect.poll(() => clipboard(page)).toBe(s.envKey);
  // The card still opens the environment.
  await expect(cards.getByRole("link", { name: "Development" })).toBeVisible();

  // A feature's id in the features list.
  await page.goto(envPath(s, "features/"));
  const row = page.getByTestId("feature-row").filter({ hasText: "chip_flag" });
  await row.getByRole("button", { name: "Copy id" }).click();
  await expect.poll(() => clipboard(page)).toBe(String(featureId));

  // The feature page's JSON view: id chips copy, as does the whole JSON.
  await page.goto(envPath(s, `features/${featureId}/`));
  const view = page.getByTestId("json-view").first();
  const feature = await call<{ uuid: string }>(
    page.request,
    `/api/v1/projects/${s.projectId}/features/${featureId}/`,
    {
      token: s.token,
    },
  );
  await view.getByRole("button", { name: "Copy uuid" }).click();
  await expect.poll(() => clipboard(page)).toBe(feature.body.uuid);
});

test("segment page: the features using the segment and how many identities it matches", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const featureId = await createFeature(page, s, "pro_banner", "plain");
  const segment = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/segments/`, {
    token: s.token,
    body: {
      name: "Pro users",
      rules: [
        {
          type: "ALL",
          rules: [{ type: "ANY", conditions: [{ property: "plan", operator: "EQUAL", value: "pro" }] }],
        },
      ],
    },
  });
  const override = await call(
    page.request,
    `/api/v1/environments/${s.envKey}/features/${featureId}/create-segment-override/`,
    {
      token: s.token,
      body: {
        enabled: true,
        feature_state_value: { type: "unicode", string_value: "pro" },
        feature_segment: { segment: segment.body.id },
      },
    },
  );
  expect(override.status).toBe(201);
  for (const [identifier, plan] of [
    ["ann", "pro"],
    ["bob", "free"],
    ["cy", "pro"],
  ])
    await call(page.request, "/api/v1/identities/", {
      envKey: s.envKey,
      body: { identifier, traits: [{ trait_key: "plan", trait_value: plan }] },
    });

  await page.goto(envPath(s, `segments/${segment.body.id}/`));
  const using = page.getByRole("list", { name: "Features using this segment" });
  await expect(using.getByRole("listitem")).toHaveCount(1);
  await expect(using).toContainText("Development");
  const counts = page.getByRole("list", { name: "Identities in this segment" });
  // Counting evaluates every stored identity: it runs when asked.
  await expect(counts).toHaveCount(0);
  await page.getByRole("button", { name: "Count identities" }).click();
  await expect(counts.getByTestId("identity-count-row")).toContainText("2 identities");

  // Saving narrower rules counts again.
  await page.getByRole("textbox", { name: "Value" }).first().fill("enterprise");
  await page.getByRole("button", { name: "Save segment" }).click();
  await expect(page).toHaveURL(/\/segments\/$/);
  await page.goto(envPath(s, `segments/${segment.body.id}/`));
  await page.getByRole("button", { name: "Count identities" }).click();
  await expect(counts.getByTestId("identity-count-row")).toContainText("0 identities");

  await using.getByRole("link", { name: "pro_banner" }).click();
  await expect(page).toHaveURL(new RegExp(`/features/${featureId}/$`));
});

test("feature page: identity overrides with links to the identities, removable", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const featureId = await createFeature(page, s, "vip_flag", "normal");
  const identity = await call<{ identity_uuid: string }>(
    page.request,
    `/api/v1/environments/${s.envKey}/edge-identities/`,
    { token: s.token, body: { identifier: "vip-user" } },
  );
  expect(identity.status).toBe(201);
  const created = await call(
    page.request,
    `/api/v1/environments/${s.envKey}/edge-identities/${identity.body.identity_uuid}/edge-featurestates/`,
    { token: s.token, body: { feature: featureId, enabled: true, feature_state_value: "gold" } },
  );
  expect(created.status).toBe(201);

  await page.goto(`${envPath(s, `features/${featureId}`)}?tab=identities`);
  const list = page.getByRole("list", { name: "Identity overrides" });
  const row = list.getByTestId("identity-override-row");
  await expect(row).toContainText("vip-user");
  await expect(row).toContainText('"gold"');
  await expect(row).toContainText("On");

  await row.getByRole("button", { name: "Remove the override of vip-user" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove override" }).click();
  await expect(page.getByText("No identity overrides")).toBeVisible();
  const flags = await call<{ flags: { feature: { name: string }; feature_state_value: unknown }[] }>(
    page.request,
    "/api/v1/identities/?identifier=vip-user",
    { envKey: s.envKey },
  );
  expect(flags.body.flags.find((f) => f.feature.name === "vip_flag")?.feature_state_value).toBe("normal");

  // Put it back and follow the link to the identity.
  await call(
    page.request,
    `/api/v1/environments/${s.envKey}/edge-identities/${identity.body.identity_uuid}/edge-featurestates/`,
    { token: s.token, body: { feature: featureId, enabled: true, feature_state_value: "gold" } },
  );
  await page.reload();
  await list.getByRole("link", { name: "vip-user" }).click();
  await expect(page.getByRole("heading", { name: "vip-user" })).toBeVisible();
});

test("value editor: JSON in a multi-line field, validated live, saved exactly as typed", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const featureId = await createFeature(page, s, "json_config");
  await page.goto(envPath(s, `features/${featureId}/`));

  await page.getByRole("combobox", { name: "Value type" }).selectOption("json");
  const field = page.getByRole("textbox", { name: "Value", exact: true });
  await expect(field).toHaveJSProperty("tagName", "TEXTAREA");
  await field.fill('{"theme": "dark", "limits": [1, 2');
  await expect(page.getByText(/^Invalid JSON: /)).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("button", { name: "Save value" })).toBeDisabled();

  await field.fill('{"theme": "dark", "limits": [1, 2]}');
  await expect(page.getByText("Valid JSON")).toBeVisible();
  await page.getByRole("button", { name: "Format" }).click();
  const formatted = '{\n  "theme": "dark",\n  "limits": [\n    1,\n    2\n  ]\n}';
  await expect(field).toHaveValue(formatted);
  await page.getByRole("button", { name: "Save value" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  const flags = await call<{ feature: { name: string }; feature_state_value: unknown }[]>(
    page.request,
    "/api/v1/flags/",
    { envKey: s.envKey },
  );
  expect(flags.body.find((f) => f.feature.name === "json_config")?.feature_state_value).toBe(formatted);

  // Reloaded, the value opens as JSON again.
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Value type" })).toHaveValue("json");
  await expect(page.getByRole("textbox", { name: "Value", exact: true })).toHaveValue(formatted);
});
