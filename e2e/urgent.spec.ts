/**
 * Urgent messages (issue 26): Kari holds 'Ansvarshavende sykepleier' for the ongoing
 * block; Ola writes '@Ansvarshavende sykepleier' (chosen from the '@' list) with 'Haster'
 * in Avdeling; Kari gets the toast without a reload and presses 'Bekreft'; Ola sees
 * 'Bekreftet av 1 av 1'. Then a second one nobody acknowledges: the repeat reaches Kari
 * (on a phone) and 5 minutes later Lars gets 'Ikke bekreftet'. The server's clock moves
 * forward on request (MOVABLE_CLOCK, a server of its own) and its job looks every 300 ms. Lars sets the
 * holders through the duty roles' API, as 'Vaktroller' does.
 */
import type { Page } from "@playwright/test";
import type { DutyGridDto } from "../common/schemas/duty.ts";
import { expectNoSidewaysScroll } from "./support/a11y.ts";
import { openChat } from "./support/chat.ts";
import { currentSession, demo, expect, fromOurPage, test } from "./support/fixtures.ts";

test.use({
  serverEnv: { RATE_LIMIT_PER_IP: "1000", AUTO_SIGNIN: "0", MOVABLE_CLOCK: "1", URGENT_JOB_MS: "300" },
});

const role = "Ansvarshavende sykepleier";
// By its element: while the '@' list is open the field is a combobox, else a text box.
const composer = (page: Page) => page.locator('textarea[aria-label="Melding"]');
const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]", { hasText: title });
const message = (page: Page, text: string) => page.locator("article", { hasText: text });
const notReloaded = async (page: Page) =>
  expect(await page.evaluate(() => "openedOnce" in window)).toBe(true);

let marks = 0;
const unique = (text: string) => `${text} (${Date.now().toString(36)}-${++marks})`;

/** Lars sets the ongoing block's holder of a role, as 'Vaktroller' does (its API). */
async function holds(lars: Page, fullName: string, roleName: string) {
  const deptId = (await currentSession(lars))!.memberships[0]!.deptId;
  const grid = await lars.request.get(`/api/departments/${deptId}/duty/grid`);
  expect(grid.status(), await grid.text()).toBe(200);
  const { now, blocks, roles, staff } = (await grid.json()) as DutyGridDto;
  const ongoing = blocks.find((b) => b.start <= now && now < b.end)!;
  const roleId = roles.find((r) => r.name === roleName)!.id;
  const userId = staff.find((p) => p.fullName === fullName)!.userId;
  const res = await lars.request.put(`/api/departments/${deptId}/duty/roles/${roleId}/holder`, {
    data: { blockStart: ongoing.start, userId },
    headers: fromOurPage(),
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function moveClock(page: Page, minutes: number) {
  const res = await page.request.post("/api/dev/clock", {
    data: { ms: minutes * 60_000 },
    headers: fromOurPage(),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A role is held for one block (07–15, 15–23, 23–07). A test that runs, or moves the
 * clock, across a block's end would find its holders gone; within 15 minutes of the end,
 * the server's clock first moves a minute into the next block.
 */
async function clearOfBlockEnd(lars: Page) {
  const deptId = (await currentSession(lars))!.memberships[0]!.deptId;
  const grid = await lars.request.get(`/api/departments/${deptId}/duty/grid`);
  expect(grid.status(), await grid.text()).toBe(200);
  const { now, blocks } = (await grid.json()) as DutyGridDto;
  const ongoing = blocks.find((b) => b.start <= now && now < b.end)!;
  const left = Date.parse(ongoing.end) - Date.parse(now);
  if (left < 15 * 60_000) await moveClock(lars, Math.ceil(left / 60_000) + 1);
}

/** Ola writes an urgent message to the role, choosing it from the '@' list. */
async function sendUrgent(ola: Page, text: string) {
  const field = composer(ola);
  await field.click();
  await field.pressSequentially("@Ansv");
  const list = ola.getByRole("listbox", { name: "Forslag" });
  await expect(list.getByRole("option", { name: new RegExp(`@${role}`) })).toBeVisible();
  await expect(ola.getByRole("combobox", { name: "Melding" })).toHaveAttribute("aria-expanded", "true");
  await field.press("Enter");
  await expect(list).toBeHidden();
  await expect(field).toHaveValue(`@${role} `);
  await field.pressSequentially(text);
  const toggle = ola.getByRole("button", { name: "Haster" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await field.press("Enter");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
}

test("Kari gets Ola's urgent message at once and acknowledges it; Ola sees 'Bekreftet av 1 av 1'", async ({
  browser,
  baseURL,
}) => {
  const lars = await openChat(browser, baseURL, demo.leader);
  await clearOfBlockEnd(lars);
  await holds(lars, demo.kari.name, role);
  const kari = await openChat(browser, baseURL, demo.kari);
  const ola = await openChat(browser, baseURL, demo.ola);
  const text = unique("kom til stue 3");
  await sendUrgent(ola, text);

  // Kari: a toast without a reload, the red marker and 'Bekreft'.
  await expect(toast(kari, "Haster")).toBeVisible();
  const hers = message(kari, text);
  await expect(hers.getByText("HASTER")).toBeVisible();
  await notReloaded(kari);
  await hers.getByRole("button", { name: "Bekreft" }).click();
  await expect(hers.getByText("Bekreftet", { exact: true })).toBeVisible();

  // Ola: the count follows live, and the list names Kari with her role.
  const his = message(ola, text);
  const count = his.getByRole("button", { name: "Bekreftet av 1 av 1" });
  await expect(count).toBeVisible();
  await expect(count).toHaveAttribute("title", `Nådde: Kari Nordmann (${role})`);
  await count.click();
  const list = ola.getByRole("dialog", { name: "Hvem har bekreftet" });
  await expect(list.getByRole("list", { name: "Har bekreftet" })).toContainText("Kari Nordmann");
  await notReloaded(ola);
  await ola.screenshot({ path: "test-results/screenshots/urgent-acknowledged-desktop.png" });
});

test("unacknowledged, the notice comes again, and after 5 minutes Lars gets 'Ikke bekreftet' (phone)", async ({
  browser,
  baseURL,
}) => {
  const lars = await openChat(browser, baseURL, demo.leader);
  await clearOfBlockEnd(lars);
  await holds(lars, demo.kari.name, role);
  // Lars holds a role too, so he is on the block and among the leaders told.
  await holds(lars, demo.leader.name, "Koordinator");
  const kari = await openChat(browser, baseURL, demo.kari, { viewport: { width: 375, height: 812 } });
  const ola = await openChat(browser, baseURL, demo.ola);
  const text = unique("ring meg");
  await sendUrgent(ola, text);
  await expect(message(kari, text).getByRole("button", { name: "Bekreft" })).toBeVisible();
  await expectNoSidewaysScroll(kari);
  await kari.screenshot({ path: "test-results/screenshots/urgent-phone.png" });

  await moveClock(ola, 2);
  await expect(toast(kari, "Haster – ikke bekreftet ennå")).toBeVisible();
  await expect(toast(lars, "Ikke bekreftet")).toHaveCount(0);

  await moveClock(ola, 3);
  await expect(toast(lars, "Ikke bekreftet")).toBeVisible();
  await notReloaded(lars);
  await notReloaded(kari);

  // Lars's 'Haster' overview under Administrasjon: the message, not acknowledged, leaders told.
  await lars.getByRole("link", { name: "Haster" }).click();
  const item = lars.getByRole("listitem").filter({ hasText: text });
  await expect(item).toContainText("Bekreftet av 0 av 1");
  await expect(item).toContainText(`Kari Nordmann (${role}): Ikke bekreftet`);
  await expect(item).toContainText("Ledere varslet");
  await lars.screenshot({ path: "test-results/screenshots/urgent-overview-desktop.png" });
});
