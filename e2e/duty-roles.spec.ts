/**
 * Duty roles ('Vaktroller', issue 26), each person in a browser of their own: Lars sets
 * Kari as 'Ansvarshavende sykepleier' for the block under way on 'Vaktroller'; Kari, with
 * 'Pågående vakt' open, sees herself as its holder without a reload and hands it to Ola
 * ('Overlever til …'); Lars's grid follows. Once on a wide screen, once at 375×812.
 */
import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "./support/a11y.ts";
import { demo, envs, expect, impersonate, test } from "./support/fixtures.ts";
import { following } from "./support/realtime.ts";
import { screenPath } from "./support/screens.ts";

test.use({ serverEnv: envs.noAutoSignIn });

const role = "Ansvarshavende sykepleier";

async function openAs(
  browser: Browser,
  baseURL: string | undefined,
  email: string,
  path: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL, locale: "nb-NO", timezoneId: "Europe/Oslo", viewport });
  const page = await context.newPage();
  await impersonate(page, email);
  await page.goto(path);
  return page;
}

/** Kari's 'Pågående vakt', following the department; marked so a reload would show. */
async function openShiftChat(
  browser: Browser,
  baseURL: string | undefined,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL, locale: "nb-NO", timezoneId: "Europe/Oslo", viewport });
  const page = await context.newPage();
  await impersonate(page, demo.kari.email);
  const subscribed = following(page, "dept");
  await page.goto("/chat/shift");
  await subscribed;
  await page.evaluate(() => Object.assign(window, { openedOnce: true }));
  return page;
}

/** The role's entry under 'Pågående vakt's header. */
const entry = (page: Page) =>
  page
    .getByRole("main")
    .getByRole("region", { name: "Vaktroller nå" })
    .getByRole("listitem")
    .filter({ hasText: role });

/** Kari hands her role to Ola from 'Overlever til …'. */
async function handToOla(kari: Page) {
  await entry(kari).getByRole("button", { name: "Overlever til …" }).click();
  const menu = kari.getByRole("menu");
  await expect(menu.getByRole("menuitem")).not.toContainText(["Kari Nordmann"]);
  await menu.getByRole("menuitem", { name: "Ola Nordmann" }).click();
  await expect(kari.getByText(`Ola Nordmann har nå rollen ${role}.`).first()).toBeVisible();
  await expect(entry(kari)).toContainText("Ola Nordmann");
  await expect(entry(kari).getByRole("button", { name: "Overlever til …" })).toHaveCount(0);
}

test("Lars sets Kari for the block under way; Kari sees it live and hands it to Ola", async ({
  browser,
  baseURL,
}) => {
  const kari = await openShiftChat(browser, baseURL, { width: 1700, height: 900 });
  await expect(entry(kari)).toBeVisible();
  const lars = await openAs(browser, baseURL, demo.leader.email, "/admin/duty", { width: 1440, height: 900 });

  // 'Vaktroller' is under Administrasjon.
  await expect(
    lars.getByRole("navigation", { name: "Hovedmeny" }).getByRole("link", { name: "Vaktroller" }),
  ).toBeVisible();
  const grid = lars.getByRole("table", { name: "Vaktroller per vakt" });
  const ongoing = grid.getByRole("row").filter({ hasText: "Pågår" });
  await expect(ongoing).toHaveCount(1);
  const cell = ongoing.getByRole("combobox", { name: new RegExp(`^${role},`) });
  await cell.selectOption({ label: demo.kari.name });
  await expect(lars.getByText(`${demo.kari.name} har ${role}.`).first()).toBeVisible();
  await lars.screenshot({ path: screenPath("duty-admin-1440") });

  // Kari's page hears of it: she holds it, without a reload.
  await expect(entry(kari)).toContainText("Kari Nordmann (deg)");
  expect(await kari.evaluate(() => "openedOnce" in window)).toBe(true);
  // The 'Informasjon' rail says the same.
  await expect(kari.getByRole("complementary", { name: "Informasjon" })).toContainText("Kari Nordmann (deg)");
  await kari.screenshot({ path: screenPath("duty-shift-1700") });
  await expectNoSeriousViolations(kari);

  await handToOla(kari);
  // Lars's grid follows.
  await expect(ongoing.getByRole("combobox", { name: new RegExp(`^${role},`) })).toHaveValue(await ola(lars));
});

/** Ola's user id, as the grid's options carry it. */
async function ola(lars: Page): Promise<string> {
  const option = lars.getByRole("option", { name: demo.ola.name }).first();
  return (await option.getAttribute("value"))!;
}

test("on a phone: one day at a time for Lars, the holders under Kari's header", async ({
  browser,
  baseURL,
}) => {
  const phone = { width: 375, height: 812 };
  const kari = await openShiftChat(browser, baseURL, phone);
  await expect(entry(kari)).toBeVisible();
  const lars = await openAs(browser, baseURL, demo.leader.email, "/admin/duty", phone);

  await expect(lars.getByRole("combobox", { name: "Dag", exact: true })).toBeVisible();
  await expect(lars.getByRole("table")).toHaveCount(0);
  // Today first: the block under way is marked, its role's holder a choice.
  const ongoing = lars.getByRole("listitem").filter({ hasText: "Pågår" });
  await ongoing
    .getByRole("combobox", { name: new RegExp(`^${role},`) })
    .selectOption({ label: demo.kari.name });
  await expect(lars.getByText(`${demo.kari.name} har ${role}.`).first()).toBeVisible();
  await expectNoSidewaysScroll(lars);
  // axe on the phone's one day: the wide grid's 135 choices are the same markup, and take seconds to check.
  await expectNoSeriousViolations(lars);
  await lars.screenshot({ path: screenPath("duty-admin-375"), fullPage: true });

  await expect(entry(kari)).toContainText("Kari Nordmann (deg)");
  await expectNoSidewaysScroll(kari);
  await kari.screenshot({ path: screenPath("duty-shift-375") });
  await handToOla(kari);
  await kari.screenshot({ path: screenPath("duty-shift-375-handed") });
});
