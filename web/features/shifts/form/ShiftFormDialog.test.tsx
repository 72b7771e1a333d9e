import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { formatNorwegianDate } from "../../../../common/domain/norwegian-date.ts";
import { type ShiftInput, shiftInputMinutes } from "../../../../common/schemas/shifts.ts";
import { renderApp, session } from "../../../test/app.tsx";
import { competenceIds, workServer } from "../../../test/work-api.ts";
import { failure, ids, inDays, kari, shift, shiftsServer } from "../shifts-api.test-support.ts";

async function openCreate() {
  await userEvent.click(await screen.findByRole("button", { name: "Ny ekstravakt" }));
  const dialog = await screen.findByRole("dialog", { name: "Ny ekstravakt" });
  const field = (name: string) => within(dialog).getByLabelText(name);
  return { dialog, field };
}

/** dd.mm.åååå of a day `n` days from today */
const typed = (n: number) => formatNorwegianDate(inDays(n));

/** The message under a field: what its `aria-describedby` names. */
function messageOf(field: HTMLElement): string | null {
  const ids = field.getAttribute("aria-describedby")?.split(" ") ?? [];
  const own = ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith("-error"));
  return own?.textContent ?? null;
}

/** The server stores the draft as asked and lets it be published. */
function draftServer(me = kari("leader")) {
  const api = shiftsServer([], { me });
  api.reply["POST /api/shifts"] = ({ body }) => {
    const input = body as ShiftInput;
    const { from, to } = shiftInputMinutes(input);
    const draft = shift({
      status: "draft",
      title: input.title,
      location: input.location,
      hours: [from / 60, to / 60],
      can: { publish: true, edit: true, delete: true },
    });
    api.shifts.push(draft);
    return { status: 201, body: draft };
  };
  return api;
}

describe("'Ny ekstravakt'", () => {
  it("puts each message under its field, and takes it away once the field is right", async () => {
    const api = draftServer();
    renderApp("/shifts/open");
    const { dialog, field } = await openCreate();
    const date = field("Dato");
    expect(date).toHaveFocus();
    expect(date).toHaveAttribute("placeholder", "dd.mm.åååå");
    expect(date).toHaveAttribute("type", "text");
    expect(field("Fra")).toHaveValue("07:00");
    expect(field("Til")).toHaveValue("15:00");

    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    await waitFor(() => expect(messageOf(date)).toBe("Dato må velges"));
    expect(messageOf(field("Type vakt"))).toBe("Velg type vakt");
    expect(messageOf(field("Sted"))).toBe("Velg sted");
    // Every red field has its own message; the fine ones have none.
    for (const name of ["Dato", "Type vakt", "Sted"])
      expect(field(name)).toHaveAttribute("aria-invalid", "true");
    expect(field("Fra")).not.toHaveAttribute("aria-invalid");
    expect(messageOf(field("Fra"))).toBeNull();

    await userEvent.type(date, "31.02.2030");
    await waitFor(() =>
      expect(messageOf(date)).toBe("Skriv datoen som dd.mm.åååå, for eksempel 05.12.2026."),
    );
    await userEvent.clear(date);
    await userEvent.type(date, typed(-1));
    await waitFor(() => expect(messageOf(date)).toBe("Datoen kan ikke være i fortiden."));
    await userEvent.clear(date);
    await userEvent.type(date, typed(3));
    // The date is right: its message goes, the others stay.
    await waitFor(() => expect(messageOf(date)).toBeNull());
    expect(date).not.toHaveAttribute("aria-invalid");
    expect(messageOf(field("Sted"))).toBe("Velg sted");
    await userEvent.selectOptions(field("Type vakt"), "Nattevakt");
    await waitFor(() => expect(messageOf(field("Type vakt"))).toBeNull());
    await userEvent.selectOptions(field("Sted"), "Intensiv");
    await waitFor(() => expect(messageOf(field("Sted"))).toBeNull());
    expect(api.callsTo("POST", "/api/shifts")).toHaveLength(0);
  }, 15_000);

  it("takes quarter hours typed loosely, says what is wrong with a time, and sends HH:MM", async () => {
    const api = draftServer();
    renderApp("/shifts/open");
    const { dialog, field } = await openCreate();
    await userEvent.type(field("Dato"), typed(3));
    await userEvent.selectOptions(field("Type vakt"), "Dagvakt");
    await userEvent.selectOptions(field("Sted"), "Intensiv");

    await userEvent.clear(field("Fra"));
    await userEvent.type(field("Fra"), "7:20");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    await waitFor(() =>
      expect(messageOf(field("Fra"))).toBe("Skriv starttiden som TT:MM i hele kvarter, for eksempel 07:30."),
    );
    await userEvent.clear(field("Fra"));
    await userEvent.type(field("Fra"), "730");
    await userEvent.tab();
    expect(field("Fra")).toHaveValue("07:30");
    await waitFor(() => expect(messageOf(field("Fra"))).toBeNull());

    await userEvent.clear(field("Til"));
    await userEvent.type(field("Til"), "07.30");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    await waitFor(() => expect(messageOf(field("Til"))).toBe("Sluttid må være etter starttid"));
    expect(within(dialog).queryByText("+1 dag")).not.toBeInTheDocument();
    await userEvent.clear(field("Til"));
    await userEvent.type(field("Til"), "15:30");
    await waitFor(() => expect(messageOf(field("Til"))).toBeNull());

    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    expect(await screen.findByText("Ekstravakt opprettet")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/shifts")[0]!.body).toEqual({
      date: inDays(3),
      fromTime: "07:30",
      toTime: "15:30",
      title: "Dagvakt",
      location: "Intensiv",
      description: "",
      requires: [],
      deptId: session("leader").currentDeptId,
    });
    await userEvent.click(await within(dialog).findByRole("button", { name: "Publiser nå" }));
    expect(await screen.findByText("Ekstravakt publisert")).toBeInTheDocument();
  }, 15_000);

  it("offers the whole hours first, then the quarter hours, and marks a night shift '+1 dag' beside 'Til'", async () => {
    draftServer();
    renderApp("/shifts/open");
    const { dialog, field } = await openCreate();
    const list = document.getElementById(field("Fra").getAttribute("list")!)!;
    const choices = [...list.querySelectorAll("option")].map((o) => o.value);
    expect(choices).toHaveLength(96);
    expect(choices.slice(0, 3)).toEqual(["00:00", "01:00", "02:00"]);
    expect(choices[23]).toBe("23:00");
    expect(choices[24]).toBe("00:15");
    await userEvent.clear(field("Fra"));
    await userEvent.type(field("Fra"), "23:00");
    expect(within(dialog).getByText("+1 dag")).toBeInTheDocument();
    // Beside 'Til', not a row of its own under both times.
    expect(field("Til").parentElement).toContainElement(within(dialog).getByText("+1 dag"));
  });

  it("picks the date in a calendar from Monday, by keys", async () => {
    draftServer();
    renderApp("/shifts/open");
    const { dialog, field } = await openCreate();
    await userEvent.click(within(dialog).getByRole("button", { name: "Åpne kalender" }));
    const grid = await screen.findByRole("table", { name: /\d{4}$/ });
    expect(
      within(grid)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["ma", "ti", "on", "to", "fr", "lø", "sø"]);
    const today = inDays(0);
    const focused = () => document.activeElement as HTMLElement;
    await waitFor(() => expect(focused().dataset.date).toBe(today));
    // Yesterday cannot be picked.
    const yesterday = grid.querySelector<HTMLButtonElement>(`[data-date="${inDays(-1)}"]`);
    if (yesterday) expect(yesterday).toBeDisabled();
    fireEvent.keyDown(focused(), { key: "ArrowDown" });
    await waitFor(() => expect(focused().dataset.date).toBe(inDays(7)));
    fireEvent.keyDown(focused(), { key: "ArrowLeft" });
    await waitFor(() => expect(focused().dataset.date).toBe(inDays(6)));
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(grid).not.toBeInTheDocument());
    expect(field("Dato")).toHaveValue(typed(6));
    expect(field("Dato")).toHaveFocus();
  });

  it("warns of a twin draft or open shift and makes it only when told to go on", async () => {
    const api = draftServer();
    const made = api.reply["POST /api/shifts"] as (call: { body: unknown }) => {
      status: number;
      body: unknown;
    };
    api.reply["POST /api/shifts"] = (call) =>
      (call.body as ShiftInput).allowDuplicate
        ? made(call)
        : failure(409, "shift_duplicate", "Det finnes allerede en ekstravakt av samme type.");
    renderApp("/shifts/open");
    const { dialog, field } = await openCreate();
    await userEvent.type(field("Dato"), typed(3));
    await userEvent.selectOptions(field("Type vakt"), "Dagvakt");
    await userEvent.selectOptions(field("Sted"), "Intensiv");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    const warning = await within(dialog).findByRole("alert");
    expect(warning).toHaveTextContent("Det finnes allerede en slik vakt");
    expect(warning).toHaveTextContent(/«Dagvakt» \S+ \d\d\.\d\d · 07:00–15:00 finnes allerede i avdelingen/);
    expect(within(dialog).getByRole("button", { name: "Tilbake til skjemaet" })).toHaveFocus();

    // Back: the form as it was; nothing made.
    await userEvent.click(within(dialog).getByRole("button", { name: "Tilbake til skjemaet" }));
    expect(field("Dato")).toHaveValue(typed(3));
    expect(api.shifts).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    await userEvent.click(await within(dialog).findByRole("button", { name: "Opprett likevel" }));
    expect(await within(dialog).findByRole("button", { name: "Publiser nå" })).toBeInTheDocument();
    const posts = api.callsTo("POST", "/api/shifts");
    expect(posts).toHaveLength(3);
    expect(posts[2]!.body).toMatchObject({ fromTime: "07:00", allowDuplicate: true });
    expect(api.shifts).toHaveLength(1);
  }, 15_000);

  it("keeps a draft for later", async () => {
    const api = draftServer();
    renderApp("/shifts/open");
    const { dialog, field } = await openCreate();
    await userEvent.type(field("Dato"), typed(1));
    await userEvent.selectOptions(field("Type vakt"), "Dagvakt");
    await userEvent.selectOptions(field("Sted"), "Post 1");
    await userEvent.type(field("Beskrivelse (valgfritt)"), "  Erfaring med barn  {Enter}");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    await userEvent.click(await within(dialog).findByRole("button", { name: "Publiser senere" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.callsTo("POST", "/api/shifts")[0]!.body).toMatchObject({ description: "Erfaring med barn" });
    expect(api.calls.some((c) => c.url.pathname.endsWith("/publish"))).toBe(false);
    expect(await screen.findByRole("tab", { name: "Utkast (1)" })).toBeInTheDocument();
  });

  it("asks someone who leads several departments to choose one", async () => {
    const leader = kari("leader");
    const api = draftServer({
      ...leader,
      memberships: [
        ...leader.memberships,
        { deptId: ids.intensiv, deptName: "Intensiv", role: "leader", isActive: true },
      ],
    });
    renderApp("/shifts/open");
    const { dialog, field } = await openCreate();
    const dept = field("Avdeling");
    expect(dept).toHaveValue("");
    expect(
      within(dept)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Velg avdeling...", "Anestesi", "Intensiv"]);
    await userEvent.type(field("Dato"), typed(1));
    await userEvent.selectOptions(field("Type vakt"), "Dagvakt");
    await userEvent.selectOptions(field("Sted"), "Post 1");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    await waitFor(() => expect(messageOf(dept)).toBe("Avdeling må velges"));

    await userEvent.selectOptions(dept, "Intensiv");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    expect(await screen.findByText("Ekstravakt opprettet")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/shifts")[0]!.body).toMatchObject({ deptId: ids.intensiv });
  });

  it("edits a draft with its values filled in, leaving its department", async () => {
    const draft = shift({
      title: "Helgevakt",
      location: "Post 2",
      status: "draft",
      hours: [22.25, 6.25],
      description: "Ta med nøkkelkort",
      can: { edit: true },
    });
    const api = shiftsServer([draft], { me: kari("leader") });
    api.reply[`PATCH /api/shifts/${draft.id}`] = ({ body }) => ({
      status: 200,
      body: { ...draft, ...(body as object) },
    });
    renderApp("/shifts/open?tab=drafts");
    const card = await screen.findByRole("article", { name: /^Helgevakt/ });
    expect(card).toHaveTextContent("22:15–06:15 (+1 dag)");
    await userEvent.click(within(card).getByRole("button", { name: "Rediger" }));
    const dialog = await screen.findByRole("dialog", { name: "Rediger ekstravakt" });
    const field = (name: string) => within(dialog).getByLabelText(name);
    expect(field("Dato")).toHaveValue(typed(2));
    expect(field("Fra")).toHaveValue("22:15");
    expect(field("Til")).toHaveValue("06:15");
    expect(within(dialog).getByText("+1 dag")).toBeInTheDocument();
    expect(field("Type vakt")).toHaveValue("Helgevakt");
    expect(field("Beskrivelse (valgfritt)")).toHaveValue("Ta med nøkkelkort");

    await userEvent.selectOptions(field("Sted"), "Dagkirurgi");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    expect(await screen.findByText("Ekstravakt oppdatert")).toBeInTheDocument();
    expect(api.callsTo("PATCH", `/api/shifts/${draft.id}`)[0]!.body).toEqual({
      date: inDays(2),
      fromTime: "22:15",
      toTime: "06:15",
      title: "Helgevakt",
      location: "Dagkirurgi",
      description: "Ta med nøkkelkort",
      requires: [],
    });
  });
});

describe("'Krever kompetanse'", () => {
  const anestesi = { id: competenceIds.anestesi, name: "Anestesisykepleier" };

  it("offers the department's competences, none ticked, and sends those ticked", async () => {
    const api = draftServer();
    workServer();
    renderApp("/shifts/open");
    const { dialog, field } = await openCreate();
    const requires = within(dialog).getByRole("group", { name: "Krever kompetanse" });
    const boxes = await within(requires).findAllByRole("checkbox");
    expect(boxes.map((b) => b.getAttribute("aria-checked"))).toEqual(["false", "false"]);
    await userEvent.type(field("Dato"), typed(3));
    await userEvent.selectOptions(field("Type vakt"), "Dagvakt");
    await userEvent.selectOptions(field("Sted"), "Intensiv");
    await userEvent.click(within(requires).getByRole("checkbox", { name: "Anestesisykepleier" }));
    expect(within(requires).getByRole("checkbox", { name: "Anestesisykepleier" })).toBeChecked();
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    expect(await screen.findByText("Ekstravakt opprettet")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/shifts")[0]!.body).toMatchObject({ requires: [competenceIds.anestesi] });
  }, 15_000);

  it("starts afresh when another department is chosen: competences are each department's", async () => {
    const leader = kari("leader");
    draftServer({
      ...leader,
      memberships: [
        ...leader.memberships,
        { deptId: ids.intensiv, deptName: "Intensiv", role: "leader", isActive: true },
      ],
    });
    const work = workServer();
    renderApp("/shifts/open");
    const { dialog, field } = await openCreate();
    // No department chosen yet: nothing to offer.
    expect(within(dialog).queryByRole("group", { name: "Krever kompetanse" })).toBeNull();
    await userEvent.selectOptions(field("Avdeling"), "Anestesi");
    const box = await within(dialog).findByRole("checkbox", { name: "Anestesisykepleier" });
    await userEvent.click(box);
    expect(box).toBeChecked();
    await userEvent.selectOptions(field("Avdeling"), "Intensiv");
    await waitFor(() =>
      expect(work.callsTo("GET", `/api/departments/${ids.intensiv}/competences`)).toHaveLength(1),
    );
    expect(await within(dialog).findByRole("checkbox", { name: "Anestesisykepleier" })).not.toBeChecked();
  });

  it("says so when the department has none", async () => {
    draftServer();
    workServer({ competences: [] });
    renderApp("/shifts/open");
    const { dialog } = await openCreate();
    const requires = within(dialog).getByRole("group", { name: "Krever kompetanse" });
    expect(await within(requires).findByText(/Avdelingen har ingen kompetanse ennå/)).toBeInTheDocument();
    expect(within(requires).queryByRole("checkbox")).toBeNull();
  });

  it("shows what a shift requires on its card, ticked in 'Rediger', and sends it taken away", async () => {
    const draft = shift({ title: "Helgevakt", status: "draft", requires: [anestesi], can: { edit: true } });
    const api = shiftsServer([draft], { me: kari("leader") });
    workServer();
    api.reply[`PATCH /api/shifts/${draft.id}`] = () => {
      draft.requires = [];
      return { status: 200, body: draft };
    };
    renderApp("/shifts/open?tab=drafts");
    const card = await screen.findByRole("article", { name: /^Helgevakt/ });
    expect(within(card).getByText("Krever: Anestesisykepleier")).toBeInTheDocument();
    await userEvent.click(within(card).getByRole("button", { name: "Rediger" }));
    const dialog = await screen.findByRole("dialog", { name: "Rediger ekstravakt" });
    const box = await within(dialog).findByRole("checkbox", { name: "Anestesisykepleier" });
    expect(box).toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "Barnesykepleier" })).not.toBeChecked();
    await userEvent.click(box);
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre som utkast" }));
    expect(await screen.findByText("Ekstravakt oppdatert")).toBeInTheDocument();
    expect(api.callsTo("PATCH", `/api/shifts/${draft.id}`)[0]!.body).toMatchObject({ requires: [] });
    await waitFor(() => expect(within(card).queryByText(/^Krever:/)).toBeNull());
  });
});
