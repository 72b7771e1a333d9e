/** Opening the department chat in a browser of its own, followed in real time. */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { type demo, impersonate } from "./fixtures.ts";
import { following } from "./realtime.ts";

export type Person = (typeof demo)[keyof typeof demo];

/** A browser of its own, signed in as `person`, with the department chat open and followed. */
export async function openChat(
  browser: Browser,
  baseURL: string | undefined,
  person: Person,
  options: {
    viewport?: { width: number; height: number };
    /** cookies the browser holds before it signs in (a load balancer's pin) */
    cookies?: Parameters<BrowserContext["addCookies"]>[0];
    beforeOpen?: (page: Page) => Promise<void>;
  } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? { width: 1440, height: 900 },
    locale: "nb-NO",
    timezoneId: "Europe/Oslo",
  });
  if (options.cookies) await context.addCookies(options.cookies);
  const page = await context.newPage();
  await impersonate(page, person.email, baseURL);
  await options.beforeOpen?.(page);
  const subscribed = following(page, "thread");
  await page.goto("/chat/department");
  await subscribed;
  // A mark that a reload would lose: updates must arrive in the page as it is.
  await page.evaluate(() => Object.assign(window, { openedOnce: true }));
  return page;
}
