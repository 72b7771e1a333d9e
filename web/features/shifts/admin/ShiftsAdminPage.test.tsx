import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import { competenceIds, workServer } from "../../../test/work-api.ts";
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

const none = { nights: 0, weekends: 0, holidays: 0 };
/** A person's fairness figures: `count` extra shifts, none of them unsocial. */
const counted = (count: number) => ({ count, last90Days: none, thisYear: none });

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
        { ...kariRef, ...counted(1) },
        { ...ola, ...counted(3) },
        { ...person(ids.lars, "Lars Johansen"), ...counted(0) },
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

describe("'Arbeidstidsregler' and 'Kompetanse' on the admin page", { timeout: 20_000 }, () => {
  const deptId = kari("leader").currentDeptId!;
  const section = async (name: string) =>
    (await screen.findByRole("heading", { name, level: 2 }, { timeout: 15_000 })).closest("section")!;

  it("shows the limits beside the law's, keeps each within the law's outer bound, and saves", async () => {
    server();
    const work = workServer();
    renderApp("/shifts/admin");
    const rules = await section("Arbeidstidsregler");
    const day = await within(rules).findByRole("spinbutton", { name: "Maks arbeidstid per 24 timer" });
    expect(day).toHaveValue(13);
    expect(day).toHaveAccessibleDescription(/Lovens grense: 13 t/);
    const month = within(rules).getByRole("spinbutton", { name: "Maks overtid per 4 uker" });
    expect(month).toHaveAccessibleDescription(/Lovens grense: 25 t/);
    expect(within(rules).getByText("Hvile mellom vakter: minst 11 t")).toBeInTheDocument();
    const partTime = within(rules).getByRole("switch", { name: "Deltid først" });
    expect(partTime).toHaveAccessibleDescription(/deltidsansatte den før heltidsansatte/);
    expect(partTime).not.toBeChecked();

    await userEvent.clear(month);
    await userEvent.type(month, "51");
    await userEvent.click(within(rules).getByRole("button", { name: "Lagre" }));
    expect(await within(rules).findByText("Skriv et helt antall timer fra 0 til 50.")).toBeInTheDocument();
    expect(month).toHaveAttribute("aria-invalid", "true");
    expect(work.callsTo("PUT", `/api/departments/${deptId}/work-rules`)).toHaveLength(0);

    await userEvent.clear(month);
    await userEvent.type(month, "20");
    await userEvent.click(partTime);
    await userEvent.click(within(rules).getByRole("button", { name: "Lagre" }));
    expect(await screen.findByText("Arbeidstidsreglene er lagret")).toBeInTheDocument();
    expect(work.callsTo("PUT", `/api/departments/${deptId}/work-rules`)[0]?.body).toEqual({
      maxHoursPerDay: 13,
      maxOvertimeWeek: 10,
      maxOvertime4Weeks: 20,
      maxOvertimeYear: 200,
      partTimeFirst: true,
    });
  });

  it("says why the rules could not be saved, and when they could not be loaded", async () => {
    server();
    const work = workServer();
    work.reply[`PUT /api/departments/${deptId}/work-rules`] = failure(403, "forbidden", "Ingen tilgang");
    const view = renderApp("/shifts/admin");
    const rules = await section("Arbeidstidsregler");
    await userEvent.click(await within(rules).findByRole("button", { name: "Lagre" }));
    expect(await screen.findByText("Kunne ikke lagre arbeidstidsreglene")).toBeInTheDocument();
    expect(within(rules).getByRole("alert")).toHaveTextContent("Ingen tilgang");
    view.unmount();

    work.reply[`GET /api/departments/${deptId}/work-rules`] = failure(500, "internal", "Noe gikk galt");
    renderApp("/shifts/admin");
    const failed = await section("Arbeidstidsregler");
    expect(await within(failed).findByText("Kunne ikke laste arbeidstidsreglene")).toBeInTheDocument();
    delete work.reply[`GET /api/departments/${deptId}/work-rules`];
    await userEvent.click(within(failed).getByRole("button", { name: "Prøv igjen" }));
    expect(await within(failed).findByRole("spinbutton", { name: "Maks overtid per 7 dager" })).toHaveValue(
      10,
    );
  });

  it("lists the competences with their holders; adds, renames and deletes one", async () => {
    server();
    const work = workServer();
    renderApp("/shifts/admin");
    const list = await section("Kompetanse");
    const rows = await within(list).findAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      "Anestesisykepleier3 har den",
      "BarnesykepleierIngen har den",
    ]);

    await userEvent.click(within(list).getByRole("button", { name: "Ny kompetanse" }));
    const name = within(list).getByLabelText("Navn på kompetansen");
    expect(name).toHaveFocus();
    await userEvent.click(within(list).getByRole("button", { name: "Opprett" }));
    expect(within(list).getByRole("alert")).toHaveTextContent("Kompetansen må ha et navn.");
    expect(work.callsTo("POST", `/api/departments/${deptId}/competences`)).toHaveLength(0);

    work.reply[`POST /api/departments/${deptId}/competences`] = failure(
      409,
      "competence_name_taken",
      "Det finnes allerede en kompetanse med dette navnet i avdelingen.",
    );
    await userEvent.type(name, "anestesisykepleier{Enter}");
    expect(await within(list).findByRole("alert")).toHaveTextContent(
      "Det finnes allerede en kompetanse med dette navnet i avdelingen.",
    );
    expect(name).toHaveAccessibleDescription(/finnes allerede/);
    delete work.reply[`POST /api/departments/${deptId}/competences`];
    await userEvent.clear(name);
    await userEvent.type(name, "Intensivsykepleier{Enter}");
    expect(await screen.findByText("Kompetansen Intensivsykepleier er opprettet.")).toBeInTheDocument();
    expect(work.callsTo("POST", `/api/departments/${deptId}/competences`).at(-1)?.body).toEqual({
      name: "Intensivsykepleier",
    });
    expect(await within(list).findByText("Intensivsykepleier")).toBeInTheDocument();

    await userEvent.click(within(list).getByRole("button", { name: "Gi nytt navn til Barnesykepleier" }));
    const rename = within(list).getByLabelText("Gi nytt navn til Barnesykepleier");
    await userEvent.clear(rename);
    await userEvent.type(rename, "Barnesykepleier (PICU){Enter}");
    expect(await screen.findByText("Kompetansen har fått nytt navn.")).toBeInTheDocument();
    expect(
      work.callsTo("PATCH", `/api/departments/${deptId}/competences/${competenceIds.barn}`)[0]?.body,
    ).toEqual({ name: "Barnesykepleier (PICU)" });

    await userEvent.click(within(list).getByRole("button", { name: "Slett Anestesisykepleier" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Slette Anestesisykepleier?" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Slett" }));
    expect(await screen.findByText("Kompetansen er slettet.")).toBeInTheDocument();
    expect(
      work.callsTo("DELETE", `/api/departments/${deptId}/competences/${competenceIds.anestesi}`),
    ).toHaveLength(1);
    await waitFor(() => expect(within(list).queryByText("Anestesisykepleier")).toBeNull());
  });

  it("says what to do when the department has no competence yet", async () => {
    server();
    workServer({ competences: [] });
    renderApp("/shifts/admin");
    const list = await section("Kompetanse");
    expect(await within(list).findByText("Ingen kompetanse ennå")).toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Ny kompetanse" })).toBeInTheDocument();
  });
});
