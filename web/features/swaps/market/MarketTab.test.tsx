import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import { assignment, failure, offer, ola, swapShift, swapsServer } from "../swaps-api.test-support.ts";

const card = (name: RegExp) => screen.findByRole("article", { name });
const market = (over: Parameters<typeof offer>[0] = {}) => offer({ owner: ola, visibility: "dept", ...over });

describe("'På markedet'", { timeout: 15_000 }, () => {
  it("shows colleagues' offers with their type, owner and place", async () => {
    swapsServer({
      offers: [
        market({ shift: swapShift({ title: "", location: "intensiv" }), can: { propose: true } }),
        market({
          requireSwap: false,
          shift: swapShift({ title: "Kveldsvakt", hours: [15, 23] }),
          can: { claim: true },
        }),
        offer({ visibility: "dept" }), // mine: not on my market
      ],
    });
    renderApp("/shifts/swaps?tab=market");
    const swap = await card(/^Ekstravakt /);
    expect(within(swap).getByText("Bytte")).toBeInTheDocument();
    expect(within(swap).getByText("Intensiv")).toBeInTheDocument();
    expect(within(swap).getByText("Tilbudt av Ola Nordmann")).toBeInTheDocument();
    expect(await within(swap).findByText("ON")).toBeInTheDocument();
    expect(within(swap).queryByText("Kan gis bort")).not.toBeInTheDocument();
    expect(within(swap).getByRole("button", { name: "Foreslå bytte" })).toBeInTheDocument();

    const giveaway = await card(/^Kveldsvakt /);
    expect(within(giveaway).getByText("Gi bort")).toBeInTheDocument();
    expect(within(giveaway).getByText("Kan gis bort")).toBeInTheDocument();
    expect(within(giveaway).getByRole("button", { name: "Meld interesse" })).toBeEnabled();
    expect(screen.getAllByRole("article")).toHaveLength(2);
  });

  it("proposes one of my shifts; blocked ones cannot be chosen, and none chosen says so", async () => {
    const free = assignment({ title: "Dagvakt", day: 8 });
    const blocked = assignment({
      title: "Nattevakt",
      day: 9,
      hours: [23, 7],
      blockedReason: "Du: Mindre enn 11 timer hvile etter vakt",
    });
    const target = market({ can: { propose: true } });
    const api = swapsServer({ offers: [target], assignments: [free, blocked] });
    renderApp("/shifts/swaps?tab=market");
    await userEvent.click(within(await card(/^Dagvakt /)).getByRole("button", { name: "Foreslå bytte" }));
    const dialog = await screen.findByRole("dialog", { name: "Foreslå vaktbytte" });
    const options = await within(dialog).findAllByRole("radio");
    expect(options).toHaveLength(2);
    expect(options[0]).toBeEnabled();
    expect(options[1]).toBeDisabled();
    await waitFor(() => expect(options[0]).toHaveFocus());
    expect(options[1]).toHaveAccessibleDescription("Du: Mindre enn 11 timer hvile etter vakt");
    expect(api.callsTo("GET", "/api/swaps/assignments")[0]?.url.searchParams.get("forOffer")).toBe(target.id);

    await userEvent.click(within(dialog).getByRole("button", { name: "Foreslå bytte" }));
    expect(await screen.findByText("Manglende informasjon")).toBeInTheDocument();
    expect(screen.getByText("Velg en vakt å bytte med.")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/swaps/offers/${target.id}/deals`)).toHaveLength(0);

    await userEvent.click(options[0]!);
    await userEvent.click(within(dialog).getByRole("button", { name: "Foreslå bytte" }));
    expect(await screen.findByText("Vaktbytte foreslått!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.callsTo("POST", `/api/swaps/offers/${target.id}/deals`)[0]?.body).toEqual({
      assignmentId: free.assignmentId,
    });
    // My answer now waits instead of the button.
    const after = await card(/^Dagvakt /);
    expect(await within(after).findByText("Du har sendt et svar som venter")).toBeInTheDocument();
    expect(within(after).queryByRole("button", { name: "Foreslå bytte" })).not.toBeInTheDocument();
  });

  it("says the proposal failed with the spec's words", async () => {
    const target = market({ can: { propose: true } });
    const api = swapsServer({ offers: [target], assignments: [assignment()] });
    api.reply[`POST /api/swaps/offers/${target.id}/deals`] = failure(
      409,
      "swap_offer_not_open",
      "Tilbudet er ikke åpent lenger.",
    );
    renderApp("/shifts/swaps?tab=market");
    await userEvent.click(within(await card(/^Dagvakt /)).getByRole("button", { name: "Foreslå bytte" }));
    const dialog = await screen.findByRole("dialog", { name: "Foreslå vaktbytte" });
    await userEvent.click(await within(dialog).findByRole("radio"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Foreslå bytte" }));
    expect(await screen.findByText("Kunne ikke opprette vaktbytte-forslag. Prøv igjen.")).toBeInTheDocument();
    expect(screen.getByText("Tilbudet er ikke åpent lenger.")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("registers interest in a give-away, and refuses before sending when I could not take it", async () => {
    const open = market({ requireSwap: false, can: { claim: true } });
    const blocked = market({
      requireSwap: false,
      shift: swapShift({ title: "Helgevakt" }),
      blockedReason: "Du: Overlapper med Dagvakt tir. 24.11",
      can: { claim: true },
    });
    const api = swapsServer({ offers: [open, blocked] });
    renderApp("/shifts/swaps?tab=market");
    const helg = await card(/^Helgevakt /);
    const refused = within(helg).getByRole("button", { name: "Meld interesse" });
    expect(refused).toBeDisabled();
    expect(refused).toHaveAccessibleDescription("Du: Overlapper med Dagvakt tir. 24.11");

    await userEvent.click(within(await card(/^Dagvakt /)).getByRole("button", { name: "Meld interesse" }));
    expect(await screen.findByText("Interesse meldt")).toBeInTheDocument();
    expect(screen.getByText("Du har meldt interesse for å ta over vakten")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/swaps/offers/${open.id}/deals`)[0]?.body).toEqual({});
    expect(api.callsTo("POST", `/api/swaps/offers/${blocked.id}/deals`)).toHaveLength(0);
  });

  it("loads 50 at a time and more on 'Vis flere'", async () => {
    const offers = Array.from({ length: 60 }, (_, i) =>
      market({ shift: swapShift({ title: `Vakt ${i + 1}` }), can: { claim: true }, requireSwap: false }),
    );
    const api = swapsServer({ offers });
    renderApp("/shifts/swaps?tab=market");
    await card(/^Vakt 50 /);
    expect(screen.getAllByRole("article")).toHaveLength(50);
    await userEvent.click(screen.getByRole("button", { name: "Vis flere" }));
    await card(/^Vakt 60 /);
    expect(screen.getAllByRole("article")).toHaveLength(60);
    expect(screen.queryByRole("button", { name: "Vis flere" })).not.toBeInTheDocument();
    expect(screen.getByText("Ingen flere tilbud")).toBeInTheDocument();
    const pages = api.callsTo("GET", "/api/swaps/market").map((c) => c.url.searchParams.get("offset"));
    expect(pages).toEqual(["0", "50"]);
  });

  it("shows a failed market with a retry", async () => {
    const api = swapsServer({ offers: [market()] });
    api.reply["GET /api/swaps/market"] = failure(500, "internal", "Noe gikk galt");
    renderApp("/shifts/swaps?tab=market");
    expect(await screen.findByRole("heading", { name: "Kunne ikke laste markedet" })).toBeInTheDocument();
    delete api.reply["GET /api/swaps/market"];
    await userEvent.click(screen.getByRole("button", { name: "Prøv igjen" }));
    expect(await card(/^Dagvakt /)).toBeInTheDocument();
  });
});
