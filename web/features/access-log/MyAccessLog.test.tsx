import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/app.tsx";
import { accessLogServer, accessRow, people } from "./access-log-api.test-support.ts";

const title = "Hvem har sett eller endret mine opplysninger";
const caption = "Rader i loggen over deg";

describe("'Hvem har sett eller endret mine opplysninger' on 'Min Profil'", { timeout: 20_000 }, () => {
  it("lists who did what to my data, newest first, in words, with the time as Norwegians write it", async () => {
    const rows = [
      accessRow("record.view", 5, people.lars),
      accessRow("avatar.change", 60),
      accessRow("record.edit", 120, null),
    ];
    accessLogServer(rows);
    renderApp("/profile");
    const table = await screen.findByRole("table", { name: caption });
    const lines = within(table).getAllByRole("row").slice(1);
    expect(lines.map((r) => r.textContent)).toEqual([
      expect.stringContaining("Lars JohansenÅpnet opplysningene"),
      expect.stringContaining("Ingrid HansenEndret profilbildet"),
      expect.stringContaining("Slettet brukerEndret opplysningene"),
    ]);
    expect(lines[0]).toHaveTextContent(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    expect(table).not.toHaveTextContent("record.");
  });

  it("says so when nobody has looked", async () => {
    accessLogServer([]);
    renderApp("/profile");
    expect(await screen.findByText("Ingen har sett eller endret opplysningene dine.")).toBeInTheDocument();
  });

  it("offers a retry when the log cannot be read", async () => {
    const api = accessLogServer([accessRow("record.view", 1)]);
    api.reply["GET /api/profile/access-log"] = { status: 500, body: { error: { code: "x", message: "x" } } };
    renderApp("/profile");
    expect(await screen.findByText("Kunne ikke laste tilgangsloggen")).toBeInTheDocument();
    delete api.reply["GET /api/profile/access-log"];
    const section = screen.getByRole("region", { name: title });
    await userEvent.click(within(section).getByRole("button", { name: "Prøv igjen" }));
    expect(await screen.findByRole("table", { name: caption })).toBeInTheDocument();
  });

  it("shows older rows with 'Vis flere'", async () => {
    const rows = [1, 2, 3].map((m) => accessRow("record.view", m));
    const api = accessLogServer(rows, { pageSize: 2 });
    renderApp("/profile");
    const table = await screen.findByRole("table", { name: caption });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    await userEvent.click(screen.getByRole("button", { name: "Vis flere" }));
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(4));
    expect(api.callsTo("GET", "/api/profile/access-log").at(-1)?.url.searchParams.get("before")).toBe(
      rows[1]!.id,
    );
    expect(screen.queryByRole("button", { name: "Vis flere" })).not.toBeInTheDocument();
  });
});
