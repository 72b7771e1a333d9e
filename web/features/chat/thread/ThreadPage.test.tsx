import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ThreadDto } from "../../../../common/schemas/chat.ts";
import { baseHandlers, mockApi, renderApp } from "../../../test/app.tsx";
import { anestesi, ids, kari, person } from "../members/fixtures.test-support.ts";

const intensiv = "7d0f7a3e-2a5e-4f55-9f0c-3a1f7d3c9a02";
const shiftId = "5a1c0c2e-0000-4000-8000-0000000000aa";
const messageId = "5a1c0c2e-0000-4000-8000-0000000000bb";

const header = (over: Partial<ThreadDto>): ThreadDto => ({
  id: shiftId,
  kind: "shift",
  deptId: anestesi,
  name: "Dagvakt",
  isPublic: false,
  shift: {
    block: "day",
    name: "Dagvakt",
    range: "07:00–15:00",
    date: "2025-11-24",
    startsAt: "2025-11-24T06:00:00.000Z",
    endsAt: "2025-11-24T14:00:00.000Z",
    current: false,
  },
  other: null,
  members: [person(ids.kari, "Kari Nordmann")],
  isMember: true,
  abilities: { write: false, join: false, addMembers: false },
  retention: { messages: null, attachments: null },
  ...over,
});

const answering = (thread: ThreadDto) => {
  mockApi({
    ...baseHandlers(kari()),
    [`GET /api/chat/threads/${thread.id}`]: thread,
    [`GET /api/chat/threads/${thread.id}/messages`]: {
      messages: [],
      hasMore: false,
      asOf: new Date().toISOString(),
    },
  });
};

const where = (router: ReturnType<typeof renderApp>["router"]) =>
  router.state.location.pathname + router.state.location.search;

describe("a thread by id (/chat/thread/{id}, where search results lead)", () => {
  it("shows an earlier shift's thread with its block, date and times", async () => {
    answering(header({}));
    renderApp(`/chat/thread/${shiftId}?melding=${messageId}`);
    expect(await screen.findByRole("heading", { name: "Vakt-chat", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Dagvakt 24.11.2025 · 07:00–15:00")).toBeInTheDocument();
    expect(screen.getByText("Du kan lese, men ikke skrive i denne samtalen.")).toBeInTheDocument();
  });

  it("shows another department's thread by the department's name", async () => {
    answering(header({ kind: "department", deptId: intensiv, name: "Intensiv", shift: null }));
    renderApp(`/chat/thread/${shiftId}`);
    expect(await screen.findByRole("heading", { name: "Intensiv", level: 1 })).toBeInTheDocument();
  });

  it.each([
    [
      "a conversation",
      { kind: "direct", name: "Ola Nordmann", other: person(ids.ola, "Ola Nordmann") },
      `/chat/dm/${shiftId}`,
    ],
    ["a channel", { kind: "channel", name: "Fagutvikling", shift: null }, `/chat/channel/${shiftId}`],
    ["my department's thread", { kind: "department", name: "Anestesi", shift: null }, "/chat/department"],
  ] as const)("moves %s to its own page, with the message", async (_what, over, page) => {
    answering(header({ ...over, shift: null }));
    const { router } = renderApp(`/chat/thread/${shiftId}?melding=${messageId}`);
    await waitFor(() => expect(where(router)).toBe(`${page}?melding=${messageId}`));
  });

  it("says so when the thread is not there or not mine to read", async () => {
    mockApi(baseHandlers(kari()));
    renderApp(`/chat/thread/${shiftId}`);
    expect(await screen.findByRole("heading", { name: "Samtale ikke funnet" })).toBeInTheDocument();
  });
});
