/**
 * Fairness is visible (issue: extra shifts): Lars creates and publishes shift A; Kari and
 * Ola, each in a browser of their own, register interest; Lars assigns it, and the winner
 * finds the notification in the bell and the outcome dialog behind it. Then Lars
 * publishes shift B a day later (16 hours of rest after A, enough for both); both register
 * again, and the one who did not get A gets B.
 *
 * The demo data gives Kari and Ola one extra shift each in the last 90 days, so A is a
 * draw between equals and B is decided by A. The shifts lie three weeks ahead, clear of
 * the demo's own shifts, on a date no other spec uses.
 */
import type { Browser, Page } from "@playwright/test";
import { formatNorwegianDate } from "../common/domain/norwegian-date.ts";
import { osloDate } from "../common/domain/oslo-time.ts";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "./support/a11y.ts";
import { demo, envs, expect, impersonate, test } from "./support/fixtures.ts";

// A server of its own: other specs assign shifts to Kari and Ola, and fairness counts them.
test.use({ serverEnv: envs.fairness });

const dayMs = 86_400_000;
const dayAhead = (days: number) => osloDate(new Date(Date.now() + days * dayMs));
/** `tir. 24.11` as the cards write the day */
const cardDay = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}`;

async function openAs(browser: Browser, baseURL: string | undefined, email: string, path: string) {
  const context = await browser.newContext({ baseURL, locale: "nb-NO", timezoneId: "Europe/Oslo" });
  const page = await context.newPage();
  await impersonate(page, email);
  await page.goto(path);
  return page;
}

/** The card of the shift on `date` from 07:00 to 15:00. */
const card = (page: Page, date: string) =>
  page.getByRole("article").filter({ hasText: `${cardDay(date)} · 07:00–15:00` });

/** Lars creates a 07–15 'Ekstravakt anestesi' on `date` and publishes it at once. */
async function createAndPublish(lars: Page, date: string) {
  await lars.getByRole("button", { name: "Ny ekstravakt" }).first().click();
  const dialog = lars.getByRole("dialog", { name: "Ny ekstravakt" });
  await dialog.getByLabel("Dato").fill(formatNorwegianDate(date));
  await dialog.getByLabel("Fra").fill("07:00");
  await dialog.getByLabel("Til").fill("15:00");
  await dialog.getByLabel("Type vakt").selectOption("Ekstravakt anestesi");
  await dialog.getByLabel("Sted").selectOption("Operasjon 3");
  await dialog.getByRole("button", { name: "Lagre som utkast" }).click();
  await expect(lars.getByText("Ekstravakt opprettet").first()).toBeVisible();
  await lars.getByRole("button", { name: "Publiser nå" }).click();
  await expect(lars.getByText("Ekstravakt publisert").first()).toBeVisible();
}

/** Registers interest on the card of `date` among the open shifts. */
async function registerInterest(page: Page, date: string) {
  await page.goto("/shifts/open");
  await card(page, date).getByRole("button", { name: "Jeg er interessert" }).click();
  await expect(page.getByText("Din interesse er registrert for ekstravakten").first()).toBeVisible();
  await expect(card(page, date).getByRole("button", { name: "Trekk interesse" })).toBeVisible();
}

/** Lars presses 'Tildel automatisk' once both are interested; returns the winner's name. */
async function assign(lars: Page, date: string): Promise<string> {
  const shift = card(lars, date);
  // Both interests reach Lars's open page live.
  await expect(shift).toContainText("2 interesserte");
  await shift.getByRole("button", { name: "Tildel automatisk" }).click();
  // It asks first: both are interested and may be given it.
  const asks = lars.getByRole("dialog", { name: "Tildele vakten automatisk?" });
  await expect(asks).toContainText("2 interesserte, 2 kan tildeles");
  await asks.getByRole("button", { name: "Tildel", exact: true }).click();
  const toast = lars.getByText(/^Tildelt til .+\. Varsler sendt\.$/).first();
  await expect(toast).toBeVisible();
  const winner = /^Tildelt til (.+)\. Varsler sendt\.$/.exec((await toast.textContent()) ?? "")?.[1];
  expect([demo.kari.name, demo.ola.name]).toContain(winner);
  const outcome = lars.getByRole("dialog", { name: "Tildeling fullført" });
  await expect(outcome).toBeVisible();
  await expect(outcome).toContainText(winner!);
  await outcome.getByRole("button", { name: "Lukk" }).last().click();
  return winner!;
}

test("the one who did not get shift A gets shift B; the winner sees the bell and the outcome", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const dateA = dayAhead(20);
  const dateB = dayAhead(21);
  const lars = await openAs(browser, baseURL, demo.leader.email, "/shifts/open");
  const kari = await openAs(browser, baseURL, demo.kari.email, "/shifts/open");
  const ola = await openAs(browser, baseURL, demo.ola.email, "/shifts/open");
  const people: Record<string, Page> = { [demo.kari.name]: kari, [demo.ola.name]: ola };

  await createAndPublish(lars, dateA);
  await registerInterest(kari, dateA);
  await registerInterest(ola, dateA);
  const winnerA = await assign(lars, dateA);
  const loserA = winnerA === demo.kari.name ? demo.ola.name : demo.kari.name;

  // The winner's bell: the assignment notification opens the outcome dialog.
  const winnerPage = people[winnerA]!;
  const bell = winnerPage.getByRole("button", { name: /^Varsler(,|$)/ });
  await expect(bell).toHaveAccessibleName(/ulest/);
  await bell.click();
  await winnerPage
    .getByRole("listitem", { name: "Du fikk vakten" })
    .first()
    .getByRole("button", { name: "Se tildeling" })
    .click();
  const outcome = winnerPage.getByRole("dialog", { name: "Tildelingsresultat" });
  await expect(outcome).toBeVisible();
  await expect(outcome).toContainText("Du er nr. 1 av 2");
  await outcome.getByRole("button", { name: "Hvordan fungerer tildelingen?" }).click();
  await expect(outcome).toContainText("færrest ekstravakter de siste 90 dagene");
  await outcome.getByRole("button", { name: "Se full audit" }).click();
  await expect(outcome.getByRole("table")).toContainText(loserA);
  await expectNoSeriousViolations(winnerPage);
  await winnerPage.screenshot({ path: "test-results/screenshots/shift-outcome-1440x900.png" });
  await outcome.getByRole("button", { name: "Lukk" }).last().click();
  await expect(winnerPage).not.toHaveURL(/outcome=/);

  await lars.reload();
  await createAndPublish(lars, dateB);
  await registerInterest(kari, dateB);
  await registerInterest(ola, dateB);
  expect(await assign(lars, dateB)).toBe(loserA);

  // The loser of A now holds B under 'Mine tildelte'.
  const loserPage = people[loserA]!;
  await loserPage.goto("/shifts/assigned");
  await expect(card(loserPage, dateB)).toBeVisible();
  await expect(card(loserPage, dateA)).toHaveCount(0);

  for (const page of [lars, kari, ola]) await page.context().close();
});

test("at 375×812 the open shifts fit the phone and interest is one tap", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    locale: "nb-NO",
    timezoneId: "Europe/Oslo",
  });
  const page = await context.newPage();
  await impersonate(page, demo.secretary.email);
  await page.goto("/shifts/open");
  const first = page.getByRole("article").first();
  await expect(first).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: "test-results/screenshots/shifts-open-375x812.png", fullPage: false });
  await context.close();
});

test("the admin page shows the counters and the fairness picture", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await impersonate(page, demo.leader.email);
  await page.goto("/shifts/admin");
  await expect(page.getByRole("heading", { name: "Administrere Ekstravakter" })).toBeVisible();
  await expect(page.getByText("Åpne vakter", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Interesserte", { exact: true }).first()).toBeVisible();
  // Every member of the department is in the picture, with their count written out.
  const chart = page.getByRole("table").filter({ hasText: demo.kari.name });
  await expect(chart).toContainText(demo.ola.name);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: "test-results/screenshots/shifts-admin-1440x900.png", fullPage: true });
});
