import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderApp } from "../../../test/app.tsx";
import { setViewport } from "../../../test/viewport.ts";
import { ids, kari, kariRef, ola, person, shiftsServer } from "../shifts-api.test-support.ts";

const worked = (nights: number, weekends: number, holidays: number) => ({ nights, weekends, holidays });

function server() {
  const api = shiftsServer([], { me: kari("leader") });
  api.reply["GET /api/shifts/fairness"] = {
    status: 200,
    body: {
      deptId: kari("leader").currentDeptId,
      windowDays: 90,
      people: [
        { ...kariRef, count: 1, last90Days: worked(2, 1, 0), thisYear: worked(6, 4, 2) },
        { ...ola, count: 3, last90Days: worked(0, 3, 1), thisYear: worked(1, 5, 1) },
        {
          ...person(ids.lars, "Lars Johansen"),
          count: 0,
          last90Days: worked(0, 0, 0),
          thisYear: worked(0, 0, 0),
        },
      ],
    },
  };
  return api;
}

/** The rows of a table, each as its cells' texts. */
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((row) => [...row.children].map((cell) => cell.textContent));

/** The first render loads the admin page lazily: give it time on a busy machine. */
const picture = () => screen.findByRole("region", { name: "Ekstravakter per person" }, { timeout: 5000 });

describe("the fairness picture", () => {
  afterEach(() => setViewport(1280));

  it("shows extra shifts as bars first, then nights, weekends and holidays by period", async () => {
    server();
    renderApp("/shifts/admin");
    const section = await picture();
    const views = await within(section).findByRole("group", { name: "Visning" }, { timeout: 5000 });
    expect(within(views).getByRole("button", { name: "Diagram" })).toHaveAttribute("aria-pressed", "true");
    expect(
      await within(section).findByRole("table", { name: /Tildelte ekstravakter de siste 90 dagene/ }),
    ).toBeInTheDocument();

    await userEvent.click(within(views).getByRole("button", { name: "Siste 90 dager" }));
    expect(within(views).getByRole("button", { name: "Siste 90 dager" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const recent = within(section).getByRole("table", {
      name: "Netter, helger og helligdager per person, siste 90 dager",
    });
    expect(cells(recent)).toEqual([
      ["Navn", "Ekstravakter", "Netter", "Helger", "Helligdager"],
      ["ONOla Nordmann", "3", "0", "3", "1"],
      ["KNKari Nordmann", "1", "2", "1", "0"],
      ["LJLars Johansen", "0", "0", "0", "0"],
    ]);
    expect(
      within(section).getByText(/^Netter, helger og helligdager telles fra ekstravakter/),
    ).toBeInTheDocument();

    // This year: the 90-day count of extra shifts is not a figure of the year.
    await userEvent.click(within(views).getByRole("button", { name: "I år" }));
    const year = within(section).getByRole("table", {
      name: "Netter, helger og helligdager per person, i år",
    });
    expect(cells(year)).toEqual([
      ["Navn", "Netter", "Helger", "Helligdager"],
      ["ONOla Nordmann", "1", "5", "1"],
      ["KNKari Nordmann", "6", "4", "2"],
      ["LJLars Johansen", "0", "0", "0"],
    ]);
    expect(within(section).queryByRole("table", { name: /siste 90 dager/ })).not.toBeInTheDocument();
  });

  it("keeps the table in a frame a keyboard can scroll on a 375 px phone", async () => {
    setViewport(375);
    server();
    renderApp("/shifts/admin");
    const section = await picture();
    await userEvent.click(await within(section).findByRole("button", { name: "Siste 90 dager" }));
    const frame = within(section).getByRole("region", {
      name: "Netter, helger og helligdager per person, siste 90 dager",
    });
    expect(frame.getAttribute("tabindex")).toBe("0");
    expect(frame.className).toContain("overflow-x-auto");
    // The view buttons are touch targets of 44 px below md.
    for (const button of within(section).getAllByRole("button", { pressed: false }))
      expect(button.className).toContain("min-h-11");
  });

  it("says when nobody is active in the department", async () => {
    const api = server();
    api.reply["GET /api/shifts/fairness"] = {
      status: 200,
      body: { deptId: kari("leader").currentDeptId, windowDays: 90, people: [] },
    };
    renderApp("/shifts/admin");
    const section = await picture();
    expect(
      await within(section).findByText("Ingen har fått ekstravakter de siste 90 dagene."),
    ).toBeInTheDocument();
    expect(within(section).queryByRole("group", { name: "Visning" })).not.toBeInTheDocument();
  });
});
