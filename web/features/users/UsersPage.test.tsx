import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/app.tsx";
import { asLeaderSees, leader, staffOf, usersServer } from "./users-api.test-support.ts";

const table = () => screen.findByRole("table", { name: "Brukeroversikt" });

describe("'Administrasjon'", { timeout: 15_000 }, () => {
  it("gives admins the header buttons, every tab and each row's actions", async () => {
    usersServer();
    renderApp("/admin/users");
    expect(await screen.findByRole("heading", { name: "Administrasjon", level: 1 })).toBeInTheDocument();
    const rows = within(await table())
      .getAllByRole("row")
      .slice(1);
    // The server's order (admin, leader, staff, then name) is kept.
    const names = ["Ingrid Hansen", "Lars Johansen", "Kari Nordmann", "Ola Nordmann"];
    for (const [i, row] of rows.entries())
      expect(within(row).getByRole("rowheader")).toHaveAccessibleName(names[i]);
    expect(screen.getByRole("button", { name: "Send varsel til alle" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Legg til ny bruker" })).toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Brukeradministrasjon",
      "Sendte varsler",
      "Logg",
      "Demo-verktøy",
      "Tilgangslogg",
      "Oppbevaring",
    ]);
    const ola = rows[3]!;
    // The row's actions wait behind its one '…' button.
    expect(
      within(ola)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Handlinger for Ola Nordmann"]);
    expect(within(ola).getByText("+47 900 00 000")).toBeInTheDocument();
    expect(within(ola).getByText("Aktiv")).toBeInTheDocument();
    // What `can` does not allow is not offered: Ingrid cannot be changed from here.
    expect(within(rows[0]!).queryAllByRole("button")).toEqual([]);
  });

  it("gives leaders the contracts of their department's people, (de)activation of staff, nothing else", async () => {
    usersServer({ users: asLeaderSees(staffOf()) }, { me: leader() });
    renderApp("/admin/users");
    await table();
    // The row's menu works by keyboard: Enter opens it on its first item, Escape closes
    // it back to the '…' button; it offers the contract and (de)activation only.
    const more = screen.getByRole("button", { name: "Handlinger for Ola Nordmann" });
    more.focus();
    await userEvent.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual(["Arbeidsavtale og kompetanse", "Deaktiver"]);
    await waitFor(() => expect(within(menu).getAllByRole("menuitem")[0]).toHaveFocus());
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
    expect(more).toHaveFocus();
    expect(screen.getByRole("button", { name: "Handlinger for Kari Nordmann" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Legg til ny bruker" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send varsel til alle" })).not.toBeInTheDocument();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Brukeradministrasjon",
      "Sendte varsler",
    ]);
  });

  it("has no 'Demo-verktøy' outside staging, even asked for in the address", async () => {
    usersServer({}, { environment: "production" });
    renderApp("/admin/users?tab=demo");
    await table();
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Brukeradministrasjon",
      "Sendte varsler",
      "Logg",
      "Tilgangslogg",
      "Oppbevaring",
    ]);
    expect(screen.getByRole("tab", { name: "Brukeradministrasjon" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  it("opens the tab the address names", async () => {
    usersServer();
    renderApp("/admin/users?tab=demo");
    expect(await screen.findByRole("heading", { name: "Opprett Demo-bruker" })).toBeInTheDocument();
  });
});
