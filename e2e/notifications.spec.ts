/**
 * The bell and 'Send varsel til alle' (spec §2 Notifications, §4, §5 Broadcast, §8):
 * Ingrid (admin) sends a broadcast from /admin/users and the toast names how many it
 * reached; Kari, already on a page in a browser of her own, sees her bell's count rise
 * without a reload, finds the item in the dropdown and clears the count with 'Merk alle
 * som lest', on a desktop and on a phone. The server is shared with other specs, so Kari
 * may have unread notifications before: counts are compared with what she had.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "./support/a11y.ts";
import { bellName, bellOf, openAsKari } from "./support/bell.ts";
import { demo, envs, expect, fromOurPage, impersonate, test } from "./support/fixtures.ts";
import { repoRoot } from "./support/server.ts";

test.use({ serverEnv: envs.noAutoSignIn });

const screenshots = path.join(repoRoot, "test-results", "screenshots");

/** Kari opens the app; a mark that a reload would lose: the count must reach the page as it is. */
async function kariOpens(...args: Parameters<typeof openAsKari>) {
  const { page: kari, before } = await openAsKari(...args);
  await kari.evaluate(() => Object.assign(window, { openedOnce: true }));
  return { kari, before };
}

/** Kari's bell rose by one without a reload; she opens it and finds the broadcast. */
async function kariFinds(kari: Page, before: number, title: string, description: string) {
  await expect(bellOf(kari)).toHaveAccessibleName(bellName(before + 1));
  await expect(bellOf(kari)).toHaveText(before + 1 > 9 ? "9+" : String(before + 1));
  expect(await kari.evaluate(() => "openedOnce" in window)).toBe(true);
  await bellOf(kari).click();
  const dropdown = kari.getByRole("dialog", { name: "Varsler" });
  const item = dropdown.getByRole("listitem", { name: title });
  await expect(item).toBeVisible();
  await expect(item).toContainText("Kunngjøring");
  await expect(item).toContainText(description);
  await expect(item).toContainText("Ulest");
  return { dropdown, item };
}

test("Ingrid's broadcast reaches Kari's bell at once; 'Merk alle som lest' clears it", async ({
  page,
  browser,
  baseURL,
}) => {
  const { kari, before } = await kariOpens(browser, baseURL, { width: 1440, height: 900 });

  await impersonate(page, demo.admin.email);
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Send varsel til alle" }).click();
  const dialog = page.getByRole("dialog", { name: "Send varsel til alle" });
  const send = dialog.getByRole("button", { name: "Send varsel" });
  await expect(send).toBeDisabled();
  await dialog.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Kunngjøring" }).click();
  const title = `Personalmøte fredag ${Date.now()}`;
  await dialog.getByRole("textbox", { name: "Tittel" }).fill(title);
  await dialog.getByRole("textbox", { name: "Beskrivelse (valgfritt)" }).fill("Kl. 14 i kantina.");
  await dialog.getByText("Avansert").click();
  await dialog.getByRole("textbox", { name: "Tilleggsinformasjon (JSON)" }).fill('{"rom": "Kantina"}');
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, "broadcast-dialog-1440x900.png") });
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/notifications/broadcast"));
  await send.click();
  const { count } = (await (await answered).json()) as { count: number };
  // Everyone active but Ingrid: at least the five other demo people.
  expect(count).toBeGreaterThanOrEqual(5);
  await expect(page.getByText(`Varsel sendt til ${count} brukere`)).toBeVisible();
  await expect(dialog).toBeHidden();

  const { dropdown } = await kariFinds(kari, before, title, "Kl. 14 i kantina.");
  await expectNoSeriousViolations(kari);
  await kari.screenshot({ path: path.join(screenshots, "notifications-dropdown-1440x900.png") });

  await dropdown.getByRole("button", { name: "Merk alle som lest" }).click();
  await expect(bellOf(kari)).toHaveAccessibleName("Varsler");
  await expect(dropdown.getByText("Ulest", { exact: true })).toHaveCount(0);
});

test("on a phone, Kari's bell in the header counts a broadcast and opens to it", async ({
  page,
  browser,
  baseURL,
}) => {
  const { kari, before } = await kariOpens(browser, baseURL, { width: 375, height: 812 });
  // The phone's header: the menu, the page title, the bell.
  await expect(kari.getByRole("button", { name: "Meny", exact: true })).toBeVisible();
  await expect(bellOf(kari)).toBeVisible();

  await impersonate(page, demo.admin.email);
  const title = `Husk vaksinering ${Date.now()}`;
  const description = "Bedriftshelsetjenesten er på post 2 hele uka.";
  const sent = await page.request.post("/api/notifications/broadcast", {
    data: { type: "announcement", title, description },
    headers: fromOurPage(),
  });
  expect(sent.status(), await sent.text()).toBe(200);

  const { dropdown } = await kariFinds(kari, before, title, description);
  await expectNoSidewaysScroll(kari);
  const box = await dropdown.boundingBox();
  expect(box, "the dropdown fits the screen").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  mkdirSync(screenshots, { recursive: true });
  await kari.screenshot({ path: path.join(screenshots, "notifications-dropdown-375x812.png") });

  await dropdown.getByRole("button", { name: "Merk alle som lest" }).click();
  await expect(bellOf(kari)).toHaveAccessibleName("Varsler");
});
