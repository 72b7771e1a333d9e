/**
 * The admin screens on a ward PC and a phone (issue: a polish pass from a ward-staff
 * review): 'Logg' in words, the 'Informasjon' rail's default by width and screen, the
 * user table's '…' menu, focus back to the opener after Escape, toasts clear of the
 * header's bell and menu, and axe with the user menu open and on 'Logg'. Screenshots
 * go to test-results/screenshots.
 */
import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/a11y.ts";
import { demo, envs, expect, fromOurPage, impersonate, test } from "./support/fixtures.ts";
import { screenPath } from "./support/screens.ts";

test.use({ serverEnv: envs.isolated });
const phone = { width: 375, height: 812 };

const overlaps = async (a: Locator, b: Locator) => {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) return false;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

/** Entries for 'Logg' that leave things as they were: a new department, Ola off and on again. */
async function logSomething(page: Page) {
  const made = await page.request.post("/api/admin/departments", {
    data: { name: `Logg ${Date.now().toString(36)}` },
    headers: fromOurPage(),
  });
  expect(made.status(), await made.text()).toBe(201);
  const { users } = (await (await page.request.get("/api/admin/users")).json()) as {
    users: { userId: string; fullName: string }[];
  };
  const ola = users.find((u) => u.fullName === demo.ola.name)!;
  for (const active of [false, true]) {
    const res = await page.request.post(`/api/admin/users/${ola.userId}/activation`, {
      data: { active },
      headers: fromOurPage(),
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
}

test("'Logg' reads in names and words, and axe finds nothing serious there, on the PC and the phone", async ({
  page,
}) => {
  await impersonate(page, demo.admin.email);
  await logSomething(page);
  await page.goto("/admin/users?tab=log");
  const table = page.getByRole("table", { name: "Administrasjonslogg" });
  const rows = table.getByRole("row");
  await expect(rows.nth(1)).toContainText(`${demo.admin.name} aktiverte ${demo.ola.name}`);
  await expect(rows.nth(2)).toContainText(`${demo.admin.name} deaktiverte ${demo.ola.name}`);
  await expect(rows.nth(3)).toContainText(`${demo.admin.name} opprettet avdelingen Logg `);
  await expect(table).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-|department\.create/);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: screenPath("logg-1440") });

  await page.setViewportSize(phone);
  await expect(table).toBeVisible();
  // The table's frame scrolls sideways here; a keyboard can reach it.
  await expect(page.getByRole("region", { name: "Administrasjonslogg" })).toHaveAttribute("tabindex", "0");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: screenPath("logg-375"), fullPage: true });

  // The broadcast's extra JSON waits behind 'Avansert'.
  await page.getByRole("button", { name: "Send varsel til alle" }).click();
  const dialog = page.getByRole("dialog", { name: "Send varsel til alle" });
  const extra = dialog.getByRole("textbox", { name: "Tilleggsinformasjon (JSON)" });
  await expect(extra).toBeHidden();
  await page.screenshot({ path: screenPath("broadcast-375") });
  await dialog.getByText("Avansert").click();
  await expect(extra).toBeVisible();
});

test("axe finds nothing serious with the user menu open", async ({ page }) => {
  await impersonate(page, demo.admin.email);
  for (const path of ["/admin/users", "/chat/department"]) {
    await page.goto(path);
    // The screen's chunk first: a thread that mounts after the click puts the caret in its
    // composer, and the focus leaving the menu closes it.
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Brukermeny" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
  }
});

test("the 'Informasjon' rail starts closed on admin screens and under 1600 px, open on a wide screen", async ({
  page,
}) => {
  await impersonate(page, demo.admin.email);
  const rail = page.getByRole("complementary", { name: "Informasjon" });
  await page.goto("/chat/department");
  await expect(page.getByRole("button", { name: "Vis informasjon" })).toBeVisible();
  await expect(rail).toHaveCount(0);
  await page.screenshot({ path: screenPath("rail-1440") });

  await page.setViewportSize({ width: 1700, height: 900 });
  await expect(rail).toBeVisible();
  await page.screenshot({ path: screenPath("rail-1700") });
  await page.goto("/admin/users");
  await expect(page.getByRole("table", { name: "Brukeroversikt" })).toBeVisible();
  await expect(rail).toHaveCount(0);
  await page.screenshot({ path: screenPath("users-1700") });
});

test("user table: one line per person, actions in a '…' menu by keyboard, Escape back to the opener", async ({
  page,
}) => {
  await impersonate(page, demo.admin.email);
  await page.goto("/admin/users");
  const table = page.getByRole("table", { name: "Brukeroversikt" });
  const row = table.getByRole("row", { name: new RegExp(demo.kari.name) });
  await expect(row).toBeVisible();
  // One line: the row is no taller than its '…' button with the cell's padding.
  const more = row.getByRole("button", { name: `Handlinger for ${demo.kari.name}` });
  expect((await row.boundingBox())!.height).toBeLessThanOrEqual((await more.boundingBox())!.height + 20);
  await page.screenshot({ path: screenPath("users-1440") });

  await more.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Rediger" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Rediger bruker" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(more).toBeFocused();

  // A dialog opened by a plain button gets focus back too.
  const add = page.getByRole("button", { name: "Legg til ny bruker" });
  await add.click();
  await expect(page.getByRole("dialog", { name: "Legg til ny bruker" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(add).toBeFocused();

  await page.setViewportSize(phone);
  const cards = page.getByRole("list", { name: "Brukeroversikt" });
  await expect(cards).toBeVisible();
  // The cards' buttons are a finger's size.
  for (const button of await cards.getByRole("button").all()) {
    const box = (await button.boundingBox())!;
    expect(
      Math.min(box.width, box.height),
      (await button.getAttribute("aria-label")) ?? "",
    ).toBeGreaterThanOrEqual(44);
  }
  await page.screenshot({ path: screenPath("users-375"), fullPage: true });
});

test("'Ny ekstravakt' closed with Escape gives focus back to its button", async ({ page }) => {
  await impersonate(page, demo.leader.email);
  await page.goto("/shifts/admin");
  const open = page.getByRole("button", { name: "Ny ekstravakt" });
  await open.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(open).toBeFocused();
});

test("a toast covers neither the bell nor the menus, on the PC and the phone", async ({ page }) => {
  await impersonate(page, demo.admin.email);
  for (const size of [{ width: 1440, height: 900 }, phone]) {
    await page.setViewportSize(size);
    await page.goto("/admin/users?tab=demo");
    // Copying a sign-in link says so in a toast (whether or not the clipboard lets it).
    await page
      .getByRole("button", { name: /^Kopier innloggingslenke for / })
      .first()
      .click();
    const toast = page.locator("[data-sonner-toast]").first();
    await expect(toast).toBeVisible();
    const header = [
      page.getByRole("button", { name: /^Varsler(,|$)/ }),
      page.getByRole("button", { name: "Brukermeny" }),
      ...(size === phone
        ? [
            page.getByRole("button", { name: "Meny", exact: true }),
            page.getByRole("button", { name: "Hurtighandlinger", exact: true }),
          ]
        : []),
    ];
    // Once it has slid in (it enters from above, transparent).
    await expect(toast).toHaveAttribute("data-mounted", "true");
    for (const control of header) {
      await expect(control).toBeVisible();
      await expect
        .poll(() => overlaps(toast, control), {
          message: `toast over ${await control.getAttribute("aria-label")}`,
        })
        .toBe(false);
    }
    await page.screenshot({ path: screenPath(`toast-${size.width}`) });
  }
});
