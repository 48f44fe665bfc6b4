// A segment change in a project that requires approvals: the segment editor's save becomes
// "Request change", which opens a project change request and its review page; the rules stay
// as they were until a second person approves and the author commits, then they are live.
// And a segment override in an environment that requires approvals: its switch opens a
// request for that override instead of the API's refusal.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { call, createFeature, createSegmentOverride, envPath, seed, signIn, unique } from "./support/api";
import { addMember, type Member } from "./support/members";

type Rule = { type: string; rules: Rule[]; conditions: { property: string; value: string }[] };

async function pageAs(browser: Browser, baseURL: string | undefined, member: Member): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await signIn(context, member);
  return context.newPage();
}

const valuesOf = (rules: Rule[]): string[] =>
  rules.flatMap((r) => [...r.conditions.map((c) => c.value), ...valuesOf(r.rules)]);

test("the segment editor requests a change; approved and committed, the new rules are live", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const s = await seed(context);
  const request = context.request;
  const created = await call<{ id: number }>(request, `/api/v1/projects/${s.projectId}/segments/`, {
    token: s.token,
    body: {
      name: "paying",
      project: s.projectId,
      rules: [
        {
          type: "ALL",
          rules: [
            { type: "ANY", rules: [], conditions: [{ property: "plan", operator: "EQUAL", value: "pro" }] },
          ],
          conditions: [],
        },
      ],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const segmentPath = `/api/v1/projects/${s.projectId}/segments/${created.body.id}/`;
  const protect = await call(request, `/api/v1/projects/${s.projectId}/`, {
    token: s.token,
    method: "PUT",
    body: { minimum_change_request_approvals: 1 },
  });
  expect(protect.status, JSON.stringify(protect.body)).toBe(200);
  const approver = await addMember(request, s.organisationId, "ADMIN");

  // The author edits the rules; saving has become a request.
  await page.goto(envPath(s, `segments/${created.body.id}`));
  await expect(page.getByTestId("review-note")).toContainText("need 1 approval");
  const value = page.getByRole("group", { name: "Group 1, condition 1" }).getByLabel("Value");
  await expect(value).toHaveValue("pro");
  await value.fill("premium");
  await page.getByRole("button", { name: "Request change" }).click();
  const dialog = page.getByRole("dialog", { name: "Request change" });
  const title = unique("Paying means premium");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel(approver.email).check();
  await dialog.getByRole("button", { name: "Request change" }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const reviewUrl = page.url();
  expect(reviewUrl).toContain(`/projects/${s.projectId}/change-requests/`);
  // Nothing is live yet.
  const before = await call<{ rules: Rule[] }>(request, segmentPath, { token: s.token });
  expect(valuesOf(before.body.rules)).toEqual(["pro"]);

  // A second person approves.
  const approverPage = await pageAs(browser, baseURL, approver);
  await approverPage.goto(reviewUrl);
  const approve = approverPage.getByRole("button", { name: "Approve" });
  await approve.click();
  await expect(approve).toHaveAccessibleDescription("You approved this request.");

  // The author commits; the new rules are the segment's.
  await page.reload();
  const commit = page.getByRole("button", { name: "Commit" });
  await expect(commit).toBeEnabled();
  await commit.click();
  await expect(page.getByText("Committed", { exact: true }).first()).toBeVisible();
  const after = await call<{ rules: Rule[] }>(request, segmentPath, { token: s.token });
  expect(valuesOf(after.body.rules)).toEqual(["premium"]);
});

test("a segment override in an environment that requires approvals is requested, not written", async ({
  page,
  context,
}) => {
  const s = await seed(context);
  const request = context.request;
  const feature = await createFeature(request, s, { name: unique("banner") });
  const { featureSegmentId } = await createSegmentOverride(request, s, {
    featureId: feature.id,
    segmentName: "beta",
    condition: { property: "plan", operator: "EQUAL", value: "beta" },
    value: "blue",
  });
  const protect = await call(request, `/api/v1/environments/${s.envKey}/`, {
    token: s.token,
    method: "PATCH",
    body: { minimum_change_request_approvals: 1 },
  });
  expect(protect.status, JSON.stringify(protect.body)).toBe(200);

  await page.goto(`${envPath(s, `features/${feature.id}`)}?tab=segments`);
  await expect(page.getByTestId("overrides-review-note")).toContainText("requires approval");
  await expect(page.getByRole("button", { name: "Add segment override" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Remove beta override" })).toBeDisabled();
  await page.getByRole("switch", { name: "beta override" }).click();
  const dialog = page.getByRole("dialog", { name: "Request change" });
  await expect(dialog).toContainText("for the segment beta");
  await expect(dialog.getByLabel("Enabled")).not.toBeChecked();
  const title = unique("Beta off");
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Request change" }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  const id = Number(/change-requests\/(\d+)\//.exec(page.url())?.[1]);
  const cr = await call<{ feature_states: { feature_segment: number | null; enabled: boolean }[] }>(
    request,
    `/api/v1/features/workflows/change-requests/${id}/`,
    { token: s.token },
  );
  expect(cr.body.feature_states).toMatchObject([{ feature_segment: featureSegmentId, enabled: false }]);
  // The override itself is unchanged until the request is committed.
  await page.goto(`${envPath(s, `features/${feature.id}`)}?tab=segments`);
  await expect(page.getByRole("switch", { name: "beta override" })).toBeChecked();
});
