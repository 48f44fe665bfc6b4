// Issue 28 item 1's dashboard page: import from Flagsmith through "Import from Flagsmith", with
// a second Ensign as the source (it speaks the same Admin API), then verify against it. The
// e2e server allows a loopback source (ENSIGN_IMPORT_ALLOW_LOOPBACK in playwright.config.ts).
import { axe } from "./support/axe";
import { expect, test } from "@playwright/test";
import { call, seed, unique } from "./support/api";
import { freePort, startSecondEnsign } from "./support/second-server";
import { expectFitsViewport, PHONE } from "./support/viewport";

let source: Awaited<ReturnType<typeof startSecondEnsign>>;
let sourceKey: string;
let removeAtSource: () => Promise<void>;
const featureName = `imported_${Date.now().toString(36)}`;

async function post<T>(path: string, body: unknown, auth?: string): Promise<T> {
  const res = await fetch(`${source.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(auth ? { Authorization: auth } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  expect(res.status, JSON.stringify(json)).toBeLessThan(300);
  return json;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  source = await startSecondEnsign(await freePort(), {});
  const { key } = await post<{ key: string }>("/api/v1/auth/users/", {
    email: `${unique("source")}@example.com`,
    password: "correct-horse-9",
  });
  const token = `Token ${key}`;
  const org = await post<{ id: number }>("/api/v1/organisations/", { name: "Source org" }, token);
  const project = await post<{ id: number }>(
    "/api/v1/projects/",
    { name: "Source project", organisation: org.id },
    token,
  );
  await post("/api/v1/environments/", { name: "Production", project: project.id }, token);
  await post(
    `/api/v1/projects/${project.id}/features/`,
    { name: featureName, default_enabled: true, initial_value: "blue" },
    token,
  );
  const leaving = await post<{ id: number }>(
    `/api/v1/projects/${project.id}/features/`,
    { name: `${featureName}_leaving` },
    token,
  );
  removeAtSource = async () => {
    const res = await fetch(`${source.url}/api/v1/projects/${project.id}/features/${leaving.id}/`, {
      method: "DELETE",
      headers: { Authorization: token },
    });
    expect(res.status).toBe(204);
  };
  const apiKey = await post<{ key: string }>(
    `/api/v1/organisations/${org.id}/master-api-keys/`,
    { name: "import", is_admin: true },
    token,
  );
  sourceKey = apiKey.key;
});

test.afterAll(async () => {
  await source?.stop();
});

test("import from a Flagsmith source through the page, see the report, verify finds no differences", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const s = await seed(context);
  await page.goto(`/organisations/${s.organisationId}/`);
  await page
    .getByRole("navigation", { name: "Organisation sections" })
    .getByRole("link", { name: "Import from Flagsmith" })
    .click();
  await expect(page.getByRole("heading", { name: "Import from Flagsmith", level: 1 })).toBeVisible();
  await expect(page.getByText("No import has run yet.")).toBeVisible();

  // A wrong key is refused at once, next to its field.
  await page.getByLabel("Source URL").fill(source.url);
  await page.getByLabel("Organisation API key").fill("not-a-key");
  await page.getByRole("button", { name: "Start import" }).click();
  await expect(page.getByLabel("Organisation API key")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Organisation API key").fill(sourceKey);
  await page.getByLabel("Identities", { exact: true }).selectOption("core");
  await page.getByRole("button", { name: "Start import" }).click();

  const progress = page.getByRole("progressbar", { name: "Import progress" });
  await expect(progress).toBeVisible();
  await expect(page.getByText("Done", { exact: true })).toBeVisible({ timeout: 90_000 });
  const total = await progress.getAttribute("aria-valuemax");
  expect(Number(total)).toBeGreaterThan(0);
  await expect(progress).toHaveAttribute("aria-valuenow", total!);
  await expect(page.getByText(`${total} of ${total} steps done`)).toBeVisible();
  const copied = page.getByRole("list", { name: "Copied" });
  await expect(copied).toContainText(/project.*: 1/i);
  await expect(copied).toContainText(/feature.*: 2/i);

  // The feature is in Ensign now, as at the source.
  const projects = await call<{ id: number; name: string }[]>(
    page.request,
    `/api/v1/projects/?organisation=${s.organisationId}`,
    { token: s.token },
  );
  const imported = projects.body.find((p) => p.name === "Source project");
  expect(imported).toBeTruthy();
  const features = await call<{ results: { name: string }[] }>(
    page.request,
    `/api/v1/projects/${imported!.id}/features/`,
    { token: s.token },
  );
  expect(features.body.results.map((f) => f.name)).toContain(featureName);

  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("No differences.")).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/Compared 1 environments/)).toBeVisible();

  // A feature deleted at the source: listed and kept by a plain re-run, deleted when asked.
  await removeAtSource();
  const gone = page.getByRole("list", { name: "Gone from the source" });
  await page.getByRole("button", { name: "Start import" }).click();
  await expect(gone).toContainText(`feature ${featureName}_leaving: kept`, { timeout: 90_000 });
  await page.getByLabel("Delete what the source no longer has").check();
  await page.getByRole("button", { name: "Start import" }).click();
  await expect(gone).toContainText(`feature ${featureName}_leaving: deleted`, { timeout: 90_000 });
  const after = await call<{ results: { name: string }[] }>(
    page.request,
    `/api/v1/projects/${imported!.id}/features/`,
    { token: s.token },
  );
  expect(after.body.results.map((f) => f.name)).toEqual([featureName]);

  // Accessible once loaded, and usable on a phone.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const results = await axe(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.setViewportSize(PHONE);
  await expect(page.getByRole("heading", { name: "Import from Flagsmith", level: 1 })).toBeVisible();
  await expectFitsViewport(page, "Import from Flagsmith");
  const phone = await axe(page).analyze();
  expect(phone.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
