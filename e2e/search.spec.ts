/**
 * Search (issue: search in Norwegian): Kari writes about 'pumpeinstruksen', finds it by
 * 'pumpe' from the box in the top bar (Ctrl+K) and lands on the message, highlighted in
 * its thread, scrolled to from further back; the same on a phone at 375×812, where the
 * results take the whole screen. Screenshots of both go to test-results/screenshots.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoSidewaysScroll } from "./support/a11y.ts";
import { openChat } from "./support/chat.ts";
import { demo, envs, expect, fromOurPage, test } from "./support/fixtures.ts";
import { screenPath } from "./support/screens.ts";

test.use({ serverEnv: envs.noAutoSignIn });

const phone = { width: 375, height: 812 };

let marks = 0;
/** A word no other test wrote, so that this test's message is told from others'. */
const mark = () => {
  marks += 1;
  return `m${Date.now().toString(36)}${marks}`;
};

/** Writes in Kari's department thread through the API; returns the message's id. */
async function post(request: APIRequestContext, baseURL: string | undefined, content: string) {
  const headers = fromOurPage(baseURL);
  const thread = await request.post("/api/chat/department", { headers });
  expect(thread.status()).toBeLessThan(300);
  const { id } = (await thread.json()) as { id: string };
  const res = await request.post(`/api/chat/threads/${id}/messages`, { headers, data: { content } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { id: string }).id;
}

/** Kari's message about the pump, with enough after it that the thread opens far below it. */
async function writeAboutThePump(page: Page, baseURL: string | undefined) {
  const tag = mark();
  const id = await post(page.request, baseURL, `Husk at pumpeinstruksen ligger i vaktrommet (${tag})`);
  for (let i = 0; i < 25; i++) await post(page.request, baseURL, `Vanlig beskjed ${i} (${mark()})`);
  return { id, tag };
}

const searchField = (page: Page) =>
  page
    .getByRole("dialog", { name: "Søk" })
    .getByRole("combobox", { name: "Søk i meldinger, filer og kolleger" });

test("Ctrl+K opens the search, 'pumpe' finds Kari's message, and it opens highlighted in its thread", async ({
  browser,
  baseURL,
}) => {
  const page = await openChat(browser, baseURL, demo.kari);
  const { id, tag } = await writeAboutThePump(page, baseURL);
  // Somewhere else in the app: the result has to bring her back.
  await page.getByRole("link", { name: /^Direktemeldinger/ }).click();
  await expect(page).toHaveURL(/\/chat\/dm$/);

  await page.keyboard.press("Control+k");
  const field = searchField(page);
  await expect(field).toBeFocused();
  await field.fill("pumpe");
  const dialog = page.getByRole("dialog", { name: "Søk" });
  const messages = dialog.getByRole("group", { name: "Meldinger" });
  const hit = messages.getByRole("option").filter({ hasText: tag });
  await expect(hit).toBeVisible();
  await expect(hit.locator("mark").first()).toHaveText(/^pumpeinstruksen$/i);
  await expect(hit).toContainText("Kari Nordmann");
  await expect(hit).toContainText("Anestesi");
  await page.screenshot({ path: screenPath("search-1440") });

  // Escape closes, and the focus is back on the box.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Søk", exact: true })).toBeFocused();

  // Opened again with the same search; the mouse opens the hit.
  await page.keyboard.press("Control+k");
  await expect(searchField(page)).toHaveValue("pumpe");
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/chat/department\\?melding=${id}$`));
  const message = page.locator(`article[data-message-id="${id}"]`);
  await expect(message).toBeInViewport();
  await expect(message).toHaveClass(/bg-warning\/15/);
  await expect(message).toBeFocused();
  await page.screenshot({ path: screenPath("search-landed-1440") });
  // The highlight goes after 1.5 s; the address keeps the message for a reload.
  await expect(message).not.toHaveClass(/bg-warning\/15/, { timeout: 3_000 });
  await page.reload();
  await expect(page.locator(`article[data-message-id="${id}"]`)).toBeInViewport();
});

test("the keyboard alone: arrows to the hit, Enter opens it", async ({ browser, baseURL }) => {
  const page = await openChat(browser, baseURL, demo.kari);
  const { id, tag } = await writeAboutThePump(page, baseURL);
  await page.keyboard.press("Control+k");
  // Its own mark as well: this message is the best hit, the one the field starts on.
  await searchField(page).fill(`pumpeinstruksen ${tag}`);
  const hit = page.getByRole("option").filter({ hasText: tag });
  await expect(hit).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`\\?melding=${id}$`));
  const message = page.locator(`article[data-message-id="${id}"]`);
  await expect(message).toBeFocused();
  // Reached by the keyboard, its actions are one Tab away.
  await expect(message.getByRole("toolbar")).toBeVisible();
});

test("at 375×812 the search takes the whole screen and a hit opens highlighted", async ({
  browser,
  baseURL,
}) => {
  const page = await openChat(browser, baseURL, demo.kari, { viewport: phone });
  const { id, tag } = await writeAboutThePump(page, baseURL);

  await page.getByRole("banner").getByRole("button", { name: "Søk", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Søk" });
  const box = await dialog.boundingBox();
  expect(box).toEqual({ x: 0, y: 0, width: phone.width, height: phone.height });
  await searchField(page).fill("pumpe");
  const hit = dialog.getByRole("option").filter({ hasText: tag });
  await expect(hit).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: screenPath("search-375") });

  // The filters fit too.
  await dialog.getByRole("button", { name: /^Filtre/ }).click();
  await dialog.getByRole("checkbox", { name: "Har vedlegg" }).click();
  await expect(dialog.getByRole("button", { name: "Fjern filteret Har vedlegg" })).toBeVisible();
  await page.screenshot({ path: screenPath("search-filters-375") });
  await dialog.getByRole("button", { name: "Fjern filteret Har vedlegg" }).click();
  await dialog.getByRole("button", { name: /^Filtre/ }).click();

  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/chat/department\\?melding=${id}$`));
  const message = page.locator(`article[data-message-id="${id}"]`);
  await expect(message).toBeInViewport();
  await expect(message).toHaveClass(/bg-warning\/15/);
  // It holds the focus, but a tap is not the keyboard: no toolbar over its text.
  await expect(message).toBeFocused();
  await expect(message.getByRole("toolbar")).toHaveCount(0);
  await page.screenshot({ path: screenPath("search-landed-375") });
});
