/**
 * The bell in the browser journeys: its button, its name for a count, and Kari opening
 * the app with what she had unread before.
 */
import type { Browser, Page } from "@playwright/test";
import { demo, expect, impersonate } from "./fixtures.ts";
import { following } from "./realtime.ts";

/** The bell: its name is "Varsler" and its count, unlike "Varsler på denne enheten" on the profile. */
export const bellOf = (page: Page) => page.getByRole("button", { name: /^Varsler(,|$)/ });

export const bellName = (unread: number) =>
  unread === 0 ? "Varsler" : `Varsler, ${unread} ${unread === 1 ? "ulest varsel" : "uleste varsler"}`;

/** The count the bell's name says ('Varsler, 3 uleste varsler'); 0 when it names none. */
export async function unreadOf(page: Page): Promise<number> {
  const name = (await bellOf(page).getAttribute("aria-label")) ?? "";
  return Number(/(\d+) ulest/.exec(name)?.[1] ?? 0);
}

/**
 * Kari in a browser of her own at `viewport`, on the department chat, her topic followed,
 * and what she had unread then (`before`). The bell shows before its count has arrived,
 * and her topic may be followed before that too: `before` is the count's first answer,
 * once the bell says it.
 */
export async function openAsKari(
  browser: Browser,
  baseURL: string | undefined,
  viewport: { width: number; height: number },
): Promise<{ page: Page; before: number }> {
  const context = await browser.newContext({ baseURL, viewport, locale: "nb-NO", timezoneId: "Europe/Oslo" });
  const page = await context.newPage();
  await impersonate(page, demo.kari.email);
  const followingMe = following(page, "user");
  const counted = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/notifications/unread-count",
  );
  await page.goto("/chat/department");
  await followingMe;
  const { unreadCount: before } = (await (await counted).json()) as { unreadCount: number };
  await expect(bellOf(page)).toHaveAccessibleName(bellName(before));
  return { page, before };
}
