import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { describe, expect, it } from "vitest";
import { formatNorwegianDate } from "../../../../common/domain/norwegian-date.ts";
import { renderApp } from "../../../test/app.tsx";
import { assignment, failure, inDays, kari, swapsServer } from "../swaps-api.test-support.ts";

/** A date `days` from today as typed into the form, dd.mm.åååå. */
const typed = (days: number) => formatNorwegianDate(inDays(days));

/** Picks day `day` in the calendar beside `field`, which opens on the field's month. */
async function pick(field: HTMLElement, day: string) {
  await userEvent.click(within(field.parentElement!).getByRole("button", { name: "Åpne kalender" }));
  const grid = await screen.findByRole("table", { name: /\d{4}$/ });
  await userEvent.click(grid.querySelector<HTMLButtonElement>(`[data-date="${day}"]`)!);
  await waitFor(() => expect(grid).not.toBeInTheDocument());
}

async function openDialog() {
  await userEvent.click(await screen.findByRole("button", { name: "Nytt tilbud" }));
  return screen.findByRole("dialog", { name: "Opprett tilbud" });
}

// Forms typed into key by key are slow on a busy machine.
describe("'Opprett tilbud'", { timeout: 15_000 }, () => {
  it("keeps the button off until title and dates are set, and says what is missing on Enter", async () => {
    const api = swapsServer();
    renderApp("/shifts/swaps");
    const dialog = await openDialog();
    // Without assignments the dialog describes a shift.
    expect(
      within(dialog).getByText("Du har ingen kommende vakter. Beskriv vakten i stedet."),
    ).toBeInTheDocument();
    // The first choice takes the focus: 'Bytt', as the spec's default (require_swap true).
    await waitFor(() => expect(within(dialog).getByRole("radio", { name: /^Bytt/ })).toHaveFocus());
    const submit = within(dialog).getByRole("button", { name: "Opprett tilbud" });
    expect(submit).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(submit);
    expect(await screen.findByText("Fyll ut påkrevde felter")).toBeInTheDocument();
    toast.dismiss();

    await userEvent.type(within(dialog).getByLabelText("Startdato"), `${typed(3)}{Enter}`);
    expect(await screen.findByText("Fyll ut påkrevde felter")).toBeInTheDocument();
    expect(screen.getByText("Tittel, start- og sluttdato må fylles ut")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/swaps/offers")).toHaveLength(0);
    // The end date followed the start date.
    expect(within(dialog).getByLabelText("Sluttdato")).toHaveValue(typed(3));

    await userEvent.selectOptions(within(dialog).getByLabelText("Tittel"), "Dagvakt");
    expect(submit).not.toHaveAttribute("aria-disabled");
  });

  it("fills in the title's usual hours, a night ending the next day, and sends the described shift", async () => {
    const api = swapsServer();
    renderApp("/shifts/swaps");
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText("Startdato"), typed(3));
    await userEvent.selectOptions(within(dialog).getByLabelText("Tittel"), "Nattevakt");
    expect(within(dialog).getByLabelText("Starttid (valgfritt)")).toHaveValue("23");
    expect(within(dialog).getByLabelText("Sluttid (valgfritt)")).toHaveValue("7");
    expect(within(dialog).getByLabelText("Sluttdato")).toHaveValue(typed(4));
    await userEvent.selectOptions(within(dialog).getByLabelText("Lokasjon"), "Intensiv");
    const tags = within(dialog).getByRole("group", { name: "Tidspunkt" });
    await userEvent.click(within(tags).getByRole("button", { name: "Helg" }));
    const days = within(dialog).getByRole("group", { name: "Ukedager" });
    expect(
      within(days)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Man", "Tir", "Ons", "Tor", "Fre", "Lør", "Søn"]);
    await userEvent.click(within(days).getByRole("button", { name: "Lør" }));
    expect(within(dialog).getByRole("radio", { name: /^Bytt/ })).toBeChecked();
    expect(within(dialog).getByRole("switch", { name: "Auto-match" })).not.toBeChecked();
    expect(within(dialog).getByRole("radio", { name: /^Avdeling/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole("button", { name: "Opprett tilbud" }));

    expect(await screen.findByText("Tilbud opprettet")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.callsTo("POST", "/api/swaps/offers")[0]?.body).toEqual({
      shift: {
        title: "nattevakt",
        startDate: inDays(3),
        endDate: inDays(4),
        startHour: 23,
        endHour: 7,
        location: "intensiv",
      },
      wantDateFrom: null,
      wantDateTo: null,
      wantTimeTags: ["helg"],
      wantWeekdays: [6],
      requireSwap: true,
      autoMatch: false,
      visibility: "dept",
    });
  });

  it("'Gi bort' is one choice at the top: no wishes, no auto-match, sent to the department", async () => {
    const api = swapsServer();
    renderApp("/shifts/swaps");
    const dialog = await openDialog();
    const kinds = within(dialog).getByRole("group", { name: "Hva vil du gjøre?" });
    expect(
      within(kinds)
        .getAllByRole("radio")
        .map((r) => r.closest("label")?.querySelector("span span")?.textContent),
    ).toEqual(["Gi bort", "Bytt"]);
    // The choice comes before the shift and its fields.
    expect(kinds.compareDocumentPosition(within(dialog).getByLabelText("Tittel"))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    // Wishes typed for a swap are dropped when it becomes a give-away.
    await userEvent.click(within(dialog).getByRole("button", { name: "Kveld" }));
    await userEvent.click(within(kinds).getByRole("radio", { name: /^Gi bort/ }));
    for (const gone of ["Hva ønsker du deg?", "Tidspunkt", "Ukedager"])
      expect(within(dialog).queryByRole("group", { name: gone })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("switch", { name: "Auto-match" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("switch")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("radio", { name: /^Avdeling/ })).toBeChecked();
    await userEvent.selectOptions(within(dialog).getByLabelText("Tittel"), "Dagvakt");
    await userEvent.type(within(dialog).getByLabelText("Startdato"), typed(3));
    await userEvent.click(within(dialog).getByRole("button", { name: "Opprett tilbud" }));
    expect(await screen.findByText("Tilbud opprettet")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/swaps/offers")[0]?.body).toMatchObject({
      wantDateFrom: null,
      wantDateTo: null,
      wantTimeTags: [],
      wantWeekdays: [],
      requireSwap: false,
      autoMatch: false,
      visibility: "dept",
    });
  });

  it("offers one of my assignments and sends no auto-match when the flag is off", async () => {
    const mine = assignment({ title: "Kveldsvakt", hours: [15, 23] });
    const offered = assignment({ openOfferId: "6a2c0c2e-0000-4000-8000-000000000999" });
    const api = swapsServer(
      { assignments: [mine, offered] },
      { me: kari(), features: { swapsAutomatch: false } },
    );
    renderApp("/shifts/swaps");
    const dialog = await openDialog();
    expect(within(dialog).queryByRole("switch", { name: "Auto-match" })).not.toBeInTheDocument();
    const pick = await within(dialog).findByLabelText("En av mine vakter", { selector: "select" });
    // An assignment already on offer cannot be offered again.
    expect(within(pick).getAllByRole("option")).toHaveLength(2);
    const submit = within(dialog).getByRole("button", { name: "Opprett tilbud" });
    expect(submit).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(submit);
    expect(await screen.findByText("Velg en av vaktene dine.")).toBeInTheDocument();
    await userEvent.selectOptions(pick, within(pick).getAllByRole("option")[1]!);
    // Private is one press away from the department's default.
    await userEvent.click(within(dialog).getByRole("radio", { name: /^Privat/ }));
    await userEvent.click(submit);
    expect(await screen.findByText("Tilbud opprettet")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/swaps/offers")[0]?.body).toEqual({
      assignmentId: mine.assignmentId,
      wantDateFrom: null,
      wantDateTo: null,
      wantTimeTags: [],
      wantWeekdays: [],
      requireSwap: true,
      visibility: "private",
    });
  });

  it("shows the server's refusal with 'Kunne ikke opprette tilbud'", async () => {
    const api = swapsServer();
    api.reply["POST /api/swaps/offers"] = failure(
      422,
      "swap_shift_too_long",
      "En vakt kan vare høyst 7 dager.",
    );
    renderApp("/shifts/swaps");
    const dialog = await openDialog();
    await userEvent.selectOptions(within(dialog).getByLabelText("Tittel"), "Beredskapsvakt");
    await userEvent.type(within(dialog).getByLabelText("Startdato"), typed(3));
    await userEvent.click(within(dialog).getByRole("button", { name: "Opprett tilbud" }));
    expect(await screen.findByText("Kunne ikke opprette tilbud")).toBeInTheDocument();
    expect(within(dialog).getByRole("alert")).toHaveTextContent("En vakt kan vare høyst 7 dager.");
    expect(within(dialog).getByLabelText("Sluttdato")).toHaveAttribute("aria-invalid", "true");
  });

  it("reads dates as dd.mm.åååå, typed or picked in the calendar, and sends them as yyyy-mm-dd", async () => {
    const api = swapsServer();
    renderApp("/shifts/swaps");
    const dialog = await openDialog();
    const field = (label: string) => within(dialog).getByLabelText(label);
    await userEvent.selectOptions(field("Tittel"), "Dagvakt");
    // Picked: the calendar opens on the month typed; the end date follows the start.
    await userEvent.type(field("Startdato"), "1.1.27");
    await pick(field("Startdato"), "2027-01-17");
    expect(field("Startdato")).toHaveValue("17.01.2027");
    expect(field("Sluttdato")).toHaveValue("17.01.2027");
    // Typed, in full and kindly (tidied as the field is left).
    await userEvent.type(field("Ønsket fra dato"), "17.01.2027");
    await userEvent.type(field("Ønsket til dato"), "17.1.27");
    await userEvent.tab();
    expect(field("Ønsket til dato")).toHaveValue("17.01.2027");
    await userEvent.click(within(dialog).getByRole("button", { name: "Opprett tilbud" }));
    expect(await screen.findByText("Tilbud opprettet")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/swaps/offers")[0]?.body).toMatchObject({
      shift: { title: "dagvakt", startDate: "2027-01-17", endDate: "2027-01-17" },
      wantDateFrom: "2027-01-17",
      wantDateTo: "2027-01-17",
    });
  });

  it("a night shift picked in the calendar ends the day after", async () => {
    const api = swapsServer();
    renderApp("/shifts/swaps");
    const dialog = await openDialog();
    const field = (label: string) => within(dialog).getByLabelText(label);
    await userEvent.selectOptions(field("Tittel"), "Nattevakt");
    await userEvent.type(field("Startdato"), "01.01.2027");
    await userEvent.clear(field("Sluttdato"));
    await pick(field("Startdato"), "2027-01-17");
    expect(field("Sluttdato")).toHaveValue("18.01.2027");
    await userEvent.click(within(dialog).getByRole("button", { name: "Opprett tilbud" }));
    expect(await screen.findByText("Tilbud opprettet")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/swaps/offers")[0]?.body).toMatchObject({
      shift: { startDate: "2027-01-17", endDate: "2027-01-18", startHour: 23, endHour: 7 },
    });
  });

  it("says how to write a date it cannot read, and sends nothing", async () => {
    const api = swapsServer();
    renderApp("/shifts/swaps");
    const dialog = await openDialog();
    const field = (label: string) => within(dialog).getByLabelText(label);
    await userEvent.selectOptions(field("Tittel"), "Dagvakt");
    await userEvent.type(field("Startdato"), "17.01.2027");
    await userEvent.clear(field("Sluttdato"));
    await userEvent.type(field("Sluttdato"), "31.02.2027");
    await userEvent.type(field("Ønsket fra dato"), "17.13.2027");
    await userEvent.click(within(dialog).getByRole("button", { name: "Opprett tilbud" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Skriv datoen som dd.mm.åååå, for eksempel 05.12.2026.",
    );
    expect(field("Sluttdato")).toHaveAttribute("aria-invalid", "true");
    expect(field("Ønsket fra dato")).toHaveAttribute("aria-invalid", "true");
    expect(field("Startdato")).not.toHaveAttribute("aria-invalid");
    expect(field("Sluttdato")).toHaveFocus();
    expect(api.callsTo("POST", "/api/swaps/offers")).toHaveLength(0);
  });
});
