import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { UnreadCounts } from "../../../../common/schemas/chat.ts";
import { topics } from "../../../../common/schemas/realtime.ts";
import { baseHandlers, mockApi, renderApp, renderSignedIn } from "../../../test/app.tsx";
import { FakeSocket, isFollowed } from "../../../test/realtime.ts";
import { ids, kari } from "../members/fixtures.test-support.ts";
import { UnreadDocumentTitle } from "./badges.ts";

/**
 * The shared fake server sends events without a payload; the unread events carry one.
 * This socket also hands the tab an event with its payload, numbered on from its own count.
 */
class PayloadSocket extends FakeSocket {
  static last: PayloadSocket | null = null;
  private readonly messageListeners: ((event: { data: unknown; code: number }) => void)[] = [];
  private seq = 0;

  constructor(url: string) {
    super(url);
    PayloadSocket.last = this;
  }

  override addEventListener(type: string, listener: (event: { data: unknown; code: number }) => void) {
    if (type === "message") this.messageListeners.push(listener);
    super.addEventListener(type, listener);
  }

  event(topic: string, type: string, payload: Record<string, unknown>) {
    this.seq += 1;
    const frame = {
      type: "event",
      topic,
      event: { type, payload, seq: this.seq, at: new Date().toISOString() },
    };
    for (const listener of this.messageListeners) listener({ data: JSON.stringify(frame), code: 0 });
  }
}

const otherThread = "5a1c0c2e-0000-4000-8000-0000000000ff";

const counts: UnreadCounts = {
  department: 3,
  shift: 0,
  direct: 1,
  channels: 2,
  threads: [
    { threadId: ids.department, kind: "department", unread: 3 },
    { threadId: ids.dm, kind: "direct", unread: 1 },
    { threadId: ids.channel, kind: "channel", unread: 2 },
  ],
};

const item = async (name: string) =>
  within(await screen.findByRole("navigation", { name: "Hovedmeny" })).getByRole("link", {
    name: new RegExp(`^${name}`),
  });

describe("unread badges", () => {
  it("show my counts per kind and follow my realtime topic", async () => {
    vi.stubGlobal("WebSocket", PayloadSocket);
    let answer = counts;
    const calls = mockApi({ ...baseHandlers(kari()), "GET /api/chat/unread": () => answer });
    renderApp("/profile");

    await waitFor(async () =>
      expect(await item("Direktemeldinger")).toHaveTextContent(/^Direktemeldinger1$/),
    );
    expect(await item("Avdeling")).toHaveTextContent(/^Avdeling3$/);
    expect(await item("Kanaler")).toHaveTextContent(/^Kanaler2$/);
    // 0 shows nothing: the item ends with its shift block's times.
    expect(await item("Pågående vakt")).toHaveTextContent(/–\d\d:00$/);
    const user = topics.user(ids.kari);
    await waitFor(() => expect(isFollowed(user)).toBe(true));
    const asked = () => calls.filter((c) => c.path === "/api/chat/unread").length;
    expect(asked()).toBe(1);

    // Ola wrote again, twice: each is one more, added without asking the server.
    PayloadSocket.last!.event(user, "chat.unread", { threadId: ids.dm, kind: "direct", added: 1 });
    PayloadSocket.last!.event(user, "chat.unread", { threadId: ids.dm, kind: "direct", added: 1 });
    await waitFor(async () =>
      expect(await item("Direktemeldinger")).toHaveTextContent(/^Direktemeldinger3$/),
    );
    // A count as it now is (he deleted one) replaces what was held.
    PayloadSocket.last!.event(user, "chat.unread", { threadId: ids.dm, kind: "direct", unread: 4 });
    await waitFor(async () =>
      expect(await item("Direktemeldinger")).toHaveTextContent(/^Direktemeldinger4$/),
    );
    // I read the channel in another tab: its badge goes.
    PayloadSocket.last!.event(user, "chat.unread", { threadId: ids.channel, kind: "channel", unread: 0 });
    await waitFor(async () => expect(await item("Kanaler")).toHaveTextContent(/^Kanaler$/));
    expect(asked()).toBe(1);

    // A thread the counts do not know yet (a new conversation): the server says where it counts.
    answer = {
      ...counts,
      direct: 6,
      threads: [...counts.threads, { threadId: otherThread, kind: "direct", unread: 2 }],
    };
    PayloadSocket.last!.event(user, "chat.unread", { threadId: otherThread, kind: "direct", unread: 2 });
    await waitFor(async () =>
      expect(await item("Direktemeldinger")).toHaveTextContent(/^Direktemeldinger6$/),
    );
    expect(asked()).toBe(2);
  });

  it("are asked again when a message comes while the first read is on its way", async () => {
    vi.stubGlobal("WebSocket", PayloadSocket);
    // The first answer was read before Ola wrote, and lands after his message's event.
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let reads = 0;
    mockApi({
      ...baseHandlers(kari()),
      "GET /api/chat/unread": async () => {
        reads += 1;
        if (reads > 1)
          return {
            ...counts,
            direct: 2,
            threads: [counts.threads[0], { ...counts.threads[1], unread: 2 }, counts.threads[2]],
          };
        await firstHeld;
        return counts;
      },
    });
    renderApp("/profile");
    const user = topics.user(ids.kari);
    await waitFor(() => expect(reads).toBe(1));
    await waitFor(() => expect(isFollowed(user)).toBe(true));

    PayloadSocket.last!.event(user, "chat.unread", { threadId: ids.dm, kind: "direct", added: 1 });
    releaseFirst();
    await waitFor(async () =>
      expect(await item("Direktemeldinger")).toHaveTextContent(/^Direktemeldinger2$/),
    );
    expect(reads).toBe(2);
  });

  it("are not asked for before the person has a department", async () => {
    const calls = mockApi({
      ...baseHandlers(kari()),
      "GET /api/auth/session": { session: { ...kari(), currentDeptId: null, needsDepartment: true } },
    });
    renderApp("/profile");
    await screen.findByRole("dialog", { name: "Velg din avdeling" });
    expect(calls.some((c) => c.path === "/api/chat/unread")).toBe(false);
  });
});

describe("the tab title", () => {
  it("shows everything unread before the brand's name, and only the name when nothing is", async () => {
    vi.stubGlobal("WebSocket", PayloadSocket);
    mockApi({ ...baseHandlers(kari()), "GET /api/chat/unread": counts });
    const view = renderSignedIn(<UnreadDocumentTitle />);
    await waitFor(() => expect(document.title).toBe("(6) Vaktrom"));
    const user = topics.user(ids.kari);
    await waitFor(() => expect(isFollowed(user)).toBe(true));

    PayloadSocket.last!.event(user, "chat.unread", {
      threadId: ids.department,
      kind: "department",
      unread: 0,
    });
    await waitFor(() => expect(document.title).toBe("(3) Vaktrom"));
    view.unmount();
    expect(document.title).toBe("Vaktrom");
  });
});
