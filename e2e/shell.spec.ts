/**
 * The app shell (issue "App shell"): route table and redirects, not-found page, role-based
 * navigation, remembered layout state, mobile layout, brand fallback, accessibility and
 * screenshots (spec §2 Route table and Layout, §6 Roles).
 *
 * Runs with the staging defaults, so the automatic demo sign-in is on; tests that need
 * someone else sign in as them (POST /api/dev/impersonate) before the first page load.
 * A missing BRAND_FILE needs another server and has its own file.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/a11y.ts";
import { currentSession, demo, envs, expect, impersonate, test } from "./support/fixtures.ts";
import { repoRoot } from "./support/server.ts";

test.use({ serverEnv: envs.staging });

const screenshots = path.join(repoRoot, "test-results", "screenshots");

/** The desktop sidebar: the first navigation landmark that holds the section toggles. */
const sidebar = (page: Page) =>
  page.getByRole("navigation").filter({ has: page.getByRole("button", { name: "Chat", exact: true }) });

const redirects: [from: string, to: string][] = [
  ["/ekstravakter", "/shifts/open"],
  ["/mine-tildelte", "/shifts/assigned"],
  ["/admin/ekstravakter", "/shifts/admin"],
  ["/admin/vaktbytter", "/shifts/swaps/admin"],
  ["/arbeidsfeed", "/chat/department"],
  ["/chat/dept", "/chat/department"],
  ["/department", "/chat/department"],
  ["/chat", "/chat/department"],
  ["/", "/chat/department"],
  ["/me/profile", "/profile"],
  ["/me", "/profile"],
  ["/shifts", "/shifts/open"],
  ["/admin", "/admin/users"],
  ["/swaps", "/shifts/swaps"],
  ["/swaps/admin", "/shifts/swaps/admin"],
];

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

test.describe("as the admin", () => {
  test.beforeEach(async ({ page }) => {
    await impersonate(page, demo.admin.email);
  });

  test("every redirect of the route table lands where the spec says", async ({ page }) => {
    for (const [from, to] of redirects) {
      await page.goto(from);
      await expect(page, `${from} → ${to}`).toHaveURL(new RegExp(`^[^?#]*://[^/]+${escapeRe(to)}(\\?.*)?$`));
      // the shell (not the login page, not the not-found page) is shown at the target
      await expect(sidebar(page)).toBeVisible();
      await expect(page.getByText("Oops! Page not found")).toHaveCount(0);
    }
  });

  test("an unknown path shows the not-found page with a link home", async ({ page }) => {
    await page.goto("/finnes/ikke-her");
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expect(page).toHaveURL(/\/finnes\/ikke-her$/);
    await page.getByRole("link", { name: "Gå til forsiden" }).click();
    await expect(page).toHaveURL(/\/chat\/department$/);
    await expect(page.getByText("Oops! Page not found")).toHaveCount(0);
  });

  test("the sidebar shows every section and item to an admin", async ({ page }) => {
    await page.goto("/chat/department");
    const nav = sidebar(page);
    for (const section of ["Chat", "Vakter", "Administrasjon"]) {
      await expect(nav.getByRole("button", { name: section, exact: true })).toBeVisible();
    }
    for (const item of [
      "Pågående vakt",
      "Avdeling",
      "Direktemeldinger",
      "Kanaler",
      "Ekstravakter",
      "Byttevakt",
      "Mine vakter",
      "Ansatte",
      "Administrer ekstravakter",
      "Administrer bytter",
      "Haster",
    ]) {
      await expect(
        nav.getByRole("link", { name: new RegExp(`^${escapeRe(item)}\\b`) }).first(),
      ).toBeVisible();
    }
    await nav
      .getByRole("link", { name: /^Byttevakt\b/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/shifts\/swaps$/);
  });

  test("a collapsed sidebar section and a closed right rail survive a reload", async ({ page }) => {
    await page.goto("/chat/department");
    const nav = sidebar(page);
    const chatToggle = nav.getByRole("button", { name: "Chat", exact: true });
    const departmentLink = nav.getByRole("link", { name: /^Avdeling\b/ }).first();

    await expect(chatToggle).toHaveAttribute("aria-expanded", "true");
    await expect(departmentLink).toBeVisible();
    await chatToggle.click();
    await expect(chatToggle).toHaveAttribute("aria-expanded", "false");
    await expect(departmentLink).toBeHidden();

    // At 1440 px the rail starts closed; opened, it is remembered, and so is closing it.
    const rail = page.getByRole("complementary", { name: "Informasjon" });
    await expect(rail).toBeHidden();
    await page.getByRole("button", { name: "Vis informasjon" }).click();
    await expect(rail).toBeVisible();
    await page.reload();
    await expect(rail).toBeVisible();
    await page.getByRole("button", { name: "Lukk informasjon" }).click();
    await expect(rail).toBeHidden();
    await expect(page.getByRole("button", { name: "Vis informasjon" })).toBeVisible();

    await page.reload();
    await expect(sidebar(page)).toBeVisible();
    await expect(chatToggle).toHaveAttribute("aria-expanded", "false");
    await expect(departmentLink).toBeHidden();
    await expect(page.getByRole("complementary", { name: "Informasjon" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Vis informasjon" })).toBeVisible();

    // and both open again
    await chatToggle.click();
    await expect(chatToggle).toHaveAttribute("aria-expanded", "true");
    await expect(departmentLink).toBeVisible();
    await page.getByRole("button", { name: "Vis informasjon" }).click();
    await expect(page.getByRole("complementary", { name: "Informasjon" })).toBeVisible();
    await page.reload();
    await expect(chatToggle).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("complementary", { name: "Informasjon" })).toBeVisible();
  });

  test("the user menu shows the admin and signs out", async ({ page }) => {
    await page.goto("/chat/department");
    await page.getByRole("button", { name: "Brukermeny" }).click();
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByText(demo.admin.email)).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: /Min Profil/i })).toBeVisible();
    await menu.getByRole("menuitem", { name: "Logg ut" }).click();
    await expect(page).toHaveURL(/\/login(\?.*)?$/);
    expect(await currentSession(page)).toBeNull();
  });

  test("the shell at 1440×900 has no serious accessibility violations; screenshot", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/chat/department");
    await expect(sidebar(page)).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
    await expectNoSeriousViolations(page);
    mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: path.join(screenshots, "shell-1440x900.png"), fullPage: false });
  });

  test("mobile 375×812: drawer menu, header shortcuts, screenshot", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/chat/department");

    const menuButton = page.getByRole("button", { name: "Meny", exact: true });
    await expect(menuButton).toBeVisible();
    // the desktop sidebar is hidden
    await expect(page.getByRole("navigation").filter({ visible: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Ekstravakter\b/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Bytte\b/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Hurtighandlinger" })).toBeVisible();
    mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: path.join(screenshots, "shell-375x812.png"), fullPage: false });

    await menuButton.click();
    const drawer = page.getByRole("dialog");
    await expect(drawer).toBeVisible();
    const drawerNav = drawer.getByRole("navigation");
    await expect(drawerNav).toBeVisible();
    await expect(drawerNav.getByRole("link", { name: /^Avdeling\b/ }).first()).toBeVisible();
    await expect(drawerNav.getByRole("link", { name: /^Byttevakt\b/ }).first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    // a link in the drawer navigates and closes it
    await menuButton.click();
    await page
      .getByRole("dialog")
      .getByRole("link", { name: /^Byttevakt\b/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/shifts\/swaps$/);
    await expect(page.getByRole("dialog")).toBeHidden();

    // header shortcuts lead to the lists
    await page.getByRole("button", { name: /^Ekstravakter\b/ }).click();
    await expect(page).toHaveURL(/\/shifts\/open$/);
    await page.getByRole("button", { name: /^Bytte\b/ }).click();
    await expect(page).toHaveURL(/\/shifts\/swaps$/);
  });

  test("the app starts with the default brand when /brand/brand.default.json cannot be fetched", async ({
    page,
  }) => {
    let aborted = 0;
    await page.route("**/brand/brand.default.json", async (route) => {
      aborted += 1;
      await route.abort("failed");
    });
    await page.goto("/chat/department");
    await expect(sidebar(page)).toBeVisible();
    await expect(page.getByText("Konfigurasjonsfeil")).toHaveCount(0);
    expect(aborted, "the app asks for the brand file").toBeGreaterThan(0);
    // the default brand colour is in force
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--brand-primary").trim(),
    );
    expect(primary.toLowerCase()).toBe("#1f3a5b");
  });
});

test.describe("role-based navigation", () => {
  test("staff (Kari) has no 'Administrasjon' and cannot open the admin screen", async ({ page }) => {
    await impersonate(page, demo.kari.email);
    await page.goto("/chat/department");
    const nav = sidebar(page);
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("button", { name: "Vakter", exact: true })).toBeVisible();
    await expect(nav.getByRole("button", { name: "Administrasjon", exact: true })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: /^Ansatte\b/ })).toHaveCount(0);

    await page.goto("/admin/users");
    // sent home with a notice; the admin screen never shows
    await expect(page.getByText("Du har ikke tilgang til denne siden.").first()).toBeVisible();
    await expect(page).toHaveURL(/\/chat\/department$/);
    await expect(sidebar(page)).toBeVisible();
    await expect(page.getByText("Brukeroversikt")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Legg til ny bruker" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send varsel til alle" })).toHaveCount(0);
  });

  test("a leader (Lars) has 'Administrasjon' and opens the admin screen", async ({ page }) => {
    await impersonate(page, demo.leader.email);
    await page.goto("/chat/department");
    const nav = sidebar(page);
    await expect(nav.getByRole("button", { name: "Administrasjon", exact: true })).toBeVisible();
    await nav
      .getByRole("link", { name: /^Ansatte\b/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(
      page
        .getByRole("main")
        .getByText(/Brukeroversikt|Administrasjon|Ansatte/)
        .first(),
    ).toBeVisible();
  });
});

test.describe("automatic demo sign-in (AUTO_SIGNIN on)", () => {
  test("a fresh tab is signed in as the demo admin once; after 'Logg ut' it stays signed out", async ({
    page,
  }) => {
    expect(await currentSession(page), "a fresh context starts without a session").toBeNull();

    await page.goto("/");
    await expect(page).toHaveURL(/\/chat\/department$/);
    await expect.poll(async () => (await currentSession(page))?.user.email).toBe(demo.admin.email);

    await page.getByRole("button", { name: "Brukermeny" }).click();
    await page.getByRole("menuitem", { name: "Logg ut" }).click();
    await expect(page).toHaveURL(/\/login(\?.*)?$/);
    expect(await currentSession(page)).toBeNull();

    await page.reload();
    await expect(page).toHaveURL(/\/login(\?.*)?$/);
    await expect(page.getByLabel("E-post", { exact: true })).toBeVisible();
    // give a (wrong) automatic sign-in every chance to happen
    await page.waitForTimeout(1_000);
    await expect(page).toHaveURL(/\/login(\?.*)?$/);
    expect(await currentSession(page)).toBeNull();

    await page.goto("/chat/department");
    await expect(page).toHaveURL(/\/login(\?.*)?$/);
    expect(await currentSession(page)).toBeNull();
  });

  test("a second tab of a signed-out browser is not signed in again", async ({ page, context }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/chat\/department$/);
    await page.getByRole("button", { name: "Brukermeny" }).click();
    await page.getByRole("menuitem", { name: "Logg ut" }).click();
    await expect(page).toHaveURL(/\/login(\?.*)?$/);

    const tab2 = await context.newPage();
    await tab2.goto("/");
    await expect(tab2).toHaveURL(/\/login(\?.*)?$/);
    await tab2.waitForTimeout(1_000);
    await expect(tab2).toHaveURL(/\/login(\?.*)?$/);
    expect(await currentSession(tab2)).toBeNull();
  });

  test("a new browser context is signed in automatically again", async ({ browser, baseURL }) => {
    const ctx = await browser.newContext({ baseURL });
    try {
      const page = await ctx.newPage();
      await page.goto("/shifts/open");
      await expect(page).toHaveURL(/\/shifts\/open$/);
      await expect.poll(async () => (await currentSession(page))?.user.email).toBe(demo.admin.email);
    } finally {
      await ctx.close();
    }
  });
});
