import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import {
  deal,
  failure,
  kariRef,
  lars,
  offer,
  ola,
  swapShift,
  swapsServer,
} from "../swaps-api.test-support.ts";

const articles = () => screen.getAllByRole("article");

describe("'Venter svar'", { timeout: 15_000 }, () => {
  it("shows both shifts and both people and whom each deal waits for", async () => {
    swapsServer({
      deals: [
        deal({ can: { answer: true } }),
        deal({ owner: ola, proposer: kariRef, can: { withdraw: true } }),
        deal({ status: "waiting_leader", source: "claim", proposerShift: null }),
      ],
    });
    renderApp("/shifts/swaps?tab=waiting");
    await screen.findByRole("tab", { name: "Venter svar (3)" });
    const [forMe, forOla, forLeader] = articles();
    expect(within(forMe!).getByText("Venter på ditt svar")).toBeInTheDocument();
    expect(within(forMe!).getByText("Venter")).toBeInTheDocument();
    // Me as 'Du' giving and 'deg' receiving.
    expect(within(forMe!).getByText(/^Du → Ola: Nattevakt .*23:00–07:00/)).toBeInTheDocument();
    expect(within(forMe!).getByText(/^Ola → deg: Kveldsvakt .*15:00–23:00$/)).toBeInTheDocument();
    expect(
      within(forMe!)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Godta", "Avslå"]);

    expect(within(forOla!).getByText("Venter på svar fra Ola Nordmann")).toBeInTheDocument();
    expect(
      within(forOla!)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Trekk tilbake"]);

    expect(within(forLeader!).getByText("Venter på godkjenning fra leder")).toBeInTheDocument();
    expect(within(forLeader!).getByText("Ingen vakt tilbake (gis bort)")).toBeInTheDocument();
    expect(within(forLeader!).queryByRole("button")).not.toBeInTheDocument();
  });

  it("accepts, declines and withdraws", async () => {
    const [accept, decline, withdraw] = [
      deal({ can: { answer: true } }),
      deal({ can: { answer: true }, ownerShift: swapShift({ title: "Helgevakt" }) }),
      deal({ owner: ola, proposer: kariRef, can: { withdraw: true } }),
    ];
    const api = swapsServer({ deals: [accept!, decline!, withdraw!] });
    renderApp("/shifts/swaps?tab=waiting");
    await screen.findByRole("tab", { name: "Venter svar (3)" });

    await userEvent.click(within(articles()[0]!).getByRole("button", { name: "Godta" }));
    expect(await screen.findByText("Forslaget er godtatt")).toBeInTheDocument();
    await waitFor(() =>
      expect(within(articles()[0]!).getByText("Venter på godkjenning fra leder")).toBeInTheDocument(),
    );
    expect(within(articles()[0]!).queryByRole("button")).not.toBeInTheDocument();

    await userEvent.click(within(articles()[1]!).getByRole("button", { name: "Avslå" }));
    expect(await screen.findByText("Forslaget er avslått")).toBeInTheDocument();
    await waitFor(() => expect(articles()).toHaveLength(2));

    await userEvent.click(screen.getByRole("button", { name: "Trekk tilbake" }));
    expect(await screen.findByText("Forslaget er trukket tilbake")).toBeInTheDocument();
    await waitFor(() => expect(articles()).toHaveLength(1));
    expect(api.callsTo("POST", `/api/swaps/deals/${accept!.id}/accept`)).toHaveLength(1);
    expect(api.callsTo("POST", `/api/swaps/deals/${decline!.id}/decline`)).toHaveLength(1);
    expect(api.callsTo("POST", `/api/swaps/deals/${withdraw!.id}/withdraw`)).toHaveLength(1);
  });

  it("shows the server's reason when an answer is refused", async () => {
    const waiting = deal({ can: { answer: true } });
    const api = swapsServer({ deals: [waiting] });
    api.reply[`POST /api/swaps/deals/${waiting.id}/accept`] = failure(
      409,
      "swap_deal_decided",
      "Vaktbyttet er allerede avgjort.",
    );
    renderApp("/shifts/swaps?tab=waiting");
    await userEvent.click(await screen.findByRole("button", { name: "Godta" }));
    expect(await screen.findByText("Vaktbyttet er allerede avgjort.")).toBeInTheDocument();
    expect(screen.getByText("Feil")).toBeInTheDocument();
  });
});

describe("'Historikk'", { timeout: 15_000 }, () => {
  it("lists decided deals and cancelled offers newest first, labelled, with the note", async () => {
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    swapsServer({
      history: [
        {
          kind: "deal",
          at: at(3),
          deal: deal({ status: "rejected", note: "Et annet forslag på samme tilbud ble godkjent." }),
        },
        {
          kind: "offer",
          at: at(2),
          offer: offer({ status: "cancelled", shift: swapShift({ title: "Helgevakt" }) }),
        },
        { kind: "deal", at: at(1), deal: deal({ status: "approved", decidedBy: lars }) },
        { kind: "deal", at: at(4), deal: deal({ status: "withdrawn" }) },
      ],
    });
    renderApp("/shifts/swaps?tab=history");
    await screen.findByRole("list", { name: "Historikk" });
    const labels = articles().map((a) =>
      ["Godkjent", "Avslått", "Kansellert", "Trukket tilbake"].find((l) => within(a).queryByText(l)),
    );
    expect(labels).toEqual(["Godkjent", "Kansellert", "Avslått", "Trukket tilbake"]);
    expect(
      within(articles()[2]!).getByText("Et annet forslag på samme tilbud ble godkjent."),
    ).toBeInTheDocument();
    expect(within(articles()[1]!).getByText(/^Tilbud kansellert/)).toBeInTheDocument();
  });

  it("says when there is no history yet", async () => {
    swapsServer();
    renderApp("/shifts/swaps?tab=history");
    expect(
      await screen.findByRole("heading", { name: "Ingen fullførte vaktbytter ennå" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Fullført vaktbytter vil vises her")).toBeInTheDocument();
  });
});
