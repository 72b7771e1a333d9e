import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/app.tsx";
import { isFollowed, publish } from "../../test/realtime.ts";
import { setViewport } from "../../test/viewport.ts";
import {
  fileHit,
  ids,
  messageHit,
  noResults,
  people,
  personHit,
  searchServer,
  threads,
} from "./search-api.test-support.ts";

/** A screen of the shell that asks nothing of its own. */
const somePage = "/chat/oversikt";

const box = () => screen.findByRole("button", { name: "Søk" });
const dialog = () => screen.findByRole("dialog", { name: "Søk" });
const field = () => screen.findByRole("combobox", { name: "Søk i meldinger, filer og kolleger" });

async function openSearch() {
  await userEvent.click(await box());
  return field();
}

/** Kari searches 'pumpe' and finds a message in each kind of thread, a file and Ola. */
const pumpe = () => ({
  messages: [
    messageHit(threads.department, "Husk [pumpeinstruksen] ligger i vaktrommet", { fileCount: 1 }),
    messageHit(threads.oldShift, "…byttet [pumpe] på stue 3", { author: people.lars }),
    messageHit(threads.dm, "Har du sett [pumpen]?", { author: null }),
    messageHit(threads.channel, "Ny [pumpe] fra neste uke"),
  ],
  moreMessages: false,
  files: [fileHit(threads.channel, "[Pumpe]instruks 2025.pdf")],
  people: [personHit(people.ola, "[Ola] Nordmann"), personHit(people.kari, "Kari Nordmann")],
});

describe("the search box", { timeout: 20_000 }, () => {
  it("opens with Ctrl+K or Cmd+K from anywhere, focuses the field, and Escape gives the focus back to the box", async () => {
    searchServer();
    renderApp(somePage);
    const trigger = await box();
    expect(trigger).toHaveAttribute("aria-keyshortcuts", "Control+K Meta+K");

    fireEvent.keyDown(window, { key: "k", ctrlKey: true });
    expect(await field()).toHaveFocus();
    expect(await dialog()).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Søk" })).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();

    fireEvent.keyDown(window, { key: "K", metaKey: true });
    expect(await field()).toHaveFocus();
  });

  it("waits for a pause before it searches, and says what a search needs before it has it", async () => {
    const api = searchServer({ results: pumpe() });
    renderApp(somePage);
    const input = await openSearch();
    expect(screen.getByText("Søk i alle samtaler du har tilgang til.")).toBeInTheDocument();

    await userEvent.type(input, "p");
    expect(await screen.findByText("Skriv minst to tegn, eller velg et filter.")).toBeInTheDocument();
    await userEvent.type(input, "umpe");
    await screen.findByRole("listbox", { name: "Søkeresultater" });
    // One request for the word typed in one go, none for the single letter.
    expect(api.searches()).toEqual([{ q: "pumpe" }]);
  });

  it("groups messages, files and people, names each thread, and marks what matched", async () => {
    searchServer({ results: pumpe() });
    renderApp(somePage);
    await userEvent.type(await openSearch(), "pumpe");
    const list = await screen.findByRole("listbox", { name: "Søkeresultater" });

    const groups = within(list).getAllByRole("group");
    expect(groups.map((g) => within(g).getAllByRole("option").length)).toEqual([4, 1, 1]);
    const messages = within(within(list).getByRole("group", { name: "Meldinger" })).getAllByRole("option");
    expect(messages[0]).toHaveTextContent("Ola Nordmann");
    expect(messages[0]).toHaveTextContent("Avdeling:Anestesi");
    expect(messages[0]).toHaveTextContent("1 vedlegg");
    expect(messages[0]).toHaveTextContent("5 minutter siden");
    expect(messages[0]?.querySelector("mark")).toHaveTextContent(/^pumpeinstruksen$/);
    expect(messages[0]).toHaveTextContent("Husk pumpeinstruksen ligger i vaktrommet");
    // An earlier shift by its block and date, a conversation by the other person, a channel by its name.
    expect(messages[1]).toHaveTextContent("Lars Johansen");
    expect(messages[1]).toHaveTextContent("Vakt-chat:Dagvakt 24.11.2025");
    expect(messages[2]).toHaveTextContent("Slettet bruker");
    expect(messages[2]).toHaveTextContent("Direktemelding:Ola Nordmann");
    expect(messages[3]).toHaveTextContent("Kanal:Fagutvikling");

    const file = within(within(list).getByRole("group", { name: "Filer" })).getByRole("option");
    expect(file).toHaveTextContent("Pumpeinstruks 2025.pdf");
    expect(file.querySelector("mark")).toHaveTextContent(/^Pumpe$/);

    // Colleagues, not oneself.
    const person = within(within(list).getByRole("group", { name: "Personer" })).getByRole("option");
    expect(person).toHaveTextContent("Ola Nordmann");
    expect(person).toHaveTextContent("Send direktemelding");
    expect(person.querySelector("mark")).toHaveTextContent(/^Ola$/);
    expect(screen.getByText("6 treff")).toHaveAttribute("role", "status");
  });

  it("asks to narrow the search when more messages matched than are shown", async () => {
    const results = pumpe();
    searchServer({ results: { ...results, moreMessages: true } });
    renderApp(somePage);
    await userEvent.type(await openSearch(), "pumpe");
    expect(
      await screen.findByText("Viser de 4 beste treffene. Avgrens søket for å finne flere."),
    ).toBeInTheDocument();
  });

  it("moves through the results with the arrow keys and opens one with Enter, at its message", async () => {
    const results = pumpe();
    searchServer({ results });
    const { router } = renderApp(somePage);
    const input = await openSearch();
    await userEvent.type(input, "pumpe");
    const list = await screen.findByRole("listbox");
    const options = within(list).getAllByRole("option");
    expect(input).toHaveAttribute("aria-activedescendant", options[0]?.id);
    expect(options[0]).toHaveAttribute("aria-selected", "true");

    await userEvent.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}");
    expect(input).toHaveAttribute("aria-activedescendant", options[2]?.id);
    expect(options[2]).toHaveAttribute("aria-selected", "true");
    expect(options[0]).toHaveAttribute("aria-selected", "false");

    // The third message is in the conversation with Ola.
    await userEvent.keyboard("{Enter}");
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `/chat/dm/${ids.dm}?melding=${results.messages[2]?.id}`,
      ),
    );
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Søk" })).not.toBeInTheDocument());
  });

  it.each([
    ["a message in my department's thread", 0, () => "/chat/department"],
    ["a message in an earlier shift", 1, () => `/chat/thread/${ids.oldShift}`],
    ["a message in a channel", 3, () => `/chat/channel/${ids.channel}`],
  ])("opens %s in that thread's page", async (_what, index, page) => {
    const results = pumpe();
    searchServer({ results });
    const { router } = renderApp(somePage);
    await userEvent.type(await openSearch(), "pumpe");
    const messages = within(await screen.findByRole("group", { name: "Meldinger" })).getAllByRole("option");
    await userEvent.click(messages[index]!);
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `${page()}?melding=${results.messages[index]?.id}`,
      ),
    );
  });

  it("opens a file at the message it came with, and a colleague in a conversation", async () => {
    const results = pumpe();
    searchServer({ results });
    const { router } = renderApp(somePage);
    await userEvent.type(await openSearch(), "pumpe");
    await userEvent.click(within(await screen.findByRole("group", { name: "Filer" })).getByRole("option"));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `/chat/channel/${ids.channel}?melding=${results.files[0]?.messageId}`,
      ),
    );

    // Opened again: the last search is still there.
    await userEvent.click(await box());
    await userEvent.click(within(await screen.findByRole("group", { name: "Personer" })).getByRole("option"));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(`/chat/dm?med=${ids.ola}`),
    );
    // The focus is the page's: the box does not take it back a moment later, as it does after Escape.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await box()).not.toHaveFocus();
  });

  it("says 'Ingen treff' when nothing matched", async () => {
    searchServer({ results: noResults });
    renderApp(somePage);
    await userEvent.type(await openSearch(), "xyzzy");
    expect(await screen.findByRole("heading", { name: "Ingen treff" })).toBeInTheDocument();
    expect(screen.getByText("Prøv andre ord, eller fjern et filter.")).toBeInTheDocument();
  });

  it("says in its own words when one searches too often, and tries again", async () => {
    const api = searchServer({ results: pumpe() });
    let refuse = true;
    api.reply["GET /api/search"] = () =>
      refuse
        ? { status: 429, body: { error: { code: "rate_limited", message: "For mange forsøk." } } }
        : undefined;
    renderApp(somePage);
    await userEvent.type(await openSearch(), "pumpe");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Du har søkt mange ganger på kort tid. Vent litt og prøv igjen.",
    );
    refuse = false;
    await userEvent.click(screen.getByRole("button", { name: "Prøv igjen" }));
    expect(await screen.findByRole("listbox", { name: "Søkeresultater" })).toBeInTheDocument();
  });

  it("says the server's words for other refusals", async () => {
    const api = searchServer();
    api.reply["GET /api/search"] = {
      status: 503,
      body: { error: { code: "database_unavailable", message: "Databasen svarer ikke akkurat nå." } },
    };
    renderApp(somePage);
    await userEvent.type(await openSearch(), "pumpe");
    expect(await screen.findByRole("alert")).toHaveTextContent("Databasen svarer ikke akkurat nå.");
  });

  it("sends the filters as query parameters and shows each as a chip that removes it", async () => {
    const api = searchServer({ results: pumpe() });
    renderApp(somePage);
    const input = await openSearch();
    await userEvent.type(input, "pumpe");
    await screen.findByRole("listbox");

    await userEvent.click(screen.getByRole("button", { name: /^Filtre/ }));
    const fra = await screen.findByRole("combobox", { name: "Fra" });
    await within(fra).findByRole("option", { name: "Ola Nordmann" });
    await userEvent.selectOptions(fra, "Ola Nordmann");
    await userEvent.type(screen.getByRole("textbox", { name: "Etter" }), "01.11.2025");
    await userEvent.type(screen.getByRole("textbox", { name: "Før" }), "1.12.2025");
    await userEvent.tab();
    await userEvent.click(screen.getByRole("checkbox", { name: "Har vedlegg" }));

    await waitFor(() =>
      expect(api.searches().at(-1)).toEqual({
        q: "pumpe",
        from: ids.ola,
        after: "2025-11-01",
        before: "2025-12-01",
        hasFile: "true",
      }),
    );
    const chips = within(screen.getByRole("list", { name: "Valgte filtre" }));
    expect(chips.getAllByRole("button").map((b) => b.textContent)).toEqual([
      "Fra: Ola Nordmann",
      "Etter: 01.11.2025",
      "Før: 01.12.2025",
      "Har vedlegg",
    ]);

    // A chip is a button: the keyboard removes it too.
    chips.getByRole("button", { name: "Fjern filteret Fra: Ola Nordmann" }).focus();
    await userEvent.keyboard("{Enter}");
    await userEvent.click(chips.getByRole("button", { name: "Fjern filteret Har vedlegg" }));
    await waitFor(() =>
      expect(api.searches().at(-1)).toEqual({ q: "pumpe", after: "2025-11-01", before: "2025-12-01" }),
    );
    expect(screen.getByRole("combobox", { name: "Fra" })).toHaveValue("");
  });

  it("searches with a filter and no words, and waits for a date until it reads as one", async () => {
    const api = searchServer({ results: pumpe() });
    renderApp(somePage);
    await openSearch();
    await userEvent.click(screen.getByRole("button", { name: /^Filtre/ }));
    const after = screen.getByRole("textbox", { name: "Etter" });
    await userEvent.type(after, "31.02");
    await userEvent.tab();
    expect(after).toHaveAccessibleDescription("Skriv datoen som dd.mm.åååå");
    expect(api.searches()).toEqual([]);

    await userEvent.click(screen.getByRole("checkbox", { name: "Har vedlegg" }));
    await waitFor(() => expect(api.searches()).toEqual([{ q: "", hasFile: "true" }]));
  });

  it("offers to look only in the thread on screen, and forgets it when its chip goes", async () => {
    const api = searchServer({ results: pumpe() });
    renderApp(`/chat/dm/${ids.dm}`);
    await screen.findByRole("heading", { name: "Ola Nordmann", level: 1 });
    const input = await openSearch();
    await userEvent.type(input, "pumpe");
    await userEvent.click(await screen.findByRole("button", { name: "I: Ola Nordmann" }));
    await waitFor(() => expect(api.searches().at(-1)).toEqual({ q: "pumpe", thread: ids.dm }));
    const chip = await screen.findByRole("button", { name: "Fjern filteret I: Ola Nordmann" });

    // The panel's 'I' says the same, and 'Alle samtaler' is the way back.
    await userEvent.click(screen.getByRole("button", { name: /^Filtre/ }));
    const inField = screen.getByRole("combobox", { name: "I" });
    expect(inField).toHaveValue(ids.dm);
    expect(
      within(inField).getByRole("option", { name: "Denne samtalen (Ola Nordmann)" }),
    ).toBeInTheDocument();

    await userEvent.click(chip);
    await waitFor(() => expect(api.searches().at(-1)).toEqual({ q: "pumpe" }));
    expect(inField).toHaveValue("");
  });

  it("drops a message deleted while its results are open, and asks again", async () => {
    const results = pumpe();
    const api = searchServer({ results });
    renderApp(somePage);
    await userEvent.type(await openSearch(), "pumpe");
    const group = await screen.findByRole("group", { name: "Meldinger" });
    expect(within(group).getAllByRole("option")).toHaveLength(4);
    await waitFor(() => expect(isFollowed(`thread:${ids.channel}`)).toBe(true));
    const asked = api.searches().length;

    const gone = results.messages[3]!;
    api.state.results = { ...results, messages: results.messages.slice(0, 3) };
    publish(`thread:${ids.channel}`, "message.deleted", { threadId: ids.channel, messageId: gone.id });
    await waitFor(() => expect(within(group).getAllByRole("option")).toHaveLength(3));
    await waitFor(() => expect(api.searches().length).toBe(asked + 1));

    // Another message of a followed thread changes nothing and asks nothing.
    publish(`thread:${ids.channel}`, "message.edited", {
      threadId: ids.channel,
      messageId: "5ea7c000-0000-4000-8000-00000000ffff",
    });
    publish(`thread:${ids.dm}`, "message.edited", { threadId: ids.dm, messageId: results.messages[2]!.id });
    await waitFor(() => expect(api.searches().length).toBe(asked + 2));
  });

  it("follows the results' threads only while they are open", async () => {
    searchServer({ results: pumpe() });
    renderApp(somePage);
    await userEvent.type(await openSearch(), "pumpe");
    await screen.findByRole("listbox");
    await waitFor(() => expect(isFollowed(`thread:${ids.oldShift}`)).toBe(true));
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(isFollowed(`thread:${ids.oldShift}`)).toBe(false));
  });

  it("on a phone: a magnifier in the header opens the search over the whole screen", async () => {
    setViewport(375, 812);
    searchServer({ results: pumpe() });
    renderApp(somePage);
    const trigger = await screen.findByRole("button", { name: "Søk" });
    expect(within(screen.getByRole("banner")).getByRole("button", { name: "Søk" })).toBe(trigger);
    await userEvent.click(trigger);
    const input = await field();
    expect(input).toHaveFocus();
    expect(await dialog()).toHaveClass("inset-0");
    await userEvent.click(screen.getByRole("button", { name: "Lukk søket" }));
    await waitFor(() => expect(trigger).toHaveFocus());
  });
});
