import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import { failure, myFairnessOf, shiftsServer } from "../shifts-api.test-support.ts";

/** The first render loads the page lazily: give it time on a busy machine. */
const section = () => screen.findByRole("region", { name: "Din plass i køen" }, { timeout: 5000 });

describe("'Din plass i køen' on 'Mine vakter'", () => {
  it("shows my place, my 90-day count, what I worked and the rule", async () => {
    const api = shiftsServer([]);
    api.reply["GET /api/shifts/fairness/me"] = {
      status: 200,
      body: myFairnessOf({
        place: 3,
        of: 12,
        figures: {
          count: 4,
          last90Days: { nights: 2, weekends: 1, holidays: 0 },
          thisYear: { nights: 5, weekends: 3, holidays: 1 },
        },
      }),
    };
    renderApp("/shifts/assigned");
    const queue = await section();
    expect(await within(queue).findByText("Du er nr. 3 av 12 i køen")).toBeInTheDocument();
    expect(within(queue).getByText("4 ekstravakter de siste 90 dagene")).toBeInTheDocument();
    const figures = within(queue).getByRole("table", { name: "Netter, helger og helligdager du har jobbet" });
    expect(
      within(figures)
        .getAllByRole("row")
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ["Type", "Siste 90 dager", "I år"],
      ["Netter", "2", "5"],
      ["Helger", "1", "3"],
      ["Helligdager", "0", "1"],
    ]);
    const rule = within(queue).getByText(/^Når en ekstravakt tildeles automatisk/);
    expect(rule).toHaveTextContent("færrest ekstravakter de siste 90 dagene");
    expect(rule).toHaveTextContent("loddtrekning");
    expect(rule).toHaveTextContent("13 timer på 24 timer");
    expect(rule).toHaveTextContent(/overtid.*hvile.*kompetansen/);
    expect(rule).toHaveTextContent("hoppes over, og grunnen står");
    // 'Deltid først' is named only where it holds.
    expect(rule).not.toHaveTextContent("Deltid først");
  });

  it("says 'Deltid først' holds, and which group I am in", async () => {
    const api = shiftsServer([]);
    api.reply["GET /api/shifts/fairness/me"] = {
      status: 200,
      body: myFairnessOf({
        partTimeFirst: true,
        partTime: true,
        figures: { ...myFairnessOf().figures, count: 1 },
      }),
    };
    renderApp("/shifts/assigned");
    const queue = await section();
    expect(await within(queue).findByText("1 ekstravakt de siste 90 dagene")).toBeInTheDocument();
    expect(within(queue).getByText(/^Når en ekstravakt/)).toHaveTextContent(
      "Avdelingen har Deltid først: de som jobber deltid, går foran dem som jobber heltid, og du jobber deltid.",
    );
  });

  it("is shown on 'Mine vakter' only", async () => {
    const api = shiftsServer([]);
    renderApp("/shifts/open");
    expect(await screen.findByRole("heading", { name: "Ekstravakter", level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Din plass i køen" })).not.toBeInTheDocument();
    expect(api.callsTo("GET", "/api/shifts/fairness/me")).toHaveLength(0);
  });

  it("says it is loading, then what failed, and tries again", async () => {
    const api = shiftsServer([]);
    let answer = failure(500, "internal", "Noe gikk galt");
    api.reply["GET /api/shifts/fairness/me"] = () => answer;
    renderApp("/shifts/assigned");
    const queue = await section();
    expect(within(queue).getByRole("status")).toHaveTextContent("Laster plassen din i køen...");
    expect(await within(queue).findByText("Kunne ikke laste plassen din i køen")).toBeInTheDocument();
    answer = { status: 200, body: myFairnessOf({ place: 2, of: 5 }) };
    await userEvent.click(within(queue).getByRole("button", { name: "Prøv igjen" }));
    expect(await within(queue).findByText("Du er nr. 2 av 5 i køen")).toBeInTheDocument();
  });

  it("says there is no queue for one without a department", async () => {
    const api = shiftsServer([]);
    api.reply["GET /api/shifts/fairness/me"] = failure(404, "no_department", "Ingen avdeling funnet");
    renderApp("/shifts/assigned");
    const queue = await section();
    expect(
      await within(queue).findByText("Du er ikke aktiv i noen avdeling, så du har ingen plass i køen."),
    ).toBeInTheDocument();
    expect(within(queue).queryByRole("button", { name: "Prøv igjen" })).not.toBeInTheDocument();
  });
});
