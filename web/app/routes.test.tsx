import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { redirects } from "../lib/paths.ts";
import { baseHandlers, mockApi, renderApp, session } from "../test/app.tsx";

const path = (router: ReturnType<typeof renderApp>["router"]) =>
  router.state.location.pathname + router.state.location.search;

describe("route table", () => {
  it.each([...redirects, ["/", "/chat/department"] as const])("redirects %s to %s", async (from, to) => {
    mockApi(baseHandlers(session("admin")));
    const { router } = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(await screen.findByRole("navigation", { name: "Hovedmeny" })).toBeInTheDocument();
    expect(screen.queryByText("Oops! Page not found")).not.toBeInTheDocument();
  });

  it("shows the not-found page for unknown paths and logs the path", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    mockApi(baseHandlers(session("staff")));
    renderApp("/finnes/ikke");
    expect(await screen.findByRole("heading", { name: "Oops! Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Gå til forsiden" })).toHaveAttribute("href", "/");
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("/finnes/ikke"));
  });

  it("sends a signed-out person to /login and remembers the page", async () => {
    mockApi(baseHandlers(null));
    const { router } = renderApp("/shifts/swaps");
    await waitFor(() => expect(path(router)).toBe("/login?next=%2Fshifts%2Fswaps"));
    expect(await screen.findByRole("button", { name: "Send innloggingslenke" })).toBeInTheDocument();
  });

  it("sends a signed-in person from /login and /register home, or to ?next=", async () => {
    mockApi(baseHandlers(session("staff")));
    const first = renderApp("/register");
    await waitFor(() => expect(first.router.state.location.pathname).toBe("/chat/department"));
    first.unmount();
    const second = renderApp("/login?next=%2Fprofile");
    await waitFor(() => expect(second.router.state.location.pathname).toBe("/profile"));
  });

  it.each(["/admin/users", "/shifts/admin", "/shifts/swaps/admin"])("refuses %s to staff", async (from) => {
    mockApi(baseHandlers(session("staff")));
    const { router } = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe("/chat/department"));
    expect(await screen.findByText("Du har ikke tilgang til denne siden.")).toBeInTheDocument();
  });

  it("opens the admin screens for a leader", async () => {
    mockApi(baseHandlers(session("leader")));
    renderApp("/admin/users");
    expect(await screen.findByRole("heading", { name: "Administrasjon", level: 1 })).toBeInTheDocument();
  });

  it("says so when a screen's feature is switched off", async () => {
    mockApi(baseHandlers(session("staff"), { shifts: false, swaps: false }));
    const shifts = renderApp("/shifts/open");
    expect(await screen.findByRole("heading", { name: "Ekstravakter ikke aktivert" })).toBeInTheDocument();
    expect(screen.getByText("Denne funksjonen er ikke tilgjengelig")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Ekstravakter/ })).not.toBeInTheDocument();
    shifts.unmount();
    renderApp("/shifts/swaps");
    expect(await screen.findByRole("heading", { name: "Vaktbytter ikke aktivert" })).toBeInTheDocument();
  });

  it("shows 'Konfigurasjonsfeil' with a retry when the configuration cannot load", async () => {
    mockApi({
      ...baseHandlers(null),
      "GET /api/config": { status: 500, body: { error: { code: "internal", message: "Noe gikk galt" } } },
    });
    renderApp("/");
    // The configuration gets one retry (a flaky network) before the error screen.
    expect(
      await screen.findByRole("heading", { name: "Konfigurasjonsfeil" }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Prøv igjen" })).toBeInTheDocument();
  });

  it("starts with the default brand when the brand file fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const handlers = baseHandlers(session("staff"));
    handlers["GET /brand/brand.default.json"] = { status: 500, body: {} };
    mockApi(handlers);
    renderApp("/chat/department");
    expect(await screen.findByRole("heading", { name: "Avdeling", level: 1 })).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    expect(document.documentElement.style.getPropertyValue("--brand-primary")).toBe("#1F3A5B");
  });
});
