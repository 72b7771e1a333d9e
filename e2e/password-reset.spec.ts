/**
 * 'Glemt passord?': /login → /forgot-password → the mailed /auth/reset#token=… link → a new
 * password that signs in, while the old password and a second use of the link are
 * refused. And the new pages on a phone: no sideways scrolling, no serious axe violations.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "./support/a11y.ts";
import { currentSession, DEMO_PASSWORD, demo, envs, expect, fromOurPage, test } from "./support/fixtures.ts";
import { fragmentParams } from "./support/mailbox.ts";
import { repoRoot } from "./support/server.ts";

// Kari's password changes here; a server of its own keeps that from the other spec files.
test.use({ serverEnv: envs.isolated });

const screenshots = path.join(repoRoot, "test-results", "screenshots");
const invalidLink = "Lenken for nytt passord er ugyldig, allerede brukt eller utløpt. Be om en ny lenke.";

async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("button", { name: "Logg inn med passord" }).click();
  await page.getByLabel("E-post", { exact: true }).fill(email);
  await page.getByLabel("Passord", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Logg inn", exact: true }).click();
}

async function setNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel("Nytt passord", { exact: true }).fill(password);
  await page.getByLabel("Bekreft passord", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Lagre passord" }).click();
}

test("forgot password: the mailed link sets a new password; the old one and the used link are refused", async ({
  page,
  browser,
  baseURL,
  mailLink,
}) => {
  const newPassword = "nyttpassord7";
  await page.goto("/login");
  await page.getByRole("button", { name: "Logg inn med passord" }).click();
  await page.getByLabel("E-post", { exact: true }).fill(demo.kari.email);
  await page.getByRole("link", { name: "Glemt passord?" }).click();
  await expect(page).toHaveURL(/\/forgot-password\?email=kari%40demo\.no$/);
  await expect(page.getByRole("heading", { name: "Glemt passord" })).toBeVisible();
  await expect(page.getByLabel("E-post", { exact: true })).toHaveValue(demo.kari.email);

  const since = Date.now();
  await page.getByRole("button", { name: "Send lenke" }).click();
  await expect(page.getByRole("heading", { name: "E-post sendt!" })).toBeVisible();
  await expect(page.getByText(`Hvis ${demo.kari.email} har en konto`)).toBeVisible();

  const link = await mailLink(demo.kari.email, "/auth/reset", since);
  expect(new URL(link).search, "nothing in the query string").toBe("");
  expect(fragmentParams(link).get("token"), "the fragment holds the token").toBeTruthy();

  // A mail gateway fetching the link (a plain GET) gets the page; the token stays usable.
  expect((await page.request.get(link)).status()).toBe(200);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Nytt passord" })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/reset$/);
  await setNewPassword(page, newPassword);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Passordet er endret. Logg inn med det nye passordet.")).toBeVisible();

  await signInWithPassword(page, demo.kari.email, DEMO_PASSWORD);
  await expect(
    page.getByRole("alert").filter({ hasText: "Feil e-post eller passord." }).first(),
  ).toBeVisible();
  expect(await currentSession(page)).toBeNull();

  await signInWithPassword(page, demo.kari.email, newPassword);
  await expect(page).toHaveURL(/\/chat\/department$/);
  expect((await currentSession(page))?.user.email).toBe(demo.kari.email);

  // The same link once more, in a browser without Kari's cookie: refused, nothing changes.
  const other = await browser.newContext({ baseURL });
  try {
    const page2 = await other.newPage();
    await page2.goto(link);
    await setNewPassword(page2, "endaetpassord");
    await expect(page2.getByRole("alert").filter({ hasText: invalidLink })).toBeVisible();
    await expect(page2.getByRole("link", { name: "Be om en ny lenke" })).toBeVisible();
    const stillNew = await page2.request.post("/api/auth/sign-in", {
      data: { email: demo.kari.email, password: newPassword },
      headers: fromOurPage(),
    });
    expect(stillNew.ok(), "the used link did not change the password again").toBe(true);
  } finally {
    await other.close();
  }
});

test("the new pages fit a phone (375×812) and have no serious accessibility violations", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  mkdirSync(screenshots, { recursive: true });
  const shot = (name: string) => page.screenshot({ path: path.join(screenshots, `${name}-375x812.png`) });

  await page.goto("/login");
  await page.getByRole("button", { name: "Logg inn med passord" }).click();
  const forgot = page.getByRole("link", { name: "Glemt passord?" });
  expect((await forgot.boundingBox())?.height, "a 44 px touch target").toBeGreaterThanOrEqual(44);
  await expectNoSidewaysScroll(page);

  await page.goto("/forgot-password");
  await expect(page.getByRole("heading", { name: "Glemt passord" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await shot("forgot-password");

  await page.getByRole("button", { name: "Send lenke" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "E-post må fylles ut." })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByLabel("E-post", { exact: true }).fill(demo.ola.email);
  await page.getByRole("button", { name: "Send lenke" }).click();
  await expect(page.getByRole("heading", { name: "E-post sendt!" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await shot("forgot-password-sent");

  // The form shows for any token; only saving asks the server about it.
  await page.goto("/auth/reset#token=bare-for-visning");
  await expect(page.getByRole("heading", { name: "Nytt passord" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await shot("reset-password");

  await setNewPassword(page, "kort");
  await expect(page.getByRole("alert").filter({ hasText: "Passordet må være minst 6 tegn" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
});
