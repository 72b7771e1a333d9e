/**
 * Chat paints at once: from the start of a page load to a composer that takes what is
 * typed, for a thread this browser has shown before (its newest messages are kept here)
 * and for one it has not. Every run is printed; the budget is on the median of five.
 * A thread's history may come late: the composer does not wait for it.
 */
import type { Page, Route } from "@playwright/test";
import { demo, envs, expect, impersonate, test } from "./support/fixtures.ts";
import { screenPath } from "./support/screens.ts";

test.use({ serverEnv: envs.noAutoSignIn });

const runs = 5;
const budgetMs = { visitedBefore: 1000, firstVisit: 2000 };
const threadPath = "/chat/department";
/** A page of ours without the app: where a page load is left, and the browser's storage read. */
const awayPath = "/api/health";
const keptPrefix = "vaktrom.personalCache.";

const composer = (page: Page) => page.getByRole("textbox", { name: "Melding" });
const history = "**/api/chat/threads/*/messages*";

/**
 * In every document of the page: the time (ms since the start of its navigation) of the
 * first key the composer took.
 */
async function recordFirstInput(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener(
      "input",
      (event) => {
        const target = event.target as HTMLElement;
        const w = window as { composerTookInputAt?: number };
        if (target.getAttribute("aria-label") === "Melding") w.composerTookInputAt ??= performance.now();
      },
      true,
    );
  });
}

/**
 * One page load of the thread: navigation start until the composer has taken a typed
 * key. The key is typed as soon as the field can be clicked (visible, enabled, still).
 */
async function timeToUsableComposer(page: Page): Promise<number> {
  await page.goto(threadPath, { waitUntil: "commit" });
  await composer(page).click();
  await page.keyboard.type("x");
  await expect(composer(page)).toHaveValue("x");
  const at = await page.evaluate(() => (window as { composerTookInputAt?: number }).composerTookInputAt);
  expect(at).toBeDefined();
  return Math.round(at!);
}

/** Leaves the app (its kept messages are written as the page goes) for a page of ours. */
async function leave(page: Page) {
  await page.goto(awayPath);
}

const forgetKept = (page: Page) =>
  page.evaluate((prefix) => {
    for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
  }, keptPrefix);

const keptStores = (page: Page) =>
  page.evaluate((prefix) => Object.keys(localStorage).filter((key) => key.startsWith(prefix)), keptPrefix);

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(page: Page, label: string, before: () => Promise<void>) {
  const times: number[] = [];
  for (let run = 1; run <= runs; run++) {
    await leave(page);
    await before();
    const ms = await timeToUsableComposer(page);
    times.push(ms);
    console.log(`${label}, run ${run}: ${ms} ms`);
  }
  console.log(`${label}: median ${median(times)} ms of ${times.join(", ")}`);
  return median(times);
}

/** Holds the thread's history requests until `release()`. */
async function holdHistory(page: Page) {
  const held: Route[] = [];
  let open = false;
  await page.route(history, (route) => (open ? route.continue() : void held.push(route)));
  return {
    requested: () => held.length > 0,
    release: async () => {
      open = true;
      await Promise.all(held.map((route) => route.continue()));
      await page.unroute(history);
    },
  };
}

/** Sends `text` and waits for the server's answer: only confirmed messages are kept. */
async function sendMessage(page: Page, text: string) {
  await composer(page).fill(text);
  const stored = page.waitForResponse(
    (res) =>
      res.request().method() === "POST" &&
      /\/api\/chat\/threads\/[^/]+\/messages$/.test(new URL(res.url()).pathname),
  );
  await composer(page).press("Enter");
  expect((await stored).status()).toBe(201);
  await expect(page.locator("article", { hasText: text })).toBeVisible();
}

test("the composer is usable within 1 s for a thread visited before and 2 s for a new one (median of 5)", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await impersonate(page, demo.kari.email);
  await recordFirstInput(page);
  await page.goto(threadPath);
  await sendMessage(page, `Tid til skrivefelt ${Date.now().toString(36)}`);

  const firstVisit = await measure(page, "thread not kept in this browser", () => forgetKept(page));
  const visitedBefore = await measure(page, "thread visited before", async () => {
    expect(await keptStores(page)).toHaveLength(1);
  });

  expect(visitedBefore, "median, thread visited before").toBeLessThanOrEqual(budgetMs.visitedBefore);
  expect(firstVisit, "median, thread not kept in this browser").toBeLessThanOrEqual(budgetMs.firstVisit);
});

test("while the history is on its way: a thread visited before shows its messages, a new one grey rows; both take text", async ({
  page,
}) => {
  await impersonate(page, demo.kari.email);
  await page.goto(threadPath);
  const text = `Sett før ${Date.now().toString(36)}`;
  await sendMessage(page, text);
  await leave(page);

  // Visited before: the newest messages from this browser, before the server answers.
  let held = await holdHistory(page);
  await page.goto(threadPath);
  await expect(page.locator("article", { hasText: text })).toBeVisible();
  await composer(page).fill("Skriver mens historikken lastes");
  await expect(composer(page)).toHaveValue("Skriver mens historikken lastes");
  await page.screenshot({ path: screenPath("paint-visited-1440") });
  await held.release();
  await leave(page);

  // Not kept: grey rows in the list's place, the composer already there.
  await forgetKept(page);
  held = await holdHistory(page);
  await page.goto(threadPath);
  await expect.poll(held.requested).toBe(true);
  const loading = page.getByRole("status").filter({ hasText: "Laster avdelingschat..." });
  await expect(loading).toBeVisible();
  await expect(page.locator("article", { hasText: text })).toHaveCount(0);
  await composer(page).fill("Skriver før historikken kom");
  await expect(composer(page)).toHaveValue("Skriver før historikken kom");
  await page.screenshot({ path: screenPath("paint-loading-1440") });
  await held.release();
  await expect(page.locator("article", { hasText: text })).toBeVisible();
  await expect(loading).toHaveCount(0);
  // What was written while the history came is still there.
  await expect(composer(page)).toHaveValue("Skriver før historikken kom");
});

test("on a phone the grey rows fit the screen and the composer takes text before the history", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await impersonate(page, demo.kari.email);
  const held = await holdHistory(page);
  await page.goto(threadPath);
  await expect(page.getByRole("status").filter({ hasText: "Laster avdelingschat..." })).toBeVisible();
  await composer(page).fill("Fra telefonen");
  await page.screenshot({ path: screenPath("paint-loading-375") });
  const rows = page.locator("[aria-busy=true] .animate-pulse");
  for (const box of await rows.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()))) {
    expect(box.right).toBeLessThanOrEqual(375);
    expect(box.width).toBeGreaterThan(8);
  }
  await held.release();
  await expect(page.locator("article").first()).toBeVisible();
  await expect(composer(page)).toHaveValue("Fra telefonen");
  await page.screenshot({ path: screenPath("paint-loaded-375") });
});

test("what the browser kept of a person goes at 'Logg ut' and when another person signs in", async ({
  page,
}) => {
  await impersonate(page, demo.kari.email);
  await page.goto(threadPath);
  const text = `Privat nok ${Date.now().toString(36)}`;
  await sendMessage(page, text);
  // Kept within a second of its confirmation (saves are batched), and still after leaving.
  const stored = () => page.evaluate(() => JSON.stringify(localStorage));
  await expect.poll(stored, { timeout: 5000 }).toContain(text);
  await leave(page);
  expect(await stored()).toContain(text);
  const karis = await keptStores(page);
  expect(karis).toHaveLength(1);

  // Another person signs in in the same browser: Kari's store goes as their session loads.
  await impersonate(page, demo.ola.email);
  await page.goto(threadPath);
  await expect(composer(page)).toBeVisible();
  expect(await keptStores(page)).not.toContain(karis[0]);
  await leave(page);
  const olas = await keptStores(page);
  expect(olas).toHaveLength(1);
  expect(olas).not.toContain(karis[0]);

  // 'Logg ut': nothing is left.
  await page.goto(threadPath);
  await page.getByRole("button", { name: "Brukermeny" }).click();
  await page.getByRole("menuitem", { name: "Logg ut" }).click();
  await expect(page).toHaveURL(/\/login(\?.*)?$/);
  expect(await keptStores(page)).toEqual([]);
  await leave(page);
  expect(await keptStores(page)).toEqual([]);
});
