import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import {
  confirmAssign,
  failure,
  ids,
  kari,
  kariRef,
  ola,
  person,
  shift,
  shiftsServer,
} from "../shifts-api.test-support.ts";

function server() {
  const api = shiftsServer(
    [
      shift({ title: "Dagvakt", interestCount: 3, can: { assign: true, close: true } }),
      shift({ title: "Kveldsvakt", interestCount: 1, can: { assign: true, close: true } }),
      shift({ title: "Helgevakt", status: "draft", can: { publish: true, edit: true, delete: true } }),
    ],
    { me: kari("leader") },
  );
  api.reply["GET /api/shifts/fairness"] = {
    status: 200,
    body: {
      deptId: kari("leader").currentDeptId,
      windowDays: 90,
      people: [
        { ...kariRef, count: 1 },
        { ...ola, count: 3 },
        { ...person(ids.lars, "Lars Johansen"), count: 0 },
      ],
    },
  };
  return api;
}

describe("'Administrere Ekstravakter'", () => {
  it("shows the counters, the tabs and extra shifts per person with the numbers written out", async () => {
    server();
    renderApp("/shifts/admin");
    expect(
      await screen.findByRole("heading", { name: "Administrere Ekstravakter", level: 1 }),
    ).toBeInTheDocument();
    const counters = screen.getByLabelText("Nøkkeltall");
    await waitFor(() =>
      expect([...counters.querySelectorAll("div")].map((d) => d.textContent)).toEqual([
        "Åpne vakter2",
        "Interesserte4",
        "Utkast1",
      ]),
    );
    expect(screen.getByRole("tab", { name: "Åpne vakter (2)" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("article", { name: /^Dagvakt/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Utkast (1)" }));
    expect(await screen.findByRole("article", { name: /^Helgevakt/ })).toBeInTheDocument();

    const chart = await screen.findByRole("table", { name: /Tildelte ekstravakter de siste 90 dagene/ });
    expect(
      within(chart)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["ONOla Nordmann3", "KNKari Nordmann1", "LJLars Johansen0"]);
  });

  it("keeps assigned shifts in 'Tildelt', newest assignment first, with who got them", async () => {
    const assigned = (title: string, who: typeof ola, assignedAt: string, hours?: [number, number]) =>
      shift({
        title,
        status: "assigned",
        ...(hours && { hours }),
        assignment: { person: who, assignedAt, method: "auto" },
      });
    const api = server();
    api.shifts.push(
      assigned("Nattevakt", ola, "2026-11-20T10:00:00.000Z"),
      assigned("Beredskapsvakt", kariRef, "2026-11-26T09:00:00.000Z", [7.5, 15.5]),
      assigned("Dagvakt", person(ids.lars, "Lars Johansen"), "2026-11-24T08:00:00.000Z"),
    );
    renderApp("/shifts/admin");
    const tab = await screen.findByRole("tab", { name: "Tildelt (3)" });
    await userEvent.click(tab);
    expect(tab).toHaveAttribute("aria-selected", "true");
    const panel = screen.getByRole("tabpanel");
    await waitFor(() => expect(within(panel).getAllByRole("article")).toHaveLength(3));
    const cards = within(panel).getAllByRole("article");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual([
      "Beredskapsvakt",
      "Dagvakt",
      "Nattevakt",
    ]);
    expect(cards[0]).toHaveTextContent("07:30–15:30");
    expect(cards[0]).toHaveTextContent("Tildelt deg");
    expect(cards[1]).toHaveTextContent("Lars Johansen");
    expect(cards[2]).toHaveTextContent("Ola Nordmann");
    expect(api.calls.some((c) => c.url.searchParams.get("view") === "filled")).toBe(true);
  });

  it("opens 'Ny ekstravakt' from 'Opprett ny ekstravakt'", async () => {
    server();
    renderApp("/shifts/admin");
    const banner = (await screen.findByRole("heading", { name: "Opprett ny ekstravakt" })).closest(
      "section",
    )!;
    await userEvent.click(within(banner).getByRole("button", { name: "Ny ekstravakt" }));
    expect(await screen.findByRole("dialog", { name: "Ny ekstravakt" })).toBeInTheDocument();
  });

  it("ends an assignment in 'Tildeling fullført'", async () => {
    const api = server();
    const dagvakt = api.shifts[0]!;
    api.reply[`POST /api/shifts/${dagvakt.id}/assign`] = {
      status: 200,
      body: { shiftId: dagvakt.id, alreadyAssigned: false, winner: ola },
    };
    renderApp("/shifts/admin");
    const card = await screen.findByRole("article", { name: /^Dagvakt/ });
    await userEvent.click(within(card).getByRole("button", { name: "Tildel automatisk" }));
    await confirmAssign();
    expect(await screen.findByRole("dialog", { name: "Tildeling fullført" })).toBeInTheDocument();
    expect(screen.getByText("Tildelt til Ola Nordmann. Varsler sendt.")).toBeInTheDocument();
  });

  it("closes an open shift after asking, and says when the fairness picture failed", async () => {
    const api = server();
    api.reply["GET /api/shifts/fairness"] = failure(500, "internal", "Noe gikk galt");
    renderApp("/shifts/admin");
    expect(await screen.findByText("Kunne ikke laste fordelingen")).toBeInTheDocument();
    const card = await screen.findByRole("article", { name: /^Kveldsvakt/ });
    await userEvent.click(within(card).getByRole("button", { name: "Steng" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Stenge ekstravakten?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Steng" }));
    expect(await screen.findByText("Ekstravakt stengt")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/shifts/${api.shifts[1]!.id}/close`)).toHaveLength(1);
  });
});
