/**
 * Quiet when off shift (issue 26 item 5) and 'Sett av n av m' for broadcasts (item 4).
 * Kari has shifts in the demo data (in two and five days) but none covering now, and
 * 'Stille når jeg ikke er på vakt' is on by default for staff: the header shows the moon,
 * a broadcast raises her bell's count without a toast, and an urgent notice still raises
 * one. With the setting off the next broadcast raises its toast. Ingrid sees who has read
 * her broadcast under 'Sendte varsler'.
 *
 * The urgent notice is real: Ola sends her a DM with 'Haster'.
 * On a server of its own: what Kari holds and has read must be the seed's.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import type { DirectThreadList } from "../common/schemas/chat.ts";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "./support/a11y.ts";
import { bellName, bellOf, openAsKari, unreadOf } from "./support/bell.ts";
import { demo, envs, expect, fromOurPage, impersonate, test } from "./support/fixtures.ts";

test.use({ serverEnv: { ...envs.noAutoSignIn } });

const shots = process.env.QUIET_SHOTS;

/** Ola writes to Kari in their DM with 'Haster', through the API the composer uses. */
async function urgentFromOla(browser: Browser, baseURL: string | undefined, content: string) {
  const context = await browser.newContext({ baseURL });
  await impersonate(context.request, demo.ola.email, baseURL);
  const list = await context.request.get("/api/chat/direct");
  expect(list.status(), await list.text()).toBe(200);
  const { threads } = (await list.json()) as DirectThreadList;
  const dm = threads.find((t) => t.other.fullName === demo.kari.name)!;
  const sent = await context.request.post(`/api/chat/threads/${dm.threadId}/messages`, {
    data: { content, urgent: true },
    headers: fromOurPage(baseURL),
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await context.close();
}

const moonOf = (page: Page) => page.getByRole("link", { name: "Stille – du er ikke på vakt" });
async function broadcast(admin: Page, title: string) {
  const sent = await admin.request.post("/api/notifications/broadcast", {
    data: { type: "announcement", title },
    headers: fromOurPage(),
  });
  expect(sent.status(), await sent.text()).toBe(200);
}

const shot = async (page: Page, name: string) => {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, name) });
};

test("Kari off shift gets no toast for an ordinary notice but her bell counts it; Ola's 'Haster' still alerts; Ingrid sees 'Sett av'", async ({
  page,
  browser,
  baseURL,
}) => {
  const kari = await openAsKari(browser, baseURL, { width: 1440, height: 900 });
  await expect(moonOf(kari.page)).toBeVisible();
  const { before } = kari;

  await impersonate(page, demo.admin.email);
  const title = `Personalmøte ${Date.now()}`;
  await broadcast(page, title);
  await expect(bellOf(kari.page)).toHaveAccessibleName(bellName(before + 1));
  // The count and the toast come from the same event: no toast now means none.
  await expect(kari.page.getByText("Kunngjøring")).toHaveCount(0);
  await expect(kari.page.getByText("Se varslene dine i bjella.")).toHaveCount(0);

  // Ola's DM with 'Haster' reaches her all the same: the red toast, and the bell counts it.
  await urgentFromOla(browser, baseURL, "Kan du ringe meg?");
  await expect(kari.page.locator("[data-sonner-toast]", { hasText: "Haster" })).toBeVisible();
  await expect(bellOf(kari.page)).toHaveAccessibleName(bellName(before + 2));
  await expectNoSeriousViolations(kari.page);
  await shot(kari.page, "quiet-urgent-1440x900.png");

  // Ingrid: 'Sett av 0 av m'; Kari reads it; opened again, 'Sett av 1 av m' with her name.
  await page.goto("/admin/users?tab=sent");
  const item = page.getByRole("listitem").filter({ hasText: title });
  const seen = item.getByRole("button", { name: /^Sett av 0 av \d+$/ });
  await expect(seen).toBeVisible();
  const reached = Number(/av \d+ av (\d+)/.exec((await seen.textContent()) ?? "")![1]);
  expect(reached).toBeGreaterThanOrEqual(5);
  await seen.click();
  await expect(item.getByRole("heading", { name: "Har sett (0)" })).toBeVisible();
  await expect(item.getByRole("heading", { name: `Har ikke sett (${reached})` })).toBeVisible();

  await bellOf(kari.page).click();
  const dropdown = kari.page.getByRole("dialog", { name: "Varsler" });
  await dropdown.getByRole("button", { name: "Merk alle som lest" }).click();
  await expect(bellOf(kari.page)).toHaveAccessibleName("Varsler");
  await kari.page.keyboard.press("Escape");

  await page.goto("/admin/users?tab=sent");
  const after = page.getByRole("listitem").filter({ hasText: title });
  await after.getByRole("button", { name: `Sett av 1 av ${reached}` }).click();
  await expect(after.getByRole("heading", { name: "Har sett (1)" })).toBeVisible();
  await expect(after.getByText(demo.kari.name)).toBeVisible();
  await shot(page, "quiet-sent-1440x900.png");

  // The setting off: the next broadcast raises its toast, and the moon is gone.
  await kari.page.getByRole("link", { name: "Stille – du er ikke på vakt" }).click();
  const toggle = kari.page.getByRole("switch", { name: "Stille når jeg ikke er på vakt" });
  await expect(toggle).toBeChecked();
  await shot(kari.page, "quiet-profile-1440x900.png");
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(moonOf(kari.page)).toHaveCount(0);
  await broadcast(page, `Kaffe på pauserommet ${Date.now()}`);
  await expect(kari.page.getByText("Se varslene dine i bjella.")).toBeVisible();
});

test("at 375×812 the moon rides on the header's bell and a broadcast only counts", async ({
  page,
  browser,
  baseURL,
}) => {
  const kari = await openAsKari(browser, baseURL, { width: 375, height: 812 });
  // The previous test turned it off: on again, from 'Min profil'.
  await kari.page.goto("/profile");
  const toggle = kari.page.getByRole("switch", { name: "Stille når jeg ikke er på vakt" });
  await expect(toggle).toBeEnabled();
  if (!(await toggle.isChecked())) await toggle.click();
  await expect(toggle).toBeChecked();
  // No room for a button of its own beside the search: the bell wears the moon.
  await expect(moonOf(kari.page)).toBeHidden();
  const moon = bellOf(kari.page).getByTestId("quiet-mark-on-bell");
  await expect(moon).toBeVisible();
  await expectNoSidewaysScroll(kari.page);
  await shot(kari.page, "quiet-profile-375x812.png");

  const before = await unreadOf(kari.page);
  await impersonate(page, demo.admin.email);
  await broadcast(page, `Husk vaksinering ${Date.now()}`);
  await expect(bellOf(kari.page)).toHaveAccessibleName(bellName(before + 1));
  await expect(kari.page.getByText("Se varslene dine i bjella.")).toHaveCount(0);
  const box = await bellOf(kari.page).boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await shot(kari.page, "quiet-header-375x812.png");
});
