import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { baseHandlers, mockApi, renderApp, session } from "../../test/app.tsx";

describe("login page", () => {
  it("asks for the e-mail before sending anything", async () => {
    const calls = mockApi(baseHandlers(null));
    renderApp("/login");
    await userEvent.click(await screen.findByRole("button", { name: "Send innloggingslenke" }));
    expect(screen.getByRole("alert")).toHaveTextContent("E-post må fylles ut.");
    expect(screen.getByLabelText("E-post")).toHaveAttribute("aria-invalid", "true");
    await userEvent.type(screen.getByLabelText("E-post"), "ikke-en-adresse");
    await userEvent.click(screen.getByRole("button", { name: "Send innloggingslenke" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Ugyldig e-postadresse.");
    expect(calls.some((c) => c.path === "/api/auth/magic-link")).toBe(false);
  });

  it("sends the link with the remembered page and shows 'E-post sendt!' with a way to try again", async () => {
    const calls = mockApi({ ...baseHandlers(null), "POST /api/auth/magic-link": { ok: true } });
    renderApp("/login?next=%2Fshifts%2Fswaps");
    await userEvent.type(await screen.findByLabelText("E-post"), "Kari@Example.no");
    await userEvent.click(screen.getByRole("button", { name: "Send innloggingslenke" }));
    expect(await screen.findByRole("heading", { name: "E-post sendt!" })).toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/auth/magic-link")?.body).toEqual({
      email: "kari@example.no",
      next: "/shifts/swaps",
    });
    await userEvent.click(screen.getByRole("button", { name: "Prøv igjen" }));
    expect(screen.getByLabelText("E-post")).toHaveValue("Kari@Example.no");
  });

  it("shows the server's message inline when sending fails", async () => {
    mockApi({
      ...baseHandlers(null),
      "POST /api/auth/magic-link": {
        status: 429,
        body: { error: { code: "rate_limited", message: "For mange forsøk. Vent litt og prøv igjen." } },
      },
    });
    renderApp("/login");
    await userEvent.type(await screen.findByLabelText("E-post"), "kari@example.no");
    await userEvent.click(screen.getByRole("button", { name: "Send innloggingslenke" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("For mange forsøk. Vent litt og prøv igjen.");
  });

  it("signs in by password and goes on to the page first asked for", async () => {
    let signedIn = false;
    mockApi({
      ...baseHandlers(null),
      "GET /api/auth/session": () => ({ session: signedIn ? session("staff") : null }),
      "POST /api/auth/sign-in": (body) => {
        signedIn = (body as { password: string }).password === "hemmelig1";
        return signedIn
          ? { ok: true }
          : {
              status: 401,
              body: { error: { code: "invalid_credentials", message: "Feil e-post eller passord." } },
            };
      },
    });
    const { router } = renderApp("/login?next=%2Fprofile");
    await userEvent.click(await screen.findByRole("button", { name: "Logg inn med passord" }));
    await userEvent.type(screen.getByLabelText("E-post"), "kari@example.no");
    await userEvent.type(screen.getByLabelText("Passord", { selector: "input" }), "feil");
    await userEvent.click(screen.getByRole("button", { name: "Logg inn" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Feil e-post eller passord.");

    await userEvent.clear(screen.getByLabelText("Passord", { selector: "input" }));
    await userEvent.type(screen.getByLabelText("Passord", { selector: "input" }), "hemmelig1");
    await userEvent.click(screen.getByRole("button", { name: "Logg inn" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(await screen.findByRole("heading", { name: "Min Profil" })).toBeInTheDocument();
  });

  it("offers 'Glemt passord?' in password mode, carrying the typed address along", async () => {
    mockApi(baseHandlers(null));
    const { router } = renderApp("/login");
    await screen.findByRole("button", { name: "Send innloggingslenke" });
    expect(screen.queryByRole("link", { name: "Glemt passord?" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Logg inn med passord" }));
    expect(screen.getByRole("link", { name: "Glemt passord?" })).toHaveAttribute("href", "/forgot-password");
    await userEvent.type(screen.getByLabelText("E-post"), " kari@example.no ");
    const link = screen.getByRole("link", { name: "Glemt passord?" });
    expect(link).toHaveAttribute("href", "/forgot-password?email=kari%40example.no");

    await userEvent.click(link);
    expect(await screen.findByRole("heading", { name: "Glemt passord" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/forgot-password");
    expect(screen.getByLabelText("E-post")).toHaveValue("kari@example.no");
  });
});
