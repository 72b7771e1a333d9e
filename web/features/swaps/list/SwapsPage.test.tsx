import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { baseHandlers, mockApi, renderApp } from "../../../test/app.tsx";
import { failure, kari, offer, ola, swapShift, swapsServer } from "../swaps-api.test-support.ts";

const location = (router: ReturnType<typeof renderApp>["router"]) =>
  router.state.location.pathname + router.state.location.search;

const card = (name: RegExp) => screen.findByRole("article", { name });

describe("the 'Vaktbytte' page", () => {
  it("shows the header, the tabs, and 'Auto-match' only to leaders with the flag on", async () => {
    swapsServer();
    const staff = renderApp("/shifts/swaps");
    expect(await screen.findByRole("heading", { name: "Vaktbytte", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Bytt eller gi bort vakter enkelt")).toBeInTheDocument();
    const tabs = screen.getByRole("tablist", { name: "Visning av vaktbytter" });
    expect(
      within(tabs)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["Mine tilbud", "På markedet", "Venter svar", "Historikk"]);
    expect(screen.getByRole("button", { name: "Nytt tilbud" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Auto-match" })).not.toBeInTheDocument();
    staff.unmount();

    swapsServer({}, { me: kari("leader"), features: { swapsAutomatch: false } });
    const off = renderApp("/shifts/swaps");
    expect(await screen.findByRole("button", { name: "Nytt tilbud" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Auto-match" })).not.toBeInTheDocument();
    off.unmount();

    const api = swapsServer({}, { me: kari("leader") });
    api.reply["POST /api/swaps/automatch"] = { status: 200, body: { created: 3 } };
    renderApp("/shifts/swaps");
    await userEvent.click(await screen.findByRole("button", { name: "Auto-match" }));
    expect(await screen.findByText("Automatisk matching fullført")).toBeInTheDocument();
    expect(screen.getByText("3 nye matches opprettet")).toBeInTheDocument();
  });

  it("says 'Feil ved matching' when auto-match fails", async () => {
    const api = swapsServer({}, { me: kari("admin") });
    api.reply["POST /api/swaps/automatch"] = failure(500, "internal", "Noe gikk galt");
    renderApp("/shifts/swaps");
    await userEvent.click(await screen.findByRole("button", { name: "Auto-match" }));
    expect(await screen.findByText("Feil ved matching")).toBeInTheDocument();
  });

  it("says 'Laster...' until the department is known", async () => {
    swapsServer({}, { me: kari("staff", { currentDeptId: null }) });
    renderApp("/shifts/swaps");
    expect(await screen.findByRole("heading", { name: "Vaktbytte", level: 1 })).toBeInTheDocument();
    expect(screen.getByText("Laster...")).toBeInTheDocument();
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
  });

  it("keeps the tab in the address, asks for the market only on its tab, and works by keyboard", async () => {
    const api = swapsServer({ offers: [offer({ visibility: "dept", owner: ola })] });
    const { router } = renderApp("/shifts/swaps");
    expect(await screen.findByRole("heading", { name: "Ingen aktive tilbud" })).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/swaps/market")).toHaveLength(0);

    await userEvent.click(screen.getByRole("tab", { name: /^På markedet/ }));
    await waitFor(() => expect(location(router)).toBe("/shifts/swaps?tab=market"));
    expect(await card(/^Dagvakt /)).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/swaps/market")).toHaveLength(1);

    // Radix tabs: the arrow keys move between them and select.
    screen.getByRole("tab", { name: /^På markedet/ }).focus();
    await userEvent.keyboard("{ArrowRight}");
    await waitFor(() => expect(location(router)).toBe("/shifts/swaps?tab=waiting"));
    expect(await screen.findByRole("heading", { name: "Ingenting venter på svar" })).toBeInTheDocument();
    await userEvent.keyboard("{ArrowRight}");
    await waitFor(() => expect(location(router)).toBe("/shifts/swaps?tab=history"));
    expect(
      await screen.findByRole("heading", { name: "Ingen fullførte vaktbytter ennå" }),
    ).toBeInTheDocument();
  });

  it("opens the tab the address names", async () => {
    swapsServer();
    renderApp("/shifts/swaps?tab=market");
    expect(await screen.findByRole("heading", { name: "Ingen tilbud på markedet" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: /^På markedet/ })).toHaveAttribute("aria-selected", "true");
  });

  it("shows a failed list with a retry", async () => {
    const api = swapsServer({ offers: [offer()] });
    api.reply["GET /api/swaps/offers/mine"] = failure(500, "internal", "Noe gikk galt");
    renderApp("/shifts/swaps");
    expect(await screen.findByRole("heading", { name: "Kunne ikke laste tilbud" })).toBeInTheDocument();
    expect(screen.getByText("Noe gikk galt")).toBeInTheDocument();
    delete api.reply["GET /api/swaps/offers/mine"];
    await userEvent.click(screen.getByRole("button", { name: "Prøv igjen" }));
    expect(await card(/^Dagvakt /)).toBeInTheDocument();
  });

  it("with the swaps flag off says so and asks nothing", async () => {
    const calls = mockApi(baseHandlers(kari(), { swaps: false }));
    renderApp("/shifts/swaps");
    expect(await screen.findByRole("heading", { name: "Vaktbytter ikke aktivert" })).toBeInTheDocument();
    expect(screen.getByText("Denne funksjonen er ikke tilgjengelig")).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith("/api/swaps"))).toBe(false);
  });

  it("shows a card's date, place and badges, or says what is missing", async () => {
    swapsServer({
      offers: [
        offer({
          shift: swapShift({ title: "nattevakt", location: null, hours: [23, 7] }),
          visibility: "dept",
          wantTimeTags: ["natt"],
          waitingDeals: 2,
        }),
        offer({ shift: null, requireSwap: false }),
      ],
    });
    renderApp("/shifts/swaps");
    const night = await card(/^Nattevakt .*23:00–07:00 \(\+1 dag\)$/);
    expect(within(night).getByText("Lokasjon ikke oppgitt")).toBeInTheDocument();
    expect(within(night).getByText("Åpen")).toBeInTheDocument();
    expect(within(night).getByText("Krever bytte")).toBeInTheDocument();
    expect(within(night).getByText("Synlig for avdelingen")).toBeInTheDocument();
    expect(within(night).getByText("Ønsker:")).toBeInTheDocument();
    expect(within(night).getByText("Natt")).toBeInTheDocument();
    expect(within(night).getByText("2 forslag venter")).toBeInTheDocument();
    const gone = await card(/^Ekstravakt Dato ikke tilgjengelig$/);
    expect(within(gone).getByText("Kan gis bort")).toBeInTheDocument();
    expect(within(gone).getByText("Privat")).toBeInTheDocument();
    // A give-away asks nothing back: no 'Ønsker: Når som helst'.
    expect(within(gone).queryByText(/Ønsker/)).not.toBeInTheDocument();
    expect(within(gone).queryByText("Når som helst")).not.toBeInTheDocument();
  });
});
