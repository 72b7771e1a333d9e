import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { BroadcastReaders, SentBroadcast } from "../../../../common/schemas/broadcast.ts";
import { baseHandlers, mockApi, renderApp, session } from "../../../test/app.tsx";

const id = "7d1e0c2e-0000-4000-8000-0000000000d1";
const sent: SentBroadcast = {
  id,
  type: "info",
  title: "Personalmøte kl 14",
  createdAt: "2025-06-10T10:00:00.000Z",
  sender: { id: "7d1e0c2e-0000-4000-8000-0000000000e1", fullName: "Ingrid Hansen" },
  seen: 1,
  reached: 3,
};
const readers: BroadcastReaders = {
  broadcast: sent,
  read: [
    {
      userId: "7d1e0c2e-0000-4000-8000-0000000000f1",
      fullName: "Kari Nordmann",
      readAt: "2025-06-10T10:05:00.000Z",
    },
  ],
  unread: [
    { userId: "7d1e0c2e-0000-4000-8000-0000000000f2", fullName: "Lise Berg" },
    { userId: "7d1e0c2e-0000-4000-8000-0000000000f3", fullName: "Ola Nordmann" },
  ],
};

describe("'Sendte varsler'", { timeout: 20_000 }, () => {
  it("shows 'Sett av n av m' and, opened, who has and has not seen it, read afresh each time", async () => {
    const calls = mockApi({
      ...baseHandlers(session("leader")),
      "GET /api/notifications/broadcasts": { broadcasts: [sent] },
      [`GET /api/notifications/broadcasts/${id}`]: readers,
    });
    renderApp("/admin/users?tab=sent");
    expect(
      await screen.findByRole("heading", { name: "Sendte varsler" }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    const toggle = await screen.findByRole("button", { name: "Sett av 1 av 3" });
    expect(screen.getByText("Personalmøte kl 14")).toBeInTheDocument();
    expect(screen.getByText("Sendt av Ingrid Hansen")).toBeInTheDocument();
    expect(toggle).toHaveAttribute("aria-expanded", "false");

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const seen = await screen.findByRole("heading", { name: "Har sett (1)" });
    const list = seen.parentElement!;
    expect(within(list).getByText("Kari Nordmann")).toBeInTheDocument();
    const notSeen = screen.getByRole("heading", { name: "Har ikke sett (2)" }).parentElement!;
    expect(
      within(notSeen)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Lise Berg", "Ola Nordmann"]);

    await userEvent.click(toggle);
    await userEvent.click(toggle);
    await screen.findByRole("heading", { name: "Har sett (1)" });
    const asked = calls.filter((c) => c.path === `/api/notifications/broadcasts/${id}`);
    expect(asked.length).toBeGreaterThanOrEqual(2);
  });

  it("says when none were sent", async () => {
    mockApi({ ...baseHandlers(session("leader")), "GET /api/notifications/broadcasts": { broadcasts: [] } });
    const view = renderApp("/admin/users?tab=sent");
    expect(
      await screen.findByText("Ingen varsler er sendt ennå.", {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    view.unmount();
  });
});
