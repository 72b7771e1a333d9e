/**
 * Registration screen (spec §2 Login and register, §5 Registration, §8 Register).
 */
import type { Page } from "@playwright/test";
import { currentSession, envs, expect, test } from "./support/fixtures.ts";
import { fragmentParams } from "./support/mailbox.ts";

test.use({ serverEnv: envs.noAutoSignIn });

interface Fields {
  fullName?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
}

async function fillRegister(page: Page, f: Fields): Promise<void> {
  await page.getByLabel("Fullt navn", { exact: true }).fill(f.fullName ?? "");
  await page.getByLabel("E-post", { exact: true }).fill(f.email ?? "");
  await page.getByLabel("Passord", { exact: true }).fill(f.password ?? "");
  await page.getByLabel("Bekreft passord", { exact: true }).fill(f.confirmPassword ?? "");
}

const submit = (page: Page) => page.getByRole("button", { name: /^Registrer/ }).click();

test.beforeEach(async ({ page }) => {
  await page.goto("/register");
  await expect(page).toHaveURL(/\/register$/);
});

test("the register page links back to login", async ({ page }) => {
  await page
    .getByRole("link", { name: /logg inn/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
});

test("empty fields: 'Alle felt må fylles ut'", async ({ page }) => {
  await submit(page);
  await expect(page.getByRole("alert").filter({ hasText: "Alle felt må fylles ut" })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  // one field still empty is still refused
  await fillRegister(page, { fullName: "Test Testesen", email: "test@example.no", password: "hemmelig1" });
  await submit(page);
  await expect(page.getByRole("alert").filter({ hasText: "Alle felt må fylles ut" })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test("different passwords: 'Passordene må være like'", async ({ page }) => {
  await fillRegister(page, {
    fullName: "Test Testesen",
    email: "ulike@example.no",
    password: "hemmelig1",
    confirmPassword: "hemmelig2",
  });
  await submit(page);
  await expect(page.getByRole("alert").filter({ hasText: "Passordene må være like" })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test("a 5-character password: 'Passordet må være minst 6 tegn'", async ({ page }) => {
  await fillRegister(page, {
    fullName: "Test Testesen",
    email: "kort@example.no",
    password: "abcde",
    confirmPassword: "abcde",
  });
  await submit(page);
  await expect(page.getByRole("alert").filter({ hasText: "Passordet må være minst 6 tegn" })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test("the password field has a show/hide toggle", async ({ page }) => {
  const password = page.getByLabel("Passord", { exact: true });
  await password.fill("hemmelig1");
  await expect(password).toHaveAttribute("type", "password");
  await page
    .getByRole("button", { name: /vis passord/i })
    .first()
    .click();
  await expect(password).toHaveAttribute("type", "text");
});

test("a valid registration shows the success text, goes to /login and is confirmed with its password", async ({
  page,
  mailLink,
}) => {
  const email = `ny.bruker.${Date.now()}@example.no`;
  const since = Date.now();
  await fillRegister(page, {
    fullName: "Nora Ny",
    email,
    password: "hemmelig1",
    confirmPassword: "hemmelig1",
  });
  await submit(page);
  await expect(
    page.getByText("Registrering vellykket! Sjekk e-posten din for bekreftelseslenke").first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // and a confirmation mail went out
  const link = await mailLink(email, "/auth/confirm", since);
  expect(fragmentParams(link).get("token")).toBeTruthy();
  expect(new URL(link).search, "the token is not in the query string").toBe("");

  // The link asks for the password chosen above; with it the person is signed in.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Bekreft e-postadressen" })).toBeVisible();
  await page.getByLabel("Passord", { exact: true }).fill("hemmelig1");
  await page.getByRole("button", { name: "Bekreft e-post" }).click();
  await expect(page.getByRole("dialog", { name: "Velg din avdeling" })).toBeVisible();
  expect((await currentSession(page))?.user.email).toBe(email);
});

test("registering an address that exists says so", async ({ page }) => {
  await fillRegister(page, {
    fullName: "Kari Igjen",
    email: "kari@demo.no",
    password: "hemmelig1",
    confirmPassword: "hemmelig1",
  });
  await submit(page);
  await expect(
    page.getByText("E-posten er allerede registrert. Prøv å logge inn i stedet.").first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});
