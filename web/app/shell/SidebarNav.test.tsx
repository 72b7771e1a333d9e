import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Hash, UserRound } from "lucide-react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { baseHandlers, mockApi, renderApp, session } from "../../test/app.tsx";
import { setViewport } from "../../test/viewport.ts";
import { SidebarNav } from "./SidebarNav.tsx";

const sidebar = () => screen.findByRole("navigation", { name: "Hovedmeny" });

describe("sidebar", () => {
  it("shows every section and item of spec §2 to an admin", async () => {
    mockApi(baseHandlers(session("admin")));
    renderApp("/chat/department");
    const nav = await sidebar();
    for (const name of ["Chat", "Vakter", "Administrasjon"]) {
      expect(within(nav).getByRole("button", { name })).toHaveAttribute("aria-expanded", "true");
    }
    for (const name of [
      "Pågående vakt",
      "Avdeling",
      "Direktemeldinger",
      "Kanaler",
      "Ekstravakter",
      "Byttevakt",
      "Mine vakter",
      "Ansatte",
      "Administrer ekstravakter",
      "Administrer bytter",
      "Haster",
      "Profil",
    ]) {
      expect(within(nav).getByRole("link", { name: new RegExp(`^${name}\\b`) })).toBeInTheDocument();
    }
    expect(within(nav).getByRole("link", { name: /^Avdeling/ })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: /^Pågående vakt/ })).toHaveTextContent(/\d\d:00–\d\d:00/);
    expect(screen.getByText("Status: Pålogget")).toBeInTheDocument();
  });

  it("hides 'Administrasjon' from staff and items whose feature is off", async () => {
    mockApi(baseHandlers(session("staff"), { channels: false }));
    renderApp("/chat/department");
    const nav = await sidebar();
    expect(within(nav).queryByRole("button", { name: "Administrasjon" })).not.toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: /^Ansatte/ })).not.toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: /^Kanaler/ })).not.toBeInTheDocument();
  });

  it("remembers a collapsed section across reloads", async () => {
    mockApi(baseHandlers(session("admin")));
    const first = renderApp("/chat/department");
    const nav = await sidebar();
    await userEvent.click(within(nav).getByRole("button", { name: "Chat" }));
    expect(within(nav).getByRole("button", { name: "Chat" })).toHaveAttribute("aria-expanded", "false");
    expect(within(nav).queryByRole("link", { name: /^Direktemeldinger/ })).not.toBeInTheDocument();
    first.unmount();

    renderApp("/chat/department");
    const again = await sidebar();
    expect(within(again).getByRole("button", { name: "Chat" })).toHaveAttribute("aria-expanded", "false");
    expect(within(again).getByRole("button", { name: "Vakter" })).toHaveAttribute("aria-expanded", "true");
  });

  it("remembers a closed 'Informasjon' rail", async () => {
    mockApi(baseHandlers(session("staff")));
    const first = renderApp("/chat/department");
    const rail = await screen.findByRole("complementary", { name: "Informasjon" });
    expect(within(rail).getByText("Dagens ordspill")).toBeInTheDocument();
    await userEvent.click(within(rail).getByRole("button", { name: "Lukk informasjon" }));
    expect(screen.queryByRole("complementary", { name: "Informasjon" })).not.toBeInTheDocument();
    first.unmount();

    renderApp("/chat/department");
    await userEvent.click(await screen.findByRole("button", { name: "Vis informasjon" }));
    expect(screen.getByRole("complementary", { name: "Informasjon" })).toBeInTheDocument();
  });

  it("starts the rail closed under 1600 px and on admin screens, and remembers it opened", async () => {
    mockApi(baseHandlers(session("admin")));
    const rail = () => screen.queryByRole("complementary", { name: "Informasjon" });
    const wide = renderApp("/chat/department");
    expect(await screen.findByRole("complementary", { name: "Informasjon" })).toBeInTheDocument();
    wide.unmount();

    const admin = renderApp("/admin/users");
    expect(await screen.findByRole("button", { name: "Vis informasjon" })).toBeInTheDocument();
    expect(rail()).not.toBeInTheDocument();
    admin.unmount();

    setViewport(1440);
    const narrow = renderApp("/chat/department");
    await userEvent.click(await screen.findByRole("button", { name: "Vis informasjon" }));
    expect(rail()).toBeInTheDocument();
    narrow.unmount();

    // Opened once, it stays open here, while admin screens keep their own choice.
    const again = renderApp("/chat/department");
    expect(await screen.findByRole("complementary", { name: "Informasjon" })).toBeInTheDocument();
    again.unmount();
    renderApp("/admin/users");
    expect(await screen.findByRole("button", { name: "Vis informasjon" })).toBeInTheDocument();
  });

  it("shows the live count a feature gives its item, and nothing for none or 0", async () => {
    const item = (to: string, label: string, count?: number) => ({
      to,
      label,
      icon: Hash,
      ...(count !== undefined && { useBadgeCount: () => count }),
    });
    render(
      <MemoryRouter initialEntries={["/a"]}>
        <SidebarNav
          nav={{
            overview: item("/", "Oversikt"),
            sections: [
              {
                id: "chat",
                items: [
                  item("/a", "Ulest", 3),
                  item("/b", "Mange", 250),
                  item("/c", "Null", 0),
                  item("/d", "Uten"),
                ],
              },
            ],
            profile: { to: "/p", label: "Profil", icon: UserRound },
          }}
        />
      </MemoryRouter>,
    );
    const nav = screen.getByRole("navigation", { name: "Hovedmeny" });
    expect(within(nav).getByRole("link", { name: "Ulest 3" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Mange 99+" })).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Null" })).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Uten" })).toBeInTheDocument();
  });
});
