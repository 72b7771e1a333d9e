import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { baseHandlers, mockApi, renderApp, session } from "../../test/app.tsx";

describe("magic link page", () => {
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
    const { router } = renderApp("/auth/magic#token=abcdefghijklmnop&next=%2Fshifts%2Fswaps");
    await waitFor(() => expect(router.state.location.pathname).toBe("/shifts/swaps"));
    const verifies = calls.filter((c) => c.path === "/api/auth/magic-link/verify");
    expect(verifies).toHaveLength(1);
    expect(verifies[0]?.body).toEqual({ token: "abcdefghijklmnop", next: "/shifts/swaps" });
  });

  it("explains a refused magic link and links back to login", async () => {
    const message = "Påloggingslenken er ugyldig, allerede brukt eller utløpt. Be om en ny lenke.";
    mockApi({
      ...baseHandlers(null),
      "POST /api/auth/magic-link/verify": {
        status: 400,
        body: { error: { code: "magic_link_invalid", message } },
      },
    });
    renderApp("/auth/magic#token=refusedmagictoken");
    expect(await screen.findByRole("heading", { name: "Innloggingen mislyktes" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(message);
    expect(screen.getByRole("link", { name: "Tilbake til innlogging" })).toHaveAttribute("href", "/login");
  });

  it("says so when the link has no token, and posts nothing", async () => {
    const calls = mockApi(baseHandlers(null));
    renderApp("/auth/magic");
    expect(await screen.findByRole("alert")).toHaveTextContent("Lenken mangler en kode");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("takes no token from the query string (the old link form)", async () => {
    const calls = mockApi(baseHandlers(null));
    renderApp("/auth/magic?token=abcdefghijklmnop");
    expect(await screen.findByRole("alert")).toHaveTextContent("Lenken mangler en kode");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("removes the fragment from the address at once, replacing the history entry", async () => {
    let answer: (reply: { next: string }) => void = () => {};
    const calls = mockApi({
      ...baseHandlers(null),
      "POST /api/auth/magic-link/verify": () => new Promise((resolve) => (answer = resolve)),
    });
    // A token of its own: the page shares each token's request across renders of one load.
    const { router } = renderApp("/auth/magic#token=fragmentonlytoken");
    await waitFor(() => expect(router.state.location.hash).toBe(""));
    expect(router.state.location.pathname).toBe("/auth/magic");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(screen.getByRole("status")).toHaveTextContent("Logger deg inn...");
    // The token read before the fragment went is still the one posted, once.
    const verifies = () => calls.filter((c) => c.path === "/api/auth/magic-link/verify");
    await waitFor(() => expect(verifies()).toHaveLength(1));
    expect(verifies()[0]?.body).toEqual({ token: "fragmentonlytoken" });
    answer({ next: "/profile" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
  });
});
