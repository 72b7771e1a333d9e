/**
 * The chat's lists (spec §2 Chat, §5 Add members; decisions.md § Chat): a new direct
 * message through 'Velg kollega', the live unread badge of 'Direktemeldinger', and a
 * private channel that only its members see. The server is shared with other tests,
 * so channel names carry a per-run mark and counts are compared with where they began.
 */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expectNoSeriousViolations, expectNoSidewaysScroll } from "./support/a11y.ts";
import { currentSession, demo, envs, expect, fromOurPage, impersonate, test } from "./support/fixtures.ts";
import { following } from "./support/realtime.ts";

test.use({ serverEnv: envs.noAutoSignIn });

type Person = (typeof demo)[keyof typeof demo];

/** A browser of its own for `person`, signed in. */
async function signedIn(browser: Browser, baseURL: string | undefined, person: Person, mobile = false) {
  const context = await browser.newContext({
    baseURL,
    viewport: mobile ? { width: 375, height: 812 } : { width: 1440, height: 900 },
    locale: "nb-NO",
    timezoneId: "Europe/Oslo",
  });
  const page = await context.newPage();
  await impersonate(page, person.email);
  return page;
}

/** The user id of a colleague in the caller's department, by name. */
async function colleagueId(request: APIRequestContext, page: Page, name: string): Promise<string> {
  const session = await currentSession(page);
  const deptId = session?.memberships[0]?.deptId;
  const res = await request.get(`/api/departments/${deptId}/staff`);
  expect(res.ok()).toBe(true);
  const { staff } = (await res.json()) as { staff: { userId: string; fullName: string }[] };
  const found = staff.find((s) => s.fullName === name);
  expect(found, `${name} in the department`).toBeTruthy();
  return found!.userId;
}

async function directUnread(request: APIRequestContext): Promise<number> {
  const res = await request.get("/api/chat/unread");
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { direct: number }).direct;
}

/** The sidebar's 'Direktemeldinger' entry, its live count at the end of its text. */
const dmNavItem = (page: Page) =>
  page.getByRole("navigation", { name: "Hovedmeny" }).getByRole("link", { name: /^Direktemeldinger/ });

test("'Ny melding' → 'Velg kollega' → Ola opens the conversation with him", async ({ page }) => {
  await impersonate(page, demo.kari.email);
  await page.goto("/chat/dm");
  await page.getByRole("main").getByRole("button", { name: "Ny melding" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Velg kollega" });
  await expect(dialog.getByRole("searchbox", { name: "Søk etter kollega" })).toBeFocused();
  // Kari is not offered to herself, nor Per Olsen of Intensiv.
  await expect(dialog.getByRole("button", { name: /Ola Nordmann/ })).toBeVisible();
  await expect(dialog.getByRole("button", { name: /Kari Nordmann/ })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: /Per Olsen/ })).toHaveCount(0);
  await expectNoSeriousViolations(page);

  await dialog.getByRole("searchbox").fill("ola");
  await dialog.getByRole("button", { name: /Ola Nordmann/ }).click();
  await expect(page).toHaveURL(/\/chat\/dm\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Ola Nordmann", level: 1 })).toBeVisible();

  // The same conversation again, from the list.
  const threadUrl = page.url();
  await page.goto("/chat/dm");
  await page
    .getByRole("list", { name: "Samtaler" })
    .getByRole("link", { name: /Ola Nordmann/ })
    .click();
  await expect(page).toHaveURL(threadUrl);
});

test("at 375×812 'Ny melding' in 'Hurtighandlinger' opens 'Velg kollega'", async ({ browser, baseURL }) => {
  const page = await signedIn(browser, baseURL, demo.kari, true);
  await page.goto("/chat/department");
  await page.getByRole("button", { name: "Hurtighandlinger" }).click();
  await page.getByRole("link", { name: "Ny melding" }).click();
  const dialog = page.getByRole("dialog", { name: "Velg kollega" });
  await expect(dialog.getByRole("button", { name: /Ola Nordmann/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/chat\/dm$/);
});

test("Kari's 'Direktemeldinger' count rises when Ola writes and clears when she reads", async ({
  browser,
  baseURL,
}) => {
  const kari = await signedIn(browser, baseURL, demo.kari);
  const ola = await signedIn(browser, baseURL, demo.ola);
  const olaId = await colleagueId(kari.request, kari, demo.ola.name);
  const opened = await kari.request.post("/api/chat/direct", {
    data: { userId: olaId },
    headers: fromOurPage(),
  });
  expect(opened.ok()).toBe(true);
  const threadId = ((await opened.json()) as { id: string }).id;

  // Where the count begins (other tests may have left Kari something unread).
  const before = await directUnread(kari.request);
  const subscribed = following(kari, "user");
  await kari.goto("/profile");
  await subscribed;
  await expect(dmNavItem(kari)).toHaveText(before ? `Direktemeldinger${before}` : "Direktemeldinger");

  const text = `Kan du ta kvelden på torsdag? (${Date.now().toString(36)})`;
  const posted = await ola.request.post(`/api/chat/threads/${threadId}/messages`, {
    data: { content: text },
    headers: fromOurPage(),
  });
  expect(posted.ok()).toBe(true);
  await expect(dmNavItem(kari)).toHaveText(`Direktemeldinger${before + 1}`, { timeout: 5_000 });

  await dmNavItem(kari).click();
  const row = kari.getByRole("list", { name: "Samtaler" }).getByRole("link", { name: /Ola Nordmann/ });
  await expect(row).toContainText(text);
  await expect(row).toContainText(/\d+ uleste? melding(er)?/);
  await row.click();
  await expect(kari.getByText(text)).toBeVisible();
  await expect(dmNavItem(kari)).toHaveText(before ? `Direktemeldinger${before}` : "Direktemeldinger");
  expect(await directUnread(kari.request)).toBe(before);
});

test("a leader's private channel: Kari is added and sees it; Per of Intensiv is neither offered nor let in", async ({
  browser,
  baseURL,
}) => {
  const name = `Sårstell ${Date.now().toString(36)}`;
  const leader = await signedIn(browser, baseURL, demo.leader);
  await leader.goto("/chat/channels");
  await leader.getByRole("button", { name: "Ny kanal" }).click();
  const create = leader.getByRole("dialog", { name: "Opprett kanal" });
  await expect(create.getByRole("textbox", { name: "Navn" })).toBeFocused();
  await create.getByRole("textbox", { name: "Navn" }).fill(name);
  await create.getByRole("radio", { name: /Privat/ }).check();
  await create.getByRole("button", { name: "Opprett kanal" }).click();
  await expect(leader).toHaveURL(/\/chat\/channel\/[0-9a-f-]{36}$/);
  const channelPath = new URL(leader.url()).pathname;
  const channelId = channelPath.split("/").pop()!;
  await expect(leader.getByText(`Kanalen #${name} er opprettet`)).toBeVisible();

  // The same name twice: the server's answer, on the field.
  await leader.goto("/chat/channels");
  await leader.getByRole("button", { name: "Ny kanal" }).click();
  await create.getByRole("textbox", { name: "Navn" }).fill(name.toUpperCase());
  await create.getByRole("button", { name: "Opprett kanal" }).click();
  await expect(create.getByRole("alert")).toHaveText(
    "Det finnes allerede en kanal med dette navnet i avdelingen.",
  );
  await leader.keyboard.press("Escape");

  await leader.goto(channelPath);
  await leader.getByRole("button", { name: "Legg til deltakere" }).click();
  const add = leader.getByRole("dialog", { name: "Legg til deltakere" });
  await expect(add.getByRole("checkbox", { name: /Kari Nordmann/ })).toBeVisible();
  // Same department only: Per Olsen works in Intensiv.
  await add.getByRole("searchbox").fill("Per");
  await expect(add.getByText("Ingen kollegaer passer «Per».")).toBeVisible();
  await add.getByRole("searchbox").fill("");
  await add.getByRole("button", { name: "Legg til" }).click();
  await expect(add.getByRole("alert")).toHaveText("Ingen valgt");
  await add.getByRole("checkbox", { name: /Kari Nordmann/ }).click();
  await add.getByRole("button", { name: "Legg til (1)" }).click();
  await expect(leader.getByText("1 person(er) ble lagt til i kanalen")).toBeVisible();
  await expect(add).toHaveCount(0);

  const kari = await signedIn(browser, baseURL, demo.kari);
  await kari.goto("/chat/channels");
  const mine = kari.getByRole("list", { name: "Dine kanaler" }).getByRole("link", { name: new RegExp(name) });
  await expect(mine).toContainText("🔒 Privat");
  await expect(mine).toContainText("2 medlemmer");

  // Ola works in the department but was not added: the channel is not there for him.
  const ola = await signedIn(browser, baseURL, demo.ola);
  const olaChannels = (await (await ola.request.get("/api/chat/channels")).json()) as {
    channels: { id: string }[];
  };
  expect(olaChannels.channels.map((c) => c.id)).not.toContain(channelId);

  const per = await signedIn(browser, baseURL, demo.intensiv);
  await per.goto(channelPath);
  await expect(per.getByText("Kanal ikke funnet")).toBeVisible();
  await expect(per.getByText("Denne kanalen eksisterer ikke eller du har ikke tilgang")).toBeVisible();
  expect((await per.request.get(`/api/chat/threads/${channelId}`)).status()).toBe(404);
});
