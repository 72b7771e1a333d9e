/**
 * A notice follows what it points to (issue: stale actions in the bell). Lars publishes
 * an extra shift; Kari's bell offers 'Jeg er interessert' on it. Ola registers interest;
 * Lars presses 'Tildel automatisk', which first shows who is interested, who may be
 * given it and the rule, and assigns only on 'Tildel'. Kari, her bell still open, then
 * sees the notice say 'Tildelt', with no 'Jeg er interessert', without a reload; the
 * shift is named as on its card. On a desktop and on a phone.
 *
 * The shift lies 23 days ahead, on a date no other spec uses.
 */
import type { Browser, Page } from "@playwright/test";
import { formatNorwegianDate } from "../common/domain/norwegian-date.ts";
import { osloDate } from "../common/domain/oslo-time.ts";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "./support/a11y.ts";
import { demo, envs, expect, impersonate, test } from "./support/fixtures.ts";
import { screenPath } from "./support/screens.ts";

test.use({ serverEnv: envs.noAutoSignIn });

const desktop = { width: 1440, height: 900 };
const phone = { width: 375, height: 812 };

const date = osloDate(new Date(Date.now() + 23 * 86_400_000));
/** `05.12 · 07:00–15:00`, as the card (and now the notice) writes the shift */
const when = `${date.slice(8, 10)}.${date.slice(5, 7)} · 07:00–15:00`;

async function openAs(browser: Browser, baseURL: string | undefined, email: string, path: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: desktop,
    locale: "nb-NO",
    timezoneId: "Europe/Oslo",
  });
  const page = await context.newPage();
  await impersonate(page, email);
  await page.goto(path);
  return page;
}

const card = (page: Page) => page.getByRole("article").filter({ hasText: when });

/** The bell's notice of this shift, the dropdown open. */
async function noticeOf(page: Page) {
  const dropdown = page.getByRole("dialog", { name: "Varsler" });
  if (!(await dropdown.isVisible())) await page.getByRole("button", { name: /^Varsler(,|$)/ }).click();
  return dropdown.getByRole("listitem", { name: /^Ny ekstravakt/ }).filter({ hasText: when });
}

test("a notice of a shift that got assigned shows its state; 'Tildel automatisk' asks first", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const lars = await openAs(browser, baseURL, demo.leader.email, "/shifts/open");
  const kari = await openAs(browser, baseURL, demo.kari.email, "/chat/department");
  const ola = await openAs(browser, baseURL, demo.ola.email, "/shifts/open");

  // Lars publishes a 07–15 shift.
  await lars.getByRole("button", { name: "Ny ekstravakt" }).first().click();
  const form = lars.getByRole("dialog", { name: "Ny ekstravakt" });
  await form.getByLabel("Dato").fill(formatNorwegianDate(date));
  await form.getByLabel("Fra").fill("07:00");
  await form.getByLabel("Til").fill("15:00");
  await form.getByLabel("Type vakt").selectOption("Ekstravakt anestesi");
  await form.getByLabel("Sted").selectOption("Operasjon 3");
  await form.getByRole("button", { name: "Lagre som utkast" }).click();
  await lars.getByRole("button", { name: "Publiser nå" }).click();
  await expect(lars.getByText("Ekstravakt publisert").first()).toBeVisible();
  // Lars runs it: he is not offered 'Jeg er interessert' on it.
  await expect(card(lars)).toBeVisible();
  await expect(card(lars).getByRole("button", { name: "Jeg er interessert" })).toHaveCount(0);

  // Kari's notice, as on the card, with 'Jeg er interessert'.
  const notice = await noticeOf(kari);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`«Ekstravakt anestesi»`);
  await expect(notice.getByRole("button", { name: "Jeg er interessert" })).toBeVisible();

  // Ola is interested.
  await card(ola).getByRole("button", { name: "Jeg er interessert" }).click();
  await expect(card(ola).getByRole("button", { name: "Trekk interesse" })).toBeVisible();

  // 'Tildel automatisk' asks first: on a phone, 'Avbryt' assigns nothing.
  await expect(card(lars)).toContainText("1 interessert");
  await lars.setViewportSize(phone);
  await card(lars).getByRole("button", { name: "Tildel automatisk" }).click();
  const asks = lars.getByRole("dialog", { name: "Tildele vakten automatisk?" });
  await expect(asks).toContainText("1 interessert, 1 kan tildeles");
  await expect(asks).toContainText("færrest ekstravakter de siste 90 dagene");
  await expect(asks.getByRole("list", { name: "Interesserte" })).toContainText(demo.ola.name);
  await expectNoSidewaysScroll(lars);
  await lars.screenshot({ path: screenPath("assign-confirm-375x812") });
  await asks.getByRole("button", { name: "Avbryt" }).click();
  await expect(asks).toBeHidden();
  await expect(card(lars).getByRole("button", { name: "Tildel automatisk" })).toBeVisible();

  // On the desktop, 'Tildel' assigns it, and the result speaks for the ward.
  await lars.setViewportSize(desktop);
  await card(lars).getByRole("button", { name: "Tildel automatisk" }).click();
  await expect(asks).toContainText("1 interessert, 1 kan tildeles");
  await expectNoSeriousViolations(lars);
  await lars.screenshot({ path: screenPath("assign-confirm-1440x900") });
  await asks.getByRole("button", { name: "Tildel", exact: true }).click();
  const outcome = lars.getByRole("dialog", { name: "Tildeling fullført" });
  await expect(outcome).toContainText(demo.ola.name);
  await expect(outcome).toContainText("For avdelingen");
  await expect(outcome).not.toContainText("Du var ikke blant de interesserte");
  await lars.screenshot({ path: screenPath("assign-outcome-1440x900") });

  // Kari's open bell follows without a reload: 'Tildelt', and nothing to press but reading.
  await expect(notice).toContainText("Tildelt");
  await expect(notice.getByRole("button", { name: "Jeg er interessert" })).toHaveCount(0);
  expect(await kari.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(1);
  await expectNoSeriousViolations(kari);
  await notice.scrollIntoViewIfNeeded();
  await kari.screenshot({ path: screenPath("bell-assigned-1440x900") });

  // On a phone too.
  await kari.setViewportSize(phone);
  await kari.reload();
  const onPhone = await noticeOf(kari);
  await expect(onPhone).toContainText("Tildelt");
  await expect(onPhone.getByRole("button", { name: "Jeg er interessert" })).toHaveCount(0);
  await onPhone.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(kari);
  await kari.screenshot({ path: screenPath("bell-assigned-375x812") });

  for (const page of [lars, kari, ola]) await page.context().close();
});
