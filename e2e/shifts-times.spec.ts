/**
 * Shift times in quarter hours (issue: times a ward uses): Lars creates a 07:30–15:30
 * shift through the form (the date typed as dd.mm.åååå, whatever the browser's own
 * format), and it reads 07:30–15:30 on the cards, in the outcome after 'Tildel
 * automatisk', under 'Tildelt' on the admin page with Kari's name, and in Kari's
 * calendar feed. The same shift again asks first ('Det finnes allerede en slik vakt').
 * The form and the admin tabs are looked at on a PC and a phone.
 *
 * The shift lies 25 days ahead, on a date no other spec uses.
 */
import type { Browser, Page } from "@playwright/test";
import { formatNorwegianDate } from "../common/domain/norwegian-date.ts";
import { osloDate, osloMinutes } from "../common/domain/oslo-time.ts";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "./support/a11y.ts";
import { demo, envs, expect, fromOurPage, impersonate, test } from "./support/fixtures.ts";
import { screenPath } from "./support/screens.ts";

test.use({ serverEnv: envs.noAutoSignIn });

const date = osloDate(new Date(Date.now() + 25 * 86_400_000));
const when = `${date.slice(8, 10)}.${date.slice(5, 7)} · 07:30–15:30`;

async function openAs(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  path: string,
  viewport = { width: 1440, height: 900 },
) {
  // A US browser: the form must still read and show dd.mm.åååå and 24-hour times.
  const context = await browser.newContext({ baseURL, locale: "en-US", timezoneId: "Europe/Oslo", viewport });
  const page = await context.newPage();
  await impersonate(page, email);
  await page.goto(path);
  return page;
}

async function fillForm(lars: Page) {
  await lars.getByRole("button", { name: "Ny ekstravakt" }).first().click();
  const dialog = lars.getByRole("dialog", { name: "Ny ekstravakt" });
  await dialog.getByLabel("Dato").fill(formatNorwegianDate(date));
  await dialog.getByLabel("Fra").fill("730");
  await dialog.getByLabel("Til").fill("15:30");
  await dialog.getByLabel("Type vakt").selectOption("Beredskapsvakt");
  await dialog.getByLabel("Sted").selectOption("Intensiv");
  return dialog;
}

test("a 07:30–15:30 shift is made through the form and reads so on cards, outcome, 'Tildelt' and iCal", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const lars = await openAs(browser, baseURL, demo.leader.email, "/shifts/admin");
  const kari = await openAs(browser, baseURL, demo.kari.email, "/shifts/open");

  // The form on a PC: messages under their fields first.
  await lars.getByRole("button", { name: "Ny ekstravakt" }).first().click();
  let dialog = lars.getByRole("dialog", { name: "Ny ekstravakt" });
  await dialog.getByRole("button", { name: "Lagre som utkast" }).click();
  await expect(dialog.getByText("Dato må velges")).toBeVisible();
  await expect(dialog.getByText("Velg type vakt", { exact: true })).toBeVisible();
  await lars.screenshot({ path: screenPath("shift-form-errors-1440x900") });
  await dialog.getByRole("button", { name: "Avbryt" }).click();

  dialog = await fillForm(lars);
  await dialog.getByLabel("Type vakt").focus();
  await expect(dialog.getByLabel("Fra")).toHaveValue("07:30");
  await dialog.getByRole("button", { name: "Åpne kalender" }).click();
  await expect(lars.getByRole("button", { pressed: true })).toHaveAccessibleName(/\d{4}$/);
  await lars.screenshot({ path: screenPath("shift-form-calendar-1440x900") });
  await lars.keyboard.press("Escape");
  await expectNoSeriousViolations(lars);
  await dialog.getByRole("button", { name: "Lagre som utkast" }).click();
  await expect(lars.getByText("Ekstravakt opprettet").first()).toBeVisible();
  await lars.getByRole("button", { name: "Publiser nå" }).click();
  await expect(lars.getByText("Ekstravakt publisert").first()).toBeVisible();
  await expect(lars.getByRole("article").filter({ hasText: when })).toBeVisible();

  // The same shift again: asked first, nothing made unless chosen.
  dialog = await fillForm(lars);
  await dialog.getByRole("button", { name: "Lagre som utkast" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Det finnes allerede en slik vakt");
  await expect(dialog.getByRole("alert")).toContainText(`«Beredskapsvakt» `);
  await expect(dialog.getByRole("alert")).toContainText(when);
  await lars.screenshot({ path: screenPath("shift-form-duplicate-1440x900") });
  await dialog.getByRole("button", { name: "Tilbake til skjemaet" }).click();
  await dialog.getByRole("button", { name: "Avbryt" }).click();
  await expect(lars.getByRole("article").filter({ hasText: when })).toHaveCount(1);

  // Kari sees 07:30–15:30 on her card and registers interest.
  await kari.reload();
  const kariCard = kari.getByRole("article").filter({ hasText: when });
  await kariCard.getByRole("button", { name: "Jeg er interessert" }).click();
  await expect(kariCard.getByRole("button", { name: "Trekk interesse" })).toBeVisible();

  const larsCard = lars.getByRole("article").filter({ hasText: when });
  await expect(larsCard).toContainText("1 interessert");
  await larsCard.getByRole("button", { name: "Tildel automatisk" }).click();
  // 'Tildel automatisk' may ask first before it assigns.
  const confirm = lars.getByRole("dialog").getByRole("button", { name: "Tildel", exact: true });
  const outcome = lars.getByRole("dialog", { name: "Tildeling fullført" });
  await expect(confirm.or(outcome)).toBeVisible();
  if (await confirm.isVisible()) await confirm.click();
  await expect(outcome).toBeVisible();
  await expect(outcome).toContainText(when);
  await outcome.getByRole("button", { name: "Lukk" }).last().click();

  // 'Tildelt' on the admin page: the shift with Kari's name, newest first.
  await lars.getByRole("tab", { name: /^Tildelt/ }).click();
  const filled = lars.getByRole("tabpanel").getByRole("article").first();
  await expect(filled).toContainText(when);
  await expect(filled).toContainText(demo.kari.name);
  await expectNoSeriousViolations(lars);
  await lars.screenshot({ path: screenPath("shifts-admin-filled-1440x900"), fullPage: true });

  // Kari's calendar feed has the shift from 07:30 Oslo time.
  const made = await kari.request.post("/api/shifts/calendar", { headers: fromOurPage(baseURL) });
  expect(made.ok()).toBe(true);
  const feed = (await made.json()) as { url: string };
  const ics = await (await kari.request.get(new URL(feed.url).pathname)).text();
  const event = ics
    .split("BEGIN:VEVENT")
    .find((e) => e.includes("SUMMARY:Beredskapsvakt") && e.includes(date.replaceAll("-", "")));
  const start = /DTSTART:(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(event ?? "");
  expect(start).not.toBeNull();
  const [, y, mo, d, h, mi] = start!;
  expect(osloMinutes(new Date(`${y}-${mo}-${d}T${h}:${mi}:00Z`))).toBe(7 * 60 + 30);

  for (const page of [lars, kari]) await page.context().close();
});

test("at 375×812 the form and the admin tabs fit the phone", async ({ browser, baseURL }) => {
  const lars = await openAs(browser, baseURL, demo.leader.email, "/shifts/admin", {
    width: 375,
    height: 812,
  });
  await expect(lars.getByRole("tab", { name: /^Tildelt/ })).toBeVisible();
  await expectNoSidewaysScroll(lars);
  await lars.screenshot({ path: screenPath("shifts-admin-375x812"), fullPage: true });
  await lars.getByRole("tab", { name: /^Tildelt/ }).click();
  await lars.screenshot({ path: screenPath("shifts-admin-filled-375x812") });
  await lars.getByRole("button", { name: "Ny ekstravakt" }).first().click();
  const dialog = lars.getByRole("dialog", { name: "Ny ekstravakt" });
  await dialog.getByLabel("Fra").fill("22:45");
  await dialog.getByLabel("Til").fill("07:15");
  await expect(dialog.getByText("+1 dag")).toBeVisible();
  await dialog.getByRole("button", { name: "Lagre som utkast" }).click();
  await expect(dialog.getByText("Dato må velges")).toBeVisible();
  await lars.screenshot({ path: screenPath("shift-form-375x812") });
  // Every field of the form, the calendar button and the name of each competence one may
  // require are at least 44 px high to the touch (a checkbox's hidden native twin is not one).
  const fields = dialog
    .locator("form")
    .locator(
      'input:not([aria-hidden="true"]), select, textarea, button[aria-haspopup], li:has([role="checkbox"]) label',
    );
  for (const control of await fields.all()) {
    const box = await control.boundingBox();
    if (!box) continue;
    expect(box.height, await control.evaluate((el) => el.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
  }
  await dialog.getByRole("button", { name: "Åpne kalender" }).click();
  await lars.screenshot({ path: screenPath("shift-form-calendar-375x812") });
  for (const day of await lars.locator("[data-date]").all()) {
    const box = await day.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }
  await expectNoSeriousViolations(lars);
  await lars.context().close();
});
