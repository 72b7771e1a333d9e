/**
 * A new user: register, confirm by the mailed link (which signs in), then the blocking
 * 'Velg din avdeling' dialog makes them a staff member of the chosen department
 * (spec §2 Login and register, §5 Department dialog, decisions "Who may join").
 */
import type { Locator, Page } from "@playwright/test";
import { currentSession, envs, expect, test } from "./support/fixtures.ts";

test.use({ serverEnv: envs.noAutoSignIn });

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
  await page.goto(link);

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
  const res = await page.request.post("/api/auth/register", {
    data: { fullName: "Eva Engang", email, password: "hemmelig1", confirmPassword: "hemmelig1" },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const link = await mailLink(email, "/auth/confirm", since);

  const confirmed = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/auth/confirm" && r.request().method() === "POST",
  );
  await page.goto(link);
  expect((await confirmed).ok()).toBe(true);
  await expect(page.getByRole("dialog", { name: "Velg din avdeling" })).toBeVisible();
  expect((await currentSession(page))?.user.email).toBe(email);

  const other = await browser.newContext({ baseURL });
  try {
    const page2 = await other.newPage();
    const answered = page2.waitForResponse(
      (r) => new URL(r.url()).pathname === "/api/auth/confirm" && r.request().method() === "POST",
    );
    await page2.goto(link);
    // confirming again may answer 200 (the address is confirmed), but it must not sign in
    await answered;
    await expect(page2).toHaveURL(/\/(login|auth\/confirm)(\?.*)?$/);
    await expect(page2.getByRole("dialog", { name: "Velg din avdeling" })).toHaveCount(0);
    expect(await currentSession(page2)).toBeNull();
  } finally {
    await other.close();
  }
});
