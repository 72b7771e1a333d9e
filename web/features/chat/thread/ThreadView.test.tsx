import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import { FakeSocket, isFollowed, publish } from "../../../test/realtime.ts";
import { chatServer, kari, ola, threadId } from "./chat-api.test-support.ts";

const topic = `thread:${threadId}`;
/** The server says a message came; the view catches up to learn which. */
const announceNew = () => publish(topic, "message.created", { threadId, messageId: crypto.randomUUID() });

// happy-dom lays nothing out: give the message list a height, or the virtualised list
// would think nothing fits and show no message.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
});
const composer = () => screen.findByRole("textbox", { name: "Melding" });
const sends = (server: ReturnType<typeof chatServer>) =>
  server.calls.filter((c) => c.method === "POST" && c.url.pathname.endsWith("/messages"));
/** How often a text is on screen. */
const shown = (text: string) => screen.queryAllByText(text).length;

async function openDepartmentChat() {
  renderApp("/chat/department");
  await waitFor(() => expect(isFollowed(topic)).toBe(true));
}

describe("composer", () => {
  it("sends on Enter, makes a new line on Shift+Enter, and sends nothing while an input method composes", async () => {
    const server = chatServer();
    await openDepartmentChat();
    const field = await composer();
    expect(field).toHaveAttribute("placeholder", "Skriv til avdelingen...");

    await userEvent.type(field, "Første linje{Shift>}{Enter}{/Shift}andre linje");
    expect(field).toHaveValue("Første linje\nandre linje");
    expect(sends(server)).toHaveLength(0);

    fireEvent.keyDown(field, { key: "Enter", isComposing: true });
    fireEvent.keyDown(field, { key: "Enter", keyCode: 229 });
    expect(sends(server)).toHaveLength(0);

    await userEvent.type(field, "{Enter}");
    await waitFor(() => expect(sends(server)).toHaveLength(1));
    expect(sends(server)[0]?.body).toEqual({
      content: "Første linje\nandre linje",
      clientKey: expect.any(String),
    });
    expect(field).toHaveValue("");
  });

  it("says 'Tom melding' for an empty message and sends nothing", async () => {
    const server = chatServer();
    await openDepartmentChat();
    await userEvent.type(await composer(), "   {Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent("Tom melding");
    expect(sends(server)).toHaveLength(0);
  });
});

/** Holds the server's answers to history reads until `release()`. */
function holdHistory(server: ReturnType<typeof chatServer>) {
  let release = () => {};
  server.control.historyGate = new Promise((resolve) => {
    release = () => {
      server.control.historyGate = null;
      resolve();
    };
  });
  return release;
}

describe("before the history comes", () => {
  it("takes text in the composer at once, with skeleton rows where the messages will be", async () => {
    const server = chatServer();
    server.add(ola, "Husk overlevering kl. 15");
    const release = holdHistory(server);
    renderApp("/chat/department");
    const field = await composer();
    expect(field).toBeEnabled();
    await userEvent.type(field, "Jeg kommer");
    expect(field).toHaveValue("Jeg kommer");
    const loading = screen.getByText("Laster avdelingschat...").closest("[role=status]");
    expect(loading).toHaveAttribute("aria-busy", "true");
    // Grey rows, no spinner.
    expect(loading?.querySelectorAll(".animate-pulse").length).toBeGreaterThan(0);
    expect(loading?.querySelector(".animate-spin")).toBeNull();
    expect(screen.queryByText("Husk overlevering kl. 15")).toBeNull();

    release();
    expect(await screen.findByText("Husk overlevering kl. 15")).toBeInTheDocument();
    expect(screen.queryByText("Laster avdelingschat...")).toBeNull();
    // The same field, with what was written while the history came.
    expect(await composer()).toBe(field);
    expect(field).toHaveValue("Jeg kommer");
  });

  it("shows a message sent before the history came once the history is there, once", async () => {
    const server = chatServer();
    const release = holdHistory(server);
    renderApp("/chat/department");
    await userEvent.type(await composer(), "Sendt tidlig{Enter}");
    await waitFor(() => expect(server.messages).toHaveLength(1));
    release();
    expect(await screen.findByText("Sendt tidlig")).toBeInTheDocument();
    await waitFor(() => expect(server.calls.some((c) => c.url.searchParams.has("after"))).toBe(true));
    expect(shown("Sendt tidlig")).toBe(1);
  });

  it("paints a thread visited before from this browser, then adds what came meanwhile", async () => {
    const server = chatServer();
    server.add(ola, "Husk overlevering kl. 15");
    const first = renderApp("/chat/department");
    expect(await screen.findByText("Husk overlevering kl. 15")).toBeInTheDocument();
    // The tab is closed: what it kept is written.
    window.dispatchEvent(new Event("pagehide"));
    first.unmount();

    server.add(ola, "Skrevet mens fanen var lukket");
    const release = holdHistory(server);
    renderApp("/chat/department");
    expect(await screen.findByText("Husk overlevering kl. 15")).toBeInTheDocument();
    expect(screen.queryByText("Laster avdelingschat...")).toBeNull();
    expect(await composer()).toBeEnabled();
    release();
    expect(await screen.findByText("Skrevet mens fanen var lukket")).toBeInTheDocument();
    expect(shown("Husk overlevering kl. 15")).toBe(1);
  });
});

describe("sending", () => {
  it("shows my message at once and takes it back with the spec's toast when sending fails", async () => {
    const server = chatServer();
    let release = () => {};
    server.control.sendGate = new Promise((resolve) => {
      release = resolve;
    });
    server.control.sendFails = true;
    await openDepartmentChat();
    const field = await composer();
    await userEvent.type(field, "Kan noen ta nattevakten?{Enter}");

    // On screen before the server has answered.
    expect(await screen.findByText("Kan noen ta nattevakten?")).toBeInTheDocument();
    expect(field).toHaveValue("");

    release();
    expect(await screen.findByText("Feil ved sending")).toBeInTheDocument();
    expect(screen.getByText("Kunne ikke sende melding. Prøv igjen.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Kan noen ta nattevakten?", { selector: "p" })).toBeNull());
    // The text is back in the composer, to send again.
    expect(field).toHaveValue("Kan noen ta nattevakten?");
  });

  it("sends a failed message again with its key, and the next message with a new one", async () => {
    const server = chatServer();
    server.control.sendFails = true;
    await openDepartmentChat();
    const field = await composer();
    await userEvent.type(field, "Kan noen ta nattevakten?{Enter}");
    // The answer was lost, but the server may have stored it: the retry names the same message.
    await waitFor(() => expect(field).toHaveValue("Kan noen ta nattevakten?"));
    server.control.sendFails = false;
    await userEvent.type(field, "{Enter}");
    await waitFor(() => expect(server.messages).toHaveLength(1));
    await userEvent.type(field, "Kan noen ta nattevakten?{Enter}");
    await waitFor(() => expect(server.messages).toHaveLength(2));
    const keys = sends(server).map((c) => (c.body as { clientKey: string }).clientKey);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("keeps one copy of my message once the server has it", async () => {
    const server = chatServer();
    await openDepartmentChat();
    await userEvent.type(await composer(), "Hei alle{Enter}");
    await waitFor(() => expect(server.messages).toHaveLength(1));
    // The server announces it too; the catch-up finds it held already.
    announceNew();
    await waitFor(() => expect(server.calls.some((c) => c.url.searchParams.has("after"))).toBe(true));
    expect(shown("Hei alle")).toBe(1);
  });
});

describe("editing and deleting", () => {
  it("edits on 'e' with Enter, and Escape cancels", async () => {
    const server = chatServer();
    server.add(kari, "Jeg tar kveldsvakten");
    await openDepartmentChat();
    const message = (await screen.findByText("Jeg tar kveldsvakten")).closest("article")!;

    message.focus();
    await userEvent.keyboard("e");
    const editor = await screen.findByRole("textbox", { name: "Rediger melding" });
    await userEvent.type(editor, " i morgen{Escape}");
    expect(screen.queryByRole("textbox", { name: "Rediger melding" })).toBeNull();
    expect(server.calls.some((c) => c.method === "PATCH")).toBe(false);
    await waitFor(() => expect(message).toHaveFocus());

    await userEvent.keyboard("e");
    await userEvent.type(await screen.findByRole("textbox", { name: "Rediger melding" }), " i morgen{Enter}");
    expect(await screen.findByText("Jeg tar kveldsvakten i morgen")).toBeInTheDocument();
    expect(screen.getByText("(redigert)")).toBeInTheDocument();
    expect(await screen.findByText("Melding oppdatert")).toBeInTheDocument();
    expect(screen.getByText("Meldingen ble redigert")).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === "PATCH")?.body).toEqual({
      content: "Jeg tar kveldsvakten i morgen",
    });
  });

  it("deletes with 'Angre' in the toast, and undoing brings the text back", async () => {
    const server = chatServer();
    server.add(kari, "Feil tråd, beklager");
    await openDepartmentChat();
    const message = (await screen.findByText("Feil tråd, beklager")).closest("article")!;

    await userEvent.hover(message);
    await userEvent.click(within(message).getByRole("button", { name: "Slett" }));
    expect(await screen.findByText("Denne meldingen ble slettet")).toBeInTheDocument();
    const toast = (await screen.findByText("Meldingen ble slettet")).closest("li")!;

    await userEvent.click(within(toast).getByRole("button", { name: "Angre" }));
    expect(await screen.findByText("Sletting angret")).toBeInTheDocument();
    expect(screen.getByText("Meldingen ble gjenopprettet")).toBeInTheDocument();
    expect(await screen.findByText("Feil tråd, beklager")).toBeInTheDocument();
    expect(screen.queryByText("Denne meldingen ble slettet")).toBeNull();
    expect(server.calls.filter((c) => c.url.pathname.endsWith("/restore"))).toHaveLength(1);
  });

  it("offers no edit or delete on others' messages", async () => {
    const server = chatServer();
    server.add(ola, "Skrevet av Ola");
    await openDepartmentChat();
    const message = (await screen.findByText("Skrevet av Ola")).closest("article")!;
    await userEvent.hover(message);
    expect(within(message).getByRole("button", { name: "Svar" })).toBeInTheDocument();
    expect(within(message).queryByRole("button", { name: "Rediger" })).toBeNull();
    expect(within(message).queryByRole("button", { name: "Slett" })).toBeNull();
  });
});

describe("messages", () => {
  it("names a gone author 'Ukjent bruker', marks edits, dims deletions and shows a reply's quote", async () => {
    const server = chatServer();
    const original = server.add(null, "Skrevet av en som har sluttet");
    server.add(ola, "Rettet skrivefeil", { editedAt: new Date().toISOString() });
    server.add(ola, null, { deletedAt: new Date().toISOString() });
    server.add(kari, "Enig!", {
      replyTo: { id: original.id, author: null, preview: "Skrevet av en som har sluttet", deleted: false },
    });
    await openDepartmentChat();

    const gone = (await screen.findByText("Skrevet av en som har sluttet", { selector: "p" })).closest(
      "article",
    )!;
    expect(within(gone).getByText("Ukjent bruker")).toBeInTheDocument();
    expect(
      within(screen.getByText("Rettet skrivefeil").closest("article")!).getByText("(redigert)"),
    ).toBeInTheDocument();
    expect(screen.getByText("Denne meldingen ble slettet").closest("p")).toHaveClass(
      "italic",
      "text-muted-fg",
    );
    const quote = screen.getByRole("button", { name: "Svar på melding fra Ukjent bruker. Gå til meldingen" });
    expect(quote).toHaveTextContent("Skrevet av en som har sluttet");
  });
});

describe("keeping up", () => {
  it("merges a realtime message once, however often it is announced", async () => {
    const server = chatServer();
    server.add(ola, "Morgenmøtet er flyttet");
    await openDepartmentChat();
    await screen.findByText("Morgenmøtet er flyttet");

    server.add(ola, "Det er nå kl. 08:30");
    announceNew();
    announceNew();
    expect(await screen.findByText("Det er nå kl. 08:30")).toBeInTheDocument();
    await waitFor(() =>
      expect(server.calls.filter((c) => c.url.searchParams.has("after")).length).toBeGreaterThanOrEqual(1),
    );
    expect(shown("Det er nå kl. 08:30")).toBe(1);
    expect(shown("Morgenmøtet er flyttet")).toBe(1);
  });

  it("reads only the new page when a new message is announced", async () => {
    const server = chatServer();
    server.add(ola, "Morgenmøtet er flyttet");
    await openDepartmentChat();
    await screen.findByText("Morgenmøtet er flyttet");
    const before = server.calls.length;

    server.add(ola, "Det er nå kl. 08:30");
    announceNew();
    expect(await screen.findByText("Det er nå kl. 08:30")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Edits and reactions have events of their own: nothing else is read on this path
    // (the thread is then marked read, a write).
    const reads = server.calls.slice(before).filter((c) => c.method === "GET");
    expect(reads).toHaveLength(1);
    expect(reads[0]?.url.searchParams.has("after")).toBe(true);
  });

  it("catches up after 15 s without events while the tab is visible", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = chatServer();
      server.add(ola, "Første");
      await openDepartmentChat();
      await screen.findByText("Første");
      // Written, but its event never came.
      server.add(ola, "Stille melding");
      await vi.advanceTimersByTimeAsync(10_000);
      expect(screen.queryByText("Stille melding")).toBeNull();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await screen.findByText("Stille melding")).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("after a dropped connection fetches what came meanwhile, without doubles", async () => {
    const server = chatServer();
    server.add(ola, "Før bruddet");
    await openDepartmentChat();
    await screen.findByText("Før bruddet");

    for (const socket of [...FakeSocket.live]) socket.close(1006);
    const missed = ["Melding 1", "Melding 2", "Melding 3"];
    for (const text of missed) server.add(ola, text);

    // The client reconnects 2 s after the drop and catches up once the topic is confirmed.
    for (const text of missed)
      expect(await screen.findByText(text, {}, { timeout: 5000 })).toBeInTheDocument();
    // A late event for the last one changes nothing.
    announceNew();
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const text of ["Før bruddet", ...missed]) expect(shown(text)).toBe(1);
    const afters = server.calls.filter((c) => c.url.searchParams.has("after"));
    expect(afters[0]?.url.searchParams.get("after")).toBe(server.messages[0]?.id);
  });

  it("after a dropped connection also shows edits, deletions and reactions made meanwhile", async () => {
    const server = chatServer();
    const edited = server.add(ola, "Vakten starter 07:00");
    const deleted = server.add(ola, "Feil rom");
    const reacted = server.add(ola, "Takk for i dag");
    await openDepartmentChat();
    await screen.findByText("Feil rom");

    for (const socket of [...FakeSocket.live]) socket.close(1006);
    Object.assign(edited, { content: "Vakten starter 07:30", editedAt: new Date().toISOString() });
    Object.assign(deleted, { content: null, deletedAt: new Date().toISOString() });
    reacted.reactions = [{ emoji: "👍", count: 1, users: [ola], mine: false }];

    expect(await screen.findByText("Vakten starter 07:30", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText("Feil rom")).toBeNull();
    expect(screen.getByText("Denne meldingen ble slettet")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /👍/ })).toBeInTheDocument();
    // One request for what changed, from the oldest message held, since the first read.
    const changes = server.calls.filter((c) => c.url.searchParams.has("changedSince"));
    expect(changes[0]?.url.searchParams.get("from")).toBe(edited.id);
  });
});

describe("a link to a message (?melding=, a search result)", () => {
  it("opens the thread at that message, highlighted a moment and focused", async () => {
    const server = chatServer();
    const target = server.add(ola, "Pumpeinstruksen ligger i vaktrommet");
    for (let i = 0; i < 5; i++) server.add(kari, `Melding ${i}`);
    renderApp(`/chat/department?melding=${target.id}`);

    const message = (await screen.findByText("Pumpeinstruksen ligger i vaktrommet")).closest("article")!;
    expect(message).toHaveAttribute("data-message-id", target.id);
    await waitFor(() => expect(message).toHaveClass("bg-warning/15"));
    expect(message).toHaveFocus();
    // Spec §9: 1.5 s, as a reply's quote does.
    await waitFor(() => expect(message).not.toHaveClass("bg-warning/15"), { timeout: 3000 });
  });

  it("jumps again when the same link is followed again, and to another message of the thread", async () => {
    const server = chatServer();
    const first = server.add(ola, "Pumpeinstruksen ligger i vaktrommet");
    const second = server.add(ola, "Ny pumpe fra neste uke");
    server.add(kari, "Takk!");
    const { router } = renderApp(`/chat/department?melding=${first.id}`);
    const article = async (text: string) => (await screen.findByText(text)).closest("article")!;
    const one = await article("Pumpeinstruksen ligger i vaktrommet");
    await waitFor(() => expect(one).toHaveClass("bg-warning/15"));
    await waitFor(() => expect(one).not.toHaveClass("bg-warning/15"), { timeout: 3000 });

    await act(() => router.navigate(`/chat/department?melding=${first.id}`));
    await waitFor(() => expect(one).toHaveClass("bg-warning/15"));

    await act(() => router.navigate(`/chat/department?melding=${second.id}`));
    const two = await article("Ny pumpe fra neste uke");
    await waitFor(() => expect(two).toHaveClass("bg-warning/15"));
    expect(two).toHaveFocus();
  });
});

describe("retention", () => {
  const notice = /slettes automatisk/;

  it("says quietly what the department's rules delete: the messages, and the files that go sooner", async () => {
    const server = chatServer();
    server.control.retention = { messages: 30, attachments: 7 };
    await openDepartmentChat();
    expect(
      await screen.findByText(
        "Meldinger eldre enn 30 dager slettes automatisk. Vedlegg eldre enn 7 dager slettes automatisk",
      ),
    ).toBeInTheDocument();
  });

  it("is not there without a rule", async () => {
    chatServer();
    await openDepartmentChat();
    await composer();
    expect(screen.queryByText(notice)).toBeNull();
  });
});
