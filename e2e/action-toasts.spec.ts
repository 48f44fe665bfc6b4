// Feedback after every action: deleting a trait or an identity override shows a toast whose Undo
// puts it back through the API; creating a segment and changing an environment setting confirm too.
import { expect, test } from "@playwright/test";
import { call, envPath, seed } from "./support/api";

test("deleting a trait or an identity override can be undone from its toast", async ({ page, context }) => {
  const s = await seed(context);
  const token = s.token;
  await call(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token,
    body: { name: "dark_mode", initial_value: "off" },
  });
  await call(page.request, "/api/v1/identities/", {
    envKey: s.envKey,
    body: { identifier: "ada", traits: [{ trait_key: "plan", trait_value: "gold" }] },
  });
  const identities = await call<{ results: { id: number; identifier: string }[] }>(
    page.request,
    `/api/v1/environments/${s.envKey}/identities/?q=ada`,
    { token },
  );
  const ada = identities.body.results.find((i) => i.identifier === "ada")!;
  type TraitAnswer = { trait_key: string; trait_value: unknown };
  const traits = async () => {
    const res = await call<TraitAnswer[] | { results: TraitAnswer[] }>(
      page.request,
      `/api/v1/environments/${s.envKey}/identities/${ada.id}/traits/`,
      { token },
    );
    return Array.isArray(res.body) ? res.body : res.body.results;
  };
  const overrides = async () =>
    (
      await call<{ results: { enabled: boolean; feature_state_value: unknown }[] }>(
        page.request,
        `/api/v1/environments/${s.envKey}/identities/${ada.id}/featurestates/`,
        { token },
      )
    ).body.results;
  const toasts = page.getByRole("status", { name: "Notifications" });

  await page.goto(`${envPath(s, "identities")}${ada.id}/`);
  await page.getByRole("button", { name: "Delete plan" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete trait" }).click();
  await expect(toasts.getByText("Deleted the trait plan.")).toBeVisible();
  await expect.poll(async () => (await traits()).length).toBe(0);
  await toasts.getByRole("button", { name: "Undo" }).click();
  await expect(toasts.getByText("Put back the trait plan.")).toBeVisible();
  await expect
    .poll(async () => (await traits()).map((t) => [t.trait_key, t.trait_value]))
    .toEqual([["plan", "gold"]]);
  await expect(page.getByRole("button", { name: "Delete plan" })).toBeVisible();

  const flag = page.locator('[data-testid="identity-flag"][data-feature="dark_mode"]');
  await flag.getByRole("button", { name: "Override dark_mode" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Value for this identity", { exact: true }).fill("ada-only");
  await dialog.getByRole("button", { name: "Save override" }).click();
  await expect(toasts.getByText("Saved the override of dark_mode for ada.")).toBeVisible();
  await expect.poll(async () => (await overrides()).map((o) => o.feature_state_value)).toEqual(["ada-only"]);

  await flag.getByRole("button", { name: "Remove override of dark_mode" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove override" }).click();
  await expect(toasts.getByText("Removed the override of dark_mode for ada.")).toBeVisible();
  await expect.poll(async () => (await overrides()).length).toBe(0);
  await toasts.getByRole("button", { name: "Undo" }).last().click();
  await expect(toasts.getByText("Put back the override of dark_mode for ada.")).toBeVisible();
  await expect.poll(async () => (await overrides()).map((o) => o.feature_state_value)).toEqual(["ada-only"]);
});

test("creating a segment and changing an environment setting confirm with a toast", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const toasts = page.getByRole("status", { name: "Notifications" });

  await page.goto(`${envPath(s, "segments")}new/`);
  await page.getByLabel("Name").fill("Beta testers");
  const condition = page.getByRole("group", { name: "Group 1, condition 1" });
  await condition.getByLabel("Trait").fill("beta");
  await condition.getByLabel("Value").fill("true");
  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(toasts.getByText("Created the segment Beta testers.")).toBeVisible();

  await page.goto(envPath(s, "settings"));
  await page.getByRole("switch", { name: "Hide disabled flags" }).click();
  await expect(toasts.getByText("Hide disabled flags: on in Development.")).toBeVisible();
});
