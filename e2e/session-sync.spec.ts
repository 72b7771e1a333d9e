/**
 * Every tab of a person follows their session: a department switched through the user
 * menu in one tab shows in the person's other tabs within seconds, without a reload
 * (the server's `session.changed` on the person's realtime topic). Sofie Berg is a
 * leader in Anestesi and staff in Akuttmottak; each test switches from whichever of the
 * two is current, so the tests need no particular order.
 */
import type { Page } from "@playwright/test";
import { demo, envs, expect, impersonate, test } from "./support/fixtures.ts";
import { following } from "./support/realtime.ts";

test.use({ serverEnv: envs.staging });

const departments = ["Anestesi", "Akuttmottak"] as const;
const otherThan = (name: string | null) => (name === departments[0] ? departments[1] : departments[0]);

/** The 'Din avdeling' panel's department name, inside `within` (the rail, the quick-actions drawer). */
const departmentIn = (page: Page, within: ReturnType<Page["getByRole"]>) =>
  within.locator("section", { has: page.getByRole("heading", { name: "Din avdeling" }) }).locator("p");

/** Marks the page so that a reload (which would lose the mark) can be told apart from a live update. */
async function markLoaded(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { loadedBeforeSwitch: true }));
}

const stillLoaded = (page: Page) => page.evaluate(() => "loadedBeforeSwitch" in window);

async function switchDepartment(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: "Brukermeny" }).click();
  await page.getByRole("menuitemradio", { name }).click();
  await expect(page.getByText(`Du jobber nå i ${name}.`).first()).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await impersonate(page, demo.secretary.email);
});

test("a department switched in one tab shows in the other within seconds, without a reload", async ({
  page,
  context,
}) => {
  const other = await context.newPage();
  const subscribed = following(other, "user");
  await page.goto("/chat/department");
  await other.goto("/chat/department");
  await subscribed;
  // Under 1600 px the 'Informasjon' rail starts closed.
  await other.getByRole("button", { name: "Vis informasjon" }).click();
  const shown = departmentIn(other, other.getByRole("complementary", { name: "Informasjon" }));
  await expect(shown).toHaveText(/^(Anestesi|Akuttmottak)$/);
  const target = otherThan(await shown.textContent());
  await markLoaded(other);

  await switchDepartment(page, target);

  await expect(shown).toHaveText(target, { timeout: 5_000 });
  // The role follows too: Sofie leads Anestesi and is staff in Akuttmottak.
  const admin = other.getByRole("navigation").getByRole("button", { name: "Administrasjon", exact: true });
  await expect(admin).toHaveCount(target === "Anestesi" ? 1 : 0);
  await other.getByRole("button", { name: "Brukermeny" }).click();
  await expect(other.getByRole("menuitemradio", { name: target })).toHaveAttribute("aria-checked", "true");
  expect(await stillLoaded(other), "the other tab was not reloaded").toBe(true);
});

test("at 375×812 the other tab's quick actions follow a switch", async ({ page, context }) => {
  const other = await context.newPage();
  await other.setViewportSize({ width: 375, height: 812 });
  const subscribed = following(other, "user");
  await page.goto("/chat/department");
  await other.goto("/chat/department");
  await subscribed;
  await other.getByRole("button", { name: "Hurtighandlinger" }).click();
  const shown = departmentIn(other, other.getByRole("dialog", { name: "Hurtighandlinger" }));
  await expect(shown).toHaveText(/^(Anestesi|Akuttmottak)$/);
  const target = otherThan(await shown.textContent());
  await markLoaded(other);

  await switchDepartment(page, target);

  await expect(shown).toHaveText(target, { timeout: 5_000 });
  expect(await stillLoaded(other), "the other tab was not reloaded").toBe(true);
});
