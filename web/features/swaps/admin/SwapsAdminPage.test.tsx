import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import { deal, failure, ids, kari, kariRef, lars, swapsServer } from "../swaps-api.test-support.ts";

const leader = () => kari("leader", { user: { ...kari().user, id: ids.lars, fullName: "Lars Johansen" } });
const waiting = (over: Parameters<typeof deal>[0] = {}) =>
  deal({ status: "waiting_leader", can: { decide: true }, ...over });

describe("'Administrer bytter'", { timeout: 15_000 }, () => {
  it("lists the deals waiting for a leader with both shifts and both people", async () => {
    const api = swapsServer({ deals: [waiting(), deal({ status: "waiting_owner" })] }, { me: leader() });
    renderApp("/shifts/swaps/admin");
    expect(await screen.findByRole("heading", { name: "Administrer bytter", level: 1 })).toBeInTheDocument();
    const [card] = await screen.findAllByRole("article");
    expect(screen.getAllByRole("article")).toHaveLength(1);
    // One line per direction: who gives what to whom, and back for an exchange.
    expect(
      within(card!).getByText(/^Kari → Ola: Nattevakt \S+ \d\d\.\d\d · 23:00–07:00/),
    ).toBeInTheDocument();
    expect(
      within(card!).getByText(/^Ola → Kari: Kveldsvakt \S+ \d\d\.\d\d · 15:00–23:00$/),
    ).toBeInTheDocument();
    // Actions, each named by exactly what it shows (WCAG 2.5.3).
    for (const action of ["Godkjenn", "Avslå"]) {
      const button = within(card!).getByRole("button", { name: action });
      expect(button).toHaveTextContent(new RegExp(`^${action}$`));
      expect(button).not.toHaveAttribute("aria-label");
    }
    expect(api.callsTo("GET", "/api/swaps/deals")[0]?.url.searchParams.get("view")).toBe("approval");
  });

  it("approves with a note and rejects without one", async () => {
    const [first, second] = [waiting(), waiting({ proposer: lars, proposerShift: null, source: "claim" })];
    const api = swapsServer({ deals: [first!, second!] }, { me: kari("admin") });
    renderApp("/shifts/swaps/admin");
    const [card, claim] = await screen.findAllByRole("article");
    // A claim moves one shift, nothing comes back; the admin signed in is Kari, so "Du".
    expect(within(claim!).getByText(/^Du → Lars: Nattevakt/)).toBeInTheDocument();
    expect(within(claim!).getByText("Ingen vakt tilbake (gis bort)")).toBeInTheDocument();
    await userEvent.type(within(card!).getByLabelText("Merknad (valgfritt)"), "Ok fra meg");
    await userEvent.click(within(card!).getByRole("button", { name: "Godkjenn" }));
    expect(await screen.findByText("Vaktbytte godkjent")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/swaps/deals/${first!.id}/approve`)[0]?.body).toEqual({
      note: "Ok fra meg",
    });
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(1));

    await userEvent.click(screen.getByRole("button", { name: "Avslå" }));
    expect(await screen.findByText("Vaktbytte avslått")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/swaps/deals/${second!.id}/reject`)[0]?.body).toEqual({});
    expect(
      await screen.findByRole("heading", { name: "Ingen vaktbytter venter på godkjenning" }),
    ).toBeInTheDocument();
  });

  it("keeps a leader from deciding their own deal, saying why", async () => {
    swapsServer({ deals: [waiting({ owner: kariRef, can: { decide: false } })] }, { me: kari("leader") });
    renderApp("/shifts/swaps/admin");
    const approve = await screen.findByRole("button", { name: "Godkjenn" });
    expect(approve).toBeDisabled();
    expect(screen.getByRole("button", { name: "Avslå" })).toBeDisabled();
    expect(approve).toHaveAccessibleDescription("Du er part i dette byttet og kan ikke godkjenne det selv.");
    expect(screen.queryByLabelText("Merknad (valgfritt)")).not.toBeInTheDocument();
  });

  it("shows the server's reason when an approval is refused", async () => {
    const refused = waiting();
    const api = swapsServer({ deals: [refused] }, { me: leader() });
    const reason = "Ola Nordmann: Mindre enn 11 timer hvile etter vakt tir. 24.11 (6 timer)";
    api.reply[`POST /api/swaps/deals/${refused.id}/approve`] = failure(409, "swap_ineligible", reason);
    renderApp("/shifts/swaps/admin");
    await userEvent.click(await screen.findByRole("button", { name: "Godkjenn" }));
    expect(await screen.findByText("Kunne ikke avgjøre vaktbyttet")).toBeInTheDocument();
    expect(within(screen.getByRole("article")).getByRole("alert")).toHaveTextContent(reason);
  });

  it("sends staff home with the app's refusal", async () => {
    const api = swapsServer({ deals: [waiting()] });
    const { router } = renderApp("/shifts/swaps/admin");
    await waitFor(() => expect(router.state.location.pathname).not.toBe("/shifts/swaps/admin"));
    expect(screen.queryByRole("heading", { name: "Administrer bytter", level: 1 })).not.toBeInTheDocument();
    expect(api.callsTo("GET", "/api/swaps/deals")).toHaveLength(0);
  });

  it("with the swaps flag off says so", async () => {
    swapsServer({}, { me: leader(), features: { swaps: false } });
    renderApp("/shifts/swaps/admin");
    expect(await screen.findByRole("heading", { name: "Vaktbytter ikke aktivert" })).toBeInTheDocument();
  });
});
