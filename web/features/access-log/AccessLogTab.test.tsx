import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/app.tsx";
import { accessLogServer, accessRow, people } from "./access-log-api.test-support.ts";

const rows = () =>
  within(screen.getByRole("table", { name: "Rader i tilgangsloggen" }))
    .getAllByRole("row")
    .slice(1);
const lastQuery = (api: ReturnType<typeof accessLogServer>) =>
  api.callsTo("GET", "/api/admin/access-log").at(-1)!.url.searchParams;

describe("'Tilgangslogg' (admins)", { timeout: 20_000 }, () => {
  const log = [
    accessRow("record.view", 5, people.lars, people.ola),
    accessRow("record.edit", 60, people.ingrid, people.kari),
    accessRow("demo.signin", 120, null, people.kari),
  ];

  it("is a tab beside 'Logg' listing who did what to whom", async () => {
    accessLogServer(log, { role: "admin" });
    renderApp("/admin/users");
    await userEvent.click(await screen.findByRole("tab", { name: "Tilgangslogg" }));
    await screen.findByRole("table", { name: "Rader i tilgangsloggen" });
    expect(rows().map((r) => r.textContent)).toEqual([
      expect.stringContaining("Lars JohansenÅpnet opplysningeneOla Nordmann"),
      expect.stringContaining("Ingrid HansenEndret opplysningeneKari Nordmann"),
      expect.stringContaining("Slettet brukerLogget inn som personen (demo)Kari Nordmann"),
    ]);
  });

  it("narrows to a person by their name in a row, and by action and dates; chips remove each", async () => {
    const api = accessLogServer(log, { role: "admin" });
    renderApp("/admin/users?tab=access-log");
    await screen.findByRole("table", { name: "Rader i tilgangsloggen" });
    await userEvent.click(
      screen.getAllByRole("button", { name: "Vis bare rader som gjelder Kari Nordmann" })[0]!,
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(lastQuery(api).get("subject")).toBe(people.kari.userId);

    await userEvent.selectOptions(screen.getByLabelText("Handling"), "Endret opplysningene");
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(lastQuery(api).get("action")).toBe("record.edit");

    await userEvent.click(screen.getByRole("button", { name: "Fjern filteret Gjelder: Kari Nordmann" }));
    await waitFor(() => expect(lastQuery(api).get("subject")).toBeNull());
    await userEvent.click(screen.getByRole("button", { name: "Fjern alle filtre" }));
    await waitFor(() => expect(rows()).toHaveLength(3));

    await userEvent.type(screen.getByLabelText("Fra dato"), "01.01.2020{Enter}");
    await waitFor(() => expect(lastQuery(api).get("from")).toBe("2020-01-01"));
    await userEvent.type(screen.getByLabelText("Til dato"), "31.12.2019{Enter}");
    expect(await screen.findByText("Fra dato må være før eller lik til dato.")).toBeInTheDocument();
    expect(screen.queryByRole("table", { name: "Rader i tilgangsloggen" })).not.toBeInTheDocument();
  });

  it("is not offered to leaders", async () => {
    accessLogServer(log, { role: "leader" });
    renderApp("/admin/users");
    expect(await screen.findByRole("tab", { name: "Brukeradministrasjon" })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Rader i tilgangsloggen" })).not.toBeInTheDocument();
  });
});
