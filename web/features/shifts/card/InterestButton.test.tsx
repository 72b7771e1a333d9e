import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import { mayTake, workServer } from "../../../test/work-api.ts";
import { failure, shift, shiftsServer } from "../shifts-api.test-support.ts";

const refusal = "Overtid 31,6 t siste 4 uker (grense 25 t)";
const shortRest = "Kort hvile: 9 t mellom vaktene (under 11 t) – Kveldsvakt tor. 12.03 · 15:00–23:00";

async function setUp(check?: Partial<ReturnType<typeof mayTake>>) {
  const dagvakt = shift({ title: "Dagvakt", can: { interest: true } });
  const api = shiftsServer([dagvakt]);
  const work = workServer({ checks: check ? { [dagvakt.id]: { ...mayTake(dagvakt.id), ...check } } : {} });
  renderApp("/shifts/open");
  // The first page of a file loads its code: slow on a busy machine.
  const card = await screen.findByRole("article", { name: /^Dagvakt/ }, { timeout: 15_000 });
  const interest = within(card).getByRole("button", { name: "Jeg er interessert" });
  const posts = () => api.callsTo("POST", `/api/shifts/${dagvakt.id}/interest`);
  const checks = () => work.callsTo("GET", `/api/shifts/${dagvakt.id}/eligibility`);
  return { api, card, interest, posts, checks, dagvakt };
}

describe("'Jeg er interessert' asks the working-time rules first", { timeout: 20_000 }, () => {
  it("registers at once when nothing stands in the way", async () => {
    const { interest, posts, checks, card } = await setUp();
    await userEvent.click(interest);
    expect(await screen.findByText("Interesse registrert")).toBeInTheDocument();
    expect(checks()).toHaveLength(1);
    expect(posts()).toHaveLength(1);
    expect(within(card).getByRole("button", { name: "Trekk interesse" })).toBeInTheDocument();
  });

  it("says why the rules refuse, with each reason, and registers nothing", async () => {
    const { interest, posts, card } = await setUp({
      may: false,
      refusals: [refusal, "Mangler kompetanse: Anestesisykepleier"],
    });
    await userEvent.click(interest);
    const alert = await within(card).findByRole("alert");
    expect(alert).toHaveTextContent("Du kan ikke ta denne vakten:");
    expect(
      within(alert)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([refusal, "Mangler kompetanse: Anestesisykepleier"]);
    expect(posts()).toHaveLength(0);
    // The focus stays on the button, the reasons right under it.
    expect(interest).toHaveFocus();

    await userEvent.click(within(card).getByRole("button", { name: "Skjul" }));
    expect(within(card).queryByRole("alert")).toBeNull();
    expect(interest).toHaveFocus();
  });

  it("shows the warnings and registers only after 'Meld interesse likevel'", async () => {
    const { interest, posts, card } = await setUp({ warnings: [shortRest] });
    await userEvent.click(interest);
    const ask = await within(card).findByRole("region", { name: "Vil du melde interesse likevel?" });
    expect(ask).toHaveFocus();
    expect(within(ask).getByRole("alert")).toHaveTextContent(shortRest);
    expect(posts()).toHaveLength(0);

    await userEvent.keyboard("{Escape}");
    expect(within(card).queryByRole("region")).toBeNull();
    expect(interest).toHaveFocus();
    expect(posts()).toHaveLength(0);

    await userEvent.click(interest);
    const again = await within(card).findByRole("region", { name: "Vil du melde interesse likevel?" });
    await userEvent.click(within(again).getByRole("button", { name: "Meld interesse likevel" }));
    expect(await screen.findByText("Interesse registrert")).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
    expect(within(card).queryByRole("region")).toBeNull();
  });

  it("shows the server's refusal of the interest as a toast, and puts the card back", async () => {
    const { api, dagvakt, interest, card } = await setUp();
    const message = `Du kan ikke ta denne vakten: ${refusal}`;
    api.reply[`POST /api/shifts/${dagvakt.id}/interest`] = failure(422, "work_rules_refused", message);
    await userEvent.click(interest);
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card).getByRole("button", { name: "Jeg er interessert" })).toBeEnabled(),
    );
  });

  it("withdraws without asking", async () => {
    const dagvakt = shift({
      title: "Dagvakt",
      isInterested: true,
      interestCount: 1,
      can: { interest: true },
    });
    const api = shiftsServer([dagvakt]);
    const work = workServer();
    renderApp("/shifts/open");
    const card = await screen.findByRole("article", { name: /^Dagvakt/ });
    await userEvent.click(within(card).getByRole("button", { name: "Trekk interesse" }));
    expect(await screen.findByText("Interesse trukket")).toBeInTheDocument();
    expect(api.callsTo("DELETE", `/api/shifts/${dagvakt.id}/interest`)).toHaveLength(1);
    expect(work.calls).toHaveLength(0);
  });
});
