// Single sign-on against a real OpenID Connect provider (oidc-provider, started here with its
// development login and consent pages), through a second Ensign configured for it.
import type { Server } from "node:http";
import { expect, test, type Page } from "@playwright/test";
import { freePort, startSecondEnsign } from "./support/second-server";

let ensign: Awaited<ReturnType<typeof startSecondEnsign>>;
let issuerServer: Server;
let organisationId: number;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const [ensignPort, issuerPort] = [await freePort(), await freePort()];
  const issuer = `http://127.0.0.1:${issuerPort}`;
  const { default: Provider } = await import("oidc-provider");
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: "ensign",
        client_secret: "ensign-client-secret",
        redirect_uris: [`http://127.0.0.1:${ensignPort}/api/auth/callback/oidc`],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The development login page takes any login: here it is the email, and a login that
    // starts with "unverified" gets an email the provider has not verified.
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: id,
          email_verified: !id.startsWith("unverified"),
          name: "Sam Sso",
        }),
      };
    },
    cookies: { keys: ["e2e-oidc-cookie-key"] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Grant: 600,
      Session: 600,
      Interaction: 600,
    },
    features: { devInteractions: { enabled: true } },
  });
  issuerServer = provider.listen(issuerPort);
  ensign = await startSecondEnsign(ensignPort, {
    ENSIGN_OIDC_ISSUER: issuer,
    ENSIGN_OIDC_CLIENT_ID: "ensign",
    ENSIGN_OIDC_CLIENT_SECRET: "ensign-client-secret",
    ENSIGN_OIDC_NAME: "Test IdP",
    ENSIGN_OIDC_ALLOWED_DOMAINS: "allowed.test",
    ENSIGN_OIDC_DEFAULT_ORGANISATION: "1",
  });
  // The first account and the organisation new people join.
  const signUp = await fetch(`${ensign.url}/api/v1/auth/users/`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "alice@example.com", password: "correct-horse-9" }),
  });
  const { key } = (await signUp.json()) as { key: string };
  const org = await fetch(`${ensign.url}/api/v1/organisations/`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Token ${key}` },
    body: JSON.stringify({ name: "Acme" }),
  });
  organisationId = ((await org.json()) as { id: number }).id;
});

test.afterAll(async () => {
  await ensign?.stop();
  await new Promise((resolve) => issuerServer?.close(resolve));
});

/** From Ensign's sign-in page through the provider's login and consent pages. */
async function signInWithProvider(page: Page, login: string) {
  await page.goto(`${ensign.url}/login/`);
  await page.getByRole("button", { name: "Sign in with Test IdP" }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: /sign-in/i }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test("an account with the same verified email signs in through the provider", async ({ page }) => {
  await signInWithProvider(page, "alice@example.com");
  await expect(page).toHaveURL(new RegExp(`^${ensign.url}/(organisations|projects)/`));
  await expect(page.getByRole("heading", { name: "Acme" })).toBeVisible();
  // The same dashboard session as a password sign-in: the API takes its cookie.
  const me = await page.request.get(`${ensign.url}/api/v1/auth/users/me/`);
  expect(me.status()).toBe(200);
  expect((await me.json()).email).toBe("alice@example.com");
});

test("a new person from an allowed domain gets an account in the default organisation", async ({ page }) => {
  expect(organisationId).toBe(1);
  await signInWithProvider(page, "bob@allowed.test");
  await expect(page).not.toHaveURL(/\/login\//);
  const me = await page.request.get(`${ensign.url}/api/v1/auth/users/me/`);
  expect(await me.json()).toMatchObject({ email: "bob@allowed.test", first_name: "Sam", last_name: "Sso" });
  const orgs = await page.request.get(`${ensign.url}/api/v1/organisations/`);
  expect((await orgs.json()).results).toEqual([
    expect.objectContaining({ id: organisationId, role: "USER" }),
  ]);
});

test("anyone else from another domain is refused with a clear message", async ({ page }) => {
  await signInWithProvider(page, "eve@elsewhere.test");
  await expect(page).toHaveURL(/\/login\/\?error=SsoNoAccount/);
  await expect(page.getByText("There is no Ensign account for this email.")).toBeVisible();
  expect((await page.request.get(`${ensign.url}/api/v1/auth/users/me/`)).status()).toBe(401);
});

test("an email the provider has not verified is refused", async ({ page }) => {
  await signInWithProvider(page, "unverified@allowed.test");
  await expect(page).toHaveURL(/\/login\/\?error=SsoEmailUnverified/);
  await expect(page.getByText("did not confirm your email address")).toBeVisible();
});
