import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { DirectThreadList, ThreadDto } from "../../../../common/schemas/chat.ts";
import { baseHandlers, mockApi, renderApp } from "../../../test/app.tsx";
import { anestesi, ids, kari, person, staffOfAnestesi, staffPath } from "../members/fixtures.test-support.ts";

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const threads: DirectThreadList = {
  threads: [
    {
      threadId: ids.dm,
      other: person(ids.ola, "Ola Nordmann"),
      lastMessage: {
        id: ids.channel,
        authorId: ids.ola,
        content: "Kan du ta kvelden?",
        createdAt: minutesAgo(5),
      },
      unread: 2,
    },
    {
      threadId: ids.otherChannel,
      other: person(ids.lars, "Lars Johansen"),
      lastMessage: { id: ids.department, authorId: ids.kari, content: "Takk!", createdAt: minutesAgo(180) },
      unread: 0,
    },
  ],
};

const dmWithOla: ThreadDto = {
  id: ids.dm,
  kind: "direct",
  deptId: anestesi,
  name: "Ola Nordmann",
  isPublic: false,
  shift: null,
  other: person(ids.ola, "Ola Nordmann"),
  members: [person(ids.kari, "Kari Nordmann"), person(ids.ola, "Ola Nordmann")],
  isMember: true,
  abilities: { write: true, join: false, addMembers: false },
  retention: { messages: null, attachments: null },
};

const handlers = (list: DirectThreadList = threads) => ({
  ...baseHandlers(kari()),
  "GET /api/chat/direct": list,
  [staffPath]: staffOfAnestesi,
  "POST /api/chat/direct": dmWithOla,
});

describe("direct messages", () => {
  it("lists each conversation with the other person, the last message, its time and what is unread", async () => {
    mockApi(handlers());
    renderApp("/chat/dm");
    const list = await screen.findByRole("list", { name: "Samtaler" });
    const [ola, lars] = within(list).getAllByRole("link");
    expect(ola).toHaveAttribute("href", `/chat/dm/${ids.dm}`);
    expect(ola).toHaveTextContent("Ola Nordmann");
    expect(ola).toHaveTextContent("Kan du ta kvelden?");
    expect(ola).toHaveTextContent("5 minutter siden");
    expect(ola).toHaveTextContent("2 uleste meldinger");
    expect(lars).toHaveTextContent("Du: Takk!");
    expect(lars).not.toHaveTextContent(/uleste?/);
  });

  it("offers 'Ny melding' when there is no conversation yet", async () => {
    mockApi(handlers({ threads: [] }));
    renderApp("/chat/dm");
    expect(await screen.findByRole("heading", { name: "Ingen direktemeldinger ennå" })).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "Ny melding" })).toHaveLength(2);
  });

  it("says so when the list cannot load, and tries again", async () => {
    let fail = true;
    mockApi({
      ...handlers(),
      "GET /api/chat/direct": () =>
        fail ? { status: 500, body: { error: { code: "internal", message: "x" } } } : threads,
    });
    renderApp("/chat/dm");
    expect(
      await screen.findByRole("heading", { name: "Kunne ikke laste direktemeldinger" }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Prøv igjen" }));
    expect(await screen.findByRole("list", { name: "Samtaler" })).toBeInTheDocument();
  });

  it("'Ny melding' → 'Velg kollega': search, choose Ola, land in the conversation", async () => {
    const calls = mockApi(handlers());
    const { router } = renderApp("/chat/dm");
    await userEvent.click(await screen.findByRole("button", { name: "Ny melding" }));
    const dialog = await screen.findByRole("dialog", { name: "Velg kollega" });
    const search = within(dialog).getByRole("searchbox", { name: "Søk etter kollega" });
    expect(search).toHaveFocus();
    // Colleagues only: Kari is not offered to herself.
    await within(dialog).findByRole("button", { name: /Ola Nordmann/ });
    expect(within(dialog).queryByRole("button", { name: /Kari Nordmann/ })).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole("button", { name: /Nordmann|Johansen|Berg/ })).toHaveLength(3);

    await userEvent.type(search, "nor");
    await waitFor(() =>
      expect(within(dialog).queryByRole("button", { name: /Lars Johansen/ })).not.toBeInTheDocument(),
    );
    await userEvent.clear(search);
    await userEvent.type(search, "xyz");
    expect(await within(dialog).findByText("Ingen kollegaer passer «xyz».")).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, "ola");

    await userEvent.click(await within(dialog).findByRole("button", { name: /Ola Nordmann/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/dm/${ids.dm}`));
    expect(calls.find((c) => c.method === "POST" && c.path === "/api/chat/direct")?.body).toEqual({
      userId: ids.ola,
    });
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Velg kollega" })).not.toBeInTheDocument(),
    );
  });

  it("Enter opens the one colleague the search leaves", async () => {
    mockApi(handlers());
    const { router } = renderApp("/chat/dm");
    await userEvent.click(await screen.findByRole("button", { name: "Ny melding" }));
    const dialog = await screen.findByRole("dialog", { name: "Velg kollega" });
    await within(dialog).findByRole("button", { name: /Ola Nordmann/ });
    await userEvent.type(within(dialog).getByRole("searchbox"), "ola{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/dm/${ids.dm}`));
  });

  it("the quick action's link opens the picker at once", async () => {
    mockApi(handlers());
    renderApp("/chat/dm?ny=1");
    expect(await screen.findByRole("dialog", { name: "Velg kollega" })).toBeInTheDocument();
  });

  it("'Kunne ikke laste kollegaer' when the colleagues cannot load", async () => {
    mockApi({
      ...handlers(),
      [staffPath]: { status: 500, body: { error: { code: "internal", message: "x" } } },
    });
    renderApp("/chat/dm?ny=1");
    const dialog = await screen.findByRole("dialog", { name: "Velg kollega" });
    expect(await within(dialog).findByText("Kunne ikke laste kollegaer")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Prøv igjen" })).toBeInTheDocument();
  });

  it("?med= opens the conversation with that colleague, made on first use, in the list's place", async () => {
    const calls = mockApi(handlers());
    const { router } = renderApp(`/chat/dm?med=${ids.ola}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/dm/${ids.dm}`));
    expect(
      calls.filter((c) => c.method === "POST" && c.path === "/api/chat/direct").map((c) => c.body),
    ).toEqual([{ userId: ids.ola }]);
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("?med= that cannot open says so and stays on the list", async () => {
    mockApi({
      ...handlers(),
      "POST /api/chat/direct": { status: 404, body: { error: { code: "not_found", message: "Fant ikke" } } },
    });
    const { router } = renderApp(`/chat/dm?med=${ids.ola}`);
    expect(await screen.findByText("Fant ikke")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(router.state.location.pathname).toBe("/chat/dm");
    expect(await screen.findByRole("list", { name: "Samtaler" })).toBeInTheDocument();
  });
});
