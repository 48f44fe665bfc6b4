// Issue 30 item 9: JSON values read as JSON (pretty-printed, never double-escaped) in a
// feature's history, in compare's copy dialog and in the audit log, a restore's entry too,
// with the lines that changed marked.
import { expect, test, type Locator } from "@playwright/test";
import { call, featuresPath, seed } from "./support/api";

const GREY = '{"theme":{"colour":"grey"},"beta":false}';
const GREEN = '{"theme":{"colour":"green"},"beta":false}';

async function expectReadable(cell: Locator) {
  await expect(cell).toContainText('"beta": false');
  await expect(cell).not.toContainText('\\"');
}

test("JSON values are pretty-printed with the changed keys marked in history, compare and audit", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const prod = await call(page.request, "/api/v1/environments/", {
    token: s.token,
    body: { name: "Production", project: s.projectId },
  });
  expect(prod.status).toBe(201);
  const feature = await call<{ id: number }>(page.request, `/api/v1/projects/${s.projectId}/features/`, {
    token: s.token,
    body: { name: "settings", initial_value: GREY },
  });
  expect(feature.status).toBe(201);
  const states = await call<{ results: { id: number }[] }>(
    page.request,
    `/api/v1/environments/${s.envKey}/featurestates/?feature=${feature.body.id}`,
    { token: s.token },
  );
  const patched = await call(
    page.request,
    `/api/v1/environments/${s.envKey}/featurestates/${states.body.results[0].id}/`,
    { token: s.token, method: "PATCH", body: { feature_state_value: GREEN } },
  );
  expect(patched.status).toBe(200);

  // History: the newest version against the one before.
  await page.goto(`${featuresPath(s)}${feature.body.id}/?tab=history`);
  const history = page.locator("section").filter({ has: page.getByRole("heading", { name: "History" }) });
  const valueRow = history
    .getByRole("table", { name: "Version differences" })
    .getByRole("row", { name: /feature_state_value/ });
  await expect(valueRow.locator('[data-changed="true"]')).toHaveText([
    /"colour": "grey"/,
    /"colour": "green"/,
  ]);
  await expectReadable(valueRow);
  await expect(history.getByTestId("feature-version").first()).not.toContainText('\\"');

  // Compare: copying Development's value to Production shows what changes inside it.
  await page.goto(`/projects/${s.projectId}/`);
  await page.getByRole("link", { name: "Compare environments" }).click();
  const row = page.locator('[data-testid="compare-row"][data-feature="settings"]');
  await row.getByRole("button", { name: "Copy state…" }).click();
  const dialog = page.getByRole("dialog");
  const values = dialog.getByRole("table", { name: "Value differences" });
  await expect(values.locator('[data-changed="true"]')).toHaveText([/"colour": "grey"/, /"colour": "green"/]);
  await expectReadable(values);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // A restore's audit entry: the whole state before and after, readable, the value marked.
  await page.goto(`${featuresPath(s)}${feature.body.id}/?tab=history`);
  const versions = history.getByTestId("feature-version");
  await expect(versions).toHaveCount(2);
  await versions.nth(1).getByRole("button", { name: "Restore" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Restore" }).click();
  await expect(versions).toHaveCount(3);
  await page.goto(`/projects/${s.projectId}/environments/${s.envKey}/audit-log/`);
  const entry = page
    .getByRole("list", { name: "Audit log" })
    .getByRole("listitem")
    .filter({ hasText: "restored for flag: settings" });
  await entry.getByRole("button", { name: "Show changes" }).click();
  const changes = entry.getByRole("table", { name: "Changes" });
  await expect(changes.locator('[data-changed="true"]')).toHaveText([
    /"colour": "green"/,
    /"colour": "grey"/,
  ]);
  await expectReadable(changes);
});
