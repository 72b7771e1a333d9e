import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { baseHandlers, config, departments, mockApi, renderApp, session } from "../test/app.tsx";
import { endSessions, isFollowed, publish } from "../test/realtime.ts";
import { personalCache } from "./personal-cache.ts";
import { storageKeys } from "./storage.ts";

/** A server whose session follows the sign-in and sign-out calls. */
function server(autoSignIn: "works" | "fails") {
  let current: ReturnType<typeof session> | null = null;
  const calls = mockApi({
    ...baseHandlers(null),
    "GET /api/config": config({}, { autoSignIn: true }),
    "GET /api/auth/session": () => ({ session: current }),
    "POST /api/dev/auto-sign-in": () => {
      if (autoSignIn === "fails")
        return { status: 404, body: { error: { code: "not_found", message: "Fant ikke" } } };
      current = session("admin");
      return { ok: true };
    },
    "POST /api/auth/sign-out": () => {
      current = null;
      return { ok: true, providerLogoutUrl: null };
    },
  });
  return calls.filter.bind(calls);
}

/**
 * This browser keeps a chat message of the person (user u1): seen in an earlier page
 * load, or (`client`) in this one.
 */
async function kept(deptId: string | null, client = new QueryClient()) {
  personalCache(client).follow("u1", deptId);
  await client.fetchQuery({
    queryKey: ["chat", "messages", "t1"],
    queryFn: () => "Pasienten på stue 4",
    meta: { persist: { group: "chat.messages", keep: 20 } },
  });
  window.dispatchEvent(new Event("pagehide"));
}
const keptText = () => JSON.stringify(localStorage).includes("Pasienten på stue 4");

const autoCalls = (filter: ReturnType<typeof server>) => filter((c) => c.path === "/api/dev/auto-sign-in");

describe("session", () => {
  it("signs a fresh tab in as the demo admin exactly once (staging)", async () => {
    const filter = server("works");
    const { router } = renderApp("/shifts/open");
    expect(await screen.findByRole("heading", { name: "Ekstravakter", level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/shifts/open");
    expect(autoCalls(filter)).toHaveLength(1);
    expect(sessionStorage.getItem(storageKeys.autoSignInTried)).toBe("true");
  });

  it("marks the session check as background activity", async () => {
    const filter = server("works");
    renderApp("/chat/department");
    await screen.findByRole("navigation", { name: "Hovedmeny" });
    const check = filter((c) => c.path === "/api/auth/session")[0];
    expect(check?.headers["X-Activity"]).toBe("background");
  });

  it("falls back to /login once when the automatic sign-in fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const filter = server("fails");
    const { router } = renderApp("/chat/department");
    expect(await screen.findByRole("button", { name: "Send innloggingslenke" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(warn).toHaveBeenCalled();
    expect(autoCalls(filter)).toHaveLength(1);
  });

  it("'Logg ut' clears the session and keeps the automatic sign-in away in this browser", async () => {
    const filter = server("works");
    const first = renderApp("/chat/department");
    await userEvent.click(await screen.findByRole("button", { name: "Brukermeny" }));
    await kept(session("admin").currentDeptId, first.client);
    expect(keptText()).toBe(true);
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("kari@example.no")).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole("menuitem", { name: "Logg ut" }));
    await waitFor(() => expect(filter((c) => c.path === "/api/auth/sign-out")).toHaveLength(1));
    await waitFor(() => expect(first.router.state.location.pathname).toBe("/login"));
    expect(localStorage.getItem(storageKeys.autoSignInSuppressed)).toBe("true");
    // A shared ward PC: what the browser kept of the person goes with them.
    expect(keptText()).toBe(false);
    first.unmount();

    // A new tab (fresh sessionStorage) of the same browser stays signed out.
    sessionStorage.clear();
    const second = renderApp("/chat/department");
    expect(await screen.findByRole("button", { name: "Send innloggingslenke" })).toBeInTheDocument();
    expect(second.router.state.location.pathname).toBe("/login");
    expect(autoCalls(filter)).toHaveLength(1);
  });

  describe("across tabs", () => {
    const [anestesi, intensiv] = departments.map((d) => ({
      deptId: d.id,
      deptName: d.name,
      role: "staff" as const,
      isActive: true,
    }));
    const inDepartment = (current: typeof anestesi) =>
      session("staff", { memberships: [anestesi!, intensiv!], currentDeptId: current!.deptId });
    const departmentShown = async () =>
      within(await screen.findByRole("complementary", { name: "Informasjon" }))
        .getByText("Din avdeling")
        .closest("section");

    it("follows a department switched in another tab, without a reload", async () => {
      let current: ReturnType<typeof session> | null = inDepartment(anestesi);
      mockApi({ ...baseHandlers(null), "GET /api/auth/session": () => ({ session: current }) });
      renderApp("/chat/department");
      await waitFor(async () => expect(await departmentShown()).toHaveTextContent("Anestesi"));

      await waitFor(() => expect(isFollowed("user:u1")).toBe(true));
      current = inDepartment(intensiv);
      publish("user:u1", "session.changed");
      await waitFor(async () => expect(await departmentShown()).toHaveTextContent("Intensiv"));
    });

    it("reads the session again when events may have been missed: an ended session signs out", async () => {
      let current: ReturnType<typeof session> | null = inDepartment(anestesi);
      mockApi({ ...baseHandlers(null), "GET /api/auth/session": () => ({ session: current }) });
      await kept(anestesi!.deptId);
      const { router } = renderApp("/chat/department");
      await waitFor(() => expect(isFollowed("user:u1")).toBe(true));
      expect(keptText()).toBe(true);

      current = null;
      endSessions();
      await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
      expect(keptText()).toBe(false);
    });
  });
});
