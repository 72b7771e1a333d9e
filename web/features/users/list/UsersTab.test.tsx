import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import {
  asLeaderSees,
  chooseRowAction,
  failure,
  leader,
  staffOf,
  usersServer,
} from "../users-api.test-support.ts";

/** A phone: every `min-width` query fails. */
function onAPhone() {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query) =>
      ({
        matches: !query.includes("min-width"),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

const table = () => screen.findByRole("table", { name: "Brukeroversikt" });

describe("'Brukeroversikt'", { timeout: 15_000 }, () => {
  it("asks the server for what is typed in the search", async () => {
    const api = usersServer();
    renderApp("/admin/users");
    await table();
    await userEvent.type(screen.getByRole("searchbox", { name: "Søk i brukere" }), "ola");
    await waitFor(() => expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(2));
    expect(screen.getByRole("rowheader", { name: "Ola Nordmann" })).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/admin/users").at(-1)?.url.searchParams.get("search")).toBe("ola");

    await userEvent.type(screen.getByRole("searchbox"), "x");
    expect(await screen.findByRole("heading", { name: "Ingen brukere funnet" })).toBeInTheDocument();
  });

  it("says when the list could not load and tries again", async () => {
    const api = usersServer();
    api.reply["GET /api/admin/users"] = failure(500, "internal", "Noe gikk galt på serveren");
    renderApp("/admin/users");
    expect(await screen.findByRole("heading", { name: "Kunne ikke laste brukere" })).toBeInTheDocument();
    expect(screen.getByText("Noe gikk galt på serveren")).toBeInTheDocument();
    delete api.reply["GET /api/admin/users"];
    await userEvent.click(screen.getByRole("button", { name: "Prøv igjen" }));
    expect(await table()).toBeInTheDocument();
  });

  it("refreshes on 'Oppdater'", async () => {
    const api = usersServer();
    renderApp("/admin/users");
    await table();
    api.users[3]!.phone = "+47 111 11 111";
    await userEvent.click(screen.getByRole("button", { name: "Oppdater" }));
    expect(await screen.findByText("+47 111 11 111")).toBeInTheDocument();
  });

  it("shows cards instead of the table on a phone", async () => {
    onAPhone();
    usersServer();
    renderApp("/admin/users");
    const list = await screen.findByRole("list", { name: "Brukeroversikt" });
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const cards = within(list).getAllByRole("listitem");
    expect(cards).toHaveLength(4);
    expect(within(cards[3]!).getByRole("heading", { name: "Ola Nordmann" })).toBeInTheDocument();
    expect(within(cards[3]!).getByRole("button", { name: "Slett Ola Nordmann" })).toBeInTheDocument();
  });

  it("lets a leader deactivate and reactivate in their department", async () => {
    const api = usersServer({ users: asLeaderSees(staffOf()) }, { me: leader() });
    renderApp("/admin/users");
    await table();
    await chooseRowAction("Ola Nordmann", "Deaktiver");
    expect(await screen.findByText("Ola Nordmann er deaktivert")).toBeInTheDocument();
    const ola = api.users[3]!;
    expect(api.callsTo("POST", `/api/admin/users/${ola.userId}/activation`)[0]?.body).toEqual({
      active: false,
      deptId: leader().currentDeptId,
    });
    const row = screen.getByRole("row", { name: /Ola Nordmann/ });
    expect(within(row).getByText("Deaktivert")).toBeInTheDocument();
    await chooseRowAction("Ola Nordmann", "Aktiver");
    expect(await screen.findByText("Ola Nordmann er aktivert")).toBeInTheDocument();
  });

  it("shows the server's refusal of a deactivation", async () => {
    const api = usersServer();
    api.reply[`POST /api/admin/users/${api.users[1]!.userId}/activation`] = failure(
      409,
      "last_admin",
      "Den siste aktive administratoren kan ikke deaktiveres",
    );
    renderApp("/admin/users");
    await table();
    await chooseRowAction("Lars Johansen", "Deaktiver");
    expect(await screen.findByText("Kunne ikke endre status")).toBeInTheDocument();
    expect(screen.getByText("Den siste aktive administratoren kan ikke deaktiveres")).toBeInTheDocument();
  });

  it("deletes only after 'Slett bruker' is confirmed", async () => {
    const api = usersServer();
    renderApp("/admin/users");
    await table();
    const ola = api.users[3]!;
    await chooseRowAction("Ola Nordmann", "Slett");
    const dialog = await screen.findByRole("alertdialog", { name: "Slett bruker" });
    expect(dialog).toHaveTextContent(/slettes permanent.*kan ikke angres/);
    await userEvent.click(within(dialog).getByRole("button", { name: "Avbryt" }));
    expect(api.callsTo("DELETE", `/api/admin/users/${ola.userId}`)).toEqual([]);

    await chooseRowAction("Ola Nordmann", "Slett");
    await userEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Slett bruker" }),
    );
    expect(await screen.findByText("Bruker slettet")).toBeInTheDocument();
    expect(api.callsTo("DELETE", `/api/admin/users/${ola.userId}`)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole("rowheader", { name: "Ola Nordmann" })).not.toBeInTheDocument(),
    );
  });
});
