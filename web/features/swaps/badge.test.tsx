import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { topics } from "../../../common/schemas/realtime.ts";
import { renderApp } from "../../test/app.tsx";
import { isFollowed, publish } from "../../test/realtime.ts";
import { deal, kari, offer, ola, swapsServer } from "./swaps-api.test-support.ts";

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

const marketOffer = () => offer({ owner: ola, visibility: "dept" });

describe("the swap counts around the app", { timeout: 15_000 }, () => {
  it("'Byttevakt' in the sidebar counts what waits for me, live", async () => {
    const api = swapsServer({ deals: [deal({ can: { answer: true } })], offers: [marketOffer()] });
    renderApp("/profile");
    // The first render loads the shell and the page: slow on a busy machine.
    const nav = await screen.findByRole("navigation", { name: "Hovedmeny" }, { timeout: 12_000 });
    const link = () => within(nav).getByRole("link", { name: /^Byttevakt/ });
    await waitFor(() => expect(link()).toHaveTextContent(/^Byttevakt1$/));

    const me = topics.user(kari().user.id);
    await waitFor(() => expect(isFollowed(me)).toBe(true));
    api.deals[0]!.status = "approved";
    publish(me, "swap.dealsChanged", { dealId: api.deals[0]!.id });
    // 0 shows no badge at all.
    await waitFor(() => expect(link()).toHaveTextContent(/^Byttevakt$/));
  });

  it("on a phone, the header's 'Bytte' counts the department's open offers, live", async () => {
    onAPhone();
    const api = swapsServer({ offers: [marketOffer(), marketOffer()] });
    renderApp("/chat/department");
    await waitFor(() => expect(screen.getByRole("button", { name: /^Bytte/ })).toHaveTextContent(/^Bytte2$/));

    const deptId = kari().currentDeptId!;
    const dept = topics.dept(deptId);
    await waitFor(() => expect(isFollowed(dept)).toBe(true));
    api.offers.push(marketOffer());
    publish(dept, "swap.offersChanged", { deptId, openDeptOffers: 3 });
    await waitFor(() => expect(screen.getByRole("button", { name: /^Bytte/ })).toHaveTextContent(/^Bytte3$/));
  });
});
