import { expect, test } from "@playwright/test";
import { call, signUp, unique } from "./support/api";

test.describe("sign up and sign in", () => {
  test("protected pages send a visitor to the sign-in page", async ({ page }) => {
    await page.goto("/organisations/");
    await expect(page).toHaveURL(/\/login\/?\?callbackUrl=/);
    await expect(page.getByRole("heading", { name: "Sign in to Ensign" })).toBeVisible();
  });

  test("sign up through the form lands on the organisations page", async ({ page }) => {
    const email = `${unique("signup")}@example.com`;
    await page.goto("/signup/");
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: /Create (the first )?account/ }).click();
    // The API's own message, shown beside the field it is about.
    await expect(page.getByText(/at least 8 characters/)).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Password").fill("a-long-enough-password");
    await page.getByRole("button", { name: /Create (the first )?account/ }).click();
    await expect(page.getByRole("heading", { name: "Organisations" })).toBeVisible();
    await expect(page.getByText("Create your first organisation")).toBeVisible();

    const me = await page.request.get("/api/v1/auth/users/me/");
    expect(me.status()).toBe(200);
    expect((await me.json()).email).toBe(email);
  });

  test("sign in through the form, wrong password first, then sign out", async ({ page, baseURL }) => {
    const account = await signUp(page.request);
    await page.goto("/login/");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Email or password is incorrect." }),
    ).toBeVisible();

    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Organisations" })).toBeVisible();

    const cookies = await page.context().cookies();
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    // The server runs without NEXTAUTH_URL (playwright.config.ts): the sign-in page of this
    // server, not next-auth's default http://localhost:3000.
    await expect(page).toHaveURL(`${baseURL}/login/`);
    await expect(page.getByRole("heading", { name: "Sign in to Ensign" })).toBeVisible();
    const me = await call(page.request, "/api/v1/auth/users/me/");
    expect(me.status).toBe(401);
    // A copy of the old cookie no longer works either: the session ended on the server.
    await page.context().addCookies(cookies);
    expect((await call(page.request, "/api/v1/auth/users/me/")).status).toBe(401);
  });

  test("the session cookie authenticates the API, a wrong token never falls back to it", async ({ page }) => {
    const account = await signUp(page.request);
    await page.goto("/login/");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Organisations" })).toBeVisible();

    expect((await call(page.request, "/api/v1/auth/users/me/")).status).toBe(200);
    const wrong = await call(page.request, "/api/v1/auth/users/me/", { token: "0".repeat(40) });
    expect(wrong).toEqual({ status: 401, body: { detail: "Invalid token." } });
  });

  for (const callbackUrl of ["/%5Cexample.com", "/%09/example.com"]) {
    test(`a crafted callbackUrl (${callbackUrl}) stays on this site after sign-in`, async ({
      page,
      baseURL,
    }) => {
      const account = await signUp(page.request);
      await page.goto(`/login/?callbackUrl=${callbackUrl}`);
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password").fill(account.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("heading", { name: "Organisations" })).toBeVisible();
      expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    });
  }

  test("a safe callbackUrl is followed after sign-in", async ({ page }) => {
    const account = await signUp(page.request);
    await page.goto(`/login/?callbackUrl=${encodeURIComponent("/account/")}`);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
    await expect(page).toHaveURL(/\/account\/$/);
  });
});
