import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { baseHandlers, mockApi, renderApp } from "../../../test/app.tsx";
import { shiftWhen } from "../format.ts";
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

const location = (router: ReturnType<typeof renderApp>["router"]) =>
  router.state.location.pathname + router.state.location.search;

const card = (title: string) => screen.findByRole("article", { name: new RegExp(`^${title} `) });

const five = [
  kariRef,
  ola,
  person(ids.lars, "Lars Johansen"),
  person(ids.sofie, "Sofie Berg"),
  person(ids.per, "Per Hansen"),
];

describe("the extra-shift list", () => {
  it("shows the tabs with their counts and the open shifts as cards", async () => {
    const night = shift({
      title: "Nattevakt",
      hours: [23, 7],
      interestCount: 7,
      interested: five,
      isInterested: true,
      can: { interest: true },
    });
    shiftsServer([
      night,
      shift({ title: "Dagvakt", can: { interest: true } }),
      shift({
        status: "assigned",
        assignment: { person: kariRef, assignedAt: new Date().toISOString(), method: "auto" },
      }),
    ]);
    renderApp("/shifts/open");

    const tabs = await screen.findByRole("tablist", { name: "Visning av ekstravakter" });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole("tab")
          .map((t) => t.textContent),
      ).toEqual(["Åpne (2)", "Venter svar (1)", "Mine tildelte (1)"]),
    );
    expect(within(tabs).getByRole("tab", { name: "Åpne (2)" })).toHaveAttribute("aria-selected", "true");

    const nightCard = await card("Nattevakt");
    const when = shiftWhen(night);
    expect(when).toMatch(/23:00–07:00 \(\+1 dag\)$/);
    expect(nightCard).toHaveAccessibleName(`Nattevakt ${when}`);
    expect(within(nightCard).getByText("Åpen")).toBeInTheDocument();
    expect(within(nightCard).getByText("Operasjon 1")).toBeInTheDocument();
    const avatars = within(nightCard).getByRole("list", { name: "Interesserte" });
    expect(within(avatars).getAllByRole("listitem")).toHaveLength(6);
    expect(avatars).toHaveTextContent("+2");
    expect(within(nightCard).getByText("7 interesserte")).toBeInTheDocument();
    // Staff create nothing and see no drafts.
    expect(screen.queryByRole("button", { name: "Ny ekstravakt" })).not.toBeInTheDocument();
  });

  it("gives each tab its address", async () => {
    shiftsServer([], { me: kari("leader") });
    const { router } = renderApp("/shifts/open");
    const tabs = await screen.findByRole("tablist");
    await userEvent.click(await within(tabs).findByRole("tab", { name: "Venter svar (0)" }));
    await waitFor(() => expect(location(router)).toBe("/shifts/open?tab=waiting"));
    await userEvent.click(within(tabs).getByRole("tab", { name: "Utkast (0)" }));
    await waitFor(() => expect(location(router)).toBe("/shifts/open?tab=drafts"));
    await userEvent.click(
      within(screen.getByRole("tablist")).getByRole("tab", { name: "Mine tildelte (0)" }),
    );
    await waitFor(() => expect(location(router)).toBe("/shifts/assigned"));
    expect(await screen.findByRole("heading", { name: "Mine vakter", level: 1 })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole("tablist")).getByRole("tab", { name: "Åpne (0)" }));
    await waitFor(() => expect(location(router)).toBe("/shifts/open"));
  });

  it.each([
    ["/shifts/open", "Ingen åpne ekstravakter", "Når en leder publiserer en ekstravakt"],
    ["/shifts/open?tab=waiting", "Ingen vakter venter på svar", "Trykk «Jeg er interessert»"],
    ["/shifts/assigned", "Ingen tildelte vakter", "Meld interesse for åpne ekstravakter"],
  ])("says what to do when %s is empty", async (path, empty, next) => {
    shiftsServer([]);
    renderApp(path);
    expect(await screen.findByRole("heading", { name: empty })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^${next}`))).toBeInTheDocument();
  });

  it("shows leaders 'Utkast' and its empty state, staff never", async () => {
    shiftsServer([], { me: kari("leader") });
    const leader = renderApp("/shifts/open?tab=drafts");
    expect(await screen.findByRole("heading", { name: "Ingen utkast" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ny ekstravakt" })).toBeInTheDocument();
    leader.unmount();

    shiftsServer([]);
    renderApp("/shifts/open?tab=drafts");
    expect(await screen.findByRole("heading", { name: "Ingen åpne ekstravakter" })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: /^Utkast/ })).not.toBeInTheDocument();
  });

  it("shows each card's buttons from what the server allows", async () => {
    shiftsServer(
      [
        shift({ title: "Helgevakt", status: "draft", can: { edit: true, publish: true, delete: true } }),
        shift({ title: "Dagvakt", interestCount: 2, can: { interest: true, assign: true, close: true } }),
        shift({ title: "Kveldsvakt" }),
      ],
      { me: kari("leader") },
    );
    renderApp("/shifts/open");
    const buttons = async (title: string) =>
      within(await card(title))
        .queryAllByRole("button")
        .map((b) => b.textContent);
    expect(await buttons("Dagvakt")).toEqual(["Jeg er interessert", "Tildel automatisk", "Steng"]);
    expect(await buttons("Kveldsvakt")).toEqual([]);

    await userEvent.click(screen.getByRole("tab", { name: /^Utkast/ }));
    expect(await buttons("Helgevakt")).toEqual(["Publiser", "Rediger", "Slett"]);
    expect(within(await card("Helgevakt")).getByText("Utkast")).toBeInTheDocument();
  });

  it("registers interest at once and says so; withdrawing turns it back", async () => {
    const api = shiftsServer([shift({ title: "Dagvakt", can: { interest: true } })]);
    renderApp("/shifts/open");
    const dagvakt = await card("Dagvakt");
    await userEvent.click(within(dagvakt).getByRole("button", { name: "Jeg er interessert" }));
    expect(within(dagvakt).getByRole("button", { name: "Trekk interesse" })).toBeInTheDocument();
    expect(await screen.findByText("Interesse registrert")).toBeInTheDocument();
    expect(screen.getByText("Din interesse er registrert for ekstravakten")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("tab", { name: "Venter svar (1)" })).toBeInTheDocument());
    expect(within(dagvakt).getByText("1 interessert")).toBeInTheDocument();

    await userEvent.click(within(dagvakt).getByRole("button", { name: "Trekk interesse" }));
    expect(await screen.findByText("Interesse trukket")).toBeInTheDocument();
    expect(within(dagvakt).getByRole("button", { name: "Jeg er interessert" })).toBeInTheDocument();
    const interestPath = `/api/shifts/${api.shifts[0]!.id}/interest`;
    expect([...api.callsTo("POST", interestPath), ...api.callsTo("DELETE", interestPath)]).toHaveLength(2);
  });

  it("puts the interest back and shows the server's message when refused", async () => {
    const api = shiftsServer([shift({ title: "Dagvakt", can: { interest: true } })]);
    api.reply[`POST /api/shifts/${api.shifts[0]!.id}/interest`] = failure(
      409,
      "shift_started",
      "Vakten har allerede startet.",
    );
    renderApp("/shifts/open");
    const dagvakt = await card("Dagvakt");
    await userEvent.click(within(dagvakt).getByRole("button", { name: "Jeg er interessert" }));
    expect(await screen.findByText("Vakten har allerede startet.")).toBeInTheDocument();
    expect(screen.getByText("Feil")).toBeInTheDocument();
    expect(within(dagvakt).getByRole("button", { name: "Jeg er interessert" })).toBeInTheDocument();
    expect(within(dagvakt).getByText("Ingen interesserte ennå")).toBeInTheDocument();
  });

  it("assigns automatically, then opens the result", async () => {
    const api = shiftsServer([shift({ title: "Dagvakt", interestCount: 2, can: { assign: true } })], {
      me: kari("leader"),
    });
    const id = api.shifts[0]!.id;
    api.reply[`POST /api/shifts/${id}/assign`] = {
      status: 200,
      body: { shiftId: id, alreadyAssigned: false, winner: ola },
    };
    const { router } = renderApp("/shifts/open");
    await userEvent.click(within(await card("Dagvakt")).getByRole("button", { name: "Tildel automatisk" }));
    // It asks first, and nothing is assigned until 'Tildel'.
    const asks = await screen.findByRole("dialog", { name: "Tildele vakten automatisk?" });
    expect(await within(asks).findByText("2 interesserte, 2 kan tildeles")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/shifts/${id}/assign`)).toHaveLength(0);
    await confirmAssign();
    expect(await screen.findByText("Vakt tildelt")).toBeInTheDocument();
    expect(screen.getByText("Tildelt til Ola Nordmann. Varsler sendt.")).toBeInTheDocument();
    expect(await screen.findByRole("dialog", { name: "Tildeling fullført" })).toBeInTheDocument();
    expect(location(router)).toBe(`/shifts/open?outcome=${id}`);
  });

  it("asks before assigning: who is interested, who can be given it, the rule; 'Avbryt' assigns nothing", async () => {
    const api = shiftsServer([shift({ title: "Dagvakt", interestCount: 3, can: { assign: true } })], {
      me: kari("leader"),
    });
    const id = api.shifts[0]!.id;
    const eligible = (userId: string, name: string, fairnessValue: number) => ({
      userId,
      name,
      fairnessValue,
      eligible: true,
      reason: null,
    });
    api.reply[`GET /api/shifts/${id}/assignment-preview`] = {
      status: 200,
      body: {
        shiftId: id,
        candidates: [
          eligible(ids.ola, "Ola Nordmann", 0),
          eligible(ids.lars, "Lars Johansen", 2),
          {
            userId: ids.per,
            name: "Per Hansen",
            fairnessValue: 0,
            eligible: false,
            reason: "Overlapper med vakt Kveldsvakt lør. 05.12 · 14:00–22:00",
          },
        ],
        interested: 3,
        eligible: 2,
        rule: "Den som har fått færrest ekstravakter de siste 90 dagene får vakten; står flere likt, avgjør en tilfeldig trekning.",
      },
    };
    renderApp("/shifts/open");
    await userEvent.click(within(await card("Dagvakt")).getByRole("button", { name: "Tildel automatisk" }));
    const asks = await screen.findByRole("dialog", { name: "Tildele vakten automatisk?" });
    expect(await within(asks).findByText("3 interesserte, 2 kan tildeles")).toBeInTheDocument();
    expect(within(asks).getByText(/færrest ekstravakter de siste 90 dagene/)).toBeInTheDocument();
    const people = within(within(asks).getByRole("list", { name: "Interesserte" })).getAllByRole("listitem");
    expect(people.map((p) => p.textContent)).toEqual([
      "Ola Nordmann" + "Kan tildeles" + "0 ekstravakter siste 90 dager",
      "Lars Johansen" + "Kan tildeles" + "2 ekstravakter siste 90 dager",
      "Per Hansen" + "Kunne ikke tildeles" + "Overlapper med vakt Kveldsvakt lør. 05.12 · 14:00–22:00",
    ]);
    await userEvent.click(within(asks).getByRole("button", { name: "Avbryt" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.callsTo("POST", `/api/shifts/${id}/assign`)).toHaveLength(0);
  });

  it("offers 'Tildel automatisk' only when someone is interested, then as the main action", async () => {
    shiftsServer(
      [
        shift({ title: "Dagvakt", interestCount: 0, can: { assign: true, interest: true } }),
        shift({ title: "Kveldsvakt", interestCount: 2, can: { assign: true, interest: true } }),
      ],
      { me: kari("leader") },
    );
    renderApp("/shifts/open");
    const nobody = await card("Dagvakt");
    expect(within(nobody).queryByRole("button", { name: "Tildel automatisk" })).not.toBeInTheDocument();
    const some = await card("Kveldsvakt");
    expect(within(some).getByRole("button", { name: "Tildel automatisk" })).toBeInTheDocument();
    expect(within(some).getByRole("button", { name: "Jeg er interessert" }).className).toMatch(/bg-white/);
  });

  it("tells, without failing, when there is nobody to assign or it was assigned already", async () => {
    // The list still shows an interest that was withdrawn meanwhile.
    const api = shiftsServer([shift({ title: "Dagvakt", interestCount: 1, can: { assign: true } })], {
      me: kari("leader"),
    });
    const id = api.shifts[0]!.id;
    api.reply[`POST /api/shifts/${id}/assign`] = failure(409, "shift_no_interest", "Ingen interesserte");
    renderApp("/shifts/open");
    const button = within(await card("Dagvakt")).getByRole("button", { name: "Tildel automatisk" });
    await userEvent.click(button);
    await confirmAssign();
    expect(await screen.findByText("Ingen interesserte")).toBeInTheDocument();
    expect(screen.queryByText("Feil")).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    api.reply[`POST /api/shifts/${id}/assign`] = {
      status: 200,
      body: { shiftId: id, alreadyAssigned: true, winner: null },
    };
    await userEvent.click(button);
    await confirmAssign();
    expect(await screen.findByText("Allerede tildelt")).toBeInTheDocument();
    expect(screen.getByText("Vakten er allerede tildelt noen.")).toBeInTheDocument();
    expect(await screen.findByRole("dialog", { name: "Tildelingsresultat" })).toBeInTheDocument();
  });

  it("publishes a draft and deletes one after asking", async () => {
    const api = shiftsServer(
      [
        shift({ title: "Helgevakt", status: "draft", can: { publish: true, delete: true } }),
        shift({ title: "Beredskapsvakt", status: "draft", can: { publish: true, delete: true } }),
      ],
      { me: kari("leader") },
    );
    renderApp("/shifts/open?tab=drafts");
    await userEvent.click(within(await card("Helgevakt")).getByRole("button", { name: "Publiser" }));
    expect(await screen.findByText("Ekstravakt publisert")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: /^Helgevakt/ })).not.toBeInTheDocument(),
    );

    await userEvent.click(within(await card("Beredskapsvakt")).getByRole("button", { name: "Slett" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Slette utkastet?" });
    expect(api.callsTo("DELETE", `/api/shifts/${api.shifts[1]!.id}`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole("button", { name: "Slett" }));
    expect(await screen.findByText("Utkast slettet")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Ingen utkast" })).toBeInTheDocument();
  });

  it("shows a failed list with a retry", async () => {
    const api = shiftsServer([shift({ title: "Dagvakt" })]);
    api.reply["GET /api/shifts"] = failure(500, "internal", "Noe gikk galt");
    renderApp("/shifts/open");
    expect(await screen.findByRole("heading", { name: "Kunne ikke laste ekstravakter" })).toBeInTheDocument();
    delete api.reply["GET /api/shifts"];
    await userEvent.click(screen.getByRole("button", { name: "Prøv igjen" }));
    expect(await card("Dagvakt")).toBeInTheDocument();
  });

  it.each([
    ["/shifts/open", "staff"],
    ["/shifts/admin", "leader"],
  ] as const)("with the shifts flag off, %s says so", async (path, role) => {
    const calls = mockApi(baseHandlers(kari(role), { shifts: false }));
    renderApp(path);
    expect(await screen.findByRole("heading", { name: "Ekstravakter ikke aktivert" })).toBeInTheDocument();
    expect(screen.getByText("Denne funksjonen er ikke tilgjengelig")).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith("/api/shifts"))).toBe(false);
  });
});
