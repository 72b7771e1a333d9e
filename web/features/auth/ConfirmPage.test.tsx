import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { baseHandlers, config, mockApi, renderApp, session } from "../../test/app.tsx";

const token = "confirmtokenabcdefghij";
const wrongPassword = "Feil passord. Skriv inn passordet du valgte da du registrerte deg.";

const passwordField = () => screen.getByLabelText("Passord", { selector: "input" });
const submitButton = () => screen.getByRole("button", { name: "Bekreft e-post" });
const confirms = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === "/api/auth/confirm").map((c) => c.body);

async function openPage() {
  const view = renderApp(`/auth/confirm#token=${token}`);
  await screen.findByRole("heading", { name: "Bekreft e-postadressen" });
  return view;
}

describe("registration confirmation page", () => {
  it("asks for the registration's password, removes the fragment and posts nothing by itself", async () => {
    const calls = mockApi(baseHandlers(null));
    const { router } = await openPage();
    expect(
      screen.getByText("Skriv inn passordet du valgte da du registrerte deg. Da er kontoen klar til bruk."),
    ).toBeInTheDocument();
    expect(passwordField()).toHaveAttribute("type", "password");
    expect(passwordField()).toHaveAttribute("autocomplete", "current-password");
    expect(submitButton()).toBeEnabled();
    expect(screen.getByText(/Har du ikke registrert deg selv\?/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Logg inn med e-postlenke" })).toHaveAttribute("href", "/login");

    await waitFor(() => expect(router.state.location.hash).toBe(""));
    expect(router.state.location.pathname).toBe("/auth/confirm");
    expect(router.state.historyAction).toBe("REPLACE");
    // Time for any effect (StrictMode runs them twice) to have posted, had it meant to.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("refuses an empty password in the form, without asking the server", async () => {
    const calls = mockApi(baseHandlers(null));
    await openPage();
    await userEvent.click(submitButton());
    expect(screen.getByRole("alert")).toHaveTextContent("Alle felt må fylles ut");
    expect(passwordField()).toHaveAccessibleDescription("Alle felt må fylles ut");
    expect(passwordField()).toHaveAttribute("aria-invalid", "true");
    expect(passwordField()).toHaveFocus();
    expect(confirms(calls)).toEqual([]);
  });

  it("posts the token and password once, then signs in to 'Velg din avdeling'", async () => {
    let answer: (reply: { next: string }) => void = () => {};
    let signedIn = false;
    const calls = mockApi({
      ...baseHandlers(null),
      "GET /api/auth/session": () => ({ session: signedIn ? session(null) : null }),
      "POST /api/auth/confirm": () =>
        new Promise((resolve) => {
          answer = (reply) => {
            signedIn = true;
            resolve(reply);
          };
        }),
    });
    const { router } = await openPage();
    await userEvent.type(passwordField(), "hemmelig1");
    await userEvent.click(submitButton());

    // Busy while the server answers; pressing Enter again sends nothing more.
    const busy = screen.getByRole("button", { name: "Bekrefter..." });
    expect(busy).toBeDisabled();
    await userEvent.type(passwordField(), "{Enter}");
    expect(confirms(calls)).toEqual([{ token, password: "hemmelig1" }]);

    answer({ next: "/" });
    // The first test to reach the app shell loads its code: allow it the time.
    expect(
      await screen.findByRole("dialog", { name: "Velg din avdeling" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).not.toBe("/auth/confirm");
    expect(confirms(calls)).toHaveLength(1);
  });

  it("does not trust a session answer that left before the confirmation signed in", async () => {
    let signedIn = false;
    const calls = mockApi({
      ...baseHandlers(null),
      "GET /api/config": config({}, { autoSignIn: true }),
      // Answered late, with the state of the moment the request arrived.
      "GET /api/auth/session": () => {
        const answer = { session: signedIn ? session("staff") : null };
        return new Promise((resolve) => setTimeout(() => resolve(answer), 80));
      },
      "POST /api/auth/confirm": () =>
        new Promise((resolve) =>
          setTimeout(() => {
            signedIn = true;
            resolve({ next: "/profile" });
          }, 20),
        ),
    });
    const { router } = await openPage();
    await userEvent.type(passwordField(), "hemmelig1{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"), { timeout: 5000 });
    expect(await screen.findByRole("heading", { name: "Min Profil" })).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/dev/auto-sign-in")).toBe(false);
  });

  it("shows a wrong password in the form, keeps the field focused and stays signed out", async () => {
    const calls = mockApi({
      ...baseHandlers(null),
      "POST /api/auth/confirm": {
        status: 401,
        body: { error: { code: "confirmation_password_wrong", message: wrongPassword } },
      },
    });
    const { router } = await openPage();
    await userEvent.type(passwordField(), "gjetning1");
    await userEvent.click(submitButton());

    expect(await screen.findByRole("alert")).toHaveTextContent(wrongPassword);
    expect(passwordField()).toHaveAccessibleDescription(wrongPassword);
    expect(passwordField()).toHaveAttribute("aria-invalid", "true");
    expect(passwordField()).toHaveFocus();
    expect(passwordField()).toHaveValue("gjetning1");
    expect(submitButton()).toBeEnabled();
    expect(screen.getByRole("link", { name: "Logg inn med e-postlenke" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth/confirm");

    // Another try posts the same token again.
    await userEvent.clear(passwordField());
    await userEvent.type(passwordField(), "hemmelig1{Enter}");
    await waitFor(() => expect(confirms(calls)).toHaveLength(2));
    expect(confirms(calls)[1]).toEqual({ token, password: "hemmelig1" });
  });

  it.each([
    [422, "all_fields_required", "Alle felt må fylles ut", true],
    [429, "rate_limited", "For mange forsøk. Vent litt og prøv igjen.", false],
  ])("shows the server's %i (%s) in the form", async (status, code, message, invalid) => {
    mockApi({
      ...baseHandlers(null),
      "POST /api/auth/confirm": { status, body: { error: { code, message } } },
    });
    const { router } = await openPage();
    await userEvent.type(passwordField(), "hemmelig1");
    await userEvent.click(submitButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(passwordField()).toHaveAccessibleDescription(message);
    // Too many attempts says nothing about the password itself.
    if (invalid) expect(passwordField()).toHaveAttribute("aria-invalid", "true");
    else expect(passwordField()).not.toHaveAttribute("aria-invalid");
    expect(passwordField()).toHaveFocus();
    expect(router.state.location.pathname).toBe("/auth/confirm");
  });

  it("explains a refused link (used, expired, replaced) and links back to login", async () => {
    const message = "Bekreftelseslenken er ugyldig eller utløpt.";
    mockApi({
      ...baseHandlers(null),
      "POST /api/auth/confirm": { status: 400, body: { error: { code: "confirmation_invalid", message } } },
    });
    await openPage();
    await userEvent.type(passwordField(), "hemmelig1{Enter}");
    expect(await screen.findByRole("heading", { name: "Bekreftelsen mislyktes" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(screen.queryByLabelText("Passord", { selector: "input" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Tilbake til innlogging" })).toHaveAttribute("href", "/login");
  });

  it("says so when the link has no token, and shows no form", async () => {
    const calls = mockApi(baseHandlers(null));
    renderApp("/auth/confirm");
    expect(await screen.findByRole("heading", { name: "Bekreftelsen mislyktes" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Lenken mangler en kode");
    expect(screen.queryByLabelText("Passord", { selector: "input" })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});
