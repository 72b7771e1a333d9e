import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import { offer, swapShift, swapsServer } from "../swaps-api.test-support.ts";

const titles = () =>
  screen.queryAllByRole("article").map((a) => within(a).getByRole("heading", { level: 2 }).textContent);

function offers() {
  return [
    offer({ shift: swapShift({ title: "nattevakt", hours: [23, 7], day: 1 }), wantTimeTags: ["natt"] }),
    offer({ shift: swapShift({ title: "dagvakt", day: 3 }), requireSwap: false, wantTimeTags: ["dag"] }),
    offer({ shift: swapShift({ title: "helgevakt", day: 40 }), status: "matched" }),
    offer({ shift: swapShift({ title: "kveldsvakt", day: 4, hours: [15, 23] }), status: "cancelled" }),
  ];
}

describe("'Mine tilbud'", { timeout: 15_000 }, () => {
  it("narrows with every filter, counts, and 'Nullstill' brings all back", async () => {
    swapsServer({ offers: offers() });
    renderApp("/shifts/swaps");
    const counter = await screen.findByText("4 av 4 tilbud");
    expect(titles()).toEqual(["Nattevakt", "Dagvakt", "Helgevakt", "Kveldsvakt"]);
    const reset = screen.getByRole("button", { name: "Nullstill" });
    expect(reset).toBeDisabled();

    await userEvent.type(screen.getByRole("searchbox", { name: "Søk i tilbud..." }), "NATT");
    expect(titles()).toEqual(["Nattevakt"]);
    expect(counter).toHaveTextContent("1 av 4 tilbud");
    await userEvent.clear(screen.getByRole("searchbox"));

    const status = screen.getByRole("group", { name: "Status" });
    await userEvent.click(within(status).getByRole("button", { name: "Matchet" }));
    await userEvent.click(within(status).getByRole("button", { name: "Kansellert" }));
    expect(within(status).getByRole("button", { name: "Matchet" })).toHaveAttribute("aria-pressed", "true");
    expect(titles()).toEqual(["Helgevakt", "Kveldsvakt"]);
    await userEvent.click(within(status).getByRole("button", { name: "Matchet" }));
    await userEvent.click(within(status).getByRole("button", { name: "Kansellert" }));

    const type = screen.getByRole("group", { name: "Type" });
    await userEvent.click(within(type).getByRole("button", { name: "Gi bort" }));
    expect(titles()).toEqual(["Dagvakt"]);
    await userEvent.click(within(type).getByRole("button", { name: "Bytte" }));
    expect(counter).toHaveTextContent("4 av 4 tilbud");

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Tidsrom" }), "Denne uken");
    expect(titles()).toEqual(["Nattevakt", "Dagvakt", "Kveldsvakt"]);
    expect(counter).toHaveTextContent("3 av 4 tilbud");

    await userEvent.click(reset);
    expect(counter).toHaveTextContent("4 av 4 tilbud");
    expect(screen.getByRole("combobox", { name: "Tidsrom" })).toHaveValue("all");
    expect(within(type).getByRole("button", { name: "Gi bort" })).toHaveAttribute("aria-pressed", "false");
    expect(titles()).toHaveLength(4);
  });

  it("says 'Ingen treff' when the filters leave nothing, and 'Nullstill filtre' clears them", async () => {
    swapsServer({ offers: offers() });
    renderApp("/shifts/swaps");
    await userEvent.type(await screen.findByRole("searchbox", { name: "Søk i tilbud..." }), "beredskap");
    expect(screen.getByRole("heading", { name: "Ingen treff" })).toBeInTheDocument();
    expect(screen.getByText("0 av 4 tilbud")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Nullstill filtre" }));
    expect(titles()).toHaveLength(4);
    expect(screen.getByRole("searchbox")).toHaveValue("");
  });

  it("without offers says so and opens 'Opprett tilbud' from 'Opprett første tilbud'", async () => {
    swapsServer();
    renderApp("/shifts/swaps");
    expect(await screen.findByRole("heading", { name: "Ingen aktive tilbud" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Opprett første tilbud" }));
    expect(await screen.findByRole("dialog", { name: "Opprett tilbud" })).toBeInTheDocument();
  });

  it("edits an offer's wishes and visibility", async () => {
    const api = swapsServer({
      offers: [offer({ wantTimeTags: ["natt"], wantWeekdays: [6], can: { edit: true, cancel: true } })],
    });
    renderApp("/shifts/swaps");
    await userEvent.click(await screen.findByRole("button", { name: "Rediger tilbud" }));
    const dialog = await screen.findByRole("dialog", { name: "Rediger vaktilbud" });
    const tags = within(dialog).getByRole("group", { name: "Tidspunkt" });
    expect(
      within(tags)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Dag", "Kveld", "Natt", "Helg"]);
    expect(within(tags).getByRole("button", { name: "Natt" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(within(tags).getByRole("button", { name: "Helg" }));
    expect(within(dialog).getByRole("radio", { name: /^Bytt/ })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: /^Privat/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole("radio", { name: /^Avdeling/ }));
    await userEvent.type(within(dialog).getByLabelText("Ønsket fra dato"), "05.01.2030");
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre" }));
    expect(await screen.findByText("Tilbud oppdatert")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const [call] = api.callsTo("PATCH", `/api/swaps/offers/${api.offers[0]!.id}`);
    expect(call?.body).toEqual({
      wantDateFrom: "2030-01-05",
      wantDateTo: null,
      wantTimeTags: ["natt", "helg"],
      wantWeekdays: [6],
      requireSwap: true,
      autoMatch: false,
      visibility: "dept",
    });
  });

  it("turns a swap into a give-away: its wishes go", async () => {
    const api = swapsServer({
      offers: [offer({ wantTimeTags: ["natt"], wantWeekdays: [6], can: { edit: true } })],
    });
    renderApp("/shifts/swaps");
    await userEvent.click(await screen.findByRole("button", { name: "Rediger tilbud" }));
    const dialog = await screen.findByRole("dialog", { name: "Rediger vaktilbud" });
    await userEvent.click(within(dialog).getByRole("radio", { name: /^Gi bort/ }));
    expect(within(dialog).queryByRole("group", { name: "Tidspunkt" })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Lagre" }));
    expect(await screen.findByText("Tilbud oppdatert")).toBeInTheDocument();
    const [call] = api.callsTo("PATCH", `/api/swaps/offers/${api.offers[0]!.id}`);
    expect(call?.body).toMatchObject({ wantTimeTags: [], wantWeekdays: [], requireSwap: false });
  });

  it("keeps the filters behind one 'Filter' button on a phone, which says how many are set", async () => {
    swapsServer({ offers: [offer(), offer({ requireSwap: false })] });
    renderApp("/shifts/swaps");
    const toggle = await screen.findByRole("button", { name: "Filter" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const filters = screen.getByRole("region", { name: "Filtrer tilbud" });
    expect(toggle).toHaveAttribute("aria-controls", filters.id);
    // Hidden under 768 px until asked for (Tailwind's md: shows it on a desktop).
    expect(filters).toHaveClass("hidden", "md:flex");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(filters).not.toHaveClass("hidden");
    await userEvent.click(within(filters).getByRole("button", { name: "Gi bort" }));
    await userEvent.type(within(filters).getByRole("searchbox"), "natt");
    expect(toggle).toHaveTextContent("Filter (2)");
    await userEvent.click(toggle);
    expect(filters).toHaveClass("hidden");
  });

  it("cancels an offer after asking", async () => {
    const api = swapsServer({ offers: [offer({ can: { edit: true, cancel: true } })] });
    renderApp("/shifts/swaps");
    await userEvent.click(await screen.findByRole("button", { name: "Kanseller" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Kansellere tilbudet?" });
    expect(api.callsTo("POST", `/api/swaps/offers/${api.offers[0]!.id}/cancel`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole("button", { name: "Kanseller tilbud" }));
    expect(await screen.findByText("Tilbud kansellert")).toBeInTheDocument();
    expect(screen.getByText("Ditt vaktilbud er kansellert")).toBeInTheDocument();
    const article = await screen.findByRole("article");
    await waitFor(() => expect(within(article).getByText("Kansellert")).toBeInTheDocument());
    expect(within(article).queryByRole("button", { name: "Kanseller" })).not.toBeInTheDocument();
  });
});
