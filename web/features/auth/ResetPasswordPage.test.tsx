import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { baseHandlers, config, mockApi, renderApp } from "../../test/app.tsx";

const token = "resettokenabcdefghij";

async function fill(password: string, confirm: string) {
  const type = (label: string, value: string) =>
    value ? userEvent.type(screen.getByLabelText(label, { selector: "input" }), value) : Promise.resolve();
  await type("Nytt passord", password);
  await type("Bekreft passord", confirm);
  await userEvent.click(screen.getByRole("button", { name: "Lagre passord" }));
}

describe("reset password page", () => {
  it("reads the token from the fragment, removes it and posts nothing before saving", async () => {
    const calls = mockApi(baseHandlers(null));
    const { router } = renderApp(`/auth/reset#token=${token}`);
    expect(await screen.findByRole("heading", { name: "Nytt passord" })).toBeInTheDocument();
    expect(screen.getByText("Velg et nytt passord for kontoen din.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.hash).toBe(""));
    expect(router.state.location.pathname).toBe("/auth/reset");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it.each([
    ["hemmelig1", "", "Alle felt må fylles ut"],
    ["hemmelig1", "hemmelig2", "Passordene må være like"],
    ["kort", "kort", "Passordet må være minst 6 tegn"],
  ])("refuses %j / %j with '%s'", async (password, confirm, message) => {
    const calls = mockApi(baseHandlers(null));
    renderApp(`/auth/reset#token=${token}`);
    await screen.findByRole("heading", { name: "Nytt passord" });
    await fill(password, confirm);
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(screen.getByLabelText("Nytt passord", { selector: "input" })).toHaveAccessibleDescription(message);
    expect(calls.some((c) => c.path === "/api/auth/password-reset/confirm")).toBe(false);
  });

  it("saves with the token from the link, says so and goes to /login", async () => {
    const calls = mockApi({
      ...baseHandlers(null),
      // Staging: /login must not sign the demo admin in over the person who just reset.
      "GET /api/config": config({}, { autoSignIn: true }),
      "POST /api/auth/password-reset/confirm": { ok: true },
    });
    const { router } = renderApp(`/auth/reset#token=${token}`);
    await screen.findByRole("heading", { name: "Nytt passord" });
    await fill("nyttpassord", "nyttpassord");

    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.historyAction).toBe("REPLACE");
    expect(
      await screen.findByText("Passordet er endret. Logg inn med det nye passordet."),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/api/auth/password-reset/confirm").map((c) => c.body)).toEqual([
      { token, password: "nyttpassord", confirmPassword: "nyttpassord" },
    ]);
    expect(await screen.findByRole("button", { name: "Send innloggingslenke" })).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/dev/auto-sign-in")).toBe(false);
  });

  it("shows a rule the server refuses in the form", async () => {
    const message = "Passordet må være minst 6 tegn";
    mockApi({
      ...baseHandlers(null),
      "POST /api/auth/password-reset/confirm": {
        status: 422,
        body: { error: { code: "password_too_short", message } },
      },
    });
    const { router } = renderApp(`/auth/reset#token=${token}`);
    await screen.findByRole("heading", { name: "Nytt passord" });
    await fill("hemmelig1", "hemmelig1");
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getByRole("button", { name: "Lagre passord" })).toBeEnabled();
    expect(router.state.location.pathname).toBe("/auth/reset");
  });

  it("explains a used or expired link and offers a new one", async () => {
    const invalid = "Lenken for nytt passord er ugyldig, allerede brukt eller utløpt. Be om en ny lenke.";
    mockApi({
      ...baseHandlers(null),
      "POST /api/auth/password-reset/confirm": {
        status: 400,
        body: { error: { code: "password_reset_invalid", message: invalid } },
      },
    });
    renderApp(`/auth/reset#token=${token}`);
    await screen.findByRole("heading", { name: "Nytt passord" });
    await fill("hemmelig1", "hemmelig1");
    expect(await screen.findByRole("alert")).toHaveTextContent(invalid);
    expect(screen.getByRole("heading", { name: "Lenken virker ikke" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Be om en ny lenke" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    expect(screen.getByRole("link", { name: "Tilbake til innlogging" })).toHaveAttribute("href", "/login");
  });

  it.each(["/auth/reset", `/auth/reset?token=${token}`])("says %s has no token", async (path) => {
    const calls = mockApi(baseHandlers(null));
    renderApp(path);
    expect(await screen.findByRole("alert")).toHaveTextContent("Lenken mangler en kode");
    expect(screen.queryByLabelText("Nytt passord", { selector: "input" })).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});
