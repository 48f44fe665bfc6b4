import { expect, test } from "@playwright/test";
import { call, featuresPath, seed } from "./support/api";
import { openFeatureTab } from "./support/feature-tabs";

type Created = { id: number; name: string };
type Flag = { enabled: boolean; feature_state_value: unknown; feature: { name: string } };

// A zone far from UTC, so the form's local time and its UTC reading differ.
test.use({ timezoneId: "Asia/Kolkata" });

test("a change scheduled for later is pending, applies on its own and joins the history; another is cancelled", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const feature = await call<Created>(context.request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name: "launch_banner", initial_value: "hidden" },
  });
  const segment = await call<Created>(context.request, `/api/v1/projects/${s.projectId}/segments/`, {
    token: s.token,
    body: {
      name: "beta_testers",
      rules: [
        {
          type: "ALL",
          rules: [{ type: "ANY", conditions: [{ property: "plan", operator: "EQUAL", value: "beta" }] }],
        },
      ],
    },
  });
  await call(
    context.request,
    `/api/v1/environments/${s.envKey}/features/${feature.body.id}/create-segment-override/`,
    {
      token: s.token,
      body: {
        enabled: false,
        feature_state_value: { type: "unicode", string_value: "beta-hidden" },
        feature_segment: { segment: segment.body.id },
      },
    },
  );

  await page.goto(`${featuresPath(s)}${feature.body.id}/?tab=schedule`);
  const panel = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Change now or later" }) });
  const form = panel.getByRole("form", { name: "Change the feature" });
  await form.getByLabel("State (environment default)").selectOption("on");
  await form.getByLabel("Change the value (environment default)").check();
  await form.getByLabel("New value (environment default)", { exact: true }).fill("shown");
  await form.getByLabel("State (segment beta_testers)").selectOption("on");
  await form.getByLabel("Schedule for later").check();

  // A few seconds ahead, written in the browser's local time as a user would pick it.
  const soon = await page.evaluate(() => {
    const d = new Date(Date.now() + 6000);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  });
  // Chromium names the zone by its older alias, Asia/Calcutta.
  const when = form.getByLabel(/^Date and time \(Asia\/(Kolkata|Calcutta)\)$/);
  await when.fill(soon);
  // The same instant in UTC is shown next to it (Kolkata is UTC+05:30).
  const utc = new Date(new Date(`${soon}+05:30`).getTime()).toISOString().slice(0, 19).replace("T", " ");
  await expect(form).toContainText(`That is ${utc} UTC.`);
  await expect(form).toContainText(/Your time zone: Asia\/(Kolkata|Calcutta)\./);
  await form.getByRole("button", { name: "Schedule change" }).click();

  const pending = panel.getByTestId("scheduled-change");
  await expect(pending).toHaveCount(1);
  await expect(pending.first()).toContainText(s.email);
  await expect(pending.first()).toContainText('Default: On, value "shown"');
  await expect(pending.first()).toContainText("Segment beta_testers: On");
  await expect(pending.first()).toContainText("UTC");

  // A second one, an hour ahead, is cancelled.
  await form.getByLabel("State (environment default)").selectOption("off");
  await form.getByLabel("Schedule for later").check();
  await form.getByRole("button", { name: "Schedule change" }).click();
  await expect(pending).toHaveCount(2);
  await pending.nth(1).getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel change" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(panel.getByTestId("past-scheduled-change").filter({ hasText: "Cancelled" })).toHaveCount(1);

  // The first applies when due: the SDK answers change without anyone saving anything.
  await expect
    .poll(
      async () => {
        const flags = await call<Flag[]>(context.request, "/api/v1/flags/", { envKey: s.envKey });
        return flags.body.find((f) => f.feature.name === "launch_banner");
      },
      { timeout: 60_000 },
    )
    .toMatchObject({ enabled: true, feature_state_value: "shown" });
  await expect(pending).toHaveCount(0);
  await expect(panel.getByTestId("past-scheduled-change").filter({ hasText: "Applied" })).toHaveCount(1);

  await openFeatureTab(page, "History");
  const history = page.locator("section").filter({ has: page.getByRole("heading", { name: "History" }) });
  const latest = history.getByTestId("feature-version").first();
  await expect(latest).toContainText("Live");
  await expect(latest).toContainText('On · "shown"');
  await expect(latest).toContainText(s.email);
  await expect(page.getByRole("switch", { name: "launch_banner" })).toHaveAttribute("aria-checked", "true");
});
