import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ChannelList, ThreadDto } from "../../../../common/schemas/chat.ts";
import { baseHandlers, mockApi, renderApp } from "../../../test/app.tsx";
import { anestesi, ids, kari, person } from "../members/fixtures.test-support.ts";

const channels: ChannelList = {
  channels: [
    { id: ids.channel, name: "Fagutvikling", isPublic: true, isMember: true, memberCount: 4, unread: 3 },
    { id: ids.otherChannel, name: "Kaffe", isPublic: true, isMember: false, memberCount: 2, unread: 0 },
  ],
};

const header = (over: Partial<ThreadDto>): ThreadDto => ({
  id: ids.otherChannel,
  kind: "channel",
  deptId: anestesi,
  name: "Kaffe",
  isPublic: true,
  shift: null,
  other: null,
  members: [
    person(ids.ola, "Ola Nordmann"),
    person(ids.lars, "Lars Johansen"),
    person(ids.kari, "Kari Nordmann"),
  ],
  isMember: true,
  abilities: { write: true, join: false, addMembers: true },
  retention: { messages: null, attachments: null },
  ...over,
});

const failure = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message } },
});

describe("channels", () => {
  it("shows my channels, then the public ones I can join; 'Bli med' makes one mine", async () => {
    let joined = false;
    const calls = mockApi({
      ...baseHandlers(kari()),
      "GET /api/chat/channels": () =>
        joined
          ? {
              channels: channels.channels.map((c) => ({
                ...c,
                isMember: true,
                memberCount: c.memberCount + 1,
              })),
            }
          : channels,
      [`POST /api/chat/channels/${ids.otherChannel}/join`]: () => {
        joined = true;
        return header({});
      },
    });
    renderApp("/chat/channels");
    const mine = await screen.findByRole("list", { name: "Dine kanaler" });
    const fag = within(mine).getByRole("link", { name: /Fagutvikling/ });
    expect(fag).toHaveAttribute("href", `/chat/channel/${ids.channel}`);
    expect(fag).toHaveTextContent("4 medlemmer");
    expect(fag).toHaveTextContent("3 uleste meldinger");
    // Staff create no channels.
    expect(screen.queryByRole("button", { name: "Ny kanal" })).not.toBeInTheDocument();

    const others = screen.getByRole("list", { name: "Andre kanaler i avdelingen" });
    await userEvent.click(within(others).getByRole("button", { name: "Bli med i #Kaffe" }));
    expect(await screen.findByText("Du er nå med i #Kaffe")).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole("list", { name: "Dine kanaler" })).getByRole("link", { name: /Kaffe/ }),
      ).toHaveTextContent("3 medlemmer"),
    );
    expect(
      calls.filter((c) => c.method === "POST" && c.path.startsWith("/api/chat/")).map((c) => c.path),
    ).toEqual([`/api/chat/channels/${ids.otherChannel}/join`]);
  });

  it("marks a private channel 'Privat'", async () => {
    mockApi({
      ...baseHandlers(kari()),
      "GET /api/chat/channels": { channels: [{ ...channels.channels[0]!, isPublic: false }] },
    });
    renderApp("/chat/channels");
    const mine = await screen.findByRole("list", { name: "Dine kanaler" });
    expect(within(mine).getByRole("link", { name: /Fagutvikling/ })).toHaveTextContent("🔒 Privat");
    expect(screen.queryByRole("list", { name: "Andre kanaler i avdelingen" })).not.toBeInTheDocument();
  });

  it("says what to do when there are none", async () => {
    mockApi({ ...baseHandlers(kari()), "GET /api/chat/channels": { channels: [] } });
    renderApp("/chat/channels");
    expect(await screen.findByRole("heading", { name: "Ingen kanaler ennå" })).toBeInTheDocument();
    expect(screen.getByText("Når en leder oppretter en kanal, dukker den opp her.")).toBeInTheDocument();
  });

  it("with channels off: the screen says so and no channel endpoint is asked", async () => {
    const calls = mockApi({
      ...baseHandlers(kari(), { channels: false }),
      "GET /api/chat/channels": channels,
    });
    renderApp("/chat/channels");
    expect(await screen.findByText("Kanaler ikke aktivert")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^Kanaler/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith("/api/chat/channels"))).toBe(false);
  });

  it("the chat index names channels among the features only while they are on", async () => {
    const features = async () => {
      await screen.findByRole("heading", { name: "Velg en samtale fra sidemenyen" });
      return within(screen.getByRole("main"))
        .getAllByRole("listitem")
        .map((li) => li.textContent);
    };
    mockApi(baseHandlers(kari()));
    const on = renderApp("/chat/finnes-ikke");
    // Files cannot be attached to messages yet: not listed, though its flag is on.
    expect(await features()).toEqual(["Emoji-reaksjoner", "Kanaler"]);
    on.unmount();

    mockApi(baseHandlers(kari(), { channels: false }));
    renderApp("/chat/finnes-ikke");
    expect(await features()).toEqual(["Emoji-reaksjoner"]);
  });
});

describe("creating a channel", () => {
  async function openDialog() {
    await userEvent.click(await screen.findByRole("button", { name: "Ny kanal" }));
    const dialog = await screen.findByRole("dialog", { name: "Opprett kanal" });
    return { dialog, name: within(dialog).getByRole("textbox", { name: "Navn" }) };
  }

  it("refuses an empty name and one over 50 characters, before asking the server", async () => {
    const calls = mockApi({ ...baseHandlers(kari("leader")), "GET /api/chat/channels": channels });
    renderApp("/chat/channels");
    const { dialog, name } = await openDialog();
    expect(name).toHaveFocus();

    await userEvent.type(name, "   {Enter}");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Kanalen må ha et navn.");
    expect(name).toHaveAttribute("aria-invalid", "true");

    await userEvent.clear(name);
    await userEvent.type(name, `${"x".repeat(51)}{Enter}`);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Kanalnavnet kan være på høyst 50 tegn.",
    );
    expect(calls.some((c) => c.method === "POST" && c.path.startsWith("/api/chat/"))).toBe(false);
  });

  it("shows the server's answer for a name already taken, on the field", async () => {
    mockApi({
      ...baseHandlers(kari("leader")),
      "GET /api/chat/channels": channels,
      "POST /api/chat/channels": failure(
        409,
        "channel_name_taken",
        "Det finnes allerede en kanal med dette navnet i avdelingen.",
      ),
    });
    renderApp("/chat/channels");
    const { dialog, name } = await openDialog();
    await userEvent.type(name, "Fagutvikling{Enter}");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Det finnes allerede en kanal med dette navnet i avdelingen.",
    );
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveFocus();
  });

  it("creates a private channel and opens it", async () => {
    const calls = mockApi({
      ...baseHandlers(kari("leader")),
      "GET /api/chat/channels": channels,
      "POST /api/chat/channels": () => ({
        status: 201,
        body: header({ id: ids.channel, name: "Sårstell", isPublic: false }),
      }),
    });
    const { router } = renderApp("/chat/channels");
    const { dialog, name } = await openDialog();
    await userEvent.type(name, "  Sårstell  ");
    await userEvent.click(within(dialog).getByRole("radio", { name: /Privat/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Opprett kanal" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/channel/${ids.channel}`));
    expect(await screen.findByText("Kanalen #Sårstell er opprettet")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST" && c.path === "/api/chat/channels")?.body).toEqual({
      name: "Sårstell",
      isPublic: false,
    });
  });
});
