import { expect, test } from "@playwright/test";
import { call, featuresPath, seed } from "./support/api";

type Created = { id: number };
type StatePage = { results: { id: number }[] };
type Flag = { enabled: boolean; feature_state_value: unknown; feature: { name: string } };

test("the history of a feature shows what changed and restores an earlier version", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const feature = await call<Created>(context.request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name: "checkout_v2", initial_value: "blue" },
  });
  const states = await call<StatePage>(
    context.request,
    `/api/v1/environments/${s.envKey}/featurestates/?feature=${feature.body.id}`,
    { token: s.token },
  );
  await call(
    context.request,
    `/api/v1/environments/${s.envKey}/featurestates/${states.body.results[0].id}/`,
    {
      token: s.token,
      method: "PATCH",
      body: { enabled: true, feature_state_value: "red" },
    },
  );

  await page.goto(`${featuresPath(s)}${feature.body.id}/?tab=history`);
  const history = page.locator("section").filter({ has: page.getByRole("heading", { name: "History" }) });
  const versions = history.getByTestId("feature-version");
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText("Live");
  await expect(versions.first()).toContainText(s.email);

  // The diff between the two versions, newest against the one before.
  const diff = history.getByRole("table", { name: "Version differences" });
  await expect(diff.getByRole("row", { name: /enabled/ })).toContainText("false");
  await expect(diff.getByRole("row", { name: /enabled/ })).toContainText("true");
  await expect(diff.getByRole("row", { name: /feature_state_value/ })).toContainText('"blue"');
  await expect(diff.getByRole("row", { name: /feature_state_value/ })).toContainText('"red"');

  await versions.nth(1).getByRole("button", { name: "Restore" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Restore" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(versions).toHaveCount(3);
  await expect(versions.first()).toContainText("Restore");
  await expect(versions.first()).toContainText("Live");
  await expect(page.getByRole("switch", { name: "checkout_v2" })).toHaveAttribute("aria-checked", "false");

  const flags = await call<Flag[]>(context.request, "/api/v1/flags/", { envKey: s.envKey });
  const flag = flags.body.find((f) => f.feature.name === "checkout_v2");
  expect(flag).toMatchObject({ enabled: false, feature_state_value: "blue" });
});
