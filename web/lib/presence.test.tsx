import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { topics } from "../../common/schemas/realtime.ts";
import { baseHandlers, mockApi, renderApp, session } from "../test/app.tsx";
import { isFollowed, publish } from "../test/realtime.ts";
import { useDepartmentPresence, usePresenceHeartbeat } from "./presence.ts";
import { createQueryClient } from "./query.ts";

const anestesi = session("staff").currentDeptId ?? "";
const presencePath = `GET /api/departments/${anestesi}/presence`;
const ola = "0b6a3c1e-0000-4000-8000-00000000000b";
const per = "0b6a3c1e-0000-4000-8000-00000000000c";
const secondsAgo = (s: number) => new Date(Date.now() - s * 1000).toISOString();

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}

function renderPresence() {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useDepartmentPresence(anestesi), { wrapper });
}

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, "visibilityState");
});

describe("the heartbeat", () => {
  const beats = (calls: ReturnType<typeof mockApi>) =>
    calls.filter((c) => c.method === "POST" && c.path === "/api/presence/heartbeat");

  it("is sent by the signed-in app, as background activity", async () => {
    const calls = mockApi({
      ...baseHandlers(session("staff")),
      "POST /api/presence/heartbeat": { ok: true },
    });
    renderApp("/profile");
    await waitFor(() => expect(beats(calls).length).toBeGreaterThan(0));
    for (const beat of beats(calls)) expect(beat.headers["X-Activity"]).toBe("background");
  });

  it("beats every 30 s while the tab is visible, stops while hidden, and beats when it shows again", () => {
    vi.useFakeTimers();
    const calls = mockApi({ "POST /api/presence/heartbeat": { ok: true } });
    renderHook(() => usePresenceHeartbeat());
    expect(beats(calls)).toHaveLength(1);
    vi.advanceTimersByTime(30_000);
    expect(beats(calls)).toHaveLength(2);

    setVisibility("hidden");
    vi.advanceTimersByTime(5 * 60_000);
    expect(beats(calls)).toHaveLength(2);

    setVisibility("visible");
    expect(beats(calls)).toHaveLength(3);
    vi.advanceTimersByTime(30_000);
    expect(beats(calls)).toHaveLength(4);
  });
});

describe("a department's presence", () => {
  it("turns away and then offline as time passes, without any event", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ [presencePath]: { presence: [{ userId: ola, lastSeenAt: secondsAgo(60) }] } });
    const { result } = renderPresence();
    await waitFor(() => expect(result.current.statusOf(ola)).toBe("online"));
    expect(result.current.onlineCount([ola, per])).toBe(1);

    // Ola's tab stopped: 60 s + 45 s is past the 90 s of online.
    await act(() => vi.advanceTimersByTimeAsync(45_000));
    expect(result.current.statusOf(ola)).toBe("away");
    expect(result.current.onlineCount([ola, per])).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(result.current.statusOf(ola)).toBe("offline");
  });

  it("merges someone coming online from the department's topic", async () => {
    const calls = mockApi({ [presencePath]: { presence: [{ userId: per, lastSeenAt: secondsAgo(300) }] } });
    const { result } = renderPresence();
    await waitFor(() => expect(result.current.isPending).toBe(false));
    await waitFor(() => expect(isFollowed(topics.dept(anestesi))).toBe(true));
    expect(result.current.statusOf(ola)).toBe("offline");
    expect(result.current.statusOf(per)).toBe("away");

    publish(topics.dept(anestesi), "presence.online", {
      userId: ola,
      lastSeenAt: new Date().toISOString(),
    });
    await waitFor(() => expect(result.current.statusOf(ola)).toBe("online"));
    expect(result.current.statusOf(per)).toBe("away");
    // Merged into the list, not read again.
    expect(calls.filter((c) => c.path.endsWith("/presence"))).toHaveLength(1);
  });
});

describe("'Kolleger pålogget' in the right rail", () => {
  const colleague = (userId: string, fullName: string) => ({
    userId,
    fullName,
    firstName: null,
    lastName: null,
    avatarUrl: null,
    role: "staff",
  });

  it("lists the others online, then those away, and counts the rest beyond eight", async () => {
    const many = Array.from({ length: 9 }, (_, i) =>
      colleague(`0b6a3c1e-0000-4000-8000-0000000001${String(i).padStart(2, "0")}`, `Kollega ${i + 1}`),
    );
    mockApi({
      ...baseHandlers(session("staff")),
      [`GET /api/departments/${anestesi}/staff`]: {
        staff: [colleague(per, "Per Olsen"), colleague(ola, "Ola Nordmann"), ...many],
      },
      [presencePath]: {
        presence: [
          { userId: per, lastSeenAt: secondsAgo(200) },
          { userId: ola, lastSeenAt: secondsAgo(10) },
          ...many.map((c) => ({ userId: c.userId, lastSeenAt: secondsAgo(20) })),
        ],
      },
    });
    renderApp("/profile");
    const rail = await screen.findByRole("complementary", { name: "Informasjon" });
    const panel = within(rail)
      .getByRole("heading", { name: "Kolleger pålogget" })
      .closest("section") as HTMLElement;
    const items = await within(panel).findAllByRole("listitem");
    expect(items).toHaveLength(8);
    expect(items[0]).toHaveTextContent("Ola Nordmann");
    expect(within(items[0] as HTMLElement).getByRole("img", { name: "Pålogget" })).toBeInTheDocument();
    // Per is away: after the seven of the nine online who fit, and counted with the other three.
    expect(panel).not.toHaveTextContent("Per Olsen");
    expect(panel).toHaveTextContent("+3 flere");
  });

  it("shows a colleague who is away with the word, not by colour alone", async () => {
    mockApi({
      ...baseHandlers(session("staff")),
      [`GET /api/departments/${anestesi}/staff`]: { staff: [colleague(per, "Per Olsen")] },
      [presencePath]: { presence: [{ userId: per, lastSeenAt: secondsAgo(200) }] },
    });
    renderApp("/profile");
    const rail = await screen.findByRole("complementary", { name: "Informasjon" });
    const item = await within(rail).findByRole("listitem");
    // The initials ("PO") appear once the avatar's fallback has rendered, a tick later.
    await waitFor(() => expect(item).toHaveTextContent(/^PO\s*Per Olsen\s*Borte$/));
  });

  it("says when nobody else is online", async () => {
    mockApi({
      ...baseHandlers(session("staff")),
      [`GET /api/departments/${anestesi}/staff`]: { staff: [colleague(ola, "Ola Nordmann")] },
      [presencePath]: { presence: [{ userId: ola, lastSeenAt: secondsAgo(900) }] },
    });
    renderApp("/profile");
    const rail = await screen.findByRole("complementary", { name: "Informasjon" });
    expect(await within(rail).findByText("Ingen andre er pålogget nå")).toBeInTheDocument();
  });
});
