/**
 * A new user: register, confirm by the mailed link with the password chosen at
 * registration (which signs in), then the blocking 'Velg din avdeling' dialog makes them a
 * staff member of the chosen department (spec §2 Login and register, §5 Department
 * dialog, decisions "Who may join"). The link alone confirms nothing: a wrong password
 * leaves the registration unconfirmed and nobody signed in.
 */
import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "./support/a11y.ts";
import { currentSession, envs, expect, fromOurPage, test } from "./support/fixtures.ts";

test.use({ serverEnv: envs.noAutoSignIn });

const wrongPassword = "Feil passord. Skriv inn passordet du valgte da du registrerte deg.";

const isConfirmPost = (r: { url(): string; request(): { method(): string } }) =>
  new URL(r.url()).pathname === "/api/auth/confirm" && r.request().method() === "POST";

/** On the confirmation page the mailed link opened: send the password. */
async function confirmWith(page: Page, password: string): Promise<void> {
  await expect(page.getByRole("heading", { name: "Bekreft e-postadressen" })).toBeVisible();
  await page.getByLabel("Passord", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Bekreft e-post" }).click();
}

async function registerByApi(page: Page, fullName: string, email: string, password: string): Promise<void> {
  const res = await page.request.post("/api/auth/register", {
    data: { fullName, email, password, confirmPassword: password },
    headers: fromOurPage(),
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Choose an option in the department selector, whether it is a native <select> or a Radix Select. */
async function chooseDepartment(page: Page, dialog: Locator, name: string): Promise<void> {
  const select = dialog.getByRole("combobox").first();
  const tag = await select.evaluate((el) => el.tagName.toLowerCase());
  if (tag === "select") {
    await select.selectOption({ label: name });
  } else {
    await select.click();
    await page.getByRole("option", { name, exact: true }).click();
  }
}

test("register → confirm → 'Velg din avdeling' → staff member of Intensiv", async ({ page, mailLink }) => {
  const email = `nyansatt.${Date.now()}@example.no`;
  const since = Date.now();

  await page.goto("/register");
  await page.getByLabel("Fullt navn", { exact: true }).fill("Nils Nyansatt");
  await page.getByLabel("E-post", { exact: true }).fill(email);
  await page.getByLabel("Passord", { exact: true }).fill("hemmelig1");
  await page.getByLabel("Bekreft passord", { exact: true }).fill("hemmelig1");
  await page.getByRole("button", { name: /^Registrer/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await currentSession(page), "registration alone does not sign in").toBeNull();

  const link = await mailLink(email, "/auth/confirm", since);
  // A mail gateway fetching the link (a plain GET) must not confirm the account.
  expect((await page.context().request.fetch(link, { headers: { cookie: "" } })).status()).toBe(200);
  expect(await currentSession(page), "a plain GET of the link does not sign in").toBeNull();

  // Opening the page posts nothing: the link waits for the password.
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
  });
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Bekreft e-postadressen" })).toBeVisible();
  expect(new URL(page.url()).hash, "the token is gone from the address bar").toBe("");
  expect(posts).toEqual([]);
  expect(await currentSession(page)).toBeNull();
  await confirmWith(page, "hemmelig1");

  const dialog = page.getByRole("dialog", { name: "Velg din avdeling" });
  await expect(dialog).toBeVisible();
  const session = await currentSession(page);
  expect(session?.user.email).toBe(email);
  expect(session?.needsDepartment).toBe(true);
  expect(session?.memberships).toEqual([]);

  // The dialog blocks: Escape does not close it.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();

  const continueButton = dialog.getByRole("button", { name: "Fortsett" });
  await expect(continueButton).toBeDisabled();
  await expect(dialog.getByText("Velg avdeling...")).toBeVisible();

  await chooseDepartment(page, dialog, "Intensiv");
  await expect(continueButton).toBeEnabled();
  await continueButton.click();

  // The page reloads; the dialog is gone and the person is staff in Intensiv.
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await currentSession(page))?.needsDepartment).toBe(false);
  const after = await currentSession(page);
  expect(after?.memberships).toEqual([
    expect.objectContaining({ deptName: "Intensiv", role: "staff", isActive: true }),
  ]);
  expect(after?.role).toBe("staff");
  await expect(page).toHaveURL(/\/chat\/department$/);

  // After a reload the dialog stays away.
  await page.reload();
  await expect(page.getByRole("navigation").first()).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Velg din avdeling" })).toHaveCount(0);
});

test("the confirmation link signs in only once", async ({ page, browser, baseURL, mailLink }) => {
  const email = `engang.${Date.now()}@example.no`;
  const since = Date.now();
  await registerByApi(page, "Eva Engang", email, "hemmelig1");
  const link = await mailLink(email, "/auth/confirm", since);

  const confirmed = page.waitForResponse(isConfirmPost);
  await page.goto(link);
  await confirmWith(page, "hemmelig1");
  expect((await confirmed).ok()).toBe(true);
  await expect(page.getByRole("dialog", { name: "Velg din avdeling" })).toBeVisible();
  expect((await currentSession(page))?.user.email).toBe(email);

  const other = await browser.newContext({ baseURL });
  try {
    const page2 = await other.newPage();
    const answered = page2.waitForResponse(isConfirmPost);
    await page2.goto(link);
    await confirmWith(page2, "hemmelig1");
    // confirming again may answer 200 (the address is confirmed), but it must not sign in
    await answered;
    await expect(page2).toHaveURL(/\/(login|auth\/confirm)(\?.*)?$/);
    await expect(page2.getByRole("dialog", { name: "Velg din avdeling" })).toHaveCount(0);
    expect(await currentSession(page2)).toBeNull();
  } finally {
    await other.close();
  }
});

test("a wrong password shows the message in the form; the registration stays unconfirmed (on a phone)", async ({
  page,
  mailLink,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const email = `feilpassord.${Date.now()}@example.no`;
  const since = Date.now();
  await registerByApi(page, "Frida Feil", email, "hemmelig1");
  const link = await mailLink(email, "/auth/confirm", since);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Bekreft e-postadressen" })).toBeVisible();
  await expect(page.getByText("Har du ikke registrert deg selv?")).toBeVisible();
  await expect(page.getByRole("link", { name: "Logg inn med e-postlenke" })).toHaveAttribute(
    "href",
    "/login",
  );
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  const answered = page.waitForResponse(isConfirmPost);
  await confirmWith(page, "ikke-mitt-passord");
  expect((await answered).status()).toBe(401);
  const field = page.getByLabel("Passord", { exact: true });
  await expect(page.getByRole("alert").filter({ hasText: wrongPassword })).toBeVisible();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/auth\/confirm$/);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);

  // Not signed in, and still unconfirmed: signing in with the registration's own password is refused as such.
  expect(await currentSession(page)).toBeNull();
  const signIn = await page.request.post("/api/auth/sign-in", {
    data: { email, password: "hemmelig1" },
    headers: fromOurPage(),
  });
  expect(signIn.status(), await signIn.text()).toBe(403);
  expect((await signIn.json()).error.code).toBe("email_not_confirmed");
  expect(await currentSession(page)).toBeNull();

  // The link is not used up by a wrong guess: the registrant's password still confirms it.
  await field.fill("hemmelig1");
  await page.getByRole("button", { name: "Bekreft e-post" }).click();
  await expect(page.getByRole("dialog", { name: "Velg din avdeling" })).toBeVisible();
  expect((await currentSession(page))?.user.email).toBe(email);
});
