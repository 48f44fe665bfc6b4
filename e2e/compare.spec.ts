import { expect, test } from "@playwright/test";
import { call, seed } from "./support/api";

type State = { id: number; feature: number; enabled: boolean; feature_state_value: unknown };

test("compare environments: differences marked; copy a feature's state from one to another", async ({
  page,
  context,
}) => {
  // The page also reads the weights and overrides diff; a loaded machine needs the time.
  test.setTimeout(120_000);
  const s = await seed(context);
  const prod = (
    await call<{ api_key: string }>(page.request, "/api/v1/environments/", {
      token: s.token,
      body: { name: "Production", project: s.projectId },
    })
  ).body;
  for (const name of ["checkout", "banner"]) {
    const res = await call(page.request, `/api/v1/projects/${s.projectId}/features/`, {
      token: s.token,
      body: { name, initial_value: "blue" },
    });
    expect(res.status).toBe(201);
  }
  const states = async (key: string) =>
    (
      await call<{ results: (State & { feature: number })[] }>(
        page.request,
        `/api/v1/environments/${key}/featurestates/`,
        {
          token: s.token,
        },
      )
    ).body.results;
  const features = (
    await call<{ results: { id: number; name: string }[] }>(
      page.request,
      `/api/v1/projects/${s.projectId}/features/`,
      {
        token: s.token,
      },
    )
  ).body.results;
  const checkout = features.find((f) => f.name === "checkout")!;
  const devCheckout = (await states(s.envKey)).find((st) => st.feature === checkout.id)!;
  await call(page.request, `/api/v1/environments/${s.envKey}/featurestates/${devCheckout.id}/`, {
    token: s.token,
    method: "PATCH",
    body: { enabled: true, feature_state_value: "green" },
  });

  await page.goto(`/projects/${s.projectId}/`);
  await page.getByRole("link", { name: "Compare environments" }).click();
  const rows = page.getByTestId("compare-row");
  await expect(rows).toHaveCount(2);
  const row = page.locator('[data-testid="compare-row"][data-feature="checkout"]');
  await expect(row).toHaveAttribute("data-differs", "true");
  await expect(page.locator('[data-feature="banner"]')).toHaveAttribute("data-differs", "false");
  await page.getByLabel("Only differences").check();
  await expect(rows).toHaveCount(1);

  await row.getByRole("button", { name: "Copy state…" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("From")).toHaveValue("0");
  await expect(dialog.getByTestId("copy-preview")).toContainText("Production: Off");
  await dialog.getByRole("button", { name: "Copy state" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("No differences.")).toBeVisible();
  const prodCheckout = (await states(prod.api_key)).find((st) => st.feature === checkout.id)!;
  expect(prodCheckout).toMatchObject({ enabled: true, feature_state_value: "green" });

  // The copy is an ordinary audited change of the production state.
  const audit = await call<{ results: { log: string }[] }>(
    page.request,
    `/api/v1/projects/${s.projectId}/audit/`,
    {
      token: s.token,
    },
  );
  expect(audit.body.results[0].log).toContain("checkout");

  // Unchecking an environment leaves fewer than two: the page asks for another.
  await page.getByLabel("Production").click();
  await expect(page.getByLabel("Production")).not.toBeChecked();
  await expect(page.getByText("Choose two environments or more.")).toBeVisible();
  await expect(page).toHaveURL(/envs=/);
});
