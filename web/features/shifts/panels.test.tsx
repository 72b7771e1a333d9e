import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { topics } from "../../../common/schemas/realtime.ts";
import { renderApp } from "../../test/app.tsx";
import { isFollowed, publish } from "../../test/realtime.ts";
import { kari, kariRef, shift, shiftsServer } from "./shifts-api.test-support.ts";

const mine = (title: string, day: number) =>
  shift({
    title,
    day,
    status: "assigned",
    assignment: { person: kariRef, assignedAt: new Date().toISOString(), method: "auto" },
  });

/** A phone: every `min-width` query fails. */
function onAPhone() {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query) =>
      ({
        matches: !query.includes("min-width"),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe("extra shifts around the app", () => {
  it("count my department's open shifts in the sidebar, live", async () => {
    const api = shiftsServer([shift({ title: "Dagvakt" })]);
    renderApp("/profile");
    const nav = await screen.findByRole("navigation", { name: "Hovedmeny" });
    await waitFor(() =>
      expect(within(nav).getByRole("link", { name: /^Ekstravakter/ })).toHaveTextContent(/^Ekstravakter1$/),
    );

    const dept = topics.dept(kari().currentDeptId!);
    await waitFor(() => expect(isFollowed(dept)).toBe(true));
    api.shifts.push(shift({ title: "Kveldsvakt" }), shift({ title: "Nattevakt" }));
    publish(dept, "shift.changed", { shiftId: api.shifts[2]!.id, openCount: 3 });
    await waitFor(() =>
      expect(within(nav).getByRole("link", { name: /^Ekstravakter/ })).toHaveTextContent(/3$/),
    );
  });

  it("count in the sidebar only the open shifts I have not answered, dropping when I register", async () => {
    shiftsServer([
      shift({ title: "Dagvakt", isInterested: true }),
      shift({ title: "Kveldsvakt", can: { interest: true } }),
    ]);
    const { router } = renderApp("/shifts/open");
    const nav = await screen.findByRole("navigation", { name: "Hovedmeny" });
    const badge = () => within(nav).getByRole("link", { name: /^Ekstravakter/ });
    await waitFor(() => expect(badge()).toHaveTextContent(/^Ekstravakter1$/), { timeout: 5_000 });
    expect(router.state.location.pathname).toBe("/shifts/open");
    const kveldsvakt = await screen.findByRole("article", { name: /^Kveldsvakt/ });
    await userEvent.click(within(kveldsvakt).getByRole("button", { name: "Jeg er interessert" }));
    await waitFor(() => expect(badge()).toHaveTextContent(/^Ekstravakter$/));
  });

  it("show my next three shifts in the 'Informasjon' rail, soonest first", async () => {
    shiftsServer([mine("Helgevakt", 6), mine("Dagvakt", 1), mine("Kveldsvakt", 3), mine("Nattevakt", 4)]);
    renderApp("/chat/department");
    const rail = await screen.findByRole("complementary", { name: "Informasjon" });
    const panel = (await within(rail).findByRole("heading", { name: "Mine neste vakter" })).closest(
      "section",
    )!;
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole("listitem")
          .map((li) => li.textContent?.replace(/^.*·\s\d\d:\d\d–\d\d:\d\d/, "")),
      ).toEqual(["Dagvakt · Operasjon 1", "Kveldsvakt · Operasjon 1", "Nattevakt · Operasjon 1"]),
    );
    expect(within(panel).getByRole("link", { name: "Se alle mine vakter" })).toHaveAttribute(
      "href",
      "/shifts/assigned",
    );
  });

  it("on a phone: the header button counts open shifts, 'Hurtighandlinger' offers them", async () => {
    onAPhone();
    const api = shiftsServer([
      shift({ title: "Dagvakt", can: { interest: true } }),
      shift({ title: "Kveldsvakt" }),
    ]);
    renderApp("/chat/department");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: /^Ekstravakter/ })).toHaveTextContent(/^Ekstravakter2$/),
    );

    await userEvent.click(screen.getByRole("button", { name: "Hurtighandlinger" }));
    const drawer = await screen.findByRole("dialog", { name: "Hurtighandlinger" });
    const panel = (await within(drawer).findByRole("heading", { name: "Åpne ekstravakter" })).closest(
      "section",
    )!;
    await userEvent.click(await within(panel).findByRole("button", { name: "Jeg er interessert" }));
    expect(await screen.findByText("Interesse registrert")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/shifts/${api.shifts[0]!.id}/interest`)).toHaveLength(1);
    expect(within(panel).getByRole("button", { name: "Trekk interesse" })).toBeInTheDocument();
  });
});
