/**
 * Single sign-on (issue 30), with the hospital's identity provider played by
 * `oidc-provider`, a certified OpenID Provider, on a local port: 'Logg inn med HelseID'
 * → the provider's login page → back in the app as Kari, on the page she asked for. On
 * a phone. Then an installation with OIDC_ONLY=1: the password and e-mail link forms
 * are gone, the admins' break-glass link stays apart.
 */
import { startTestProvider, type TestProvider } from "../server/test/oidc-provider.ts";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "./support/a11y.ts";
import { test as base, currentSession, demo, envs, expect } from "./support/fixtures.ts";
import { screenPath } from "./support/screens.ts";
import { freePort, type RunningServer, startServer } from "./support/server.ts";

const phone = { width: 375, height: 812 };

/** The provider, and an app server that knows it (the provider needs the app's address first). */
async function withProvider(only: boolean): Promise<{ op: TestProvider; server: RunningServer }> {
  const port = await freePort();
  const op = await startTestProvider({ redirectUri: `http://localhost:${port}/api/auth/oidc/callback` });
  op.accounts.set("kari", { email: demo.kari.email, email_verified: true, name: demo.kari.name });
  const server = await startServer({
    ...envs.noAutoSignIn,
    PORT: String(port),
    OIDC_ISSUER: op.issuer,
    OIDC_CLIENT_ID: op.clientId,
    OIDC_CLIENT_SECRET: op.clientSecret,
    OIDC_DISPLAY_NAME: "Logg inn med HelseID",
    ...(only ? { OIDC_ONLY: "1" } : {}),
  });
  return { op, server };
}

const test = base.extend<object, { sso: { op: TestProvider; server: RunningServer } }>({
  sso: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const sso = await withProvider(false);
      await use(sso);
      await sso.server.stop();
      await sso.op.close();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  server: async ({ sso }, use) => use(sso.server),
});

test.use({ viewport: phone });

test("'Logg inn med HelseID' → the provider's login → back as Kari, where she was going", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto("/shifts/open");
  await expect(page).toHaveURL(/\/login\?next=%2Fshifts%2Fopen/);
  const button = page.getByRole("link", { name: "Logg inn med HelseID" });
  await expect(button).toBeVisible();
  await expect(page.getByLabel("E-post")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: screenPath("sso-login-375x812") });

  await button.click();
  // The provider's own page: any login name is that account there.
  await page.locator('input[name="login"]').fill("kari");
  await page.locator('input[name="password"]').fill("hva-som-helst");
  await page.getByRole("button", { name: "Sign-in" }).click();

  await expect(page).toHaveURL(/\/shifts\/open$/);
  expect((await currentSession(page))?.user.email).toBe(demo.kari.email);
  await page.screenshot({ path: screenPath("sso-signed-in-375x812") });
});

test("with OIDC_ONLY=1 the password and e-mail link forms are gone; break-glass stays apart", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const only = await withProvider(true);
  try {
    await page.goto(`${only.server.url}/login`);
    await expect(page.getByRole("link", { name: "Logg inn med HelseID" })).toBeVisible();
    await expect(page.getByLabel("E-post")).toHaveCount(0);
    await expect(page.getByLabel("Passord")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Logg inn med passord" })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: screenPath("sso-only-375x812") });

    await page.getByRole("link", { name: "Nødtilgang for administratorer" }).click();
    await expect(page.getByRole("heading", { name: "Nødtilgang" })).toBeVisible();
    await expect(page.getByLabel("E-post")).toBeVisible();
    await expect(page.getByRole("button", { name: "Logg inn med passord" })).toHaveCount(0);
  } finally {
    await only.server.stop();
    await only.op.close();
  }
});
