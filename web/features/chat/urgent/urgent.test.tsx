import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import { isFollowed } from "../../../test/realtime.ts";
import { chatServer, kari, ola, threadId } from "../thread/chat-api.test-support.ts";

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(600);
});

const roles = [
  { id: "0b6a3c1e-0000-4000-8000-0000000000a1", name: "Ansvarshavende sykepleier", held: true },
  { id: "0b6a3c1e-0000-4000-8000-0000000000a2", name: "Koordinator", held: false },
];

async function openDepartmentChat() {
  renderApp("/chat/department");
  await waitFor(() => expect(isFollowed(`thread:${threadId}`)).toBe(true));
  return screen.findByRole("textbox", { name: "Melding" });
}
const sends = (server: ReturnType<typeof chatServer>) =>
  server.calls.filter((c) => c.method === "POST" && c.url.pathname.endsWith("/messages"));

describe("the composer's '@' list", () => {
  it("offers 'vakt', roles and people after '@'; arrows and Enter choose, Escape closes", {
    timeout: 20_000,
  }, async () => {
    const server = chatServer();
    server.control.mentionOptions = { roles, people: [{ userId: ola.userId, fullName: ola.fullName }] };
    const field = await openDepartmentChat();
    await userEvent.type(field, "Hei @");
    const list = await screen.findByRole("listbox", { name: "Forslag" });
    expect(
      within(list)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      "@vaktAlle på vakt nå",
      "@Ansvarshavende sykepleierVaktrolle",
      "@KoordinatorVaktrolle · ingen har rollen nå",
      "@Ola NordmannPerson",
    ]);
    expect(field).toHaveAttribute("role", "combobox");
    expect(field).toHaveAttribute("aria-expanded", "true");
    await userEvent.type(field, "ans");
    expect(within(list).getAllByRole("option")).toHaveLength(1);
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(field).not.toHaveAttribute("role");

    await userEvent.clear(field);
    await userEvent.type(field, "@");
    await screen.findByRole("listbox", { name: "Forslag" });
    // Keys alone (`type` would click the field first, which reads the caret again).
    await userEvent.keyboard("{ArrowDown}");
    expect(field.getAttribute("aria-activedescendant")).toBe(screen.getAllByRole("option")[1]!.id);
    await userEvent.keyboard("{Enter}");
    expect(field).toHaveValue("@Ansvarshavende sykepleier ");
    // Enter chose; it sent nothing.
    expect(sends(server)).toHaveLength(0);
  });
});

describe("'Haster' and 'Ingen har rollen nå'", () => {
  it("sends an urgent message once 'Send likevel' answers the warning; 'Avbryt' sends nothing", {
    timeout: 20_000,
  }, async () => {
    const server = chatServer();
    server.control.mentionOptions = { roles, people: [] };
    const field = await openDepartmentChat();
    const toggle = screen.getByRole("button", { name: "Haster" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-pressed", "true");

    await waitFor(() =>
      expect(server.calls.some((c) => c.url.pathname.endsWith("/mention-options"))).toBe(true),
    );
    await userEvent.type(field, "@Koordinator kom");
    await userEvent.keyboard("{Enter}");
    const dialog = await screen.findByRole("alertdialog", { name: "Ingen har rollen nå" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Avbryt" }));
    expect(sends(server)).toHaveLength(0);
    expect(field).toHaveValue("@Koordinator kom");

    await userEvent.keyboard("{Enter}");
    await userEvent.click(
      within(await screen.findByRole("alertdialog", { name: "Ingen har rollen nå" })).getByRole("button", {
        name: "Send likevel",
      }),
    );
    await waitFor(() => expect(sends(server)).toHaveLength(1));
    expect(sends(server)[0]?.body).toMatchObject({ content: "@Koordinator kom", urgent: true });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
  });
});

describe("an urgent message", () => {
  it("asks its recipient to 'Bekreft', then says 'Bekreftet'", async () => {
    const server = chatServer();
    server.add(ola, "Kom til stue 3", {
      urgent: true,
      acknowledgement: { acknowledgedAt: null },
      reach: null,
      abilities: { edit: false, delete: false, react: true, undo: false, acknowledge: true },
    });
    await openDepartmentChat();
    expect(await screen.findByText("HASTER")).toBeInTheDocument();
    // The marker is the message's own; 'Bekreft' comes with the reach line, loaded when needed.
    await userEvent.click(await screen.findByRole("button", { name: "Bekreft" }));
    expect(await screen.findByText("Bekreftet")).toBeInTheDocument();
    expect(server.calls.some((c) => c.url.pathname.endsWith("/acknowledge"))).toBe(true);
    expect(screen.queryByRole("button", { name: "Bekreft" })).toBeNull();
  });

  it("shows its sender 'Bekreftet av n av m', 'Sett av n av m' and who has and has not", async () => {
    const server = chatServer();
    const at = new Date().toISOString();
    server.add(kari, "Ring meg", {
      urgent: true,
      acknowledgement: null,
      reach: {
        acknowledged: 1,
        seen: 1,
        people: [
          {
            userId: ola.userId,
            fullName: "Ola Nordmann",
            via: "role",
            roleName: "Ansvarshavende sykepleier",
            acknowledgedAt: at,
            seen: true,
          },
          {
            userId: kari.userId,
            fullName: "Lise Berg",
            via: "name",
            roleName: null,
            acknowledgedAt: null,
            seen: false,
          },
        ],
      },
    });
    await openDepartmentChat();
    const count = await screen.findByRole("button", { name: "Bekreftet av 1 av 2" });
    expect(count).toHaveAttribute("title", "Nådde: Ola Nordmann (Ansvarshavende sykepleier), Lise Berg");
    expect(screen.getAllByText("Sett av 1 av 2").length).toBeGreaterThan(0);
    await userEvent.click(count);
    const popover = await screen.findByRole("dialog", { name: "Hvem har bekreftet" });
    expect(within(popover).getByRole("list", { name: "Har bekreftet" })).toHaveTextContent("Ola Nordmann");
    expect(within(popover).getByRole("list", { name: "Har ikke bekreftet" })).toHaveTextContent("Lise Berg");
  });
});
