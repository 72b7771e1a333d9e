import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { dutyGrid, ongoingBlock } from "../../../../common/domain/duty.ts";
import { renderApp } from "../../../test/app.tsx";
import { setViewport } from "../../../test/viewport.ts";
import { deptId, dutyServer, people, roles, signedInAs } from "../duty-api.test-support.ts";
import { dayLabel } from "./DutyGrid.tsx";

const lars = signedInAs("lars", "leader");
const koordinator = roles[1]!;

/** The cell's select: who holds `role` in the block under way. */
function ongoingCell(role: string) {
  const block = ongoingBlock(new Date());
  const day = dutyGrid(new Date())[0]!.date;
  return screen.getByRole("combobox", { name: `${role}, ${block.name} ${dayLabel(day)}` });
}

describe("'Vaktroller'", { timeout: 20_000 }, () => {
  it("lists the roles and a grid of today and 14 days × blocks × roles; a choice sets the holder", async () => {
    const api = dutyServer({ me: lars });
    renderApp("/admin/duty");
    expect(await screen.findByRole("heading", { name: "Vaktroller", level: 1 })).toBeInTheDocument();
    const grid = await screen.findByRole("table", { name: "Vaktroller per vakt" });
    // A column per role, a row per block (45) and a heading row per day (15).
    const [head] = within(grid).getAllByRole("row");
    expect(
      within(head!)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Dag", "Ansvarshavende sykepleier", "Koordinator"]);
    expect(within(grid).getAllByRole("rowheader")).toHaveLength(45);
    expect(within(grid).getAllByRole("combobox")).toHaveLength(90);
    // Blocks that are over cannot change; the one under way can.
    const past = dutyGrid(new Date()).filter((b) => b.end <= new Date()).length;
    expect(
      within(grid)
        .getAllByRole("combobox")
        .filter((c) => (c as HTMLSelectElement).disabled),
    ).toHaveLength(past * 2);
    const cell = ongoingCell(koordinator.name);
    expect(cell).toBeEnabled();
    expect(cell).toHaveDisplayValue("Ingen");

    await userEvent.selectOptions(cell, people.ola.fullName);
    expect(await screen.findByText("Ola Nordmann har Koordinator.")).toBeInTheDocument();
    expect(
      api.callsTo("PUT", `/api/departments/${deptId}/duty/roles/${koordinator.id}/holder`)[0]?.body,
    ).toEqual({
      blockStart: ongoingBlock(new Date()).start.toISOString(),
      userId: people.ola.userId,
    });
    await waitFor(() => expect(ongoingCell(koordinator.name)).toHaveDisplayValue("Ola Nordmann"));

    // 'Ingen' clears it.
    await userEvent.selectOptions(ongoingCell(koordinator.name), "Ingen");
    expect(await screen.findByText("Ingen har Koordinator på den vakten nå.")).toBeInTheDocument();
    expect(
      api.callsTo("PUT", `/api/departments/${deptId}/duty/roles/${koordinator.id}/holder`)[1]?.body,
    ).toMatchObject({
      userId: null,
    });
  });

  it("'Ny vaktrolle': checks the name as the server does, then creates the role", async () => {
    const api = dutyServer({ me: lars });
    renderApp("/admin/duty");
    await userEvent.click(await screen.findByRole("button", { name: "Ny vaktrolle" }));
    const name = screen.getByLabelText("Navn på vaktrollen");
    expect(name).toHaveFocus();
    await userEvent.type(name, "koordinator");
    await userEvent.click(screen.getByRole("button", { name: "Opprett" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Det finnes allerede en vaktrolle med dette navnet i avdelingen.",
    );
    await userEvent.clear(name);
    await userEvent.type(name, "x".repeat(41));
    await userEvent.click(screen.getByRole("button", { name: "Opprett" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Navnet på vaktrollen kan være på høyst 40 tegn.");
    expect(name).toHaveAccessibleDescription(/høyst 40 tegn/);
    expect(api.callsTo("POST", `/api/departments/${deptId}/duty/roles`)).toHaveLength(0);

    await userEvent.clear(name);
    await userEvent.type(name, "Vakthavende lege{Enter}");
    expect(await screen.findByText("Vaktrollen Vakthavende lege er opprettet.")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/departments/${deptId}/duty/roles`)[0]?.body).toEqual({
      name: "Vakthavende lege",
    });
    expect(await screen.findByRole("columnheader", { name: "Vakthavende lege" })).toBeInTheDocument();
  });

  it("deletes a role after asking", async () => {
    const api = dutyServer({ me: lars });
    renderApp("/admin/duty");
    await userEvent.click(await screen.findByRole("button", { name: "Slett Koordinator" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Slette Koordinator?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Slett" }));
    expect(await screen.findByText("Vaktrollen er slettet.")).toBeInTheDocument();
    expect(api.callsTo("DELETE", `/api/departments/${deptId}/duty/roles/${koordinator.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole("columnheader", { name: "Koordinator" })).toBeNull());
  });

  it("says so when the department has no roles yet", async () => {
    dutyServer({ me: lars, roleList: [] });
    renderApp("/admin/duty");
    expect(await screen.findByRole("heading", { name: "Ingen vaktroller ennå" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ny vaktrolle" })).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("on a phone, shows one day at a time with its blocks × roles as a list", async () => {
    setViewport(375, 812);
    dutyServer({ me: lars });
    renderApp("/admin/duty");
    const picker = await screen.findByRole("combobox", { name: "Dag" });
    expect(within(picker).getAllByRole("option")).toHaveLength(15);
    expect(screen.queryByRole("table")).toBeNull();
    const blocks = () => screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(blocks()).toEqual([
      expect.stringMatching(/^Dagvakt07:00–15:00/),
      expect.stringMatching(/^Kveldsvakt15:00–23:00/),
      expect.stringMatching(/^Nattevakt23:00–07:00/),
    ]);
    const tomorrow = dutyGrid(new Date())[3]!.date;
    await userEvent.selectOptions(picker, tomorrow);
    const cell = screen.getByRole("combobox", { name: `Koordinator, Dagvakt ${dayLabel(tomorrow)}` });
    expect(cell).toBeEnabled();
  });
});
