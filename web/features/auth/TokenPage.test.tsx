import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { baseHandlers, config, mockApi, renderApp, session } from "../../test/app.tsx";

describe("e-mail link pages", () => {
  it("uses a magic-link token once (StrictMode too) and lands on `next`", async () => {
    let signedIn = false;
    const calls = mockApi({
      ...baseHandlers(null),
      "GET /api/auth/session": () => ({ session: signedIn ? session("staff") : null }),
      "POST /api/auth/magic-link/verify": () => {
        signedIn = true;
        return { next: "/shifts/swaps" };
      },
    });
    const { router } = renderApp("/auth/magic?token=abcdefghijklmnop&next=%2Fshifts%2Fswaps");
    await waitFor(() => expect(router.state.location.pathname).toBe("/shifts/swaps"));
    const verifies = calls.filter((c) => c.path === "/api/auth/magic-link/verify");
    expect(verifies).toHaveLength(1);
    expect(verifies[0]?.body).toEqual({ token: "abcdefghijklmnop", next: "/shifts/swaps" });
  });

  it("does not trust a session answer that left before the link signed in", async () => {
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
    const { router } = renderApp("/auth/confirm?token=abcdefghijklmnop");
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
    expect(await screen.findByRole("heading", { name: "Min Profil" })).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/dev/auto-sign-in")).toBe(false);
  });

  it("explains a refused confirmation link and links back to login", async () => {
    mockApi({
      ...baseHandlers(null),
      "POST /api/auth/confirm": {
        status: 400,
        body: {
          error: { code: "confirmation_invalid", message: "Bekreftelseslenken er ugyldig eller utløpt." },
        },
      },
    });
    renderApp("/auth/confirm?token=zyxwvutsrqponmlk");
    expect(await screen.findByRole("alert")).toHaveTextContent("Bekreftelseslenken er ugyldig eller utløpt.");
    expect(screen.getByRole("link", { name: "Tilbake til innlogging" })).toHaveAttribute("href", "/login");
  });

  it("says so when the link has no token, and posts nothing", async () => {
    const calls = mockApi(baseHandlers(null));
    renderApp("/auth/magic");
    expect(await screen.findByRole("alert")).toHaveTextContent("Lenken mangler en kode");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});
