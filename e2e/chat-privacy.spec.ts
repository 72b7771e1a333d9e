/**
 * The privacy warning in the department chat, in the composer and in the edit box: a
 * national identity number warns high, an e-mail address medium, a shift time and a room
 * number not at all; a high-confidence draft is held until 'Send likevel'. Nothing with
 * personal data is stored: the server and its department thread are shared with the other
 * tests, so a send the dialog lets through is stopped on its way (the test sees it leave).
 */
import type { Locator, Page } from "@playwright/test";
import { demo, envs, expect, fromOurPage, impersonate, test } from "./support/fixtures.ts";
import { screenPath } from "./support/screens.ts";

test.use({ serverEnv: envs.noAutoSignIn });

const warnings = {
  high: "ADVARSEL: Kan inneholde sensitive personopplysninger... Ikke send!",
  medium: "Mulige personopplysninger oppdaget... Vær forsiktig!",
  low: "Sjekk om meldingen inneholder personopplysninger",
};

/**
 * A fake national identity number with valid control digits (born 15.03.85), as
 * `nationalId("150385", 400)` in common/test/privacy-corpus.ts computes it.
 */
const idNumber = "15038540189";

const composer = (page: Page) => page.getByRole("textbox", { name: "Melding" });
/** The warning as screen readers get it: inside a status region. */
const warning = (scope: Page | Locator, text: string) => scope.getByRole("status").filter({ hasText: text });

async function openChat(page: Page, person: { email: string } = demo.kari) {
  await impersonate(page, person.email);
  await page.goto("/chat/department");
  await expect(composer(page)).toBeVisible();
}

test("the composer warns high for an identity number, medium for an e-mail, not for a shift time", async ({
  page,
}) => {
  await openChat(page);
  const field = composer(page);

  // Typed key by key: the check runs while typing, once typing pauses.
  await field.pressSequentially(`Pasienten har fnr ${idNumber}`);
  await expect(warning(page, warnings.high)).toBeVisible();
  // The field points at the warning, so it is read with the field too.
  await expect(field).toHaveAccessibleDescription(/ADVARSEL: Kan inneholde sensitive personopplysninger/);

  await field.clear();
  await expect(page.getByText(warnings.high)).toHaveCount(0);
  await field.fill("Send det til kari.nordmann@gmail.com");
  await expect(warning(page, warnings.medium)).toBeVisible();

  // Replaced without emptying the field first, so the medium warning leaves only once the
  // new text has been checked: the clean result is real, not the moment before the check.
  await field.fill("Vakt 07:30–15:00, rom 412");
  await expect(page.getByText(warnings.medium)).toHaveCount(0);
  for (const text of Object.values(warnings)) await expect(page.getByText(text)).toHaveCount(0);

  await field.clear();
});

test("editing a message warns the same way", async ({ page }) => {
  // Sofie writes here: a message of Kari's left last would group the next one other tests
  // send as Kari under it, without her name.
  await openChat(page, demo.secretary);
  const text = `Husk overlevering kl. 15 (${Date.now().toString(36)})`;
  await composer(page).fill(text);
  await composer(page).press("Enter");
  const sent = page.locator("article", { hasText: text });
  // Confirmed by the server, so its id is final and it can be edited.
  await expect(sent).toBeVisible();
  await expect(sent).not.toHaveAttribute("aria-busy", "true");
  // By id: while it is edited, its text is in the field, which `hasText` does not see.
  const id = await sent.getAttribute("data-message-id");
  const message = page.locator(`article[data-message-id="${id}"]`);
  // A clean message gives no warning anywhere.
  for (const w of Object.values(warnings)) await expect(page.getByText(w)).toHaveCount(0);

  // Edit with the keyboard: focus the message, 'e'.
  await message.focus();
  await page.keyboard.press("e");
  const editor = page.getByRole("textbox", { name: "Rediger melding" });
  await editor.press("End");
  await editor.pressSequentially(` fnr ${idNumber}`);
  await expect(warning(message, warnings.high)).toBeVisible();

  // Escape leaves the message as it was: the number is never saved.
  await editor.press("Escape");
  await expect(editor).toHaveCount(0);
  await expect(page.getByText(warnings.high)).toHaveCount(0);
});

/**
 * The texts the page sends to a thread: noted, and refused (no number is stored). A
 * refusal, not a 503: a message the server cannot take now waits in the offline outbox.
 */
async function stopSends(page: Page): Promise<string[]> {
  const sends: string[] = [];
  await page.route("**/api/chat/threads/*/messages", async (route) => {
    if (route.request().method() !== "POST") return route.fallback();
    sends.push((route.request().postDataJSON() as { content: string }).content);
    await route.fulfill({
      status: 422,
      json: { error: { code: "validation", message: "Stoppet av testen" } },
    });
  });
  return sends;
}

/** The privacy dialog's answers as the page sends them to be counted. */
function countedChoices(page: Page) {
  const choices: unknown[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/chat/privacy-choices") && request.method() === "POST")
      choices.push(request.postDataJSON());
  });
  return choices;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`an identity number is held until 'Send likevel'; 'Rediger' keeps the text (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const sends = await stopSends(page);
    const choices = countedChoices(page);
    await openChat(page);
    const field = composer(page);
    const text = `Pasienten på 4 har fnr ${idNumber}`;
    await field.fill(text);
    await field.press("Enter");

    const dialog = page.getByRole("alertdialog", { name: "Mulige personopplysninger" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Meldingen ser ut til å inneholde fødselsnummer.");
    await expect(dialog.getByRole("button", { name: "Rediger" })).toBeFocused();
    await page.screenshot({ path: screenPath(`privacy-dialog-${viewport.width}`) });
    expect(sends).toEqual([]);

    // 'Rediger': nothing sent, the text still there to change, the caret back in it.
    await dialog.getByRole("button", { name: "Rediger" }).click();
    await expect(dialog).toBeHidden();
    await expect(field).toHaveValue(text);
    await expect(field).toBeFocused();
    expect(sends).toEqual([]);
    await expect.poll(() => choices).toEqual([{ choice: "edit" }]);

    // Asked again, 'Send likevel' lets it go.
    await field.press("Enter");
    await dialog.getByRole("button", { name: "Send likevel" }).click();
    await expect.poll(() => sends).toEqual([text]);
    await expect.poll(() => choices).toEqual([{ choice: "edit" }, { choice: "send_anyway" }]);
    // Only the choice is sent to be counted: never the text.
    expect(JSON.stringify(choices)).not.toContain(idNumber);
    // Stopped by the test, it comes back to the composer with the spec's toast.
    await expect(page.getByText("Feil ved sending")).toBeVisible();
    await expect(field).toHaveValue(text);
    await field.clear();
  });
}

test("the count is kept: the server answers each choice", async ({ page }) => {
  await openChat(page);
  for (const choice of ["edit", "send_anyway"]) {
    const res = await page.request.post("/api/chat/privacy-choices", {
      data: { choice },
      headers: fromOurPage(),
    });
    expect(res.status()).toBe(204);
  }
  const refused = await page.request.post("/api/chat/privacy-choices", {
    data: { choice: "edit", text: idNumber },
    headers: fromOurPage(),
  });
  expect(refused.status()).toBe(400);
});

test("an e-mail address only warns: it is sent without asking", async ({ page }) => {
  const sends = await stopSends(page);
  await openChat(page);
  const text = "Send vaktlista til kari.nordmann@gmail.com";
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expect.poll(() => sends).toEqual([text]);
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await composer(page).clear();
});
