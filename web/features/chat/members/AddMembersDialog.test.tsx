import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { ThreadDto } from "../../../../common/schemas/chat.ts";
import { baseHandlers, type Handlers, mockApi, renderApp } from "../../../test/app.tsx";
import { anestesi, ids, kari, person, staffOfAnestesi, staffPath } from "./fixtures.test-support.ts";

const fagutvikling: ThreadDto = {
  id: ids.channel,
  kind: "channel",
  deptId: anestesi,
  name: "Fagutvikling",
  isPublic: false,
  shift: null,
  other: null,
  members: [person(ids.kari, "Kari Nordmann"), person(ids.lars, "Lars Johansen")],
  isMember: true,
  abilities: { write: true, join: false, addMembers: true },
  retention: { messages: null, attachments: null },
};

const membersPath = `POST /api/chat/threads/${ids.channel}/members`;

/** The channel list, where a member opens 'Legg til deltakere' for a channel. */
async function openDialog(handlers: Handlers = {}) {
  const calls = mockApi({
    ...baseHandlers(kari()),
    "GET /api/chat/channels": {
      channels: [
        { id: ids.channel, name: "Fagutvikling", isPublic: false, isMember: true, memberCount: 2, unread: 0 },
      ],
    },
    [`GET /api/chat/threads/${ids.channel}`]: fagutvikling,
    [staffPath]: staffOfAnestesi,
    ...handlers,
  });
  renderApp("/chat/channels");
  await userEvent.click(await screen.findByRole("button", { name: "Legg til deltakere i #Fagutvikling" }));
  const dialog = await screen.findByRole("dialog", { name: "Legg til deltakere" });
  await within(dialog).findByRole("checkbox", { name: /Ola Nordmann/ });
  return { calls, dialog };
}

const posts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === "POST" && c.path.endsWith("/members"));

describe("add members", () => {
  it("lists the department's colleagues; who is in already cannot be chosen again", async () => {
    const { dialog } = await openDialog();
    expect(within(dialog).getAllByRole("checkbox")).toHaveLength(4);
    const lars = within(dialog).getByRole("checkbox", { name: /Lars Johansen/ });
    expect(lars).toBeDisabled();
    expect(lars).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: /Kari Nordmann/ })).toBeDisabled();
    expect(within(dialog).getAllByText("Allerede med")).toHaveLength(2);

    await userEvent.type(within(dialog).getByRole("searchbox", { name: "Søk etter kollega" }), "sof");
    await waitFor(() => expect(within(dialog).getAllByRole("checkbox")).toHaveLength(1));
    expect(within(dialog).getByRole("checkbox", { name: /Sofie Berg/ })).toBeInTheDocument();
  });

  it("'Ingen valgt' when nobody is chosen; nothing is sent", async () => {
    const { calls, dialog } = await openDialog();
    await userEvent.click(within(dialog).getByRole("button", { name: "Legg til" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Ingen valgt");
    expect(posts(calls)).toHaveLength(0);
  });

  it("adds the chosen people, keeping choices across searches, and says how many", async () => {
    const { calls, dialog } = await openDialog({ [membersPath]: { added: 2 } });
    await userEvent.click(within(dialog).getByRole("checkbox", { name: /Ola Nordmann/ }));
    const search = within(dialog).getByRole("searchbox");
    await userEvent.type(search, "sofie");
    await userEvent.click(await within(dialog).findByRole("checkbox", { name: /Sofie Berg/ }));
    await userEvent.clear(search);
    expect(await within(dialog).findByRole("checkbox", { name: /Ola Nordmann/ })).toBeChecked();

    await userEvent.click(within(dialog).getByRole("button", { name: "Legg til (2)" }));
    expect(await screen.findByText("2 person(er) ble lagt til i kanalen")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Legg til deltakere" })).not.toBeInTheDocument(),
    );
    expect(posts(calls).map((c) => c.body)).toEqual([{ userIds: [ids.ola, ids.sofie] }]);
  });

  it("shows the server's refusal of someone outside the department", async () => {
    const { dialog } = await openDialog({
      [membersPath]: {
        status: 422,
        body: {
          error: {
            code: "members_not_in_department",
            message: "Kan bare legge til personer fra samme avdeling",
          },
        },
      },
    });
    await userEvent.click(within(dialog).getByRole("checkbox", { name: /Ola Nordmann/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Legg til (1)" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Kan bare legge til personer fra samme avdeling",
    );
  });

  it("'Kunne ikke legge til deltakere. Prøv igjen.' when the server gives no answer", async () => {
    const { dialog } = await openDialog({ [membersPath]: () => Promise.reject(new TypeError("offline")) });
    await userEvent.click(within(dialog).getByRole("checkbox", { name: /Ola Nordmann/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Legg til (1)" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Kunne ikke legge til deltakere. Prøv igjen.",
    );
  });

  it("'Kunne ikke laste kollegaer' when the colleagues cannot load", async () => {
    mockApi({
      ...baseHandlers(kari()),
      "GET /api/chat/channels": {
        channels: [
          {
            id: ids.channel,
            name: "Fagutvikling",
            isPublic: true,
            isMember: true,
            memberCount: 2,
            unread: 0,
          },
        ],
      },
      [`GET /api/chat/threads/${ids.channel}`]: fagutvikling,
      [staffPath]: { status: 500, body: { error: { code: "internal", message: "Noe gikk galt" } } },
    });
    renderApp("/chat/channels");
    await userEvent.click(await screen.findByRole("button", { name: "Legg til deltakere i #Fagutvikling" }));
    const dialog = await screen.findByRole("dialog", { name: "Legg til deltakere" });
    expect(await within(dialog).findByText("Kunne ikke laste kollegaer")).toBeInTheDocument();
  });
});
