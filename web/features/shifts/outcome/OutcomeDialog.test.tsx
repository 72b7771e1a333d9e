import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { AssignmentAudit, AssignmentOutcome } from "../../../../common/schemas/shifts.ts";
import { renderApp } from "../../../test/app.tsx";
import { setViewport } from "../../../test/viewport.ts";
import { shiftWhen } from "../format.ts";
import { failure, ids, kari, kariRef, ola, shift, shiftsServer } from "../shifts-api.test-support.ts";

const assigned = shift({
  title: "Nattevakt",
  hours: [23, 7],
  status: "assigned",
  assignment: { person: ola, assignedAt: new Date().toISOString(), method: "auto" },
  can: { viewOutcome: true },
});

const candidate = (candidateId: string, name: string, rank: number | null, fairnessValue: number) => ({
  candidateId,
  name,
  rank,
  winner: rank === 1,
  fairnessValue,
});

const outcome = (over: Partial<AssignmentOutcome> = {}): AssignmentOutcome => ({
  shiftId: assigned.id,
  title: assigned.title,
  startsAt: assigned.startsAt,
  endsAt: assigned.endsAt,
  yourId: ids.kari,
  winnerId: ids.ola,
  winnerName: "Ola Nordmann",
  yourRank: 2,
  totalCandidates: 3,
  yourFairnessValue: 1,
  explanation: "Den som har fått færrest ekstravakter de siste 90 dagene får vakten.",
  candidates: [
    candidate(ids.ola, "Ola Nordmann", 1, 0),
    candidate(ids.kari, "Kari Nordmann", 2, 1),
    candidate(ids.lars, "Lars Johansen", 3, 2),
    candidate(ids.per, "Per Hansen", null, 0),
  ],
  assignedAt: new Date().toISOString(),
  method: "auto",
  ...over,
});

/** What the shift would have meant for a candidate's working time. */
const figures = (positionPercent: number, overtime4Weeks: number) => ({
  positionPercent,
  dayHours: 8,
  overtimeWeek: 0,
  overtime4Weeks,
  overtimeYear: 41.25,
});

const audit: AssignmentAudit = {
  shiftId: assigned.id,
  runAt: "2026-03-10T09:30:00.000Z",
  minRestHours: 11,
  partTimeFirst: true,
  rows: [
    {
      ...candidate(ids.ola, "Ola Nordmann", 1, 0),
      tieBreakUuid: "0a1b2c3d-aaaa-4000-8000-000000000001",
      ineligibleReason: null,
      figures: figures(80, 12.5),
    },
    {
      ...candidate(ids.kari, "Kari Nordmann", 2, 1),
      tieBreakUuid: "1f2e3d4c-bbbb-4000-8000-000000000002",
      ineligibleReason: null,
      figures: figures(100, 0),
    },
    {
      ...candidate(ids.lars, "Lars Johansen", 3, 2),
      tieBreakUuid: "2c3d4e5f-cccc-4000-8000-000000000003",
      ineligibleReason: null,
      figures: figures(100, 3),
    },
    {
      ...candidate(ids.per, "Per Hansen", null, 0),
      tieBreakUuid: "3d4e5f6a-dddd-4000-8000-000000000004",
      ineligibleReason: "Overlapper med vakt Dagvakt tor. 12.03 · 07:00–15:00",
      // a run from before the working-time rules
      figures: null,
    },
  ],
};

function server(result: AssignmentOutcome, features = {}) {
  const api = shiftsServer([assigned], { me: kari(), features });
  api.outcomes.set(assigned.id, result);
  api.audits.set(assigned.id, audit);
  return api;
}

const location = (router: ReturnType<typeof renderApp>["router"]) =>
  router.state.location.pathname + router.state.location.search;

describe("the assignment outcome", () => {
  it("opens from the address: the shift, the winner, my rank, everyone's counts, the audit", async () => {
    server(outcome());
    const { router } = renderApp(`/shifts/open?outcome=${assigned.id}`);
    // The first page of the file loads its code: slow on a busy machine.
    const dialog = await screen.findByRole("dialog", { name: "Tildelingsresultat" }, { timeout: 15_000 });
    expect(await within(dialog).findByText("Nattevakt")).toBeInTheDocument();
    expect(within(dialog).getByText(shiftWhen(assigned))).toBeInTheDocument();
    expect(within(dialog).getByText("Ola Nordmann", { selector: "dd" })).toBeInTheDocument();
    expect(within(dialog).getByText("Du er nr. 2 av 3")).toBeInTheDocument();
    // The banner is off by default.
    expect(within(dialog).queryByText("Du fikk ikke")).not.toBeInTheDocument();

    // More than two candidates: all of them, in order, with their 90-day counts.
    const list = within(dialog).getByRole("list", { name: "Kandidater" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      "1.Ola Nordmann 0 ekstravakter siste 90 dagerVinner",
      "2.Kari Nordmann (deg)1 ekstravakt siste 90 dager",
      "3.Lars Johansen 2 ekstravakter siste 90 dager",
      "–Per Hansen 0 ekstravakter siste 90 dagerKunne ikke tildeles",
    ]);

    const how = within(dialog).getByRole("button", { name: "Hvordan fungerer tildelingen?" });
    expect(how).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(how);
    expect(within(dialog).getByText(/^Den som har fått færrest ekstravakter/)).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole("button", { name: "Se full audit" }));
    const table = await within(dialog).findByRole("table", { name: /Full audit/ });
    const auditRows = within(table).getAllByRole("row").slice(1);
    expect(
      within(auditRows[0]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["1", "0", "80 %", "8 t", "0 t", "12,5 t", "41,3 t", "0a1b2c3d", "Ja", ""]);
    expect(within(auditRows[0]!).getByRole("rowheader")).toHaveTextContent("Ola Nordmann");
    expect(
      within(auditRows[3]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual([
      "–",
      "0",
      "–",
      "–",
      "–",
      "–",
      "–",
      "3d4e5f6a",
      "Nei",
      "Overlapper med vakt Dagvakt tor. 12.03 · 07:00–15:00",
    ]);
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual([
      "Plass",
      "Navn",
      "Ekstravakter siste 90 dager",
      "Stilling",
      "Timer på 24 t",
      "Overtid 7 d",
      "Overtid 4 u",
      "Overtid 52 u",
      "Trekningsnummer",
      "Vinner",
      "Merknad",
    ]);
    expect(table).toHaveTextContent(
      "Deltid først gjaldt: deltidsansatte som kunne ta vakten, kom foran heltidsansatte.",
    );

    // The spec's 'Lukk' (the corner × is named so too).
    await userEvent.click(within(dialog).getByText("Lukk", { selector: "button" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(location(router)).toBe("/shifts/open");
  }, 15_000);

  it("on a phone, keeps the audit in a scroller that scrolls sideways and a keyboard can reach", async () => {
    setViewport(375, 812);
    const api = server(outcome());
    api.audits.set(assigned.id, { ...audit, partTimeFirst: false });
    renderApp(`/shifts/open?outcome=${assigned.id}`);
    const dialog = await screen.findByRole("dialog", { name: "Tildelingsresultat" });
    await userEvent.click(await within(dialog).findByRole("button", { name: "Se full audit" }));
    const scroller = await within(dialog).findByRole("region", { name: "Full audit" });
    expect(scroller).toHaveAttribute("tabindex", "0");
    expect(scroller).toHaveClass("overflow-x-auto");
    expect(within(scroller).getByRole("table", { name: /Full audit/ })).toBeInTheDocument();
    expect(within(scroller).getByText("Tabellen kan rulles sidelengs.")).toBeInTheDocument();
    expect(scroller).not.toHaveTextContent("Deltid først gjaldt");
  });

  it("with two candidates or fewer shows the winner; to a leader who was none, the ward's outcome", async () => {
    server(
      outcome({
        yourRank: null,
        totalCandidates: 2,
        candidates: [candidate(ids.ola, "Ola Nordmann", 1, 0), candidate(ids.lars, "Lars Johansen", 2, 3)],
      }),
    );
    renderApp(`/shifts/assigned?outcome=${assigned.id}`);
    const dialog = await screen.findByRole("dialog", { name: "Tildelingsresultat" });
    const list = await within(dialog).findByRole("list", { name: "Kandidater" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((r) => r.textContent),
    ).toEqual(["1.Ola Nordmann 0 ekstravakter siste 90 dagerVinner"]);
    // Only candidates and those who run the shift see an outcome: one who was no candidate
    // ran it, and is told how it went for the ward, not 'Du var ikke blant de interesserte'.
    expect(within(dialog).queryByText("Du var ikke blant de interesserte.")).not.toBeInTheDocument();
    expect(within(dialog).queryByText("Din status")).not.toBeInTheDocument();
    expect(within(dialog).getByText("For avdelingen")).toBeInTheDocument();
    expect(within(dialog).getByText("2 interesserte, 2 kunne tildeles")).toBeInTheDocument();
  });

  it("opens from 'Se tildeling' on my card", async () => {
    const mine = shift({
      title: "Kveldsvakt",
      status: "assigned",
      assignment: { person: kariRef, assignedAt: new Date().toISOString(), method: "auto" },
      can: { viewOutcome: true },
    });
    const api = server(outcome());
    api.shifts.push(mine);
    api.outcomes.set(
      mine.id,
      outcome({ shiftId: mine.id, title: "Kveldsvakt", winnerId: ids.kari, yourRank: 1 }),
    );
    const { router } = renderApp("/shifts/assigned");
    const card = await screen.findByRole("article", { name: /^Kveldsvakt/ });
    expect(within(card).getByText("Tildelt deg")).toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "Se tildeling" }));
    const dialog = await screen.findByRole("dialog", { name: "Tildelingsresultat" });
    expect(await within(dialog).findByText("Du er nr. 1 av 3")).toBeInTheDocument();
    expect(location(router)).toBe(`/shifts/assigned?outcome=${mine.id}`);
  });

  it.each([
    ["Du fikk vakten", ids.kari],
    ["Du fikk ikke", ids.ola],
  ])("with shiftOutcomeBanner on, tells a candidate '%s'", async (text, winnerId) => {
    server(outcome({ winnerId }), { shiftOutcomeBanner: true });
    renderApp(`/shifts/open?outcome=${assigned.id}`);
    const dialog = await screen.findByRole("dialog", { name: "Tildelingsresultat" });
    expect(await within(dialog).findByText(text)).toHaveAttribute("role", "status");
  });

  it("says when there is no result, and when it could not be loaded", async () => {
    const api = server(outcome());
    api.outcomes.clear();
    const missing = renderApp(`/shifts/open?outcome=${assigned.id}`);
    let dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Ingen dataKunne ikke hente tildelingsresultat",
    );
    missing.unmount();

    api.reply[`GET /api/shifts/${assigned.id}/outcome`] = failure(500, "internal", "Noe gikk galt");
    renderApp(`/shifts/open?outcome=${assigned.id}`);
    dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "FeilKunne ikke laste tildelingsresultat",
    );
    delete api.reply[`GET /api/shifts/${assigned.id}/outcome`];
    api.outcomes.set(assigned.id, outcome());
    await userEvent.click(within(dialog).getByRole("button", { name: "Prøv igjen" }));
    expect(await within(dialog).findByText("Du er nr. 2 av 3")).toBeInTheDocument();
  });
});
